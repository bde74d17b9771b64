import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldExpr, FieldValue } from '../../src/ast/data-actions.js';
import type { Node, Param, Statement } from '../../src/ast/nodes.js';
import { transform, visit } from '../../src/ast/walk.js';
import { validateAst } from '../../src/ast/validate.js';
import { errorOf } from '../helpers/errors.js';
import { toJson } from '../../src/json/index.js';
import { bindParams, compile, compileToAst } from '../../src/params/index.js';
import { print } from '../../src/print/index.js';
import { parse } from '../../src/syntax/index.js';
import { arbDataActionWithParams } from '../fixtures/action-arbitraries.js';
import { makeArbitraries } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';
import { formatsTo } from '../helpers/format-final.js';

/**
 * Parameters where the AST holds a plain value rather than an expression: OPTIONS (ROWS = :n),
 * a FETCH's LIMIT :n and OFFSET :n, KEY(field = :v).
 */

const withParams = makeArbitraries({ params: true });

const hasParam = (n: Node) => {
  let found = false;
  visit(n, { param: () => void (found = true) });
  return found;
};

describe('parse, print, JSON', () => {
  it('parses each place into a parameter node', () => {
    expect(parse('SELECT * FROM t OPTIONS (ROWS = :n, ECHO = TRUE)')).toMatchObject({
      kind: 'select_action',
      rows: { kind: 'param', name: 'n', list: false },
      echo: true,
    });
    expect(parse('FETCH USERS LIMIT :lim OFFSET :limit')).toMatchObject({ limit: { kind: 'param', name: 'lim' }, offset: { kind: 'param', name: 'limit' } });
    expect(parse("DELETE FROM db RECORDS [KEY(id = :id, region = 'eu'), 5]")).toMatchObject({
      records: {
        kind: 'spec_array',
        items: [
          {
            kind: 'spec_key',
            key: [
              { field: 'id', value: { kind: 'param', name: 'id' } },
              { field: 'region', value: { kind: 'string' } },
            ],
          },
          { kind: 'spec_id' },
        ],
      },
    });
  });

  it('prints them back, comments around them kept, format idempotent', () => {
    for (const text of [
      'SELECT * FROM t OPTIONS (ROWS = :n, USE_STRINGS = FALSE)',
      'FETCH RECORDS FROM db RECORDS KEY(id = :id) LIMIT :l OFFSET :o',
      'SELECT * FROM t /* a */ OPTIONS (ROWS = /* b */ :n /* c */, ECHO = TRUE) -- d',
      'FETCH TASKS FROM 5 LIMIT /* l */ :l -- e\nOFFSET :o /* f */',
    ]) {
      const once = formatsTo(text);
      for (const c of text.match(/\/\* . \*\/|-- ./g) ?? []) expect(once).toContain(c);
      expect(parse(once)).toEqual(parse(text));
    }
    expect(print(parse('fetch users limit :l'))).toBe('FETCH USERS LIMIT :l');
  });

  it('a bad parameter name is a syntax error there', () => {
    expect(() => parse('FETCH USERS LIMIT :')).toThrow(/expected a parameter name after ':'/);
    expect(() => parse('SELECT * FROM t OPTIONS (ECHO = :e)')).toThrow(/ECHO takes TRUE or FALSE/);
  });

  it('toJson of a tree with one is an error naming every parameter', () => {
    const e = errorOf(() => toJson(parse('FETCH RECORDS FROM db RECORDS KEY(id = :id) LIMIT :l')));
    expect(e.first.code).toBe('params/unbound');
    expect(e.first.message).toContain(':id and :l');
  });

  it('validateAst takes a parameter in each place, and refuses another node there', () => {
    const tree = parse('FETCH USERS LIMIT :l');
    expect(validateAst(JSON.parse(JSON.stringify(tree)))).toEqual(tree);
    expect(() => validateAst({ ...tree, limit: { kind: 'number', value: '5' } })).toThrow(/whole-number text or a parameter/);
    expect(() => validateAst({ ...tree, limit: 5 })).toThrow(/must be number text/);
  });
});

describe('binding (compile(text, { params }))', () => {
  it('binds each place to its value, exact', () => {
    expect(compile('SELECT * FROM t OPTIONS (ROWS = :n)', { params: { n: 9223372036854775807n } })).toBe(
      '{"action":"select","select":{"from":"t"},"rows":9223372036854775807}',
    );
    expect(compile('FETCH RECORDS FROM db RECORDS [KEY(id = :id, r = :r)] LIMIT :l OFFSET :o', { params: { id: -5n, r: "it's", l: 0, o: 12n } })).toBe(
      '{"action":"fetch","fetch":"records","database":"db","records":[{"type":"key","key":{"id":-5,"r":"it\'s"}}],"limit":0,"offset":12}',
    );
  });

  it.each([
    ['SELECT * FROM t\nOPTIONS (ROWS = :n)', { n: 0 }, /:n stands for ROWS \(rows per packet\): it must be a whole number of at least 1, got 0/, [2, 17]],
    ['SELECT * FROM t OPTIONS (ROWS = :n)', { n: 1.5 }, /at least 1, got 1.5/, [1, 33]],
    ['FETCH USERS LIMIT :l', { l: -1 }, /:l stands for LIMIT: it must be a whole number of at least 0, got -1/, [1, 19]],
    ['FETCH USERS OFFSET :o', { o: 'x' }, /OFFSET: it must be a whole number of at least 0, got the string "x"/, [1, 20]],
    ['FETCH USERS LIMIT :l', { l: new Date(0) }, /got a datetime value/, [1, 19]],
    [
      'DELETE FROM db RECORDS KEY(d = :d)',
      { d: new Date(0) },
      /:d stands for the value of the key field d: it must be a number or a string, got a datetime value/,
      [1, 32],
    ],
    // The spec's key specifier: "every key field of the database must have a non-null value".
    ['DELETE FROM db RECORDS KEY(d = :d)', { d: null }, /:d stands for the key field d: every key field must have a non-null value, got null/, [1, 32]],
    ['DELETE FROM db RECORDS KEY(d = :d)', { d: [1] }, /:d is an array/, [1, 32]],
    ['DELETE FROM db RECORDS KEY(d = :d)', { d: { kind: 'column', path: 'x' } }, /not taken as syntax/, [1, 32]],
  ])('%s with %o: an error at the parameter', (text, params, message, [line, column]) => {
    const e = errorOf(() => compile(text, { params }));
    expect(e.first.code).toBe('params/invalid-value');
    expect(e.first.message).toMatch(message);
    expect(e.first.span).toMatchObject({ line, column });
  });

  it('an unbound parameter in these places is the unbound error, at its place', () => {
    const e = errorOf(() => compile('FETCH RECORDS FROM db\nRECORDS KEY(id = :id) LIMIT :l', { params: {} }));
    expect(e.first.code).toBe('params/unbound');
    expect(e.first.message).toContain(':id and :l');
    expect(e.first.span).toMatchObject({ line: 2, column: 18 });
  });
});

/** The tree with every parameter replaced by the value n, written independently of bind.ts. */
function substitute<T extends Node>(root: T, n: bigint): T {
  const text = String(n);
  const num = { kind: 'number' as const, value: text };
  // (The inner transform below turns a parameter into `num` before its parent is seen.)
  const place = (v: unknown) => (v === num || (typeof v === 'object' && v !== null && (v as Node).kind === 'param') ? text : v);
  // A field written `= :v` is a field value once bound (the record's values, UPDATE's fields).
  const direct = (f: FieldExpr) => f.e.kind === 'param';
  const moved = (fs: readonly FieldExpr[]): FieldValue[] => fs.filter(direct).map((f) => ({ kind: 'field_value', field: f.field, value: num }));
  const shallow = (node: Node): Node => {
    if (node.kind === 'record')
      return { ...node, values: [...node.values, ...moved(node.expressions)], expressions: node.expressions.filter((f) => !direct(f)) };
    if (node.kind === 'update_action')
      return { ...node, fields: [...node.fields, ...moved(node.expressions)], expressions: node.expressions.filter((f) => !direct(f)) };
    return node;
  };
  return transform(transform(root, shallow), (node): Node => {
    switch (node.kind) {
      case 'in':
        return node.values.length === 1 && node.values[0]?.kind === 'param' && node.values[0].list ? { ...node, values: [num] } : node;
      case 'param':
        return node.list ? node : num;
      case 'select_action':
        return { ...node, rows: place(node.rows) as string | null };
      case 'fetch_records':
      case 'fetch_multirecords':
      case 'fetch_pseudorecords':
      case 'fetch_tasks':
      case 'fetch_users':
        return { ...node, limit: place(node.limit) as string | null, offset: place(node.offset) as string | null };
      default:
        return node;
    }
  });
}

const names = (n: Node) => {
  const out = new Set<string>();
  visit(n, { param: (p: Param) => void out.add(p.name) });
  return [...out];
};

describe('properties over trees with parameters in every place', () => {
  const arbParamStatement: fc.Arbitrary<Statement> = fc.oneof(withParams.statement, arbDataActionWithParams);

  it('the arbitraries draw parameters in each place', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(arbParamStatement, (s) => {
        visit(s, {
          enter: (n, info) => {
            if (n.kind === 'param') seen.add(`${info.parent?.kind === 'field_value' ? 'key' : info.key}${n.list ? ' list' : ''}`);
          },
        });
      }),
      { numRuns: runs(3000) },
    );
    for (const place of ['rows', 'limit', 'offset', 'key', 'values list', 'e1']) expect(seen).toContain(place);
  });

  it('parse(print(s)) is s, and format is idempotent (1,500 runs)', () => {
    fc.assert(
      fc.property(arbParamStatement, fc.integer({ min: 20, max: 120 }), (s, width) => {
        const text = print(s, { width });
        expect(parse(text)).toEqual(s);
        formatsTo(text);
      }),
      { numRuns: runs(1500) },
    );
  });

  it('binding every parameter to a whole number gives the JSON of the tree with the literal written in (1,000 runs)', () => {
    fc.assert(
      fc.property(arbParamStatement, fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }), (s, n) => {
        const values = Object.fromEntries(names(s).map((k) => [k, n]));
        const bound = bindParams(s, values);
        expect(hasParam(bound)).toBe(false);
        expect(toJson(bound)).toBe(toJson(substitute(s, n)));
        // Through the text too: compile(print(s)) is the same JSON.
        expect(compileToAst(print(s), { params: values }).map((t) => toJson(t))).toEqual([toJson(bound)]);
      }),
      { numRuns: runs(1000) },
    );
  });
});
