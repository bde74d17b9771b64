import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/lint.js';
import { parseDocument } from '../../src/syntax/index.js';
import { toJson } from '../../src/json/to-json.js';
import { SCHEMA, fixture } from './helpers.js';

/**
 * A statement that breaks a rule of the spec (a function with a wrong argument count) is
 * rejected by the parser, but keeps its tree: lint reports every other finding of that
 * statement beside the spec error (issue 30), never one error for the whole statement.
 */
const key = (d: { code: string; span: { line: number } }) => `${d.span.line} ${d.code}`;

describe('findings of a statement with a spec error', () => {
  it('nine mistakes in one statement with a spec error are nine findings', () => {
    const text = "select sum(a, b), upper(a) from t where x = null and y like 'abc' and z in () and w between 5 and 1 and q = '' limit -1";
    const codes = lint(text).diagnostics.map((d) => d.code);
    expect(codes).toEqual([
      'function-arity',
      'unknown-function',
      'null-comparison',
      'like-without-wildcard',
      'empty-in-list',
      'reversed-between',
      'null-comparison',
      'empty-string',
      'invalid-limit',
    ]);
  });

  it('a spec error added to each SELECT of the all-mistakes file adds exactly one finding there and hides none', () => {
    const lines = readFileSync(fixture('all-mistakes.dsq'), 'utf8').split('\n');
    const before = lint(lines.join('\n'), { schema: SCHEMA }).diagnostics.map(key).sort();
    // POW takes two arguments: POW(2) is the spec error, placed first in the column list.
    const broken = lines.map((l) => (/^SELECT /.test(l) && !l.includes(' > ;') ? l.replace(/^SELECT /, 'SELECT POW(2), ') : l));
    const added = broken.flatMap((l, i) => (l === lines[i] ? [] : [`${i + 1} function-arity`]));
    expect(added.length).toBeGreaterThan(20);
    const after = lint(broken.join('\n'), { schema: SCHEMA }).diagnostics.map(key).sort();
    expect(after).toEqual([...before, ...added].sort());
  });

  it('the document keeps such a tree apart from the valid statements, and nothing writes it', () => {
    const doc = parseDocument('select pow(2) from t; select a from t; select from');
    expect(doc.statements).toHaveLength(1);
    expect(doc.recovered.map((r) => r.syntax)).toEqual([false, true]);
    expect(doc.recovered[0]?.span.start).toBe(0);
    expect(() => toJson(doc.recovered[0]!.node)).toThrow(/POW takes exactly 2 arguments/);
  });

  it('lint runs no rule on a tree recovered from a syntax error (its stand-ins are not what was written)', () => {
    // The missing right side is a stand-in NULL: no null-comparison finding.
    const codes = lint('select a from t where x = and y = 2').diagnostics.map((d) => d.code);
    expect(codes).toEqual(['syntax-error']);
  });
});
