import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIELD_LIST } from '../../src/ast/fields.js';
import { DATA_ACTION_KINDS, NODE_KINDS, SYSTEM_ACTION_KINDS } from '../../src/ast/kinds.js';
import { lint } from '../../src/lint/lint.js';
import { ACTION_SCOPE_KEYS, buildActionScope, type ScopedAction } from '../../src/lint/scope.js';
import { parse } from '../../src/index.js';
import { readSchema } from '../../src/schema/index.js';
import { fixture } from './helpers.js';

const ACTION_SCHEMA = readSchema(readFileSync(fixture('action-schema.json'), 'utf8'));

/**
 * The parts of an action that see its records (src/lint/scope.ts ACTION_SCOPE_KEYS) come from
 * the kind table's fields: every kind with a field naming a database (`denotes: 'database'`)
 * is covered, whatever table it is in (data, admin, system, struct actions), with no list of
 * its own.
 */

/** The roles of the fields that hold what is read against the records: specifiers of records, expressions, record objects, field values. */
const RECORD_ROLES = new Set(['records_spec', 'expr', 'order_term', 'record', 'field_value', 'field_expr']);

describe('action scope keys', () => {
  const withDatabase = NODE_KINDS.filter((k) => FIELD_LIST[k].some((f) => f.child?.denotes === 'database'));

  it('cover every kind with a database-denoting field, with each of its fields that holds records, expressions or field values', () => {
    expect(withDatabase.length).toBeGreaterThan(10);
    const keys = ACTION_SCOPE_KEYS as Readonly<Record<string, readonly string[]>>;
    for (const kind of withDatabase) {
      expect(Object.hasOwn(keys, kind), kind).toBe(true);
      const expected = FIELD_LIST[kind].filter((f) => f.child !== null && f.child.denotes !== 'database' && RECORD_ROLES.has(f.child.role)).map((f) => f.key);
      for (const key of expected) expect(keys[kind], `${kind}.${key}`).toContain(key);
      // The database specifier itself filters databases, not records.
      for (const f of FIELD_LIST[kind]) if (f.child?.denotes === 'database') expect(keys[kind], `${kind}.${f.key}`).not.toContain(f.key);
    }
  });

  it('name an entry for every data, admin, system and struct action, and none reads records without a source', () => {
    const keys = ACTION_SCOPE_KEYS as Readonly<Record<string, readonly string[]>>;
    for (const kind of [...DATA_ACTION_KINDS, ...SYSTEM_ACTION_KINDS]) expect(Object.hasOwn(keys, kind), kind).toBe(true);
    // The fetch types of users and tasks read no records: their WHERE and specifiers are not the records'.
    expect(keys['fetch_tasks']).toEqual([]);
    expect(keys['fetch_users']).toEqual([]);
    // The kinds whose records come from elsewhere than a database field.
    expect(keys['fetch_pseudorecords']).toEqual(['where', 'order']);
    expect(keys['fetch_posts']).toEqual(['wallRecord']);
    expect(keys['update_action']).toEqual(['records', 'fields', 'expressions']);
  });

  it("read a field's databases where its denotesWhen holds (a post's wall: a database for a database or record wall), with no kind named", () => {
    const sources = (text: string) =>
      buildActionScope(parse(text) as unknown as ScopedAction, ACTION_SCHEMA).sources.map((s) => [
        s.node.kind === 'spec_name' ? s.node.name : s.node.kind,
        s.databases.length,
      ]);
    expect(sources('FETCH POSTS ON DATABASE shop.orders RECORD KEY(id = 1)')).toEqual([['shop.orders', 1]]);
    expect(sources('FETCH POSTS ON DATABASE shop.orders')).toEqual([['shop.orders', 1]]);
    expect(sources("FETCH POSTS ON GROUP 'shop'")).toEqual([]);
    expect(sources('FETCH POSTS ON USER 7')).toEqual([]);
    expect(sources('FETCH POSTS')).toEqual([]);
  });

  it('let the schema rules check the struct actions (a kind no hand list named)', () => {
    const codes = (text: string) =>
      lint(text, { schema: ACTION_SCHEMA })
        .diagnostics.filter((d) => d.code === 'unknown-field')
        .map((d) => text.slice(d.span.start, d.span.end));
    expect(codes("STRUCT EVENT CLOSE shop.orders EVENTS WHERE statsu = 'open'")).toEqual(['statsu']);
    expect(codes('STRUCT EVENT UPDATE shop.orders EVENTS WHERE statsu = 1 SET (amout = 1)')).toEqual(['statsu', 'amout']);
    expect(codes("STRUCT EVENT CLOSE shop.orders EVENTS WHERE status = 'open'")).toEqual([]);
  });
});
