import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, fromJsonExpression } from '../../src/json/index.js';
import { lint } from '../../src/lint/index.js';
import { readSchema } from '../../src/schema/index.js';
import { parseExpression } from '../../src/syntax/index.js';
import { runCli } from '../helpers/cli.js';

const SCHEMA_TEXT = readFileSync(new URL('../lint/fixtures/schema.json', import.meta.url), 'utf8');

const message = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    if (err instanceof DsqError) return err.first.message;
    throw err;
  }
  throw new Error('expected an error');
};

describe('messages that say one thing', () => {
  it("`printf '1; 2' | dsq compile --expr -` does not contradict itself", async () => {
    const run = await runCli(['compile', '--expr', '-'], { stdin: '1; 2' });
    expect(run.code).toBe(1);
    expect(run.err).toContain(
      "unexpected ';': expected the end of the input after the expression (the input is one expression; ';' separates statements, not expressions)",
    );
    expect(run.err).not.toContain("(';' or the end of the input)");
    expect(message(() => parseExpression('1 2'))).toBe('unexpected number 2: expected the end of the input after the expression');
  });

  it('"The literal `undefined` is accepted; a key with value undefined equals an absent key": {"$not": undefined} says so, not "an empty object"', () => {
    const expected =
      'expected an expression: an object needs "type" or a single "$" shorthand property, got an object whose only property "$not" is undefined (an undefined property is absent, so the object is empty)';
    expect(message(() => fromJsonExpression('{"$not": undefined}'))).toBe(expected);
    expect(message(() => fromJsonExpression({ $not: undefined }))).toBe(expected);
    expect(message(() => fromJson('{"where": {"$not": undefined, "$and": undefined}}'))).toContain('whose only properties "$not", "$and" are undefined');
    // A member that is there still reads: undefined ones are absent.
    expect(fromJsonExpression('{"$not": 1, "$x": undefined}')).toEqual({ kind: 'unary', op: 'not', e: { kind: 'number', value: '1' } });
    expect(message(() => fromJsonExpression('{}'))).toContain('got an empty object');
  });
});

describe('double-quoted text: one rule (quoted-text) in compile and lint, never a syntax error', () => {
  it('`= "hello world"`: the same warning from compile (exit 0, JSON out) and lint (exit 0, rule quoted-text)', async () => {
    const text = 'SELECT a FROM t WHERE status = "hello world"\n';
    const compile = await runCli(['compile', '-'], { stdin: text });
    expect(compile.code).toBe(0);
    expect(JSON.parse(compile.out)).toEqual({ columns: [{ e: { $col: 'a' } }], from: 't', where: { '$=': [{ $col: 'status' }, { $col: 'hello world' }] } });
    const warning = '"hello world" is a column name (double quotes), but looks like text.';
    expect(compile.err).toContain(`<stdin>:1:32: warning: ${warning}`);
    expect(compile.err).toContain("hint: for text use single quotes: 'hello world'");
    const result = lint(text);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.message, d.span.line, d.span.column])).toEqual([['quoted-text', 'warning', warning, 1, 32]]);
    const cli = await runCli(['lint', '-'], { stdin: text });
    expect(cli.code).toBe(0);
    expect(cli.out).toContain('quoted-text');
    expect(cli.out).not.toContain('syntax-error');
  });

  it('`status = "paid"`: silent without a schema; with one (status a text field, no column paid) the same warning in compile and lint', async () => {
    const text = 'SELECT customer FROM sales.orders WHERE region = "north"\n';
    expect(lint(text).diagnostics).toEqual([]);
    expect((await runCli(['compile', '-'], { stdin: text })).err).toBe('');
    const warning = '"north" is a column name (double quotes), but no column "north" is in scope and it is compared with the text field region.';
    expect(lint(text, { schema: readSchema(SCHEMA_TEXT) }).diagnostics.map((d) => [d.code, d.message])).toEqual([['quoted-text', warning]]);
    const dir = mkdtempSync(join(tmpdir(), 'dsq-quoted-'));
    writeFileSync(join(dir, 'schema.json'), SCHEMA_TEXT);
    writeFileSync(join(dir, 'dsq.config.json'), '{"schema": "schema.json"}');
    writeFileSync(join(dir, 'q.dsq'), text);
    const compile = await runCli(['compile', 'q.dsq'], { cwd: dir });
    expect(compile.code).toBe(0);
    expect(compile.err).toContain(`q.dsq:1:50: warning: ${warning}`);
    const linted = await runCli(['lint', 'q.dsq'], { cwd: dir });
    expect(linted.out).toContain(warning);
    expect(linted.out).not.toContain('unknown-field');
    // Turned off in the configuration: silent in both.
    writeFileSync(join(dir, 'dsq.config.json'), '{"schema": "schema.json", "rules": {"quoted-text": "off"}}');
    expect((await runCli(['compile', 'q.dsq'], { cwd: dir })).err).toBe('');
    expect((await runCli(['lint', 'q.dsq'], { cwd: dir })).out).not.toContain('quoted-text');
  });

  it('a quoted name that is a column stays quiet: compared with text, known to the schema, or a path', () => {
    const schema = readSchema(SCHEMA_TEXT);
    expect(lint('SELECT a FROM t WHERE "first name" = \'Bob\'').diagnostics).toEqual([]);
    expect(lint('SELECT a FROM t WHERE "a b".c = d').diagnostics).toEqual([]);
    expect(lint('SELECT customer FROM sales.orders WHERE "region" = customer', { schema }).diagnostics).toEqual([]);
    expect(lint('SELECT "first name" FROM t').diagnostics).toEqual([]);
  });

  it('LIKE patterns, IN lists and BETWEEN bounds are compared values too', () => {
    const codes = (text: string) => lint(text).diagnostics.map((d) => `${d.code} ${d.span.column}`);
    expect(codes('SELECT a FROM t WHERE b LIKE "x%"')).toEqual(['quoted-text 30']);
    expect(codes('SELECT a FROM t WHERE b IN ("x y", 1)')).toEqual(['quoted-text 29']);
    expect(codes('SELECT a FROM t WHERE b BETWEEN "a a" AND 2')).toEqual(['quoted-text 33']);
  });
});
