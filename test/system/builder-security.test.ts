import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builder } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, toJson } from '../../src/json/index.js';
import { HOSTILE_NUMBER_TEXTS, HOSTILE_STRINGS } from '../fixtures/hostile-arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * The builders of issue 29 take values from outside as the other builders do (issue 9): every
 * position gives an error of dsq's own, or a valid action whose JSON reads back to its tree,
 * where the value stands as data (a node-shaped object in a task's conf is a JSON object,
 * never syntax; IF takes only this builder's writes).
 */
const db = builder();

const arbHostile: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom<unknown>(
      ...HOSTILE_STRINGS,
      ...HOSTILE_NUMBER_TEXTS,
      null,
      undefined,
      true,
      0,
      -0,
      1.5,
      NaN,
      Infinity,
      2 ** 53 + 1,
      9223372036854775807n,
      -(2n ** 64n),
      Symbol('s'),
      () => 1,
    ),
    fc.constantFrom<unknown>(
      { kind: 'column', path: 'x' },
      { kind: 'delete_action', database: { kind: 'spec_all' }, records: { kind: 'spec_all' }, failNoOp: null },
      { toAst: () => ({ kind: 'fetch_crons' }) },
      new Date(0),
      Object.create(null),
    ),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'kind', 'type', 'ref', 'name', 'conf', '$col', '__proto__', 'toString'), tie('v'), { maxKeys: 3 }),
  ),
})).v;

const CALLS: readonly [string, (v: unknown) => { toJson(): string; toAst(): unknown }][] = [
  ['downloadRecord(db)', (v) => db.downloadRecord(v as never, 1)],
  ['downloadRecord(record)', (v) => db.downloadRecord('d', v as never)],
  ['downloadRecord(version)', (v) => db.downloadRecord('d', 1, { version: v as never })],
  ['downloadPost', (v) => db.downloadPost(v as never)],
  ['run(tasks)', (v) => db.run(v as never)],
  ['run(task)', (v) => db.run([v as never])],
  ['run(conf)', (v) => db.run([{ name: 'a', conf: v as never }])],
  ['run(conf member)', (v) => db.run([{ name: 'a', conf: { m: v } }])],
  ['run(thread)', (v) => db.run([{ name: 'a', conf: {}, thread: v as never }])],
  ['conclude(task)', (v) => db.conclude(v as never)],
  ['conclude(delay)', (v) => db.conclude(1, { delay: v as never })],
  ['cancel', (v) => db.cancel([v as never])],
  ['clean(ignore)', (v) => db.clean([1], { ignore: v as never })],
  ['pause', (v) => db.pause([v as never])],
  ['echo', (v) => db.echo(v as never)],
  ['wait(ms)', (v) => db.wait({ ms: v as never })],
  ['wait(failBefore)', (v) => db.wait({ failBefore: v as never })],
  ['ifAction(if)', (v) => db.ifAction([{ if: v, then: db.deleteFrom('d').records(1) }])],
  ['ifAction(then)', (v) => db.ifAction([{ if: db.selectFrom('t'), then: v as never }])],
  ['ifAction(else)', (v) => db.ifAction([{ if: db.selectFrom('t'), then: db.deleteFrom('d').records(1) }], v as never)],
  // ALTER and CREATE (admin-builders.ts)
  ['alterGroup(group)', (v) => db.alterGroup(v as never).set({ desc: 'd' })],
  ['alterGroup().set', (v) => db.alterGroup('g').set(v as never)],
  ['alterGroup().set member', (v) => db.alterGroup('g').set({ desc: v })],
  ['alterUser().objects', (v) => db.alterUser('u').objects(v as never)],
  ['alterUser().files member', (v) => db.alterUser('u').files({ avatar: v })],
  ['createGroup(name)', (v) => db.createGroup(v as never)],
  ['createGroup(options)', (v) => db.createGroup('g', v as never)],
  ['createGroup(teams)', (v) => db.createGroup('g', { teams: v as never })],
  ['createDatabase(definition)', (v) => db.createDatabase(v as never, 'g')],
  ['createDatabase(parent)', (v) => db.createDatabase({ name: 'd', fields: [{ name: 'a', type: 'int' }] }, v as never)],
  // The struct actions (struct-builders.ts)
  ['structBufferImport(pipe)', (v) => db.structBufferImport(v as never, 'obj')],
  ['structBufferImport(conf)', (v) => db.structBufferImport('p', 'obj', { conf: v as never })],
  ['structMnAlias(aliases)', (v) => db.structMnAlias('d', 1, v as never)],
  ['structMnEdit(options)', (v) => db.structMnEdit('d', 1, v as never)],
  ['structBufferImport(options)', (v) => db.structBufferImport('p', 'obj', v as never)],
  ['structEventClose(options)', (v) => db.structEventClose('d', 1, v as never)],
  ['structEventUpdate(options)', (v) => db.structEventUpdate('d', { a: 1 }, v as never)],
  ['structEventInsert(events)', (v) => db.structEventInsert('d', v as never)],
  ['structEventInsert(event member)', (v) => db.structEventInsert('d', [{ name: 'e', a: v }])],
  ['structEventClose(events)', (v) => db.structEventClose('d', v as never)],
  ['structEventUpdate(fields)', (v) => db.structEventUpdate('d', v as never)],
  ['structCreate', (v) => db.structCreate(v as never)],
  ['structCreate(name)', (v) => db.structCreate({ create: 'project', name: v } as never)],
];

describe('system action builders: any value from outside (hostile)', () => {
  it.each(CALLS)('%s: an own error, or a valid action whose JSON reads back to it', (_, call) => {
    fc.assert(
      fc.property(arbHostile, (v) => {
        let built: { toJson(): string; toAst(): unknown };
        try {
          built = call(v);
          const json = built.toJson();
          expect(fromJson(json)).toEqual(built.toAst());
          expect(toJson(fromJson(json))).toBe(json);
        } catch (e) {
          if (!(e instanceof DsqError)) throw e;
        }
      }),
      { numRuns: runs(150) },
    );
  });

  it('a null or array options argument is an own error, not a TypeError', () => {
    for (const bad of [null, [1], 'x']) {
      expect(() => db.structMnEdit('d', 1, bad as never)).toThrow(DsqError);
      expect(() => db.structBufferImport('p', 'obj', bad as never)).toThrow(DsqError);
      expect(() => db.structEventClose('d', 1, bad as never)).toThrow(DsqError);
      expect(() => db.structEventUpdate('d', { a: 1 }, bad as never)).toThrow(DsqError);
    }
  });

  it('a node-shaped object in a conf is data; a node as a write is refused', () => {
    expect(db.run([{ name: 'a', conf: { e: { kind: 'column', path: 'x' } } }]).toJson()).toBe(
      '{"action":"run","tasks":[{"name":"a","conf":{"e":{"kind":"column","path":"x"}}}]}',
    );
    expect(() =>
      db.ifAction([
        { if: db.selectFrom('t'), then: { kind: 'delete_action', database: { kind: 'spec_all' }, records: { kind: 'spec_all' }, failNoOp: null } as never },
      ]),
    ).toThrow(/Only write actions/);
  });
});
