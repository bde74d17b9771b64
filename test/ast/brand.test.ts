import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descendants, type Node } from '../../src/ast/index.js';
import { KINDS } from '../../src/ast/kinds.js';
import { vouchedParse } from '../../src/ast/brand.js';
import { isTrusted } from '../../src/ast/trust.js';
import { fromJson, toJson } from '../../src/json/index.js';
import { print } from '../../src/print/index.js';
import { parse, parseDocument, parseExpression, parseStatements } from '../../src/syntax/index.js';
import { arbDataAction } from '../fixtures/action-arbitraries.js';
import { arbExpr, arbStatement } from '../fixtures/arbitraries.js';

/**
 * The trust brand as the parser gives it (src/ast/brand.ts): every node of a statement that
 * parsed without an error is trusted at once through the parse's voucher, with no walk after
 * the parse; no node of a failed parse ever is; and the node objects the kind table's
 * constructors make are indistinguishable from object literals.
 */

const allTrusted = (root: Node) => descendants(root).every((n) => isTrusted(n));

describe('a parse vouches for its nodes', () => {
  it('every node of every statement kind the parser reads is trusted (random statements and data actions)', () => {
    fc.assert(
      fc.property(fc.oneof(arbStatement, arbDataAction), (t) => {
        const parsed = parse(print(t));
        expect(parsed).toEqual(t);
        expect(allTrusted(parsed)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('every node of a parsed expression, and of each statement of a document, is trusted', () => {
    fc.assert(
      fc.property(arbExpr, (e) => allTrusted(parseExpression(print(e)))),
      { numRuns: 200 },
    );
    const statements = parseStatements('SELECT a FROM t WHERE b IN (1, 2); FETCH RECORDS FROM t WHERE c = 1; INSERT INTO t (a) VALUES (1)');
    expect(statements).toHaveLength(3);
    for (const s of statements) expect(allTrusted(s)).toBe(true);
    // With spans (the tooling entry) too.
    for (const { node } of parseDocument('SELECT DATE \'2024-01-01\', :p, CASE WHEN a THEN 1 END FROM t ORDER BY 1').statements) expect(allTrusted(node)).toBe(true);
  });

  it('no node of a statement that failed is trusted, though its neighbours are', () => {
    const doc = parseDocument("SELECT a + 1 FROM t WHERE b = 1;\nSELECT c + 2 FROM u WHERE d = ;\nSELECT x FROM DATABASE_TABLE(ALL, '')");
    expect(doc.statements).toHaveLength(1);
    expect(allTrusted(doc.statements[0]!.node)).toBe(true);
    // The parser recorded a span for every node it made, the failed statements' too: none is trusted.
    const recorded = (doc.spans as unknown as { recorded?: Map<Node, number> }).recorded;
    expect(recorded, 'SourceSpans keeps its nodes in `recorded`').toBeInstanceOf(Map);
    const made = [...recorded!.keys()];
    const good = new Set(descendants(doc.statements[0]!.node));
    const failed = made.filter((n) => !good.has(n));
    expect(failed.map((n) => n.kind)).toEqual(expect.arrayContaining(['column', 'binary', 'table', 'number', 'select', 'spec_all']));
    for (const n of failed) expect(isTrusted(n), n.kind).toBe(false);
  });

  it('the voucher: granted only when the parse is clean, nothing made before or after it, restored when a parse throws', () => {
    const before = KINDS.column.make('a');
    const clean = vouchedParse(() => KINDS.binary.make('=', KINDS.column.make('a'), KINDS.number.make('1')), () => true);
    const failed = vouchedParse(() => KINDS.binary.make('=', KINDS.column.make('a'), KINDS.number.make('1')), () => false);
    const after = KINDS.column.make('a');
    expect([isTrusted(before), allTrusted(clean), isTrusted(failed), isTrusted(failed.e1), isTrusted(after)]).toEqual([false, true, false, false, false]);
    let inner: Node | undefined;
    expect(() =>
      vouchedParse(
        () => {
          inner = KINDS.column.make('x');
          throw new Error('parser bug');
        },
        () => true,
      ),
    ).toThrow('parser bug');
    expect(isTrusted(inner)).toBe(false);
    expect(isTrusted(KINDS.column.make('y'))).toBe(false);
    // A parse inside a parse has its own voucher, and the outer one is back after it.
    const outer = vouchedParse(() => {
      const nested = vouchedParse(() => KINDS.column.make('n'), () => false);
      return { nested, own: KINDS.column.make('o') };
    }, () => true);
    expect([isTrusted(outer.nested), isTrusted(outer.own)]).toEqual([false, true]);
  });
});

describe('node objects are plain objects', () => {
  it('a parsed or read tree cannot be told from its JSON copy except by the brand, and no copy carries the brand', () => {
    fc.assert(
      fc.property(arbStatement, (t) => {
        for (const tree of [parse(print(t)), fromJson(toJson(t))]) {
          const copy = JSON.parse(JSON.stringify(tree)) as Node;
          expect(tree).toStrictEqual(copy);
          for (const n of descendants(tree)) {
            expect(Object.getPrototypeOf(n)).toBe(Object.prototype);
            expect(n.constructor).toBe(Object);
            expect(Object.keys(n)[0]).toBe('kind');
            expect(Object.getOwnPropertySymbols(n)).toEqual([]);
            expect(isTrusted(n)).toBe(true);
            expect(isTrusted({ ...n })).toBe(false);
            expect(isTrusted(Object.assign({}, n))).toBe(false);
            expect(isTrusted(structuredClone(n))).toBe(false);
            expect(isTrusted(Object.create(n) as object)).toBe(false);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('each kind table constructor makes a plain object with the kind first, unbranded until checked', () => {
    const made: Node[] = [
      KINDS.null.make(), KINDS.number.make(1), KINDS.binary.make('+', KINDS.column.make('a'), KINDS.number.make('2')),
      KINDS.case.make(null, [KINDS.when.make(KINDS.column.make('a'), KINDS.string.make('x'))], null), KINDS.select.make({ from: KINDS.table.make('t') }),
    ];
    for (const n of made) {
      expect(Object.getPrototypeOf(n)).toBe(Object.prototype);
      expect(JSON.parse(JSON.stringify(n))).toStrictEqual(n);
      expect(isTrusted(n)).toBe(false);
    }
    expect(Object.keys(KINDS.case.make(null, [], null))).toEqual(['kind', 'base', 'cases', 'else']);
  });
});
