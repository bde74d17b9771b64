import { describe, expect, it } from 'vitest';
import { fromJsonResult, fromJsonStatementsResult } from '../../src/json/index.js';

/** The JSON reader's diagnostics come in document order, not in the order the readers found them. */
describe('diagnostics in document order', () => {
  it('text: by position (the coordinator\'s case: /where at 1:11 before /from at 1:32)', () => {
    const r = fromJsonResult('{"where": {"$=": [1]}, "from": 5}');
    expect(r.diagnostics.map((d) => [d.pointer, `${d.span?.line}:${d.span?.column}`])).toEqual([
      ['/where', '1:11'],
      ['/from', '1:32'],
    ]);
  });

  it('text: JSON-level problems and tree problems interleave by position', () => {
    const r = fromJsonResult('{"columns": [{"e": {"$between": [1]}}],\n "where": 9223372036854775808,\n "limit": {"$$pow": [1]}}');
    expect(r.diagnostics.map((d) => d.pointer)).toEqual(['/columns/0/e', '/where', '/limit/$$pow']);
  });

  it('a JS value (no spans): by where each pointer comes in the document', () => {
    const r = fromJsonResult({ where: { '$=': [1] }, columns: [{ e: { $between: [1] } }, { e: 1, alias: 5 }], from: 5 });
    expect(r.diagnostics.map((d) => d.pointer)).toEqual(['/where', '/columns/0/e', '/columns/1/alias', '/from']);
  });

  it('several statements: the first statement\'s problems before the second\'s', () => {
    const r = fromJsonStatementsResult('[{"where": {"$=": [1]}, "from": 5}, {"limit": {"$+": [1]}, "from": 6}]');
    expect(r.diagnostics.map((d) => d.pointer)).toEqual(['/0/where', '/0/from', '/1/limit', '/1/from']);
  });
});
