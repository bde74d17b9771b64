import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/ast/nodes.js';
import { fromJsonExpressionResult, fromJsonResult, toJson } from '../../src/json/index.js';

/**
 * Spec audit, the writer: `normalize` writes only the spec's spellings (canonical type names,
 * not the aliases; `$` keys in lower case; the spec's defaults left out in the short form), and
 * what it writes reads back to the same tree in both forms.
 */

const read = (text: string, isExpr: boolean): Node => {
  const r = isExpr ? fromJsonExpressionResult(text) : fromJsonResult(text);
  expect(r.diagnostics, text).toEqual([]);
  return r.value as Node;
};

const CASES: readonly [string, boolean][] = [
  ['{"TYPE":"dt","VALUE":0}', true],
  ['{"type":"ldt","value":"2024-01-01T10:00"}', true],
  ['{"type":"ld","value":"2024-01-01"}', true],
  ['{"type":"lt","value":"10:00"}', true],
  ['{"$AND":[{"$=":[{"$col":"a"},1]},{"$Like":[{"$col":"b"},"x%"]},{"$NOT":{"$is":[{"$col":"c"},null]}}]}', true],
  ['{"$$Pow":[2,{"$$sum":[{"$col":"a"}]}]}', true],
  ['{"type":"case","base":{"$col":"a"},"cases":[{"when":1,"then":"x"}],"else":""}', true],
  ['{"$in":[{"$col":"a"},{"from":{"type":"td","database":7,"table":"records"}}]}', true],
  ['{"distinct":false,"columns":{"type":"all"},"from":{"type":"ts","table":"users","alias":""},"order":[{"e":{"$col":"a"},"order":"asc"}]}', false],
  ['{"from":{"type":"join","op":"left_outer","s1":{"type":"table","table":"a","alias":"x"},"s2":{"type":"select","select":{"from":"b"}}}}', false],
  ['{"action":"select","select":{"from":"t"},"rows":null,"use_strings":false}', false],
  ['{"action":"fetch","fetch":"records","database":"db","records":[1,{"type":"key","key":{"id":2}}],"fields":[],"children":true}', false],
  ['{"action":"set","database":"db","records":[{"A":1,"Tags":["x"],"File":{"type":"base64","content":"aGk="}}],"on_remove":"trash"}', false],
  ['{"action":"update","database":"db","records":{"type":"where","where":{"$>":[{"$col":"a"},1]}},"expressions":{"b":{"$-":{"$col":"b"}}}}', false],
];

describe("normalize writes the spec's spellings", () => {
  it('the aliases dt, ldt, ld, lt, ts, td are written as datetime, localdatetime, localdate, localtime, table_system, table_database', () => {
    expect(toJson(read('{"type":"dt","value":0}', true), { form: 'full' })).toBe('{"type":"datetime","value":0}');
    expect(toJson(read('{"type":"ldt","value":"2024-01-01"}', true), { form: 'full' })).toBe('{"type":"localdatetime","value":"2024-01-01"}');
    expect(toJson(read('{"type":"ld","value":"2024-01-01"}', true), { form: 'full' })).toBe('{"type":"localdate","value":"2024-01-01"}');
    expect(toJson(read('{"type":"lt","value":"10"}', true), { form: 'full' })).toBe('{"type":"localtime","value":"10"}');
    expect(toJson(read('{"from":{"type":"ts","table":"u"}}', false))).toBe('{"from":{"type":"table_system","table":"u"}}');
    expect(toJson(read('{"from":{"type":"td","database":1,"table":"r"}}', false))).toBe('{"from":{"type":"table_database","database":1,"table":"r"}}');
  });

  it("keys in lower case, as the spec writes them; a record's field names as written", () => {
    expect(toJson(read('{"FROM":"t","WHERE":{"$AND":[1,2]},"Limit":1}', false))).toBe('{"from":"t","where":{"$and":[1,2]},"limit":1}');
    expect(toJson(read('{"Action":"insert","Database":"db","Records":[{"Name":"x","TAGS":["a"]}]}', false))).toBe(
      '{"action":"insert","database":"db","records":[{"Name":"x","tags":["a"]}]}',
    );
  });

  it('the short form leaves out what the spec gives as the default; the full form writes columns all and order asc', () => {
    const s = read('{"distinct":false,"columns":{"type":"all"},"from":"t","order":[{"e":1,"order":"asc"}]}', false);
    expect(toJson(s)).toBe('{"from":"t","order":[{"e":1}]}');
    expect(toJson(s, { form: 'full' })).toBe(
      '{"columns":{"type":"all"},"from":{"type":"table","table":"t"},"order":[{"e":{"type":"number","value":1},"order":"asc"}]}',
    );
  });

  it('every case reads back to the same tree from its short and its full form, and normalizing twice changes nothing', () => {
    for (const [text, isExpr] of CASES) {
      const tree = read(text, isExpr);
      const short = toJson(tree);
      const full = toJson(tree, { form: 'full' });
      expect(read(short, isExpr), short).toEqual(tree);
      expect(read(full, isExpr), full).toEqual(tree);
      expect(toJson(read(short, isExpr))).toBe(short);
      expect(toJson(read(full, isExpr), { form: 'full' })).toBe(full);
      // Only standard JSON.
      expect(() => JSON.parse(short)).not.toThrow();
      expect(() => JSON.parse(full)).not.toThrow();
      // No alias type name in the full form.
      expect(full).not.toMatch(/"type":"(dt|ldt|ld|lt|ts|td)"/);
    }
  });
});
