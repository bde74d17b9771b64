import { describe, expect, it } from 'vitest';
import { DsqError, type Diagnostic } from '../../src/diagnostic/index.js';
import { fromJson, fromJsonResult, fromJsonStatementsResult, readJsValueResult, readSpecJsonResult } from '../../src/json/index.js';
import { decompileResult } from '../../src/print/index.js';

/** code, line:col, pointer of each diagnostic: what a person (or an editor) needs to go there. */
const where = (ds: readonly Diagnostic[]) => ds.map((d) => [d.code, d.span ? `${d.span.line}:${d.span.column}` : null, d.pointer ?? null]);

describe('the JSON reader reports every problem it can read past, each with its pointer and line:col', () => {
  it('duplicate keys, an empty key, numbers out of range or not JSON numbers, bare words: all in one pass', () => {
    const text = ['{', '  "a": 1, "A": 2,', '  "": 3,', '  "n": [9223372036854775808, 01, 1e-400, NaN, tru],', '  "s": "ok",', '  "S": 4', '}'].join('\n');
    const r = readSpecJsonResult(text);
    expect(r.value).toBeUndefined();
    expect(where(r.diagnostics)).toEqual([
      ['json/duplicate-key', '2:11', '/A'],
      ['json/empty-key', '3:3', '/'],
      ['json/number-range', '4:9', '/n/0'],
      ['json/syntax', '4:30', '/n/1'],
      ['json/number-range', '4:34', '/n/2'],
      ['json/syntax', '4:42', '/n/3'],
      ['json/syntax', '4:47', '/n/4'],
      ['json/duplicate-key', '6:3', '/S'],
    ]);
    expect(r.diagnostics[0]?.message).toBe('duplicate key "A" (the same key as "a" once trimmed, white space folded and case ignored): first given at 2:3');
    expect(r.diagnostics[0]?.expected).toBe('each key once');
    expect(r.diagnostics[3]?.expected).toBe('a JSON number');
  });

  it('a raw control character and a bad escape are reported, and the strings after them read on', () => {
    const r = readSpecJsonResult('["a\tb", "\\x41", "\\q"]');
    expect(where(r.diagnostics)).toEqual([
      ['json/syntax', '1:4', ''],
      ['json/syntax', '1:10', ''],
      ['json/syntax', '1:18', ''],
    ]);
  });

  it('a broken structure stops reading: the problems before it, then the one that stops', () => {
    const r = readSpecJsonResult('{"a": 1, "a": 2, "b": [1 2]}');
    expect(where(r.diagnostics)).toEqual([
      ['json/duplicate-key', '1:10', '/a'],
      ['json/syntax', '1:26', '/b'],
    ]);
    expect(r.diagnostics[1]?.message).toBe('expected "," or "]" in the array opened at 1:23, got "2"');
    expect(r.diagnostics[1]?.expected).toBe('"," or "]"');
  });

  it('strict mode (dsq.config.json): a trailing comma and undefined are reported, and reading goes on', () => {
    const r = readSpecJsonResult('{\n  "a": [1, 2,],\n  "b": undefined,\n}', { strict: true });
    expect(where(r.diagnostics)).toEqual([
      ['json/syntax', '2:13', '/a'],
      ['json/syntax', '3:8', '/b'],
      ['json/syntax', '3:17', ''],
    ]);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'a trailing comma before "]" is not allowed in strict JSON',
      '"undefined" is not a JSON value in strict JSON',
      'a trailing comma before "}" is not allowed in strict JSON',
    ]);
    // The spec's own rules accept both.
    expect(readSpecJsonResult('{\n  "a": [1, 2,],\n  "b": undefined,\n}').diagnostics).toEqual([]);
  });

  it('a JS value: every bad value and key, with pointers', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const r = readJsValueResult({ a: 2 ** 60, A: 1, list: [() => 1, Number.NaN, 10n ** 30n], cyclic });
    expect(where(r.diagnostics)).toEqual([
      ['json/duplicate-key', null, '/A'],
      ['json/unsafe-number', null, '/a'],
      ['json/wrong-type', null, '/list/0'],
      ['json/number-range', null, '/list/1'],
      ['json/number-range', null, '/list/2'],
      ['json/cycle', null, '/cyclic/self'],
    ]);
  });
});

describe('fromJson reports every problem of a document: the reader goes on with the siblings of a bad value', () => {
  const doc = [
    '{',
    '  "columns": [{"e": {"$col": "a"}}, {"e": {"$colx": "b"}}, {"e": 1, "alais": "x"}],',
    '  "from": {"type": "td", "database": "t"},',
    '  "where": {"$and": [{"$=": [1, 01]}, {"$<": [2, 1e999]}, {"$between": [1, 2]}]},',
    '  "limt": 5,',
    '  "Where": 1,',
    '  "order": [{"e": 1, "dir": "up"}]',
    '}',
  ].join('\n');

  it('JSON problems first, then every unknown property, unknown operator, missing property and bad kind', () => {
    const r = fromJsonResult(doc);
    expect(r.value).toBeUndefined();
    expect(where(r.diagnostics)).toEqual([
      ['json/syntax', '4:33', '/where/$and/0/$=/1'],
      ['json/number-range', '4:50', '/where/$and/1/$</1'],
      ['json/duplicate-key', '6:3', '/Where'],
      ['json/unknown-property', '5:3', '/limt'],
      ['json/unknown-operator', '2:44', '/columns/1/e/$colx'],
      ['json/unknown-property', '2:69', '/columns/2/alais'],
      ['json/missing-property', '3:11', '/from'],
      ['json/operand-count', '4:59', '/where/$and/2'],
      ['json/unknown-property', '7:22', '/order/0/dir'],
    ]);
    const limt = r.diagnostics.find((d) => d.pointer === '/limt') as Diagnostic;
    expect(limt.message).toMatch(/^unknown property "limt" in a select object \(did you mean "limit"\?\)/);
    expect(limt.expected).toMatch(/"limit"/);
    expect((r.diagnostics.find((d) => d.pointer === '/from') as Diagnostic).expected).toBe('"table"');
  });

  it('fromJson throws one DsqError holding all of them, and its format() lists each with a code frame', () => {
    let err: unknown;
    try {
      fromJson(doc);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DsqError);
    const e = err as DsqError;
    expect(e.diagnostics).toEqual(fromJsonResult(doc).diagnostics);
    expect(e.message.split('\n')).toHaveLength(9);
    const shown = e.format('q.json');
    expect(shown).toContain('q.json:5:3: error: unknown property "limt"');
    expect(shown).toContain('q.json:3:11: error: a "td" source needs "table" at /from');
  });

  it('the spec check reports every problem of a tree, each placed; after the JSON problems, which do not stop it', () => {
    const r = fromJsonResult('{"from": "t",\n "columns": [{"e": {"$dt": "2024-13-45"}}, {"e": {"$ld": "x"}}],\n "limit": 99999999999999999999}');
    expect(where(r.diagnostics)).toEqual([
      ['json/number-range', '3:11', '/limit'],
      ['spec/invalid-datetime', '2:28', '/columns/0/e/$dt'],
      ['spec/invalid-datetime', '2:58', '/columns/1/e/$ld'],
    ]);
    expect(r.diagnostics[1]?.message).toBe('"2024-13-45": month 13 is out of range (01 to 12)');
  });

  it('each statement of an array is read: the problems of all of them', () => {
    const r = fromJsonStatementsResult('[{"from": "t", "x": 1},\n {"from": "t"},\n {"from": {"type": "nope"}}]');
    expect(where(r.diagnostics)).toEqual([
      ['json/unknown-property', '1:16', '/0/x'],
      ['json/unknown-type', '3:20', '/2/from/type'],
    ]);
  });

  it('the properties of a select object are each read: a bad one does not hide the others', () => {
    const r = fromJsonResult('{"distinct": 1,\n "columns": "all",\n "from": {"type": "td"},\n "group": {},\n "order": "a",\n "where": {"$nope": 1}}');
    expect(where(r.diagnostics)).toEqual([
      ['json/wrong-type', '1:14', '/distinct'],
      ['json/wrong-type', '2:13', '/columns'],
      ['json/wrong-type', '4:11', '/group'],
      ['json/wrong-type', '5:11', '/order'],
      ['json/missing-property', '3:10', '/from'],
      ['json/unknown-operator', '6:12', '/where/$nope'],
    ]);
  });

  it('decompile: the same diagnostics', () => {
    expect(decompileResult(doc).diagnostics).toEqual(fromJsonResult(doc).diagnostics);
  });

  it('a JS value: the same problems, with pointers and no spans', () => {
    const r = fromJsonResult({ from: 't', where: { $and: [{ $nope: 1 }, 2 ** 60, { $col: 'a' }] }, limt: 1 });
    expect(where(r.diagnostics)).toEqual([
      ['json/unsafe-number', null, '/where/$and/1'],
      ['json/unknown-property', null, '/limt'],
      ['json/unknown-operator', null, '/where/$and/0/$nope'],
    ]);
  });
});

describe('a document with very many problems: the first 200, then one that says more were left out', () => {
  it('text: the reader stops after 200 (a 100,000-value array of bad numbers reads fast and reports 201)', () => {
    const r = readSpecJsonResult(`[${Array.from({ length: 100_000 }, () => '01').join(',')}]`);
    expect(r.diagnostics).toHaveLength(201);
    expect(r.diagnostics[199]?.pointer).toBe('/199');
    expect(r.diagnostics[200]).toMatchObject({ code: 'input/too-many-problems', severity: 'error', message: 'more problems not shown: the first 200 are' });
  });

  it('a JS value: the count of those left out', () => {
    const r = readJsValueResult(Array.from({ length: 1000 }, () => Number.NaN));
    expect(r.diagnostics).toHaveLength(201);
    expect(r.diagnostics[200]?.message).toBe('800 more problems not shown: the first 200 are');
  });

  it('the tree reader too (1,000 unknown properties)', () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `"k${i}": 1`).join(', ');
    const r = fromJsonResult(`{"from": "t", ${keys}}`);
    expect(r.diagnostics).toHaveLength(201);
    expect(r.diagnostics[0]?.code).toBe('json/unknown-property');
    expect(r.diagnostics[200]?.message).toBe('800 more problems not shown: the first 200 are');
  });
});
