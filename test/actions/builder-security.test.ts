import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builder, col } from '../../src/builder/index.js';
import { checkNumber } from '../../src/ast/numbers.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { runs } from '../helpers/runs.js';

/**
 * The data action builders take values from outside the way the select builder does (issue 9):
 * every position gives either an error of dsq's own, or JSON where the value stands as the
 * literal, name or specifier it is, never as syntax (a node-shaped object is a value too).
 */
const db = builder();
type Built = { toJson(): string };

const own = (e: unknown) => e instanceof DsqError;

function outcome(build: () => Built): { json: unknown } | { error: unknown } {
  try {
    return { json: JSON.parse(build().toJson()) as unknown };
  } catch (error) {
    return { error };
  }
}

/** The JSON a field value becomes, or undefined when it is no field value. */
function fieldJson(v: unknown): unknown {
  if (v === null || v === '') return null;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) && checkNumber(Object.is(v, -0) ? '0' : String(v)).ok ? v + 0 : undefined;
  return undefined;
}
/** The JSON a specifier value becomes (an id, a name, an array of those), or undefined. */
function specJson(v: unknown, inArray = false): unknown {
  if (typeof v === 'number') return Number.isInteger(v) && checkNumber(String(v)).ok ? v + 0 : undefined;
  if (typeof v === 'string') return v === '' ? undefined : v;
  if (Array.isArray(v) && !inArray) {
    const items = v.map((i) => specJson(i, true));
    return items.every((i) => i !== undefined) ? items : undefined;
  }
  return undefined;
}
const name = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
/** A definition's name (a field to add): the text cannot write one that is only white space either. */
/** A definition's name: taken when it is as the spec's key rules fold it (trimmed, single spaces), else an error. */
const definitionName = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && v === v.trim().replace(/\s+/g, ' ') ? v : undefined);
/** A flag method: true or false; no argument (undefined) means true. */
const flag = (v: unknown) => (v === undefined ? true : typeof v === 'boolean' ? v : undefined);
const whole0 = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && checkNumber(String(v)).ok ? v + 0 : undefined);

/** A position: how to build with the value, where its JSON lands, what it should be (undefined: an error). */
type Position = readonly [string, (x: unknown) => Built, (json: any) => unknown, (v: unknown) => unknown];

const POSITIONS: readonly Position[] = [
  ...(['fetchRecords', 'insertInto', 'replaceInto', 'setRecords', 'updateTable', 'deleteFrom', 'trashFrom', 'restoreFrom', 'disposeFrom'] as const).map(
    (m): Position => [`builder().${m} database`, (x) => (db[m] as (d: unknown) => Built)(x), (j) => j.database, (v) => specJson(v)],
  ),
  ['builder().fetchMultirecords databases', (x) => db.fetchMultirecords(x as never), (j) => j.databases, (v) => specJson(v)],
  ['builder().fetchUsers users', (x) => db.fetchUsers(x as never), (j) => j.users, (v) => (v === null ? undefined : specJson(v))],
  ['insert record value', (x) => db.insertInto('t').values([{ a: x }]), (j) => j.records?.[0]?.a, fieldJson],
  ['update .set value', (x) => db.updateTable('t').set({ a: x }), (j) => j.fields?.a, fieldJson],
  // A key field has a non-null value (the spec's key specifier): null and "" (which is null) are errors.
  [
    'recordKey value',
    (x) => db.deleteFrom('t').records([1]).records(recordKeyOf(x)),
    (j) => j.records?.key?.a,
    (v) => (fieldJson(v) === null ? undefined : fieldJson(v)),
  ],
  ['fetchRecords .fields name', (x) => db.fetchRecords('t').fields([x as never]), (j) => j.fields?.[0], name],
  ['fetchRecords .attributes name', (x) => db.fetchRecords('t').attributes([x as never]), (j) => j.attributes?.[0], name],
  ['fetchRecords .limit', (x) => db.fetchRecords('t').limit(x as never), (j) => j.limit, whole0],
  ['fetchRecords .offset', (x) => db.fetchRecords('t').offset(x as never), (j) => j.offset, whole0],
  ['fetchRecords .records', (x) => db.fetchRecords('t').records(x as never), (j) => j.records, (v) => (v === null ? undefined : specJson(v))],
  ['fetchRecords .children', (x) => db.fetchRecords('t').children(x as never), (j) => j.children, flag],
  ['fetchRecords .count', (x) => db.fetchRecords('t').count(x as never), (j) => j.count, flag],
  ['fetchTasks .text', (x) => db.fetchTasks().text(x as never), (j) => j.text, name],
  ['fetchTasks .user', (x) => db.fetchTasks().user(x as never), (j) => j.user, (v) => (v === null ? undefined : specJson(v))],
  ['fetchFollows user', (x) => db.fetchFollows(x as never), (j) => j.user, (v) => (v === null ? undefined : specJson(v))],
  ['fetchKeys .count', (x) => db.fetchKeys().count(x as never), (j) => j.count, flag],
  ['fetchLogs database', (x) => db.fetchLogs(x as never), (j) => j.database, (v) => specJson(v)],
  ['fetchLogs .records', (x) => db.fetchLogs('t').records(x as never), (j) => j.records, specJson],
  ['fetchNotifications .type', (x) => db.fetchNotifications().type(x as never), (j) => j.type, name],
  ['fetchNotifications .seen', (x) => db.fetchNotifications().seen(x as never), (j) => j.seen, flag],
  [
    'fetchPosts .post',
    (x) => db.fetchPosts().post(x as never),
    (j) => j.post,
    (v) => (typeof v === 'number' && Number.isInteger(v) && checkNumber(String(v)).ok ? v + 0 : undefined),
  ],
  ['fetchPosts .onUser', (x) => db.fetchPosts().onUser(x as never), (j) => j.wall?.user, specJson],
  ['fetchPosts .threads', (x) => db.fetchPosts().threads(x as never), (j) => j.threads, flag],
  ['fetchUserSubscriptions .team', (x) => db.fetchUserSubscriptions().team(x as never), (j) => j.team, (v) => (v === null ? undefined : specJson(v))],
  ['update .file', (x) => db.updateTable('t').file(x as never), (j) => j.file, name],
  ['update .records', (x) => db.updateTable('t').records(x as never), (j) => j.records, specJson],
  ['delete .records', (x) => db.deleteFrom('t').records(x as never), (j) => j.records, specJson],
  [
    'insert .failNoOp',
    (x) =>
      db
        .insertInto('t')
        .values([])
        .failNoOp(x as never),
    (j) => j.fail_no_op,
    flag,
  ],
  ['insert .onDuplicate', (x) => db.insertInto('t').onDuplicate(x as never), (j) => j.on_duplicate, (v) => (v === 'fail' || v === 'update' ? v : undefined)],
  ['set .onRemove', (x) => db.setRecords('t').onRemove(x as never), (j) => j.on_remove, (v) => (v === 'delete' || v === 'trash' ? v : undefined)],
  // The administrative actions (issue 29)
  ['builder().dropGroup group', (x) => db.dropGroup(x as never), (j) => j.group, specJson],
  ['builder().dropDatabase database', (x) => db.dropDatabase(x as never), (j) => j.database, specJson],
  ['builder().dropTeam team', (x) => db.dropTeam(x as never), (j) => j.team, specJson],
  ['builder().dropUser user', (x) => db.dropUser(x as never), (j) => j.user, specJson],
  ['dropGroup .children', (x) => db.dropGroup('g').children(x as never), (j) => j.children, flag],
  ['builder().alterDatabase database', (x) => db.alterDatabase(x as never).dropFields('a'), (j) => j.database, specJson],
  ['alterDatabase .dropFields', (x) => db.alterDatabase('t').dropFields(x as never), (j) => j.fields, specJson],
  ['alterDatabase .resetPartitions', (x) => db.alterDatabase('t').resetPartitions(x as never), (j) => j.partitions, specJson],
  ['alterDatabase .orderFields item', (x) => db.alterDatabase('t').orderFields([x as never]), (j) => j.fields?.[0], specJson],
  ['alterDatabase .addFields name', (x) => db.alterDatabase('t').addFields([{ name: x as never, type: 'int(4)' }]), (j) => j.fields?.[0]?.name, definitionName],
  ['alterDatabase .addFields type', (x) => db.alterDatabase('t').addFields([{ name: 'a', type: x as never }]), (j) => j.fields?.[0]?.type, name],
  [
    'alterDatabase .addFields label',
    (x) => db.alterDatabase('t').addFields([{ name: 'a', type: 'int(4)', label: x as never }]),
    (j) => j.fields?.[0]?.label,
    (v) => (v === null ? undefined : name(v)),
  ],
  [
    'alterDatabase .addFields key',
    (x) => db.alterDatabase('t').addFields([{ name: 'a', type: 'int(4)', key: x as never }]),
    (j) => j.fields?.[0]?.key,
    (v) => (typeof v === 'boolean' ? v : undefined),
  ],
  [
    'alterDatabase .addFields option',
    (x) => db.alterDatabase('t').addFields([{ name: 'a', type: 'int(4)', options: [x as never] }]),
    (j) => j.fields?.[0]?.options?.[0]?.value,
    name,
  ],
];

function recordKeyOf(x: unknown) {
  return recordKey({ a: x });
}
import { recordKey } from '../../src/builder/index.js';

/** Conditions: a value is never one (null is the NULL condition, as in the select builder). */
const CONDITIONS: readonly (readonly [string, (x: unknown) => Built])[] = [
  ['fetchRecords .where', (x) => db.fetchRecords('t').where(x as never)],
  ['update .where', (x) => db.updateTable('t').where(x as never)],
  ['delete .where', (x) => db.deleteFrom('t').where(x as never)],
  ['fetchLogs .where', (x) => db.fetchLogs('t').where(x as never)],
];

const nodeShaped = fc.oneof(
  fc
    .constantFrom('spec_key', 'spec_all', 'spec_where', 'column', 'record', 'field_value', 'string', 'binary')
    .map((kind) => ({ kind, key: [], where: { kind: 'column', path: 'x' }, value: 'v', path: 'p' })),
  fc.record({ kind: fc.constant('spec_key'), key: fc.constant([{ kind: 'field_value', field: 'a', value: { kind: 'string', value: 'x' } }]) }),
);
const hostile: fc.Arbitrary<unknown> = fc.oneof(fc.jsonValue(), nodeShaped, fc.constantFrom(undefined, NaN, Infinity, -0, 1e300, 2 ** 63, '', ' ', 'a\u0000b'));

describe('data action builders: hostile values (issue 9 promise, issue 16 builders)', () => {
  it('each position gives an own error, or the value as its literal, name or specifier (1,000 values)', () => {
    fc.assert(
      fc.property(hostile, (v) => {
        for (const [pos, build, at, expected] of POSITIONS) {
          const want = expected(v);
          const got = outcome(() => build(v));
          if ('error' in got) {
            if (!own(got.error)) throw new Error(`${pos}: not an own error: ${String(got.error)}`);
            if (want !== undefined && !(v === null)) throw new Error(`${pos}: ${JSON.stringify(v)} should have been taken, got ${String(got.error)}`);
          } else if (!(v === null && at(got.json) === undefined)) {
            expect(at(got.json), pos).toEqual(want);
          }
        }
        for (const [pos, build] of CONDITIONS) {
          const got = outcome(() => build(v));
          if (v === null) continue;
          if (!('error' in got) || !own(got.error)) throw new Error(`${pos}: a value ${JSON.stringify(v)} was taken as a condition`);
        }
      }),
      { numRuns: runs(1000) },
    );
  });

  it('a node-shaped key object from outside is not a key specifier', () => {
    const fake = { kind: 'spec_key', key: [{ kind: 'field_value', field: 'a', value: { kind: 'string', value: 'x' } }] };
    expect(() =>
      db
        .deleteFrom('t')
        .records(fake as never)
        .toJson(),
    ).toThrow();
    expect(
      db
        .deleteFrom('t')
        .records(recordKey({ a: 'x' }))
        .toJson(),
    ).toBe('{"action":"delete","database":"t","records":{"type":"key","key":{"a":"x"}}}');
    expect(db.deleteFrom('t').where(col('a').eq('x')).toJson()).toBe(
      '{"action":"delete","database":"t","records":{"type":"where","where":{"$=":[{"$col":"a"},"x"]}}}',
    );
  });
});
