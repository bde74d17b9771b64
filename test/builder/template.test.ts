import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as m from '../../src/ast/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { col, dsq, fn, ident, selectFrom } from '../../src/builder/index.js';
import { parse } from '../../src/syntax/index.js';
import { runs } from '../helpers/runs.js';

/** The query with `'PLACEHOLDER'` string literals replaced by the given values as literals. */
function withLiterals(text: string, ...values: string[]): m.Statement {
  let k = 0;
  return m.transform(parse(text), (node) => {
    if (node.kind !== 'string' || node.value !== 'PLACEHOLDER') return node;
    const v = values[k++] as string;
    return v === '' ? m.NULL : m.str(v);
  });
}

const hostile = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.constantFrom("'", "''", "' OR 1=1 --", '"', '--', '/*', '*/', ';', '\u0000', '\u0000dsq0\u0000', '"\u0000dsq1\u0000"', '${0}', 'é€😀', ''),
  fc.array(fc.constantFrom("'", '"', '--', '/*', ';', '\u0000', 'x', ' ', '\n', '😀', 'SELECT', ')'), { maxLength: 12 }).map((a) => a.join('')),
);

describe('dsq tagged template', () => {
  it('a string value is always one string literal, whatever it contains (2,000 runs)', () => {
    fc.assert(
      fc.property(hostile, hostile, (s, t) => {
        const built = dsq`SELECT * FROM orders WHERE status = ${s} AND note LIKE ${t} AND x IN (1, ${s})`.toAst();
        const expected = withLiterals("SELECT * FROM orders WHERE status = 'PLACEHOLDER' AND note LIKE 'PLACEHOLDER' AND x IN (1, 'PLACEHOLDER')", s, t, s);
        expect(built).toEqual(expected);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('equals the builder and the parser for the same query', () => {
    const min = 100;
    const status = 'open';
    const q = dsq`SELECT * FROM orders WHERE amount > ${min} AND status = ${status}`;
    expect(q.toAst()).toEqual(parse("SELECT * FROM orders WHERE amount > 100 AND status = 'open'"));
    expect(q.toAst()).toEqual(selectFrom('orders').where(col('amount').gt(min)).where(col('status').eq(status)).toAst());
  });

  it('interpolates numbers exactly, null, Dates, expressions, AST nodes and scalar subqueries', () => {
    const sub = selectFrom('limits').select(fn.max(col('v')));
    const q = dsq`SELECT * FROM t WHERE a = ${9223372036854775807n} AND b = ${null} AND c = ${new Date(5)} AND d = ${col('e').add(1)} AND f = ${m.columnRef('g')} AND h < ${sub}`;
    expect(q.toAst()).toEqual(
      selectFrom('t')
        .where(col('a').eq(9223372036854775807n))
        .where(col('b').eq(null))
        .where(col('c').eq(new Date(5)))
        .where(col('d').eq(col('e').add(1)))
        .where(col('f').eq(col('g')))
        .where(col('h').lt(sub))
        .toAst(),
    );
  });

  it('arrays are IN lists, queries after IN and EXISTS are subqueries', () => {
    const ids = [1, 2, 'x'];
    const sub = selectFrom('vip').select('id');
    expect(dsq`SELECT * FROM t WHERE id IN ${ids} AND k NOT IN ${[]} AND j IN ${5}`.toAst()).toEqual(
      parse("SELECT * FROM t WHERE id IN (1, 2, 'x') AND k NOT IN () AND j IN (5)"),
    );
    expect(dsq`SELECT * FROM t WHERE id IN ${sub} AND NOT EXISTS ${sub}`.toAst()).toEqual(
      parse('SELECT * FROM t WHERE id IN (SELECT id FROM vip) AND NOT EXISTS (SELECT id FROM vip)'),
    );
    expect(dsq`SELECT * FROM ${sub}`.toAst()).toEqual(parse('SELECT * FROM (SELECT id FROM vip)'));
    expect(() => dsq`SELECT * FROM t WHERE a = ${[1]}`).toThrow(/only as an IN list/);
    expect(() => dsq`SELECT * FROM t WHERE EXISTS ${5}`).toThrow(/must be a query/);
  });

  it('identifiers only through ident()', () => {
    expect(
      dsq`SELECT ${ident('amount')} AS ${ident('total')} FROM ${ident('sales.orders')} AS ${ident('o')} WHERE ${ident('o')}.status = ${'x'}`.toAst(),
    ).toEqual(parse("SELECT amount AS total FROM sales.orders AS o WHERE o.status = 'x'"));
    expect(dsq`SELECT a AS total FROM t GROUP BY ${ident('total')} HAVING ${ident('total')} > 1 ORDER BY ${ident('total')}, ${ident('b')}`.toAst()).toEqual(
      parse('SELECT a AS total FROM t GROUP BY total HAVING total > 1 ORDER BY total, b'),
    );
    expect(dsq`SELECT a AS x FROM t WHERE ${ident('x')} = 1 ORDER BY ${ident('t.x')}`.toAst()).toEqual(parse('SELECT a AS x FROM t WHERE x = 1 ORDER BY t.x'));
    expect(() => dsq`SELECT * FROM ${'orders'}`).toThrow(/only ident\(name\) may go/);
    expect(() => dsq`SELECT a AS ${'x'} FROM t`).toThrow(/only ident\(name\) may go/);
    expect(() => dsq`SELECT * FROM t WHERE ${'o'}.a = 1`).toThrow(/only ident\(name\) may go/);
    // A string in a value position is a literal, never a name: "amount" stays a string.
    expect(dsq`SELECT * FROM t WHERE ${'amount'} > 1`.toAst()).toEqual(parse("SELECT * FROM t WHERE 'amount' > 1"));
  });

  it('rejects placeholders inside quotes, comments and names, and NUL in the static text', () => {
    expect(() => dsq`SELECT * FROM t WHERE a = 'x${'y'}'`).toThrow(/a value \(\$\{\.\.\.\}\) cannot stand inside a quoted string \(template value 1\)/);
    expect(
      () => dsq`SELECT * FROM t -- ${1}
    `,
    ).toThrow('a value (${...}) cannot stand inside a comment (template value 1)');
    expect(() => dsq`SELECT * FROM t /* ${1} */ WHERE a = ${2}`).toThrow(/cannot stand inside a comment \(template value 1\)/);
    expect(() => dsq`SELECT * FROM t WHERE "a${'x'}" = 1`).toThrow('a value (${...}) cannot stand inside a quoted name (template value 1)');
    expect(() => dsq`SELECT * FROM t WHERE a = ${true}`).toThrow(/no boolean literal/);
    expect(() => dsq`SELECT * FROM t WHERE a = ${'\u0000'}\u0000`).toThrow(/may not contain NUL/);
    expect(() => dsq`SELECT * FROM t WHERE a = ${1} OPTIONS`).toThrow(DsqError);
  });

  it('keeps SELECT action options and extends like any query', () => {
    const q = dsq`SELECT a FROM t WHERE b = ${2} OPTIONS (ROWS = 5)`.where(col('c').isNull()).join('u', 'x').orderBy('a');
    expect(q.toAst()).toEqual(parse('SELECT a FROM t JOIN u AS x WHERE b = 2 AND c IS NULL ORDER BY a OPTIONS (ROWS = 5)'));
  });

  it('dsq.expr builds expressions', () => {
    expect(dsq.expr`amount > ${5} AND status IN ${['a', 'b']}`.node).toEqual(
      col('amount')
        .gt(5)
        .and(col('status').in(['a', 'b'])).node,
    );
  });

  it('parses the static parts once per call site (cached by the strings array)', () => {
    const run = (v: number) => dsq`SELECT * FROM t WHERE b = 1 AND a = ${v}`.toAst() as m.Select;
    const first = run(1);
    const second = run(2);
    const left = (s: m.Select) => (s.where as m.Binary).e1;
    // Unchanged parts of the cached tree are shared, not re-parsed.
    expect(left(second)).toBe(left(first));
    expect((second.where as m.Binary).e2).toEqual(m.binary('=', m.columnRef('a'), m.num('2')));
    // The cached tree is frozen: a statement's parts cannot be changed, here or in the cache.
    expect(() => ((first.from as unknown as Record<string, unknown>)['table'] = 'secrets')).toThrow(TypeError);
    expect((run(3).from as m.TableSource).table).toBe('t');
  });

  it("takes only a tagged call's template strings array: an array or a string made at run time is a DsqError, never parsed or cached (issue 31)", () => {
    const template = (fn: () => unknown): string => {
      try {
        fn();
      } catch (err) {
        expect(err).toBeInstanceOf(DsqError);
        expect((err as DsqError).code).toBe('builder/template');
        return (err as DsqError).message;
      }
      throw new Error('expected a DsqError, nothing was thrown');
    };
    const call = dsq as unknown as (strings: unknown, ...values: unknown[]) => { toText(): string };
    const callExpr = dsq.expr as unknown as (strings: unknown, ...values: unknown[]) => { toText(): string };
    // An ordinary array that changes between calls must not give back the first statement.
    const parts = ['SELECT * FROM t WHERE a = ', ''];
    expect(template(() => call(parts, 1))).toContain(
      'dsq is a template tag: write dsq`SELECT ...`, not a call with an array that is not a template strings array',
    );
    parts[0] = 'SELECT * FROM secrets WHERE a = ';
    expect(template(() => call(parts, 1))).toContain('not a call with an array');
    expect(template(() => call('SELECT * FROM t'))).toContain('not a call with a string');
    expect(template(() => callExpr('a = 1'))).toContain('dsq.expr is a template tag: write dsq.expr`a > ${min}`');
    expect(template(() => call(undefined))).toContain('not a call with undefined');
    expect(template(() => call(Object.freeze(['SELECT * FROM t'])))).toContain('not a template strings array');
    // A tagged call still works, and so does a second call site with the same text.
    expect(call`SELECT * FROM t WHERE a = ${1}`.toText()).toBe('SELECT * FROM t WHERE a = 1');
    expect(dsq`SELECT * FROM t WHERE a = ${2}`.toText()).toBe('SELECT * FROM t WHERE a = 2');
  });

  it('reports parse errors with a code frame of the template as written, ${...} where the values stand', () => {
    try {
      dsq`SELECT * FROM t WHERE a = ${1} ${2}`;
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DsqError);
      const text = (err as DsqError).format();
      expect(text).toContain('1 | SELECT * FROM t WHERE a = ${...} ${...}');
      expect(text).toContain('1:34: error: a value (${...}) cannot stand here (template value 2)');
      expect(text).not.toMatch(/\u0000|\u2400|dsq\d/);
    }
  });

  it('messages never show the placeholder: "a value (${...}) cannot stand here", with the builder way to say it', () => {
    const diagnostic = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        expect(err).toBeInstanceOf(DsqError);
        const e = err as DsqError;
        expect(e.format()).not.toMatch(/\u0000|\u2400|dsq\d/);
        return e.diagnostics[0] as { message: string; hint?: string; span?: { line: number; column: number } };
      }
      throw new Error('expected a DsqError');
    };
    const date = diagnostic(() => dsq`SELECT * FROM t WHERE d = DATE ${'2024-01-31'}`);
    expect(date.message).toBe('a value (${...}) cannot stand here (template value 1): the text needs a string in single quotes after DATE');
    expect(date.hint).toContain('${localDate(d)}');
    expect(date.span).toMatchObject({ line: 1, column: 32 });
    expect(diagnostic(() => dsq`SELECT * FROM t OPTIONS (ROWS = ${500})`).hint).toContain('.options({ rows, useStrings, echo })');
    const quoted = diagnostic(() => dsq`SELECT * FROM t WHERE a = "${'x'}"`);
    expect(quoted.message).toBe('a value (${...}) cannot stand inside a quoted name (template value 1)');
    expect(quoted.hint).toContain('${ident(name)}');
    expect(quoted.span).toMatchObject({ line: 1, column: 28 });
    expect(diagnostic(() => dsq`SELECT * FROM t ORDER BY a ${'desc'}`).hint).toContain(".orderBy(term, 'asc' | 'desc')");
    expect(diagnostic(() => dsq`SELECT * FROM DATABASE_TABLE(${'db'}, t)`).hint).toContain('databaseTable(spec, table)');
    expect(diagnostic(() => dsq`SELECT * FROM t WHERE a COLLATE ${'x'} = 1`).message).toBe('a value (${...}) cannot stand in a collation (template value 1)');
    expect(diagnostic(() => dsq`SELECT ${'f'}(1) FROM t`).hint).toContain('fn(name, ...args)');
    // An error elsewhere in the template keeps the parser's words, with ${...} for the values it mentions.
    const arity = diagnostic(() => dsq`SELECT POW(${2}) FROM t`);
    expect(arity.message).toBe('POW takes exactly 2 arguments (base, exponent), got 1');
    expect(arity.span).toMatchObject({ line: 1, column: 8 });
    const open = diagnostic(() => dsq`SELECT * FROM t WHERE a IN (${1}, ${2}`);
    expect(open.message).toBe("expected ')' after a value (${...}), found the end of the input");
  });

  it('the issue\'s cases: each says "a value (${...}) cannot stand", never the placeholder, and gives the builder way', () => {
    const v = '2024-01-31';
    const cases: readonly (readonly [string, () => unknown, string, string])[] = [
      [
        "DATE '${v}'",
        () => dsq`SELECT * FROM t WHERE d = DATE '${v}'`,
        'a value (${...}) cannot stand inside a quoted string (template value 1)',
        '${localDate(d)}',
      ],
      ['DATE ${v}', () => dsq`SELECT * FROM t WHERE d = DATE ${v}`, 'a value (${...}) cannot stand here (template value 1)', '${localDate(d)}'],
      ["TIMESTAMP '${v}'", () => dsq`SELECT * FROM t WHERE d = timestamp '${v}'`, 'a value (${...}) cannot stand inside a quoted string', '${datetime(x)}'],
      ['"${v}"', () => dsq`SELECT "${v}" FROM t`, 'a value (${...}) cannot stand inside a quoted name (template value 1)', '${ident(name)}'],
      [
        '-- ${v}',
        () => dsq`SELECT * FROM t -- ${v}\n WHERE a = 1`,
        'a value (${...}) cannot stand inside a comment (template value 1)',
        'move it out of the comment',
      ],
      [
        'OPTIONS (ROWS = ${v})',
        () => dsq`SELECT * FROM t OPTIONS (ROWS = ${500})`,
        'a value (${...}) cannot stand here (template value 1)',
        '.options({ rows, useStrings, echo })',
      ],
      [
        'OPTIONS (ECHO = ${v})',
        () => dsq`SELECT * FROM t OPTIONS (ROWS = 5, ECHO = ${true})`,
        'a value (${...}) cannot stand here (template value 1)',
        '.options({ rows, useStrings, echo })',
      ],
      [
        'DATABASE_COLUMN(${v})',
        () => dsq`SELECT DATABASE_COLUMN(${v}, t, c) FROM t`,
        'a value (${...}) cannot stand in DATABASE_COLUMN(...) (template value 1)',
        'databaseColumn(spec, table, spec)',
      ],
    ];
    for (const [name, build, message, way] of cases) {
      let error: unknown;
      try {
        build();
      } catch (err) {
        error = err;
      }
      expect(error, name).toBeInstanceOf(DsqError);
      const e = error as DsqError;
      const d = e.diagnostics[0] as { message: string; hint?: string };
      expect(d.message, name).toContain(message);
      expect(d.hint ?? '', name).toContain(way);
      // Nowhere the internal placeholder: not in the message, the hint, nor the code frame.
      expect(e.format(), name).not.toMatch(/\u0000|\u2400|dsq\d/);
      expect(e.format(), name).toContain('${...}');
    }
  });

  it('a value cut in anywhere in real queries: a query or an error of dsq, never the placeholder in a message (1,000 runs)', () => {
    const dir = fileURLToPath(new URL('../../examples/', import.meta.url));
    const texts = readdirSync(dir)
      .filter((f) => f.endsWith('.dsq'))
      // (without their comments: a value in a comment is refused before anything else is looked at)
      .map((f) =>
        readFileSync(join(dir, f), 'utf8')
          .replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ')
          .trim(),
      )
      .filter((t) => !/dsq\d|\u2400/.test(t));
    expect(texts.length).toBeGreaterThan(10);
    const leak = /\u0000|\u2400|dsq\d/;
    fc.assert(
      fc.property(
        fc.constantFrom(...texts),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }),
        fc.array(
          fc.oneof(
            fc.constantFrom<unknown>(1, 'x', null, [1, 2], { kind: 'column', path: 'p' }, col('c'), selectFrom('u').select('v'), ident('n')),
            fc.jsonValue({ maxDepth: 1 }),
          ),
          { minLength: 3, maxLength: 3 },
        ),
        fc.boolean(),
        (text, cuts, values, endAtValue) => {
          // Half the cuts fall between tokens (where a value may well stand), half anywhere; all between
          // tokens when the text ends after the last value.
          const gaps = [...text.matchAll(/[\s(,=]+/g)].map((m) => (m.index as number) + m[0].length);
          const place = (c: number, k: number) =>
            (k % 2 === 0 || endAtValue) && gaps.length > 0 ? (gaps[Math.floor(c * gaps.length)] as number) : Math.floor(c * text.length);
          const at = [...new Set(cuts.map(place))].sort((x, y) => x - y);
          const parts = at.map((p, i) => text.slice(i === 0 ? 0 : (at[i - 1] as number), p));
          // Sometimes the text ends right after the last value (an unfinished query).
          parts.push(endAtValue ? '' : text.slice(at[at.length - 1] as number));
          const strings = Object.assign([...parts], { raw: [...parts] }) as unknown as TemplateStringsArray;
          try {
            dsq(strings, ...values.slice(0, at.length)).toJson();
          } catch (err) {
            const own = err instanceof DsqError;
            expect(own, String(err)).toBe(true);
            const shown = err instanceof DsqError ? `${err.format()}\n${JSON.stringify(err.diagnostics)}` : (err as Error).message;
            expect(shown, shown).not.toMatch(leak);
          }
        },
      ),
      { numRuns: runs(1000) },
    );
  });

  it('DATABASE_COLUMN(${v}, ...) and its kin are errors, not calls of a function of that name', () => {
    expect(() => dsq`SELECT DATABASE_COLUMN(${'db'}, t, c) FROM t`).toThrow(
      'a value (${...}) cannot stand in DATABASE_COLUMN(...) (template value 1): its parts are names and specifiers, not values',
    );
    expect(() => dsq`SELECT database_column(1, t, ${'c'}) FROM t`).toThrow(/cannot stand/);
    expect(() => dsq`SELECT SYSTEM_COLUMN(${'t'}, c) FROM t`).toThrow(/cannot stand in SYSTEM_COLUMN/);
    expect(() => dsq`SELECT ALIAS(${'a'}) FROM t`).toThrow(/cannot stand in ALIAS/);
    // A where-specifier holds an expression, where a value may stand.
    expect(dsq`SELECT DATABASE_COLUMN(WHERE name = ${'sales'}, t, 'c') FROM t`.toAst()).toEqual(
      parse("SELECT DATABASE_COLUMN(WHERE name = 'sales', t, 'c') FROM t"),
    );
  });

  it('a query with .options(...) is an error as a subquery, IN list or FROM source; a sparse array after IN too', () => {
    const withOptions = selectFrom('u').select('id').options({ rows: 5 });
    expect(() => dsq`SELECT * FROM t WHERE id IN ${withOptions}`).toThrow(/template value 1 \(after IN\) is a query with \.options\(\.\.\.\)/);
    expect(() => dsq`SELECT * FROM ${withOptions}`).toThrow(/template value 1 \(in FROM\) is a query with \.options/);
    expect(() => dsq`SELECT * FROM t WHERE EXISTS ${withOptions}`).toThrow(/\(after EXISTS\) is a query with \.options/);
    expect(() => dsq`SELECT * FROM t WHERE a = ${withOptions}`).toThrow(/template value 1 is a query with \.options/);
    expect(dsq`SELECT * FROM t WHERE id IN ${withOptions.withoutOptions()}`.toAst()).toEqual(parse('SELECT * FROM t WHERE id IN (SELECT id FROM u)'));
    // eslint-disable-next-line no-sparse-arrays
    expect(() => dsq`SELECT * FROM t WHERE id IN ${[1, , 3]}`).toThrow(
      'template value 1 (the list after IN) is a sparse array: it has no item 2 (write null for NULL)',
    );
  });
});
