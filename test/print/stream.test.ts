import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Expr, Statement } from '../../src/ast/nodes.js';
import { conditional, fill, group, hanging, indent, line, softline, stream, verbatim, type Doc } from '../../src/print/doc/doc.js';
import { render } from '../../src/print/doc/render.js';
import { NO_CAPTURE, toDoc, type Env } from '../../src/print/engine.js';
import { format } from '../../src/print/format.js';
import { resolveOptions } from '../../src/print/options.js';
import { LAYOUTS, print } from '../../src/print/print.js';
import { parse } from '../../src/syntax/index.js';
import { arbExpr } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * A stream (doc.ts `stream`) is a group whose parts are made as the renderer reaches them: a
 * long AND/OR chain's operands' docs then die young instead of living until the statement
 * renders (engine.ts `Branch.stream`). It must print exactly as the group of the same parts,
 * wherever it stands, and a chain printed through one exactly as through its group.
 */
describe('stream docs print as the group of their parts', () => {
  const word = fc.constantFrom('a', 'bb', 'ccc', 'dddd = 1', 'AND ', 'OR ', '', ' ', "'x\ny'", 'f(x)');
  const arbDoc: fc.Arbitrary<Doc> = fc.letrec<{ doc: Doc }>((tie) => ({
    doc: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      word,
      fc.constantFrom<Doc>(line, softline),
      word.map((w) => verbatim(w)),
      fc.array(tie('doc'), { maxLength: 5 }).map((parts) => group(parts)),
      fc.array(tie('doc'), { maxLength: 4 }).map((parts) => indent(parts)),
      fc.array(tie('doc'), { minLength: 2, maxLength: 5 }).map((parts) => hanging(parts, 1)),
    ),
  })).doc;

  /** Places a group stands in: alone, after a head, in a hanging group, a fill, a conditional. */
  const places: readonly ((d: Doc) => Doc)[] = [
    (d) => d,
    (d) => group(['WHERE', indent([line, d]), line, 'END']),
    (d) => hanging(['x IN', line, d, softline, ')'], 1),
    (d) => fill(['aaa', line, d, line, 'bbb']),
    (d) => conditional([group(['(', d, ')']), group(['(', indent([softline, d]), softline, ')'])]),
    (d) => group([d, line, group([d, line, 'tail'])]),
  ];

  it('render(stream of parts) is render(group(parts)) at any width, in any place', () => {
    fc.assert(
      fc.property(fc.array(arbDoc, { maxLength: 12 }), fc.nat(places.length - 1), fc.integer({ min: 4, max: 100 }), (parts, p, width) => {
        const place = places[p] as (d: Doc) => Doc;
        const made: number[] = [];
        const lazy = stream(parts.length, (i) => {
          made.push(i);
          return parts[i] as Doc;
        });
        const options = { width, indent: 2 };
        expect(render(place(lazy), options)).toBe(render(place(group(parts)), options));
      }),
      { numRuns: runs(3000) },
    );
  });

  it('a stream whose first part is already wider than the line makes only what it prints', () => {
    const made: number[] = [];
    const parts = Array.from({ length: 3000 }, (_, i) => (i % 2 === 1 ? line : `term_${i}`));
    const lazy = stream(parts.length, (i) => {
      made.push(i);
      return parts[i] as Doc;
    });
    expect(render(group(['WHERE ', lazy]), { width: 20, indent: 2 })).toBe(render(group(['WHERE ', group(parts)]), { width: 20, indent: 2 }));
    // Each part made once by the renderer, a few more by the fit checks before it breaks.
    expect(made.length).toBeLessThan(parts.length + 20);
  });
});

describe('long AND/OR chains stream their operands', () => {
  const options = (width: number) => resolveOptions({ width });
  const env = (width: number, streams: boolean): Env => ({ options: options(width), hasComments: () => false, decorate: (_n, d) => d, streams });
  const printed = (statement: Statement, width: number, streams: boolean) => render(toDoc(statement, NO_CAPTURE, env(width, streams), LAYOUTS), options(width));

  /** A select whose WHERE is `count` operands joined by AND and OR (each in parentheses, which the printer drops where not needed). */
  const chainText = (operands: readonly Expr[], ors: readonly boolean[]) =>
    `SELECT a FROM t WHERE ${operands.map((e, i) => `${i === 0 ? '' : ors[i % ors.length] ? ' OR ' : ' AND '}(${print(e)})`).join('')}`;

  it('prints as the chain built from every operand doc (and formats stably)', () => {
    fc.assert(
      fc.property(
        fc.array(arbExpr, { minLength: 30, maxLength: 70 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 9 }),
        fc.constantFrom(20, 40, 80, 120),
        (operands, ors, width) => {
          const text = chainText(operands, ors);
          const statement = parse(text);
          expect(printed(statement, width, true)).toBe(printed(statement, width, false));
          const once = format(text, { width });
          expect(format(once, { width })).toBe(once);
        },
      ),
      { numRuns: runs(40) },
    );
  });

  it('a 5,000-term chain formats as its print, line for line', () => {
    const text = `SELECT id FROM t WHERE ${Array.from({ length: 5_000 }, (_, i) => `c${i % 50} = ${i}`).join(' AND ')}`;
    const statement = parse(text);
    expect(format(text)).toBe(`${printed(statement, 80, false)}\n`);
  });
});
