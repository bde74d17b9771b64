import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/json/index.js';
import { col, dsq, fromAst, ident, queryFromJson } from '../../src/builder/index.js';
import { arbExpr, arbStatement } from '../fixtures/arbitraries.js';
import { byFields, rebuild } from './rebuild.js';
import { descendants } from '../../src/ast/walk.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { selectProblems } from '../../src/spec/select-checks.js';
import { runs } from '../helpers/runs.js';

describe('builder properties over every valid AST', () => {
  it('the public builder API can build every statement the AST can hold, or says what lint says of it (2,000 runs)', () => {
    fc.assert(
      fc.property(arbStatement, (s) => {
        // What lint reports of a select in text (src/spec/select-checks.ts), the builder throws.
        const problems = descendants(s).flatMap((n) => (n.kind === 'select' ? selectProblems(n) : []));
        if (problems.length === 0) {
          expect(rebuild(s).toAst()).toEqual(s);
          return;
        }
        let error: unknown = null;
        try {
          rebuild(s).toAst();
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(DsqError);
        const ids = new Set(problems.map((p) => p.id));
        for (const d of (error as DsqError).diagnostics) expect(ids).toContain(d.code);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('an expression of any kind rebuilt by its fields (the rebuild of a kind without a builder constructor) is the same expression (500 runs)', () => {
    fc.assert(
      fc.property(arbExpr, (e) => {
        fc.pre(descendants(e).every((n) => n.kind !== 'select' || selectProblems(n).length === 0));
        expect(byFields(e).toAst()).toEqual(e);
      }),
      { numRuns: runs(500) },
    );
  });

  it('fromAst and queryFromJson start from any statement unchanged; where() adds one AND', () => {
    fc.assert(
      fc.property(arbStatement, arbExpr, (s, e) => {
        expect(fromAst(s).toAst()).toEqual(s);
        expect(queryFromJson(toJson(s)).toAst()).toEqual(s);
        const select = s.kind === 'select' ? s : s.select;
        const extended = fromAst(s).where(fromAst(e)).toAst();
        const where = (extended.kind === 'select' ? extended : extended.select).where;
        expect(where).toEqual(select.where === null ? e : { kind: 'binary', op: 'and', e1: select.where, e2: e });
      }),
      { numRuns: runs(500) },
    );
  });

  it('an identifier from ident() is the exact name, whatever it contains', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1 }), (name) => {
        const s = dsq`SELECT ${ident(name)} FROM t WHERE ${ident(name)} = ${name}`.toAst();
        expect(s).toEqual(
          fromAst({
            kind: 'select',
            distinct: false,
            columns: [{ kind: 'result_column', e: { kind: 'column', path: name }, alias: null }],
            from: { kind: 'table', table: 't', alias: null },
            where: null,
            group: [],
            having: null,
            order: [],
            limit: null,
            offset: null,
          })
            .where(col(name).eq(name))
            .toAst(),
        );
      }),
      { numRuns: runs(500) },
    );
  });
});
