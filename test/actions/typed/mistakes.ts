/**
 * Mistakes a typed data action must not compile (issue 16). `tsc` (the first step of `npm
 * test`) fails if any line under `@ts-expect-error` compiles, so each mistake here stays an
 * error; messages.test.ts compiles this file with the directives stripped and checks that each
 * marked line has an error and, where the comment quotes one (`msg: ...`), that the message says
 * it. Nothing here runs.
 */
import { builder, col, datetime, lit, recordKey, type RecordType } from '../../../src/builder/index.js';
import { ShopFields, type Shop } from '../../builder/typed/schema.js';

type ShopDefaults = { invoices: 'status' | 'paid' };
const db = builder<Shop, {}, ShopDefaults>(ShopFields);
const strict = builder<Shop>(ShopFields);
/** Labels that differ from the names (the spec's record keys are "field name or label"). */
type Labels = { customers: { 'E-mail': 'email'; 'Full name': 'name' } };
const labelled = builder<Shop, Labels, ShopDefaults>(ShopFields, { customers: { 'E-mail': 'email', 'Full name': 'name' } });

export function databases(): void {
  // @ts-expect-error an unknown database  msg: no database "invoice" in the schema; the databases are:
  db.insertInto('invoice');
  // @ts-expect-error an unknown database to update  msg: no database "custmers" in the schema
  db.updateTable('custmers');
  // @ts-expect-error an unknown database to delete from
  db.deleteFrom('nope');
  // @ts-expect-error an unknown database to fetch from
  db.fetchRecords('nope');
  // @ts-expect-error an unknown database among multirecords  msg: '"nope"' is not assignable
  db.fetchMultirecords(['items', 'nope']);
}

export function inserts(): void {
  // @ts-expect-error a required field left out (not nullable, no default)  msg: Property 'name' is missing
  db.insertInto('customers').values([{ id: 1, vip: true }]);
  // @ts-expect-error a field with a default is required when the builder is not told of defaults  msg: Property 'status' is missing
  strict.insertInto('invoices').values([{ id: 1n, customer: 7, total: 9.5, issued: '2024-01-31T10:00:00Z', paid: false }]);
  // @ts-expect-error REPLACE needs the same fields (the spec: unmentioned fields become null)
  db.replaceInto('customers').values([{ id: 1, name: 'Ann' }]);
  // @ts-expect-error SET too
  db.setRecords('customers').values([{ name: 'Ann', vip: true }]);
  // @ts-expect-error an unknown field  msg: no field "nickname" in database "customers"
  db.insertInto('customers').values([{ id: 1, name: 'Ann', vip: true, nickname: 'A' }]);
  // @ts-expect-error an unknown field in the second record  msg: no field "nme" in database "customers"
  db.insertInto('customers').values([{ id: 1, name: 'Ann', vip: true }, { id: 2, nme: 'Bo', vip: false }]);
  // @ts-expect-error a string into a number field
  db.insertInto('customers').values([{ id: '1', name: 'Ann', vip: true }]);
  // @ts-expect-error null into a field that is not nullable
  db.insertInto('customers').values([{ id: 1, name: null, vip: true }]);
  // @ts-expect-error a number into a boolean field
  db.insertInto('customers').values([{ id: 1, name: 'Ann', vip: 1 }]);
  // @ts-expect-error a number into a datetime field
  db.insertInto('invoices').values([{ id: 1n, customer: 7, total: 9.5, issued: 1706695200000 }]);
  // @ts-expect-error an expression of another type (text into a number field)
  db.insertInto('customers').values([{ id: lit('x'), name: 'Ann', vip: true }]);
  // @ts-expect-error a local date into a datetime field (the kinds are apart)
  db.insertInto('invoices').values([{ id: 1n, customer: 7, total: 9.5, issued: datetime('2024-01-31T10:00:00Z'), due: datetime('2024-01-31T10:00:00Z') }]);
  // @ts-expect-error an unknown field in expressions  msg: no field "nick" in database "customers"
  db.insertInto('customers').values([{ id: 1, name: 'Ann', vip: true, expressions: { nick: col('name') } }]);
  // @ts-expect-error a field in the record and in its expressions (the spec: "either the base object or expressions, not both")  msg: the field "name" is given twice: as "name" and as "name"
  db.insertInto('customers').values([{ id: 1, name: 'Ann', vip: true, expressions: { name: col('name') } }]);
  // @ts-expect-error on_duplicate of insert is fail or update  msg: '"trash"' is not assignable
  db.insertInto('customers').onDuplicate('trash');
  // @ts-expect-error on_remove is for the set action only
  db.replaceInto('customers').onRemove('trash');
}

export function labels(): void {
  // @ts-expect-error a label without a builder told of labels  msg: no field "Full name" in database "customers"
  db.insertInto('customers').values([{ id: 1, 'Full name': 'Ann', vip: true }]);
  // @ts-expect-error a field under its name and its label (lint: field-set-twice)  msg: the field "email" is given twice: as "E-mail" and as "email"
  labelled.insertInto('customers').values([{ id: 1, name: 'Ann', vip: true, email: 'a@x', 'E-mail': 'b@x' }]);
  // @ts-expect-error a label in the record, the name in its expressions  msg: the field "name" is given twice: as "name" and as "Full name"
  labelled.insertInto('customers').values([{ id: 1, 'Full name': 'Ann', vip: true, expressions: { name: col('name') } }]);
  // @ts-expect-error a misspelt label  msg: no field "Full nme" in database "customers"
  labelled.insertInto('customers').values([{ id: 1, 'Full nme': 'Ann', vip: true }]);
  // @ts-expect-error a label's value must fit its field  msg: Type 'number' is not assignable to type 'string | ExprNode
  labelled.insertInto('customers').values([{ id: 1, 'Full name': 3, vip: true }]);
  // @ts-expect-error a required field given neither by name nor by label  msg: Property 'name' is missing
  labelled.replaceInto('customers').values([{ id: 1, vip: true, 'E-mail': null }]);
  // @ts-expect-error UPDATE: a field under its name and its label  msg: the field "email" is given twice: as "E-mail" and as "email"
  labelled.updateTable('customers').set({ email: 'a@x', 'E-mail': 'b@x' });
  // @ts-expect-error UPDATE by callback: the same  msg: the field "name" is given twice: as "Full name" and as "name"
  labelled.updateTable('customers').set(({ col }) => ({ name: col('name'), 'Full name': col('name') }));
  // @ts-expect-error UPDATE: a label's value must fit its field
  labelled.updateTable('customers').set({ 'E-mail': 3 });
}

export function updates(): void {
  // @ts-expect-error an unknown field in set({...})  msg: no field "stat" in database "invoices"
  db.updateTable('invoices').set({ stat: 'paid' });
  // @ts-expect-error an unknown field returned by the callback  msg: no field "stat" in database "invoices"
  db.updateTable('invoices').set(() => ({ stat: 'paid' }));
  // @ts-expect-error a value that does not fit the field
  db.updateTable('invoices').set({ total: 'much' });
  // @ts-expect-error an expression that does not fit: text into a number field
  db.updateTable('invoices').set(({ col }) => ({ total: col('status') }));
  // @ts-expect-error a nullable expression into a field that is not nullable
  db.updateTable('invoices').set(({ col }) => ({ status: col('memo') }));
  // @ts-expect-error null into a field that is not nullable
  db.updateTable('invoices').set({ paid: null });
  // @ts-expect-error an unknown column in where  msg: no column "stauts" in this query
  db.updateTable('invoices').where(({ col }) => col('stauts').eq('open'));
  // @ts-expect-error an unknown column in a delete's where
  db.deleteFrom('customers').where(({ col }) => col('nope').isNull());
  // @ts-expect-error a column of another database
  db.trashFrom('customers').where(({ col }) => col('total').gt(1));
}

export function fetches(): void {
  // @ts-expect-error an unknown field to keep  msg: '"totl"' is not assignable
  db.fetchRecords('invoices').fields(['id', 'totl']);
  // @ts-expect-error an unknown attribute  msg: '"insert_on"' is not assignable
  db.fetchRecords('invoices').attributes(['insert_on']);
  // @ts-expect-error order by an unknown column  msg: no column "placed" in this query
  db.fetchRecords('invoices').orderBy('placed');
  // @ts-expect-error an unknown column in where
  db.fetchRecords('invoices').where(({ col }) => col('placed').isNull());
  // @ts-expect-error a pseudorecords where sees the select's columns only  msg: no column "memo"
  db.fetchPseudorecords(db.selectFrom('invoices').select('id')).where(({ col }) => col('memo').isNull());
  const kept = db.fetchRecords('invoices').fields(['id']).children(false);
  const record = {} as RecordType<typeof kept>;
  // @ts-expect-error a field filtered out is not in the record
  void record.total;
  // @ts-expect-error children off: no children
  void record.children;
  const customer = {} as RecordType<ReturnType<typeof db.fetchRecords<'customers'>>>;
  // @ts-expect-error a database without child databases has no children
  void customer.children;
}

/** Issue 26: the features and key fields `dsq types` writes (`<Name>Features`, `<Name>Keys`). */
type ShopFeatures = { invoices: 'trash' | 'file'; customers: never; 'invoices.items': never };
type ShopKeys = { invoices: 'id'; customers: 'id'; 'invoices.items': never };
const featured = builder<Shop, {}, ShopDefaults, ShopFeatures, ShopKeys>(ShopFields);

export function features(): void {
  // @ts-expect-error TRASH on a database without the trash feature  msg: database "customers" has no trash feature ("trash": true in its definition): TRASH needs it
  featured.trashFrom('customers');
  // @ts-expect-error RESTORE on a database without the trash feature  msg: RESTORE needs it
  featured.restoreFrom('customers');
  // @ts-expect-error DISPOSE on a database without the trash feature  msg: DISPOSE needs it
  featured.disposeFrom('customers');
  // @ts-expect-error ON DUPLICATE TRASH without the trash feature  msg: .onDuplicate() 'trash' needs it
  featured.replaceInto('customers').onDuplicate('trash');
  // @ts-expect-error ON REMOVE TRASH without the trash feature  msg: .onRemove() 'trash' needs it
  featured.setRecords('customers').onRemove('trash');
  // @ts-expect-error a file attribute without the file feature  msg: has no file feature ("file": true in its definition): the attribute file_url needs it
  featured.fetchRecords('customers').attributes(['record_id', 'file_url']);
  // @ts-expect-error UPDATE ... FILE without the file feature  msg: UPDATE ... FILE needs it
  featured.updateTable('customers').file('obj-1');
  // @ts-expect-error recordKey of a field that is no key  msg: recordKey() names name, which is no key field of "customers"; the key fields are: id
  featured.deleteFrom('customers').records(recordKey({ name: 'Ann' }));
  // @ts-expect-error recordKey of a field that is no key, in a list
  featured.trashFrom('invoices').records([5, recordKey({ status: 'open' })]);
  // @ts-expect-error recordKey on a database without key fields  msg: has no key fields: give record ids or a condition
  featured.updateTable('invoices.items').set({ qty: 1 }).records(recordKey({ sku: 'a' }));
  // With the feature, and key fields: these compile.
  featured.trashFrom('invoices').records([recordKey({ id: 1n }), 2]);
  featured.replaceInto('invoices').onDuplicate('trash');
  featured.fetchRecords('invoices').attributes(['file_url']);
  featured.updateTable('invoices').file('obj-1').records(recordKey({ id: 1n }));
  // Without the features and keys types, nothing is known: allowed (the lint rule trash-without-feature checks text).
  db.trashFrom('customers').records(recordKey({ name: 'Ann' }));
}
