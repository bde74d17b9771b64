import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, readSpecJson } from '../../src/json/index.js';
import { parseDocument } from '../../src/syntax/index.js';
import { runCli } from '../helpers/cli.js';

/** Every line of an error report is short, whatever the input quoted. */
const MAX_LINE = 400;
const longest = (text: string) => Math.max(...text.split('\n').map((l) => l.length));

describe('error messages cap what they quote (issue 9)', () => {
  const huge = 'k'.repeat(100_000);
  const digits = `1${'0'.repeat(100_000)}`;
  const cases: [string, string[], string, RegExp][] = [
    [
      'an unterminated 100,000-deep JSON document',
      ['normalize'],
      '['.repeat(100_000),
      /got the end of the input at \/0\/0\/0.*…\(\d{3},\d{3} more characters\)…\/0\/0/,
    ],
    ['a 100,000-character key', ['normalize'], `{"${huge}": 1}`, /unknown property "k{39}…\(99,942 more characters\)…k{19}"/],
    ['a 100,000-character operator', ['normalize', '--expr'], `{"$${huge}": 1}`, /k{20}…\(\d{2},\d{3} more characters\)…k{19}/i],
    ['a 100,001-digit JSON number', ['normalize'], `{"from": "t", "limit": ${digits}}`, /10{39}…\(99,941 more characters\)…0{20} is a whole number outside/],
    ['a 100,001-digit number in text', ['compile'], `SELECT ${digits} FROM t`, /10{39}…\(99,941 more characters\)…0{20} is a whole number outside/],
    ['a 100,000-character name in text', ['compile'], `SELECT ${huge} x y FROM t`, /.*/],
    ['a 100,000-character unknown function', ['lint', '-'], `SELECT ${huge}(a) FROM t`, /k{20}…\(\d{2},\d{3} more characters\)…k{19}/i],
  ];

  it.each(cases)('%s: every line short, the quote shortened in the middle', async (_what, args, input, expected) => {
    const r = await runCli(args, { stdin: input });
    expect(r.code).toBe(1);
    const report = `${r.out}${r.err}`;
    expect(report).toMatch(expected);
    expect(longest(report)).toBeLessThan(MAX_LINE);
    expect(report.length).toBeLessThan(3000);
  });

  it('the library errors carry short messages too (err.message, diagnostics), the pointer stays exact data', () => {
    let err: unknown;
    try {
      readSpecJson('['.repeat(100_000));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DsqError);
    const e = err as DsqError;
    expect(e.message.length).toBeLessThan(MAX_LINE);
    expect(e.first.pointer?.length).toBe(200_000);
    expect(() => fromJson(`{"${huge}": 1}`)).toThrow(/^1:2 \/k{39}…\(99,941 more characters\)…k{20}: /);
    const doc = parseDocument(`SELECT ${digits} FROM t`);
    expect(doc.diagnostics[0]?.message.length).toBeLessThan(MAX_LINE);
  });
});
