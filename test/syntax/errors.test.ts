import fc from 'fast-check';
import { compileWarnings } from '../../src/lint/compile-warnings.js';
import { lint } from '../../src/lint/lint.js';
import { print } from '../../src/print/index.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { describe, expect, it } from 'vitest';
import { DsqError, type Diagnostic } from '../../src/diagnostic/index.js';
import { parse, parseDocument, parseExpression } from '../../src/syntax/index.js';
import { runs } from '../helpers/runs.js';

function errorsOf(text: string): Diagnostic[] {
  try {
    parse(text);
  } catch (err) {
    expect(err).toBeInstanceOf(DsqError);
    return [...(err as DsqError).diagnostics];
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
}

function firstError(text: string): Diagnostic {
  return errorsOf(text)[0] as Diagnostic;
}

describe('errors a person can act on', () => {
  it('says what was expected after which token, with line:col', () => {
    const d = firstError('SELECT a\nFROM t\nWHERE a = 1 AND');
    expect(d.message).toBe('expected an expression after AND, found the end of the input');
    expect(d.span).toMatchObject({ line: 3, column: 16 });
    expect(d.severity).toBe('error');
  });

  it("names a statement's ';' as its end, and the end of the input as that", () => {
    const messages = (text: string) => parseDocument(text).diagnostics.map((d) => d.message);
    expect(messages('SELECT a FROM t WHERE;')).toEqual(["expected an expression after WHERE, found the end of the statement (';')"]);
    expect(messages('SELECT a FROM;\nSELECT 1')).toEqual(["expected a table or (SELECT ...) after FROM, found the end of the statement (';')"]);
    expect(messages('SELECT a FROM t WHERE')).toEqual(['expected an expression after WHERE, found the end of the input']);
    expect(messages('STRUCT MN ALIAS 12 IN p.mn ALIASES;')[0]).toMatch(/found the end of the statement \(';'\)$/);
  });
  it('formats as FILE:LINE:COL with a code frame and a caret', () => {
    try {
      parse('SELECT a\nFROM t WHERE a = = 1');
    } catch (err) {
      const text = (err as DsqError).format('q.dsq');
      expect(text).toContain('q.dsq:2:18: error: expected an expression after');
      expect(text).toContain('2 | FROM t WHERE a = = 1');
      expect(text).toMatch(/\n {2}\| {18}\^/);
      return;
    }
    throw new Error('not rejected');
  });

  it.each([
    ['SELECT a FROM', 'expected a table or (SELECT ...) after FROM, found the end of the input'],
    ['SELECT FROM t', 'expected an expression after SELECT, found FROM'],
    ['SELECT a FROM t GROUP a', 'expected BY after GROUP, found name a'],
    ['SELECT (1 + 2 FROM t', "expected ')' after number 2, found FROM"],
    ['SELECT CASE WHEN 1 END', 'expected THEN after number 1, found END'],
    ['SELECT a b c', "unexpected name c: expected the end of the statement (';' or the end of the input)"],
    ['SELECT 9223372036854775808', '9223372036854775808 is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)'],
    ["SELECT DATE '2024-13-01'", '"2024-13-01": month 13 is out of range (01 to 12)'],
    ["SELECT DATE '2023-02-29'", '"2023-02-29": day 29 does not exist in 2023-02 (which has 28 days)'],
    ["SELECT DATE '2024-02-30'", '"2024-02-30": day 30 does not exist in 2024-02 (which has 29 days)'],
    ["SELECT DATE '2023-W54'", '"2023-W54": week 54 does not exist: 2023 has 52 ISO weeks'],
    ["SELECT TIME '24:00'", '"24:00": hour 24 is out of range (00 to 23)'],
    ["SELECT TIMESTAMP '2024-01-01T10:00Z'", '"2024-01-01T10:00Z" is not a local datetime (no offset): unexpected "Z"'],
    ["SELECT DATE '2024-01-01T10:00'", '"2024-01-01T10:00" is not a date: unexpected "T10:00"'],
    ['SELECT DATETIME(1.5)', 'DATETIME(milliseconds) must be a whole number, found 1.5'],
    ["SELECT a FROM t WHERE a = 'x", "unterminated string: missing the closing '"],
    ['SELECT "a FROM t', 'unterminated quoted name: missing the closing "'],
    ['SELECT a /* never closed', 'unterminated comment: missing the closing */'],
    ['SELECT "" FROM t', 'a name cannot be empty ("")'],
    ["SELECT * FROM TABLE('')", "a table path cannot be empty ('')"],
    ['SELECT COUNT(DISTINCT *)', "'*' is an argument only in COUNT(*), found COUNT(DISTINCT *)"],
    ['SELECT f(*)', "'*' is an argument only in COUNT(*), found f(*)"],
    ['SELECT MAX(DISTINCT x)', 'DISTINCT is allowed only in COUNT, AVG and SUM, found MAX(DISTINCT ...)'],
    ['SELECT 1 OPTIONS (FOO = 1)', 'unknown option FOO: expected ROWS, USE_STRINGS or ECHO'],
    ['SELECT 1 OPTIONS (ECHO = TRUE, ECHO = FALSE)', 'option ECHO is given twice'],
    ['SELECT 1 OPTIONS (ROWS = TRUE)', 'ROWS takes a whole number'],
    ['SELECT 1 OPTIONS (ECHO = 1)', 'ECHO takes TRUE or FALSE'],
  ])('%s', (text, message) => {
    expect(firstError(text).message).toBe(message);
  });

  it('reports every error of a file in one run (recovery at statements and clauses)', () => {
    const errors = errorsOf('SELECT a FROM t WHERE a = 1 GROUP a ORDER BY b;\nSELECT (1 + 2 FROM t;\nSELECT ok FROM t;\nSELECT x FROM t WHERE y IN (1, 2');
    expect(errors.map((d) => [d.span?.line, d.message])).toEqual([
      [1, 'expected BY after GROUP, found name a'],
      [2, "expected ')' after number 2, found FROM"],
      [4, "expected ')' after number 2, found the end of the input"],
    ]);
  });

  it('reports several errors inside one statement', () => {
    const errors = errorsOf("SELECT DATE '2024-13-01', 9223372036854775808 FROM t WHERE a = AND b = 1 ORDER BY");
    expect(errors.map((d) => d.message)).toEqual([
      '"2024-13-01": month 13 is out of range (01 to 12)',
      '9223372036854775808 is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)',
      "expected an expression after '=', found AND",
      'expected an expression after BY, found the end of the input',
    ]);
  });

  it('never throws anything but DsqError on broken input', () => {
    for (const text of [
      '',
      ';',
      ')',
      'SELECT',
      'SELECT (',
      'SELECT ((((',
      'SELECT a FROM (',
      "SELECT 'a",
      'SELECT CASE',
      'SELECT x IN (SELECT',
      '\u0000',
      'SELECT 1 OPTIONS (',
      'SELECT * FROM DATABASE_TABLE(',
    ]) {
      expect(() => parse(text)).toThrow(DsqError);
      expect(() => parseDocument(text)).not.toThrow();
    }
  });
});

describe("SQL habits get a hint naming the dialect's way", () => {
  const hint = (text: string) => errorsOf(text).find((d) => d.hint)?.hint ?? '';
  it.each([
    ['SELECT a FROM t JOIN u ON t.id = u.id', 'put the join condition in WHERE'],
    ['SELECT a FROM t JOIN u USING (id)', 'put the join condition in WHERE'],
    ["SELECT a || 'x' FROM t", "dsq has no '||' string concatenation"],
    ["SELECT a FROM t WHERE a ILIKE 'x%'", 'dsq has no ILIKE; use LIKE'],
    ['SELECT a FROM t LIMIT 10, 20', 'write LIMIT count OFFSET offset'],
    ['SELECT TOP 10 a FROM t', 'write LIMIT n'],
    ['SELECT DATE "2024-01-01"', "double quotes make a name; write DATE '2024-01-01'"],
    ['SELECT * FROM t WHERE d = TIMESTAMP "2024-01-01T10:00"', "write TIMESTAMP '2024-01-01T10:00'"],
    ['SELECT t.* FROM t', 'write SELECT * for all columns'],
    ['SELECT a FROM t UNION SELECT b FROM u', 'dsq has no UNION'],
    ['WITH x AS (SELECT 1) SELECT * FROM x', 'dsq has no WITH'],
    ['SELECT a::int FROM t', "dsq has no '::' casts"],
    ['SELECT a FROM t WHERE a == 1', "use '=' for equality"],
    ['SELECT a FROM t ORDER BY a NULLS FIRST', 'dsq has no NULLS FIRST'],
    ['SELECT a FROM t WHERE b = TRUE', 'write a comparison'],
    ['SELECT * FROM (SELECT 1) AS s', 'remove the alias'],
    ['SELECT `a` FROM t', 'quote names with double quotes'],
    ['SELECT * FROM TABLE("x")', 'a text literal uses single quotes'],
    ['SELECT *, a FROM t', "'*' stands for all columns"],
    ['SELECT t.order FROM t', 'ORDER is a keyword; a name spelled like it is written quoted: "order"'],
    ['SELECT a AS from FROM t', 'FROM is a keyword; a name spelled like it is written quoted: "from"'],
    ['SELECT LEFT(x, 2) FROM t', 'LEFT is a keyword; a function of that name is written quoted: "LEFT"(...)'],
  ])('%s', (text, expected) => {
    expect(hint(text)).toContain(expected);
  });

  it('a double-quoted name that looks like text is valid syntax: the warning is the quoted-text lint rule (compile runs it too)', () => {
    const text = 'SELECT * FROM t WHERE name = "John Smith" OR code LIKE "A%" OR x = "plain"';
    const doc = parseDocument(text);
    expect(doc.diagnostics).toEqual([]);
    expect(doc.statements).toHaveLength(1);
    const warnings = compileWarnings(doc);
    expect(warnings.map((d) => [d.code, d.severity, d.message])).toEqual([
      ['quoted-text', 'warning', '"John Smith" is a column name (double quotes), but looks like text.'],
      ['quoted-text', 'warning', '"A%" is a column name (double quotes), but looks like text.'],
    ]);
    expect(warnings[0]?.hint).toBe("for text use single quotes: 'John Smith'");
    expect(warnings[0]?.span).toMatchObject({ line: 1, column: 30 });
    expect(() => parse('SELECT * FROM t WHERE name = "John Smith"')).not.toThrow();
  });

  it("compile's warnings are exactly lint's quoted-text and unknown-function findings, as warnings (property)", () => {
    const shown = (d: { code: string; message: string; span?: unknown; hint?: string }) => ({ code: d.code, message: d.message, span: d.span, hint: d.hint });
    fc.assert(
      fc.property(arbStatement, (statement) => {
        const text = print(statement);
        const linted = lint(text).diagnostics.filter((d) => d.code === 'quoted-text' || d.code === 'unknown-function');
        const warnings = compileWarnings(parseDocument(text));
        expect(warnings.every((d) => d.severity === 'warning')).toBe(true);
        expect(warnings.map(shown)).toEqual(linted.map(shown));
      }),
      { numRuns: runs(200) },
    );
  });

  it('a set operation after a table gets its own hint, whatever the path or alias before it (issue 31: never "orders was read as an alias: did you mean ORDER?")', () => {
    const word = fc.constantFrom('orders', 'groups', 'limits', 'offsets', 'wheres', 'form', 'fromm', 'ordr', 'x', 'havin');
    const path = fc
      .tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([segments, trash]) => `${segments.join('.')}${trash ? '@trash' : ''}`);
    fc.assert(
      fc.property(
        path,
        fc.option(word, { nil: null }),
        fc.constantFrom('UNION', 'INTERSECT', 'EXCEPT', 'MINUS', 'union'),
        fc.constantFrom('', ' ALL', ' DISTINCT'),
        (from, alias, op, after) => {
          const text = `SELECT id FROM ${from}${alias === null ? '' : ` ${alias}`} ${op}${after} SELECT id FROM u`;
          const [first] = errorsOf(text);
          expect(first?.message, text).toBe(`unexpected ${op.toUpperCase()}: expected the end of the statement (';' or the end of the input)`);
          expect(first?.hint, text).toBe(`dsq has no ${op.toUpperCase()}: a select object is one query; write separate statements separated by ';'`);
        },
      ),
      { numRuns: runs(300) },
    );
    // The alias guess stays where it is right: a misspelt clause read as an alias.
    expect(hint('SELECT a FORM t')).toBe('FORM was read as an alias: did you mean FROM?');
    expect(hint('SELECT a FROM shop.orders LIMT 5')).toBe('LIMT was read as an alias: did you mean LIMIT?');
  });

  it('parseExpression rejects trailing text', () => {
    expect(() => parseExpression('a b')).toThrow(/unexpected name b/);
    expect(() => parseExpression('a; b')).toThrow(DsqError);
  });
});
