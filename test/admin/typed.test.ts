import { describe, expect, it } from 'vitest';
import { builder } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { toJson } from '../../src/json/index.js';
import { parse } from '../../src/syntax/index.js';
import { ShopFields, type Shop } from '../builder/typed/schema.js';

/**
 * The administrative actions' builders typed by a schema (issue 29): the database of ALTER and
 * DROP DATABASE is one of the schema, and the fields DROP FIELDS, ORDER FIELDS and AFTER name
 * are its fields (`@ts-expect-error`: tsc fails if a mistake compiles); with the field lists
 * the same is checked at run time. The JSON is the text's.
 */
const db = builder<Shop>(ShopFields);
const text = (t: string) => toJson(parse(t));

describe('typed administrative actions', () => {
  it('build the JSON the text compiles to', () => {
    expect(db.alterDatabase('invoices').orderFields(['status', 'id'], 'total').toJson()).toBe(
      text('ALTER DATABASE invoices ORDER FIELDS status, id AFTER total'),
    );
    expect(
      db
        .alterDatabase('invoices')
        .addFields([{ name: 'note2', type: 'utf8text', nul: true }], { after: 'status' })
        .toJson(),
    ).toBe(text('ALTER DATABASE invoices ADD FIELDS note2 utf8text NULL AFTER status'));
    expect(db.alterDatabase('invoices').dropFields(['memo', 'due']).toJson()).toBe(text("ALTER DATABASE invoices DROP FIELDS ['memo', 'due']"));
    expect(db.dropDatabase('invoices').children().toJson()).toBe(text('DROP DATABASE invoices CHILDREN'));
    expect(db.schema().toJson()).toBe('{"action":"schema"}');
  });

  it('reject unknown databases and fields at compile time and at run time', () => {
    // @ts-expect-error: no database "invoice" in the schema
    expect(() => db.alterDatabase('invoice')).toThrow(DsqError);
    // @ts-expect-error: no field "stauts" in invoices
    expect(() => db.alterDatabase('invoices').dropFields('stauts')).toThrow(DsqError);
    // @ts-expect-error: no field "totl" in invoices
    expect(() => db.alterDatabase('invoices').orderFields(['id', 'totl'])).toThrow(DsqError);
  });

  it("the spec's Errors rows a tree can tell are errors of toAst()", () => {
    expect(() =>
      db
        .alterDatabase('invoices')
        .addFields([{ name: 'x', type: 'int(4)' }], { first: true, after: 'id' })
        .toAst(),
    ).toThrow(/first true together with after fails/);
    expect(() => db.alterDatabase('invoices').orderFields(['id', 'status'], 'id').toAst()).toThrow(/after is among fields/);
  });
});

describe('typed ALTER set / objects / files and CREATE', () => {
  it('build the JSON the text compiles to', () => {
    expect(db.alterDatabase('invoices').alterField('status').set({ label: 'Status' }).toJson()).toBe(
      text("ALTER DATABASE invoices ALTER FIELD status SET label = 'Status'"),
    );
    expect(db.alterDatabase('invoices').set({ desc: 'all invoices' }).toJson()).toBe(text('ALTER DATABASE invoices SET "desc" = \'all invoices\''));
    expect(
      db
        .alterDatabase('invoices')
        .objects({ layout: [1, 2.5], old: null })
        .toJson(),
    ).toBe(text('ALTER DATABASE invoices OBJECTS (layout = [1, 2.5], old = NULL)'));
    expect(db.alterGroup('shop').files({ logo: 'obj-1' }).toJson()).toBe(text("ALTER GROUP shop FILES (logo = 'obj-1')"));
    expect(db.alterUser(42n).set({ name: 'Ann' }).toJson()).toBe(text("ALTER USER 42 SET name = 'Ann'"));
    expect(db.createGroup('eu', { desc: 'Europe', parent: 'shop', teams: ['ops'] }).toJson()).toBe(
      text("CREATE GROUP eu DESC 'Europe' IN GROUP shop TEAMS ['ops']"),
    );
    expect(db.createDatabase({ name: 'orders', trash: true, fields: [{ name: 'id', type: 'int(8)', key: true }] }, 'shop').toJson()).toBe(
      text('CREATE DATABASE orders IN GROUP shop (id int(8) KEY) OPTIONS (TRASH = TRUE)'),
    );
  });
  it('reject unknown fields, bad values and bad definitions', () => {
    // @ts-expect-error: no field "stauts" in invoices
    expect(() => db.alterDatabase('invoices').alterField('stauts')).toThrow(DsqError);
    // @ts-expect-error: a set is an object
    expect(() => db.alterGroup('g').set([1])).toThrow(/argument 1 of .set\(\) must be an object/);
    expect(() => db.alterGroup('g').files({ logo: 5 }).toAst()).toThrow(/object id/);
    expect(() => db.createDatabase({ name: 'x', fields: [] }, 'shop')).toThrow(/createDatabase\(\).*at least one/);
    // @ts-expect-error: createGroup takes desc, parent and teams
    expect(() => db.createGroup('g', { label: 'x' })).toThrow(/unknown property "label"/);
  });
});
