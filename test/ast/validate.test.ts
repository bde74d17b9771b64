import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descendants, type Node, type NodeKind } from '../../src/ast/index.js';
import { KINDS } from '../../src/ast/kinds.js';
import * as m from '../../src/ast/index.js';
import { isChecked } from '../../src/ast/checked.js';
import { validateAst } from '../../src/ast/validate.js';
import { parse } from '../../src/syntax/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { arbNode, arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/** The first diagnostic of what `fn` throws (which must be a DsqError). */
function rejection(fn: () => unknown): { code: string; message: string; pointer?: string; hint?: string } {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DsqError);
    return (err as DsqError).diagnostics[0] as never;
  }
  throw new Error('expected a DsqError, nothing was thrown');
}

const clone = <T>(v: T): T => structuredClone(v);

/** Every place in a plain tree: the pointer of each field of each node (value fields and child fields). */
function fieldSites(root: Node): { pointer: string; holder: Record<string, unknown>; key: string }[] {
  const out: { pointer: string; holder: Record<string, unknown>; key: string }[] = [];
  const stack: { node: Record<string, unknown>; pointer: string }[] = [{ node: root as never, pointer: '' }];
  while (stack.length > 0) {
    const { node, pointer } = stack.pop()!;
    for (const key of Object.keys(KINDS[node['kind'] as NodeKind].fields)) {
      out.push({ pointer: `${pointer}/${key}`, holder: node, key });
      const v = node[key];
      if (Array.isArray(v)) v.forEach((item, i) => stack.push({ node: item, pointer: `${pointer}/${key}/${i}` }));
      else if (typeof v === 'object' && v !== null) stack.push({ node: v as never, pointer: `${pointer}/${key}` });
    }
  }
  return out;
}

describe('validateAst: the structural check of hand-built trees', () => {
  it('accepts every valid AST and returns an equal copy that is checked and frozen throughout (1,000 runs)', () => {
    fc.assert(
      fc.property(arbNode, (node) => {
        const checked = validateAst(node);
        expect(checked).toEqual(node);
        expect(checked).not.toBe(node);
        expect(isChecked(node)).toBe(false);
        expect(Object.isFrozen(node)).toBe(false);
        for (const n of descendants(checked)) {
          expect(isChecked(n)).toBe(true);
          expect(Object.isFrozen(n)).toBe(true);
        }
      }),
      { numRuns: runs(1000) },
    );
  });

  it('a field made invalid anywhere in a valid tree is an error whose JSON pointer names that field (1,000 runs)', () => {
    const hostile = fc.constantFrom<unknown>({}, 42, { kind: 'no_such_kind' }, Symbol('x'), 10n);
    fc.assert(
      fc.property(arbStatement, fc.nat(), hostile, (statement, pick, bad) => {
        const tree = clone(statement);
        const sites = fieldSites(tree);
        const site = sites[pick % sites.length]!;
        site.holder[site.key] = bad;
        const d = rejection(() => validateAst(tree));
        expect(d.code).toMatch(/^ast\//);
        expect(d.pointer).toBe(site.pointer);
        expect(d.message.length).toBeGreaterThan(10);
      }),
      { numRuns: runs(1000) },
    );
  });

  it('rejects what the issue found: number text that is syntax, a string value that is an object, self-references', () => {
    expect(rejection(() => validateAst({ kind: 'number', value: '1 OR 1 = 1' }))).toMatchObject({ code: 'ast/number', pointer: '/value' });
    expect(rejection(() => validateAst({ kind: 'string', value: {} }))).toMatchObject({ code: 'ast/wrong-type', pointer: '/value' });
    const self: Record<string, unknown> = { kind: 'unary', op: '-' };
    self['e'] = self;
    expect(rejection(() => validateAst(self))).toMatchObject({ code: 'ast/cycle', pointer: '/e' });
    const args: unknown[] = [];
    const call = { kind: 'function', name: 'F', args };
    args.push({ kind: 'unary', op: 'not', e: call });
    expect(rejection(() => validateAst(m.select({ where: call as never })))).toMatchObject({ code: 'ast/cycle', pointer: '/where/args/0/e' });
  });

  it('checks kinds, roles, required and unknown fields, number and datetime text, lists', () => {
    const cases: [unknown, string, string][] = [
      [{ kind: 'colum', path: 'a' }, 'ast/unknown-kind', ''],
      [{ path: 'a' }, 'ast/missing-kind', ''],
      [{ kind: 'column' }, 'ast/missing-property', ''],
      [{ kind: 'column', path: 'a', loc: { line: 1 } }, 'ast/unknown-property', '/loc'],
      [{ kind: 'column', path: '' }, 'ast/wrong-type', '/path'],
      [{ kind: 'string', value: '' }, 'ast/wrong-type', '/value'],
      [{ kind: 'number', value: 5 }, 'ast/number', '/value'],
      [{ kind: 'number', value: '1e400' }, 'ast/number', '/value'],
      [{ kind: 'number', value: '9223372036854775808' }, 'ast/number', '/value'],
      [{ kind: 'spec_id', id: '1.5' }, 'ast/number', '/id'],
      [{ kind: 'datetime', form: 'ms', value: '2024-01-01' }, 'ast/datetime', '/value'],
      [{ kind: 'datetime', form: 'iso', value: '2024-02-30' }, 'ast/datetime', '/value'],
      [{ kind: 'datetime', form: 'unix', value: '1' }, 'ast/wrong-type', '/form'],
      [{ kind: 'localdate', value: '2024-01-01T10:00' }, 'ast/datetime', '/value'],
      [{ kind: 'binary', op: 'OR 1=1', e1: m.NULL, e2: m.NULL }, 'ast/wrong-type', '/op'],
      [{ kind: 'in', e: { kind: 'table', table: 't', alias: null }, values: [] }, 'ast/wrong-kind', '/e'],
      [{ kind: 'in', e: m.NULL, values: m.NULL }, 'ast/wrong-type', '/values'],
      // eslint-disable-next-line no-sparse-arrays
      [{ kind: 'in', e: m.NULL, values: [m.NULL, , m.NULL] }, 'ast/sparse-array', '/values/1'],
      [{ kind: 'case', base: null, cases: [], else: null }, 'ast/empty-list', '/cases'],
      [m.select({ columns: [] }), 'ast/empty-list', '/columns'],
      [{ ...m.select(), distinct: 'yes' }, 'ast/wrong-type', '/distinct'],
      [{ ...m.select(), from: m.columnRef('t') }, 'ast/wrong-kind', '/from'],
      [{ ...m.selectAction(m.select()), rows: 10 }, 'ast/number', '/rows'],
      [{ kind: 'select_source', select: m.selectAction(m.select()) }, 'ast/wrong-kind', '/select'],
      [new Date(0), 'ast/wrong-type', ''],
      [[m.NULL], 'ast/wrong-type', ''],
      ['SELECT 1', 'ast/wrong-type', ''],
    ];
    for (const [input, code, pointer] of cases)
      expect(
        rejection(() => validateAst(input)),
        JSON.stringify(input),
      ).toMatchObject({ code, pointer });
    expect(rejection(() => validateAst({ kind: 'number', value: 5 })).message).toContain('a string such as "5"');
    expect(rejection(() => validateAst({ kind: 'select' })).hint).toMatch(/select\(\{\.\.\.\}\)/);
    expect(rejection(() => validateAst(m.columnRef('a'), 'statement'))).toMatchObject({ code: 'ast/wrong-kind' });
  });

  it('reads each field once: a getter cannot pass the check and then answer something else', () => {
    let reads = 0;
    const tricky = {
      kind: 'number',
      get value() {
        return reads++ === 0 ? '1' : '1 OR 1 = 1';
      },
    };
    const checked = validateAst(tricky) as { value: string };
    expect(checked.value).toBe('1');
    expect(checked.value).toBe('1');
  });

  it('takes checked subtrees (a parsed root) as they are, and keeps a shared subtree shared (checked once)', () => {
    const parsed = parse('SELECT a FROM t WHERE b = 1');
    const wrapped = validateAst({ kind: 'subquery', select: parsed }) as { select: unknown };
    expect(wrapped.select).toBe(parsed);
    let dag: Record<string, unknown> = { kind: 'column', path: 'x' };
    for (let i = 0; i < 200; i++) dag = { kind: 'binary', op: '+', e1: dag, e2: dag };
    const out = validateAst(dag) as { e1: unknown; e2: unknown };
    expect(out.e1).toBe(out.e2);
  });

  it('is iterative: a tree 100,000 levels deep is accepted; a depth limit is an error with a short pointer', () => {
    let deep: Record<string, unknown> = { kind: 'null' };
    for (let i = 0; i < 100_000; i++) deep = { kind: 'unary', op: 'not', e: deep };
    const out = validateAst(deep);
    expect(isChecked(out)).toBe(true);
    const d = rejection(() => validateAst(deep, 'expr', { maxDepth: 1000 }));
    expect(d).toMatchObject({ code: 'ast/too-deep' });
    expect(d.message).toContain('deeper than 1000 levels');
    expect(d.pointer!.length).toBeLessThan(200);
    expect(d.pointer).toContain('more)');
  });
});
