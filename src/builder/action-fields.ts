import type { RecordData, RecordsSpecifier } from '../ast/data-actions.js';
import { fieldKey } from '../ast/data-actions.js';
import type { Specifier } from '../ast/nodes.js';
import { suggest } from '../diagnostic/suggest.js';
import type { DsqError } from '../diagnostic/index.js';
import { argumentError } from './errors.js';
import type { FieldLists, KeyLists, LabelLists } from './runtime-scope.js';

/**
 * The run-time side of the typed action builders (src/builder/typed-actions.ts holds the types):
 * given the schema's field lists (`builder<Schema>(SchemaFields)`), every field an action names
 * (record objects, `.set()`, `.fields()`, key specifiers) must be a field of its database, so that
 * a value that escaped the compiler (a variable with an extra property, a cast) is still an
 * error before anything is sent. Field names compare as the spec's JSON keys do (rules 3-4:
 * trimmed, white space folded, case-insensitive).
 *
 * Records, UPDATE values and keys may name a field by its label too (the spec: a record's keys
 * are "field name or label"; UPDATE's are field specifiers) when the builder knows the labels
 * (`builder<Schema, SchemaLabels>(SchemaFields, SchemaFieldLabels)`); a field given under its
 * name and its label in one record, UPDATE or key is an error (the spec: the action fails; the
 * lint rule field-set-twice finds the same in text). `.fields()` of FETCH RECORDS takes names
 * only (the spec: "array of field names").
 */

/** What an action builder knows of the schema at run time. */
export interface ActionContext {
  /** Database path → field names (as `dsq types` writes `SchemaFields`); null: nothing is checked. */
  readonly fields: FieldLists | null;
  /** Database path → field label → field name (`SchemaFieldLabels`); null: labels are not known. */
  readonly labels: LabelLists | null;
  /** Database path → its key fields (`SchemaKeyFields`; a database not in it has none); null: keys are not known. */
  readonly keys: KeyLists | null;
}

export const NO_SCHEMA: ActionContext = Object.freeze({ fields: null, labels: null, keys: null });

/** One database's fields as the checks see them: names in order, labels (label → name; null: not known), key fields (null: not known). */
export interface KnownFields {
  readonly names: readonly string[];
  readonly labels: Readonly<Record<string, string>> | null;
  readonly keys?: readonly string[] | null;
}

/** The entry of a database path in a table keyed by path: exact, else the one key equal case aside. */
function entry<V>(table: { readonly [path: string]: V }, name: string): V | undefined {
  if (Object.hasOwn(table, name)) return table[name];
  const lower = name.toLowerCase();
  const folded = Object.keys(table).filter((k) => k.toLowerCase() === lower);
  return folded.length === 1 ? table[folded[0] as string] : undefined;
}

/** The fields of the database a specifier names, when the field lists know it; null when nothing can be checked (no lists, an id). */
export function databaseFields(ctx: ActionContext, database: Specifier, what: string): KnownFields | null {
  if (ctx.fields === null || database.kind !== 'spec_name') return null;
  const names = entry(ctx.fields, database.name);
  if (names === undefined) {
    const close = suggest(database.name, Object.keys(ctx.fields));
    throw argumentError(
      `${what}: no database "${database.name}" in the schema's field lists${close.length > 0 ? `; did you mean ${close.map((c) => `"${c}"`).join(' or ')}?` : ''}`,
    );
  }
  const labels = ctx.labels === null ? null : (entry(ctx.labels, database.name) ?? {});
  const keys = ctx.keys === null ? null : (entry(ctx.keys, database.name) ?? []);
  return { names, labels, keys };
}

/** Names as the spec's keys compare (`fieldKey`) → the field's name, for a database's names and labels. */
function lookup(known: KnownFields): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const label of Object.keys(known.labels ?? {})) byKey.set(fieldKey(label), (known.labels as Record<string, string>)[label] as string);
  for (const name of known.names) byKey.set(fieldKey(name), name); // a name wins over a label spelt the same
  return byKey;
}

const quoted = (names: readonly string[]) => names.map((c) => `"${c}"`).join(' or ');

/** The error for a name that is no field: "did you mean" over names and labels, else the fields. */
function unknownField(known: KnownFields, database: Specifier, name: string, what: string): DsqError {
  const db = database.kind === 'spec_name' ? `"${database.name}"` : 'the database';
  const labels = Object.keys(known.labels ?? {});
  const close = suggest(name, [...known.names, ...labels]);
  const hint =
    close.length > 0
      ? `did you mean ${quoted(close)}?`
      : `the fields are: ${known.names.join(', ')}${labels.length > 0 ? ` (labels: ${labels.join(', ')})` : ''}`;
  const unknownLabels =
    known.labels === null ? ' (a label is taken when the builder knows the labels: builder<Schema, SchemaLabels>(SchemaFields, SchemaFieldLabels))' : '';
  return argumentError(`${what}: no field "${name}" in ${db}; ${hint}${unknownLabels}`);
}

/** Every name must be a field of the database; with `labels`, a name may be a label, and one field given under two names (its name and a label) is an error. */
export function checkFields(known: KnownFields | null, database: Specifier, names: Iterable<string>, what: string, labels = false): void {
  if (known === null) return;
  const byKey = labels ? lookup(known) : new Map(known.names.map((n) => [fieldKey(n), n]));
  const given = new Map<string, string>(); // field name → the name it was first given as
  for (const name of names) {
    const field = byKey.get(fieldKey(name));
    if (field === undefined) throw unknownField(labels ? known : { names: known.names, labels: {} }, database, name, what);
    const first = given.get(field);
    if (first !== undefined && fieldKey(first) !== fieldKey(name)) {
      const as = (n: string) => (fieldKey(n) === fieldKey(field) ? `"${n}"` : `"${n}" (its label)`);
      throw argumentError(
        `${what}: the field "${field}" is given twice, as ${as(first)} and as ${as(name)}; give it one value, under one name (the spec: the action fails)`,
      );
    }
    if (first === undefined) given.set(field, name);
  }
}

/** The fields of record objects (values and expressions; names or labels, each field once). */
export function checkRecordFields(known: KnownFields | null, database: Specifier, records: readonly RecordData[], what: string): void {
  if (known === null) return;
  records.forEach((r, i) =>
    checkFields(
      known,
      database,
      [...r.values, ...r.expressions].map((v) => v.field),
      `record ${i + 1} of ${what}`,
      true,
    ),
  );
}

/** The key fields of key specifiers in a records specifier (names or labels, each field once). */
export function checkKeyFields(known: KnownFields | null, database: Specifier, records: RecordsSpecifier, what: string): void {
  if (known === null) return;
  const keys = records.kind === 'spec_key' ? [records] : records.kind === 'spec_array' ? records.items.filter((s) => s.kind === 'spec_key') : [];
  for (const k of keys) {
    if (k.kind !== 'spec_key') continue;
    checkFields(
      known,
      database,
      k.key.map((v) => v.field),
      `the key of ${what}`,
      true,
    );
    if (known.keys === null || known.keys === undefined) continue;
    // With the key lists (builder(SchemaFields, SchemaFieldLabels, SchemaKeyFields)): key fields only, as the types say.
    const keyFields = new Set(known.keys.map(fieldKey));
    const byKey = lookup(known);
    const db = database.kind === 'spec_name' ? `"${database.name}"` : 'the database';
    for (const v of k.key) {
      const field = byKey.get(fieldKey(v.field)) ?? v.field;
      if (keyFields.has(fieldKey(field))) continue;
      throw argumentError(
        known.keys.length === 0
          ? `the key of ${what}: recordKey() names "${v.field}", but database ${db} has no key fields: give record ids or a condition`
          : `the key of ${what}: recordKey() names "${v.field}", which is no key field of ${db}; the key fields are: ${known.keys.join(', ')}`,
      );
    }
  }
}
