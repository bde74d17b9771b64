import type { RecordData, RecordsSpecifier } from '../ast/actions.js';
import { fieldKey } from '../ast/actions.js';
import type { Specifier } from '../ast/nodes.js';
import { suggest } from '../diagnostic/suggest.js';
import { argumentError } from './errors.js';
import type { FieldLists } from './runtime-scope.js';

/**
 * The run-time side of the typed action builders (src/builder/typed-actions.ts holds the types):
 * given the schema's field lists (`builder<Schema>(SchemaFields)`), every field an action names
 * (record objects, `.set()`, `.fields()`, key specifiers) must be a field of its database, so that
 * a value that escaped the compiler (a variable with an extra property, a cast) is still an
 * error before anything is sent. Field names compare as the spec's JSON keys do (rules 3-4:
 * trimmed, white space folded, case-insensitive). Labels are not known at run time: the typed
 * write builders take field names.
 */

/** What an action builder knows of the schema at run time. */
export interface ActionContext {
  /** Database path → field names (as `dsq types` writes `SchemaFields`); null: nothing is checked. */
  readonly fields: FieldLists | null;
}

export const NO_SCHEMA: ActionContext = Object.freeze({ fields: null });

/** The field names of the database a specifier names, when the field lists know it; null when nothing can be checked (no lists, an id). */
export function databaseFields(ctx: ActionContext, database: Specifier, what: string): readonly string[] | null {
  if (ctx.fields === null || database.kind !== 'spec_name') return null;
  const lists = ctx.fields;
  const name = database.name;
  if (Object.hasOwn(lists, name)) return lists[name] as readonly string[];
  const lower = name.toLowerCase();
  const folded = Object.keys(lists).filter((k) => k.toLowerCase() === lower);
  if (folded.length === 1) return lists[folded[0] as string] as readonly string[];
  const close = suggest(name, Object.keys(lists));
  throw argumentError(`${what}: no database "${name}" in the schema's field lists${close.length > 0 ? `; did you mean ${close.map((c) => `"${c}"`).join(' or ')}?` : ''}`);
}

/** Every name must be a field of the database (`list`). */
export function checkFields(list: readonly string[] | null, database: Specifier, names: Iterable<string>, what: string): void {
  if (list === null) return;
  const known = new Set(list.map(fieldKey));
  for (const name of names) {
    if (known.has(fieldKey(name))) continue;
    const db = database.kind === 'spec_name' ? `"${database.name}"` : 'the database';
    const close = suggest(name, list);
    const hint = close.length > 0 ? `did you mean ${close.map((c) => `"${c}"`).join(' or ')}?` : `the fields are: ${list.join(', ')}`;
    throw argumentError(`${what}: no field "${name}" in ${db}; ${hint}`);
  }
}

/** The fields of record objects (values and expressions). */
export function checkRecordFields(list: readonly string[] | null, database: Specifier, records: readonly RecordData[], what: string): void {
  if (list === null) return;
  records.forEach((r, i) => checkFields(list, database, [...r.values, ...r.expressions].map((v) => v.field), `record ${i + 1} of ${what}`));
}

/** The key fields of key specifiers in a records specifier. */
export function checkKeyFields(list: readonly string[] | null, database: Specifier, records: RecordsSpecifier, what: string): void {
  if (list === null) return;
  const keys = records.kind === 'spec_key' ? [records] : records.kind === 'spec_array' ? records.items.filter((s) => s.kind === 'spec_key') : [];
  for (const k of keys) if (k.kind === 'spec_key') checkFields(list, database, k.key.map((v) => v.field), `the key of ${what}`);
}
