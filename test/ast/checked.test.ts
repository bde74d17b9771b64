import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as m from '../../src/ast/index.js';
import { descendants, transform, type Node } from '../../src/ast/index.js';
import { checkBuilt, checkNode, freezeNode, isChecked, registerParts } from '../../src/ast/checked.js';
import { LIST_KEYS } from '../../src/ast/fields.js';
import { KINDS } from '../../src/ast/kinds.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, fromJsonExpression, toJson } from '../../src/json/index.js';
import { print } from '../../src/print/index.js';
import { parse, parseDocument, parseExpression, parseStatements } from '../../src/syntax/index.js';
import { arbAction, arbDataActionWithParams } from '../fixtures/action-arbitraries.js';
import { arbExpr, arbStatement, makeArbitraries } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

const arbParamStatement = makeArbitraries({ params: true }).statement;

/**
 * The set of checked trees (src/ast/checked.ts): the root of every statement or expression that
 * parsed without an error, and of every tree the JSON reader read, is in it, and every node and
 * list below it is frozen (the parser freezes each node as it marks it; no walk after the parse);
 * no statement of a failed parse is; node objects stay plain objects.
 */

/** Every node and every list of a tree is frozen. */
function allFrozen(root: Node): boolean {
  return descendants(root).every(
    (n) =>
      Object.isFrozen(n) &&
      LIST_KEYS[n.kind].every((k) => {
        const v = (n as unknown as Record<string, unknown>)[k];
        return v === null || typeof v !== 'object' || Object.isFrozen(v);
      }),
  );
}

describe('a parse registers its roots, frozen', () => {
  it('every statement kind the parser reads comes back checked, every node and list frozen (random statements and data actions)', () => {
    fc.assert(
      fc.property(fc.oneof(arbStatement, arbAction, arbParamStatement, arbDataActionWithParams), (t) => {
        const parsed = parse(print(t));
        expect(parsed).toEqual(t);
        expect(isChecked(parsed)).toBe(true);
        expect(allFrozen(parsed)).toBe(true);
      }),
      { numRuns: runs(400) },
    );
  });

  it('a parsed expression, each statement of a document, and what the JSON reader read, too', () => {
    fc.assert(
      fc.property(arbExpr, (e) => {
        const parsed = parseExpression(print(e));
        const read = fromJsonExpression(toJson(e));
        return isChecked(parsed) && allFrozen(parsed) && isChecked(read) && allFrozen(read);
      }),
      { numRuns: runs(200) },
    );
    const statements = parseStatements("SELECT a FROM t WHERE b IN (1, 2); FETCH RECORDS FROM t WHERE c = 1; INSERT INTO t (a, tags) VALUES (1, ['x'])");
    expect(statements).toHaveLength(3);
    for (const s of statements) expect(isChecked(s) && allFrozen(s)).toBe(true);
    // With spans (the tooling entry) too.
    for (const { node } of parseDocument("SELECT DATE '2024-01-01', :p, CASE WHEN a THEN 1 END FROM t ORDER BY 1").statements)
      expect(isChecked(node) && allFrozen(node)).toBe(true);
    const json = fromJson('{"action":"fetch","fetch":"records","database":"d","fields":["a","b"]}');
    expect(isChecked(json) && allFrozen(json)).toBe(true);
  });

  it('no statement that failed is registered, though its neighbours are', () => {
    const doc = parseDocument("SELECT a + 1 FROM t WHERE b = 1;\nSELECT c + 2 FROM u WHERE d = ;\nSELECT x FROM DATABASE_TABLE(ALL, '')");
    expect(doc.statements).toHaveLength(1);
    expect(isChecked(doc.statements[0]!.node)).toBe(true);
    // The failed statements keep their trees (doc.recovered): no node of them is checked.
    expect(doc.recovered).toHaveLength(2);
    const failed = doc.recovered.flatMap((r) => [...descendants(r.node)]);
    expect(failed.map((n) => n.kind)).toEqual(expect.arrayContaining(['column', 'binary', 'table', 'select', 'spec_all']));
    // (A missing expression stands as the one shared, valid NULL node: checked wherever it is.)
    for (const n of failed) if (n.kind !== 'null') expect(isChecked(n), n.kind).toBe(false);
    for (const r of doc.recovered) expect(isChecked(r.node)).toBe(false);
  });

  it('only the root is registered: a part is registered when dsq code takes the tree apart (registerParts)', () => {
    const s = parse('SELECT a FROM t WHERE b = 1') as m.Select;
    expect([isChecked(s), isChecked(s.where), isChecked(s.from)]).toEqual([true, false, false]);
    registerParts(s);
    expect(descendants(s).every((n) => isChecked(n))).toBe(true);
    // A tree that is not checked gets no parts registered.
    const hand = { kind: 'unary', op: 'not', e: { kind: 'column', path: 'a' } } as const;
    registerParts(hand);
    expect([isChecked(hand), isChecked(hand.e)]).toEqual([false, false]);
  });

  it('the empty lists of frozen nodes are one frozen list; a node frozen by other code keeps its own', () => {
    const [a, b] = parseStatements('SELECT a FROM t; SELECT b FROM u') as [m.Select, m.Select];
    expect(a.group).toEqual([]);
    expect(a.group).toBe(b.order);
    expect(Object.isFrozen(a.group)).toBe(true);
    const own: never[] = [];
    const frozenFirst = Object.freeze({ kind: 'case', base: null, cases: own, else: null }) as never;
    expect((freezeNode(frozenFirst) as m.Case).cases).toBe(own);
    expect(Object.isFrozen(own)).toBe(true);
  });
});

describe('a checked tree cannot be changed (issue 31: a parsed node kept its trust after a change)', () => {
  it('setting a field, adding one, pushing to a list or changing a prototype throws, and the tree stays as parsed', () => {
    const e = parseExpression("a = 1 AND f(b, 'x') IN (1, 2)") as m.Binary;
    const before = toJson(e);
    const password = { kind: 'column', path: 'password' };
    const attempts: (() => void)[] = [
      () => ((e as unknown as Record<string, unknown>)['e2'] = password),
      () => ((e.e1 as unknown as Record<string, unknown>)['e2'] = password),
      () => ((e as unknown as Record<string, unknown>)['extra'] = 1),
      () => (((e.e2 as m.InList).values as m.Expr[]).length = 0),
      () => ((e.e2 as m.InList).values as m.Expr[]).push(password as m.Expr),
      () => (((e.e2 as m.InList).e as m.FunctionCall).args as m.Expr[]).splice(0, 1),
      () => Object.defineProperty(e, 'op', { value: 'or' }),
      () => Object.setPrototypeOf(e.e1, { kind: 'column' }),
      () => delete (e as unknown as Record<string, unknown>)['e1'],
    ];
    for (const attempt of attempts) expect(attempt).toThrow(TypeError);
    expect(toJson(e)).toBe(before);
    const s = parse('SELECT a FROM t') as m.Select;
    expect(() => (s.columns as m.ResultColumn[]).push(m.resultColumn(m.columnRef('password')))).toThrow(TypeError);
    const w = fromJson('{"action":"insert","database":"d","records":[{"a":1,"tags":["x"]}]}') as m.InsertAction;
    expect(() => ((w.records as m.RecordData[])[0]!.tags as string[]).push('y')).toThrow(TypeError);
  });

  it('changing a parsed or JSON-read tree at any place throws TypeError; a changed copy is never syntax (1,000 runs)', () => {
    const hostile = fc.constantFrom<unknown>(
      { kind: 'column', path: 'password' },
      '1 OR 1 = 1',
      'x"); DROP',
      42,
      null,
      [],
      {},
      { kind: 'number', value: '1, "injected": 2' },
    );
    fc.assert(
      fc.property(fc.oneof(arbStatement, arbAction), fc.boolean(), fc.nat(), fc.nat(), hostile, (t, viaJson, pickNode, pickField, bad) => {
        const tree = viaJson ? fromJson(toJson(t)) : parse(print(t));
        const before = toJson(tree);
        const nodes = descendants(tree);
        const node = nodes[pickNode % nodes.length] as unknown as Record<string, unknown>;
        const keys = Object.keys(node);
        const key = keys[pickField % keys.length] as string;
        expect(() => (node[key] = bad)).toThrow(TypeError);
        const list = node[key];
        if (Array.isArray(list)) expect(() => list.push(bad)).toThrow(TypeError);
        expect(toJson(tree)).toBe(before);
        // A copy changed there is a plain object: no builder position takes it as syntax.
        const copy = structuredClone(tree) as unknown as Node;
        const twin = descendants(copy)[pickNode % nodes.length] as unknown as Record<string, unknown>;
        twin[key] = bad;
        expect(isChecked(copy)).toBe(false);
      }),
      { numRuns: runs(1000) },
    );
  });
});

describe('node objects are plain objects', () => {
  it('a parsed or read tree cannot be told from its JSON copy except by being checked and frozen', () => {
    fc.assert(
      fc.property(arbStatement, (t) => {
        for (const tree of [parse(print(t)), fromJson(toJson(t))]) {
          const copy = JSON.parse(JSON.stringify(tree)) as Node;
          expect(tree).toStrictEqual(copy);
          expect(isChecked(copy)).toBe(false);
          for (const n of descendants(tree)) {
            expect(Object.getPrototypeOf(n)).toBe(Object.prototype);
            expect(n.constructor).toBe(Object);
            expect(Object.keys(n)[0]).toBe('kind');
            expect(Object.getOwnPropertySymbols(n)).toEqual([]);
            expect(isChecked({ ...n })).toBe(false);
            expect(isChecked(Object.assign({}, n))).toBe(false);
            expect(isChecked(structuredClone(n))).toBe(false);
            expect(isChecked(Object.create(n) as object)).toBe(false);
          }
        }
      }),
      { numRuns: runs(100) },
    );
  });

  it('each kind table constructor makes a plain, unfrozen object with the kind first, not checked', () => {
    const made: Node[] = [
      KINDS.null.make(),
      KINDS.number.make(1),
      KINDS.binary.make('+', KINDS.column.make('a'), KINDS.number.make('2')),
      KINDS.case.make(null, [KINDS.when.make(KINDS.column.make('a'), KINDS.string.make('x'))], null),
      KINDS.select.make({ from: KINDS.table.make('t') }),
    ];
    for (const n of made) {
      expect(Object.getPrototypeOf(n)).toBe(Object.prototype);
      expect(JSON.parse(JSON.stringify(n))).toStrictEqual(n);
      expect(isChecked(n)).toBe(false);
      expect(Object.isFrozen(n)).toBe(false);
    }
    expect(Object.keys(KINDS.case.make(null, [], null))).toEqual(['kind', 'base', 'cases', 'else']);
  });
});

describe('the AST constructors and the rebuilt trees', () => {
  it('a constructor checks and freezes what it makes when its parts are valid, and copies the lists it is given', () => {
    for (const n of descendants(m.select({ from: m.tableSource('t'), where: m.binary('=', m.columnRef('a'), m.num(1)) })))
      expect(isChecked(n) && Object.isFrozen(n)).toBe(true);
    const args: m.Expr[] = [m.columnRef('a')];
    const call = m.functionCall('F', args);
    expect(isChecked(call)).toBe(true);
    args.push({ kind: 'column', path: 'password' });
    expect(call.args).toHaveLength(1);
    // A bad part, or a hand-built child, gives a node that is not checked (and not frozen: it is the one built).
    expect(isChecked(m.num('1 OR 1 = 1'))).toBe(false);
    expect(isChecked(m.str(''))).toBe(false);
    expect(isChecked(m.binary('=', m.columnRef('a'), { kind: 'column', path: 'password' }))).toBe(false);
    expect(isChecked({ kind: 'column', path: 'a' })).toBe(false);
    expect(isChecked(JSON.parse(JSON.stringify(m.columnRef('a'))))).toBe(false);
  });

  it('checkNode checks a node dsq code made; a bad one is an internal DsqError', () => {
    expect(isChecked(checkNode({ kind: 'number', value: '5' }))).toBe(true);
    expect(() => checkNode({ kind: 'number', value: '5 OR 1' })).toThrow(DsqError);
  });

  it('checkBuilt copies the nodes rebuilt around checked parts, and refuses a bad or cyclic node', () => {
    const parsed = parse('SELECT a FROM t WHERE b = 1 AND c = 2');
    registerParts(parsed);
    const rebuilt = transform(parsed, (n) => (n.kind === 'number' && n.value === '2' ? m.num('3') : n));
    expect(isChecked(rebuilt)).toBe(false);
    const out = checkBuilt(rebuilt);
    expect(out).toEqual(rebuilt);
    for (const n of descendants(out!)) expect(isChecked(n) && Object.isFrozen(n)).toBe(true);
    // The parts that did not change are the parsed ones, shared.
    expect((out as m.Select).from).toBe((parsed as m.Select).from);
    const bad = transform(parsed, (n) => (n.kind === 'number' && n.value === '2' ? ({ kind: 'number', value: '1 OR 1 = 1' } as Node) : n));
    expect(checkBuilt(bad)).toBe(null);
    const loop: Record<string, unknown> = { kind: 'unary', op: 'not' };
    loop['e'] = { kind: 'unary', op: '-', e: loop };
    expect(checkBuilt(loop as never)).toBe(null);
    let deep: Node = m.NULL;
    for (let i = 0; i < 100_000; i++) deep = { kind: 'unary', op: '-', e: deep as never };
    expect(isChecked(checkBuilt(deep))).toBe(true);
  });
});
