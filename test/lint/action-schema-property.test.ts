import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../helpers/runs.js';
import { fieldKey, type DataAction, type FieldExpr, type FieldValue, type KeySpec, type RecordsSpecifier } from '../../src/ast/data-actions.js';
import type { Specifier } from '../../src/ast/nodes.js';
import { lint } from '../../src/lint/lint.js';
import { print } from '../../src/print/index.js';
import { allDatabases, findDatabase, type Schema, type SchemaDatabase } from '../../src/schema/index.js';
import { parseDocument } from '../../src/syntax/index.js';
import { arbDataAction } from '../fixtures/action-arbitraries.js';
import { arbSchema } from '../fixtures/schema-arbitraries.js';

/**
 * The property of the data actions' field checks: take a random data action (the shared action
 * arbitraries) and a random schema (the shared schema arbitraries), point the action at one
 * database of the schema and every field name it writes or lists at that database's fields;
 * then renaming one of those field references to a name the schema lacks yields exactly one
 * more unknown-field finding, placed on that name.
 */

const UNKNOWN = 'zz_not_in_schema';

/** A path that names exactly this database (its name, then with its parents and groups before it), or null. */
function pathTo(schema: Schema, database: SchemaDatabase, path: string, groups: readonly string[]): string | null {
  const segments = [...groups, ...path.split('.')];
  for (let n = 1; n <= segments.length; n++) {
    const candidate = segments.slice(segments.length - n).join('.');
    if (findDatabase(schema, candidate) === database) return candidate;
  }
  return null;
}

/** The action with its database set to `path` and its written field names set to distinct fields of the database. */
function ground(action: DataAction, path: string, fields: readonly string[]): DataAction {
  const database: Specifier = { kind: 'spec_name', name: path };
  /** The first names of a list (as many as there are fields), renamed to the fields in order. */
  const names = <T extends { readonly field: string }>(items: readonly T[]): T[] =>
    items.slice(0, fields.length).map((item, i) => ({ ...item, field: fields[i] as string }));
  const assignments = (values: readonly FieldValue[], expressions: readonly FieldExpr[]) => {
    const all = names<FieldValue | FieldExpr>([...values, ...expressions]);
    return { values: all.filter((f): f is FieldValue => f.kind === 'field_value'), expressions: all.filter((f): f is FieldExpr => f.kind === 'field_expr') };
  };
  const key = (k: KeySpec): KeySpec => ({ ...k, key: names(k.key) });
  const records = (spec: RecordsSpecifier): RecordsSpecifier =>
    spec.kind === 'spec_key' ? key(spec) : spec.kind === 'spec_array' ? { ...spec, items: spec.items.map((s) => (s.kind === 'spec_key' ? key(s) : s)) } : spec;
  switch (action.kind) {
    case 'fetch_records':
      return {
        ...action,
        database,
        records: action.records && records(action.records),
        fields: action.fields === null ? null : action.fields.slice(0, fields.length).map((_, i) => fields[i] as string),
      };
    case 'fetch_logs':
      return { ...action, database, records: records(action.records) };
    case 'fetch_posts':
      return action.wallType === 'record' ? { ...action, wall: database, wallRecord: action.wallRecord && records(action.wallRecord) } : action;
    case 'insert_action':
    case 'replace_action':
    case 'set_action':
      return {
        ...action,
        database,
        records: Array.isArray(action.records) ? action.records.map((r) => ({ ...r, ...assignments(r.values, r.expressions) })) : action.records,
      };
    case 'update_action': {
      const { values, expressions } = assignments(action.fields, action.expressions);
      const noValues = values.length + expressions.length === 0 && action.file === null;
      return {
        ...action,
        database,
        records: records(action.records),
        fields: values,
        expressions,
        failNoOp: noValues && action.failNoOp === true ? null : action.failNoOp,
      };
    }
    case 'delete_action':
    case 'trash_action':
    case 'restore_action':
    case 'dispose_action':
      return { ...action, database, records: records(action.records) };
    default:
      return action;
  }
}

/** The places of an action that hold a written field name, in a fixed order: setters of a copy. */
function nameSlots(action: DataAction): ((name: string) => void)[] {
  const out: ((name: string) => void)[] = [];
  const item = (f: { field: string }) => out.push((name) => void (f.field = name));
  const records = (spec: RecordsSpecifier | null) => {
    if (spec?.kind === 'spec_key') spec.key.forEach(item);
    if (spec?.kind === 'spec_array') for (const s of spec.items) if (s.kind === 'spec_key') s.key.forEach(item);
  };
  switch (action.kind) {
    case 'fetch_records': {
      const list = action.fields as string[] | null;
      list?.forEach((_, i) => out.push((name) => void (list[i] = name)));
      records(action.records);
      break;
    }
    case 'fetch_logs':
      records(action.records);
      break;
    case 'fetch_posts':
      if (action.wallType === 'record') records(action.wallRecord);
      break;
    case 'insert_action':
    case 'replace_action':
    case 'set_action':
      if (Array.isArray(action.records)) for (const r of action.records) [...r.values, ...r.expressions].forEach(item);
      break;
    case 'update_action':
      [...action.fields, ...action.expressions].forEach(item);
      records(action.records);
      break;
    case 'delete_action':
    case 'trash_action':
    case 'restore_action':
    case 'dispose_action':
      records(action.records);
      break;
    default:
      break;
  }
  return out;
}

/** The unknown-field findings of a text: the text each points at. */
function unknownFields(text: string, schema: Schema): string[] {
  const doc = parseDocument(text);
  expect(
    doc.diagnostics.filter((d) => d.severity === 'error'),
    text,
  ).toEqual([]);
  return lint(text, { schema })
    .diagnostics.filter((d) => d.code === 'unknown-field')
    .map((d) => text.slice(d.span.start, d.span.end));
}

describe('renaming one field reference of a data action to a name not in the schema', () => {
  it('yields exactly one more unknown-field finding, at that name', () => {
    let checked = 0;
    fc.assert(
      fc.property(arbSchema, arbDataAction, fc.nat(), fc.nat(), (schema, action, pickDatabase, pickSlot) => {
        const targets = allDatabases(schema).flatMap((e) => {
          const path = pathTo(schema, e.database, e.path, e.groups);
          return path === null ? [] : [{ path, database: e.database }];
        });
        fc.pre(targets.length > 0);
        const target = targets[pickDatabase % targets.length] as (typeof targets)[number];
        // Distinct field names (as the spec compares keys), never the unknown one.
        const fields = [...new Map(target.database.fields.map((f) => [fieldKey(f.name), f.name])).values()];
        const grounded = ground(action, target.path, fields);
        const slots = nameSlots(structuredClone(grounded) as DataAction);
        fc.pre(slots.length > 0);
        const before = unknownFields(print(grounded), schema);
        expect(before).not.toContain(UNKNOWN);
        const renamed = structuredClone(grounded) as DataAction;
        (nameSlots(renamed)[pickSlot % slots.length] as (name: string) => void)(UNKNOWN);
        const after = unknownFields(print(renamed), schema);
        expect(after.length, print(renamed)).toBe(before.length + 1);
        expect(after.filter((t) => t === UNKNOWN)).toEqual([UNKNOWN]);
        checked++;
      }),
      { numRuns: runs(300) },
    );
    // The precondition leaves enough cases: the property was checked, not skipped.
    expect(checked).toBeGreaterThan(50);
  });
});
