import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DATA_ACTION_KINDS, EXPR_KINDS, KINDS, NODE_KINDS, STATEMENT_KINDS, childKeys, kindsOf, operatorOf, precedenceOf } from '../../src/ast/kinds.js';
import type { ExprKind, NodeKind, Source, Specifier } from '../../src/ast/nodes.js';
import { OPERATORS, PRIMARY } from '../../src/ast/operators.js';
import type { KIND_READERS } from '../../src/json/from-json.js';
import type { EXPR_READERS } from '../../src/json/read-expr-kinds.js';
import type { WRITERS } from '../../src/json/write-nodes.js';
import type { LITERAL_KINDS } from '../../src/lint/rules/type-mismatch.js';
import type { NESTING } from '../../src/print/operands.js';
import type { LAYOUTS } from '../../src/print/print.js';
import type { CHECKS } from '../../src/spec/check.js';
import type { KIND_EXAMPLES } from '../../src/syntax/kind-examples.js';
import { arbKinds, type KIND_ARBITRARIES } from '../fixtures/arbitraries.js';
import fc from 'fast-check';

/**
 * One declaration per node kind (src/ast/kinds.ts), and every part that treats kinds one by one
 * keyed by kind: these checks fail (at `tsc` for the type-level ones) when a consumer's key set
 * is not exactly the kinds it must handle.
 */
type Same<A, B> = [Exclude<A, B> | Exclude<B, A>] extends [never] ? true : false;
const keyChecks: [
  Same<keyof typeof KINDS, NodeKind>,
  Same<keyof typeof WRITERS, NodeKind>,
  Same<keyof typeof KIND_READERS, NodeKind>,
  Same<keyof typeof EXPR_READERS, ExprKind>,
  Same<keyof typeof LAYOUTS, NodeKind>,
  Same<keyof typeof NESTING, NodeKind>,
  Same<keyof typeof CHECKS, NodeKind>,
  Same<keyof typeof LITERAL_KINDS, ExprKind>,
  Same<keyof typeof KIND_ARBITRARIES, NodeKind>,
  Same<keyof typeof KIND_EXAMPLES, NodeKind>,
] = [true, true, true, true, true, true, true, true, true, true];

const ROOT = join(import.meta.dirname, '..', '..');

describe('the kind table', () => {
  it('has every kind once, with roles that agree with the unions of nodes.ts', () => {
    expect(keyChecks.every(Boolean)).toBe(true);
    expect(new Set(NODE_KINDS).size).toBe(NODE_KINDS.length);
    expect([...EXPR_KINDS].sort()).toEqual(NODE_KINDS.filter((k) => KINDS[k].role === 'expr').sort());
    expect(STATEMENT_KINDS).toEqual(['select', 'select_action', ...DATA_ACTION_KINDS]);
    const sources: Source['kind'][] = ['table', 'table_system', 'table_database', 'join', 'select_source'];
    const specifiers: Specifier['kind'][] = ['spec_all', 'spec_id', 'spec_name', 'spec_where', 'spec_array'];
    expect(kindsOf('source')).toEqual(sources);
    expect(kindsOf('specifier')).toEqual(specifiers);
  });

  it('builds nodes with its constructors that have exactly the fields nodes.ts declares, children listed in order', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NODE_KINDS), fc.integer(), (kind, seed) => {
        const [node] = fc.sample(arbKinds[kind] as fc.Arbitrary<{ kind: string }>, { seed, numRuns: 1 });
        const record = node as unknown as Record<string, unknown>;
        // Exactly the declared fields, and the children among them in the order the node's fields are written (source order).
        expect(Object.keys(record).sort(), kind).toEqual(['kind', ...Object.keys(KINDS[kind].fields)].sort());
        const order = Object.keys(record).filter((k) => childKeys(kind).includes(k));
        expect(order, kind).toEqual(childKeys(kind));
      }),
      { numRuns: 300 },
    );
  });

  it('gives every operator a level and operand levels; prefix and infix operand levels follow from associativity', () => {
    for (const [op, o] of Object.entries(OPERATORS.binary)) {
      expect(o.left, op).toBe(o.level);
      expect(o.right, op).toBe(o.level + 1);
      expect(o.level).toBeLessThan(PRIMARY);
    }
    for (const o of Object.values(OPERATORS.unary)) expect(o.right).toBe(o.level);
    // BETWEEN, IN, IS, LIKE, REGEXP bind as comparisons; COLLATE tightest; NOT loosest but OR and AND.
    const cmp = OPERATORS.binary['='].level;
    for (const o of [OPERATORS.between, OPERATORS.in, OPERATORS.binary.is, OPERATORS.binary.like, OPERATORS.binary.regexp]) expect(o.level).toBe(cmp);
    expect(OPERATORS.collate.level).toBe(Math.max(...[...Object.values(OPERATORS.binary), ...Object.values(OPERATORS.unary)].map((o) => o.level)) + 1);
    expect(OPERATORS.unary.not.level).toBe(OPERATORS.binary.and.level + 1);
    expect(OPERATORS.unary['-'].level).toBe(OPERATORS.binary['*'].level + 1);
    expect(OPERATORS.binary.is.negated).toBe('IS NOT');
    expect(OPERATORS.in.negated).toBe('NOT IN');
  });

  it('knows the operator of each operator kind and the level of every expression', () => {
    const n = KINDS.number.make('1');
    expect(precedenceOf(n)).toBe(PRIMARY);
    expect(operatorOf(n)).toBeNull();
    expect(operatorOf(KINDS.binary.make('+', n, n))).toBe(OPERATORS.binary['+']);
    expect(operatorOf(KINDS.unary.make('not', n))).toBe(OPERATORS.unary.not);
    expect(operatorOf(KINDS.in_select.make(n, KINDS.select.make()))).toBe(OPERATORS.in);
    expect(precedenceOf(KINDS.collate.make(n, 'x'))).toBe(OPERATORS.collate.level);
  });
});

describe('a new kind does not build until every consumer handles it', () => {
  it('adding a CAST expression to nodes.ts fails tsc in the kind table and in every part that treats kinds one by one', () => {
    const nodesPath = join(ROOT, 'src', 'ast', 'nodes.ts');
    const original = readFileSync(nodesPath, 'utf8');
    const withCast = original
      .replace('export type Expr =\n', 'export interface Cast {\n  readonly kind: \'cast\';\n  readonly e: Expr;\n  readonly type: string;\n}\n\nexport type Expr =\n  | Cast\n');
    expect(withCast).not.toBe(original);
    const consumers = [
      'src/ast/kinds.ts',
      'src/json/write-nodes.ts',
      'src/json/read-expr-kinds.ts',
      'src/print/print.ts',
      'src/print/expressions.ts',
      'src/print/operands.ts',
      'src/spec/check.ts',
      'src/syntax/kind-examples.ts',
      'src/lint/rules/type-mismatch.ts',
      'test/fixtures/arbitraries.ts',
      'test/builder/rebuild.ts',
    ];
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: ['node'],
      strict: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      noEmit: true,
    };
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    host.readFile = (file) => (file.replace(/\\/g, '/') === nodesPath.replace(/\\/g, '/') ? withCast : readFile(file));
    const program = ts.createProgram(consumers.map((f) => join(ROOT, f)), options, host);
    // The files with an error saying that "cast" is missing (not the errors that follow from the table's).
    const failing = new Set(
      ts
        .getPreEmitDiagnostics(program)
        .filter((d) => d.file !== undefined && /'cast'/.test(ts.flattenDiagnosticMessageText(d.messageText, '\n')))
        .map((d) => (d.file as ts.SourceFile).fileName.slice(ROOT.length + 1).replace(/\\/g, '/')),
    );
    for (const file of consumers) expect(failing, `${file} should not compile without a "cast" entry`).toContain(file);
  }, 120_000);
});
