import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, fromJsonExpression, readSpecJson } from '../../src/json/index.js';
import { parseDocument, parseExpression } from '../../src/syntax/index.js';
import { runCli } from '../helpers/cli.js';

const TINY = ['1e-400', '-1e-400', '1e-99999999999999999999', `0.${'0'.repeat(330)}1`];
const HUGE = [`1${'0'.repeat(309)}.5`, `-2${'0'.repeat(400)}.25`];

function rejected(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    if (err instanceof DsqError) return err.first.message;
    throw err;
  }
  throw new Error('accepted');
}

describe('one float64 range rule in every reader (issue 9)', () => {
  it('the text parser rejects a non-zero number that rounds to 0, as it rejects one that rounds to Infinity', () => {
    for (const t of [...TINY, ...HUGE]) {
      expect(
        rejected(() => parseExpression(`x > ${t.replace(/^-/, '')}`)),
        t,
      ).toMatch(/outside the 64-bit floating point range/);
      const doc = parseDocument(`SELECT ${t} FROM t`);
      expect(doc.diagnostics.map((d) => d.code)).toContain('syntax/invalid-number');
    }
  });

  it("the JSON reader (text, the full form's number text) does too", () => {
    for (const t of [...TINY, ...HUGE]) {
      expect(
        rejected(() => readSpecJson(`[${t}]`)),
        t,
      ).toMatch(/outside the 64-bit floating point range/);
      expect(
        rejected(() => fromJsonExpression(`{"type": "number", "value": "${t}"}`)),
        t,
      ).toMatch(/outside the 64-bit floating point range/);
    }
    expect(rejected(() => fromJson('{"from": "t", "where": {"$<": [{"$col": "x"}, 1e-400]}}'))).toMatch(/1e-400 is outside/);
  });

  it('the CLI reports it with line:col, exit 1', async () => {
    const compiled = await runCli(['compile', '-'], { stdin: 'SELECT a FROM t\nWHERE b < 1e-400' });
    expect(compiled.code).toBe(1);
    expect(compiled.err).toMatch(/^<stdin>:2:11: error: 1e-400 is outside the 64-bit floating point range/);
    const normalized = await runCli(['normalize', '--expr', '-'], { stdin: '{"$<": [{"$col": "x"}, 1e-400]}' });
    expect(normalized.code).toBe(1);
    expect(normalized.err).toMatch(/^<stdin>:1:24: error: 1e-400 is outside the 64-bit floating point range/);
  });
});
