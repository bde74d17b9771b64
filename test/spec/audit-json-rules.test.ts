import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/ast/nodes.js';
import { fromJsonResult, toJson } from '../../src/json/index.js';
import { expr, stmt } from './audit-helpers.js';

/** Spec audit, "JSON rules (for actions and responses)", rule by rule, and "Datetime string syntax". */

describe('JSON rule 1: "An empty string equals null. An empty string is not allowed as an object key."', () => {
  it('"" where an expression goes is the null expression', () => {
    expr.accepts('""', 'null', '{"type":"null"}');
    expr.accepts('{"$=":[{"$col":"a"},""]}', '{"$=":[{"$col":"a"},null]}');
  });
  it('"" for an optional property is absent, for a required one missing', () => {
    stmt.accepts('{"from":{"type":"table","table":"t","alias":""}}', '{"from":"t"}');
    stmt.accepts('{"from":""}', '{}');
    stmt.rejects('{"from":{"type":"table","table":""}}', 'json/wrong-type', '/from/table');
  });
  it('"" as a field value is a null field value', () => {
    stmt.accepts('{"action":"insert","database":"db","records":[{"a":""}]}', '{"action":"insert","database":"db","records":[{"a":null}]}');
  });
  it('an empty key, or one that is only white space, is an error', () => {
    stmt.rejects('{"":1}', 'json/empty-key', '/');
    stmt.rejects('{"from":"t","  ":1}', 'json/empty-key');
    stmt.rejects('{"action":"insert","database":"db","records":[{"":1}]}', 'json/empty-key');
  });
});

describe('JSON rules 2-4: duplicates, case-insensitive keys, normalized keys', () => {
  it('rule 2: "Duplicate keys in an object are an error"', () => {
    stmt.rejects('{"from":"t","from":"u"}', 'json/duplicate-key', '/from');
    expr.rejects('{"type":"in","e":1,"values":[],"values":[2]}', 'json/duplicate-key', '/values');
  });
  it('rule 3: "Keys are case-insensitive; keys differing only by case are duplicates"', () => {
    stmt.accepts('{"FROM":"t","Where":{"$COL":"x"},"LiMiT":1}', '{"from":"t","where":{"$col":"x"},"limit":1}');
    expr.accepts('{"TYPE":"binary","OP":"+","E1":1,"e2":2}', '{"$+":[1,2]}');
    stmt.rejects('{"from":"t","FROM":"u"}', 'json/duplicate-key', '/FROM');
    expr.rejects('{"$col":"a","$COL":"b"}', 'json/duplicate-key', '/$COL');
    stmt.rejects('{"action":"update","database":"db","records":1,"fields":{"Name":1,"NAME":2}}', 'json/duplicate-key', '/fields/NAME');
  });
  it('rule 4: "leading and trailing white space trimmed, internal white space runs reduced to one space"', () => {
    stmt.accepts('{" from ":"t","\\twhere\\n":1}', '{"from":"t","where":1}');
    stmt.rejects('{"from":"t","where ":1," where":2}', 'json/duplicate-key');
    stmt.rejects('{"action":"insert","database":"db","records":[{"first  name":1,"first name":2}]}', 'json/duplicate-key');
    stmt.rejects('{"action":"insert","database":"db","records":[{"a\\tb":1,"a b":2}]}', 'json/duplicate-key');
  });
});

describe('JSON rule 5: "Extra commas after the last item of arrays and objects are accepted"', () => {
  it('one extra comma, in arrays and objects', () => {
    stmt.accepts('{"from":"t","group":[{"$col":"a"},{"$col":"b"},],}', '{"from":"t","group":[{"$col":"a"},{"$col":"b"}]}');
    expr.accepts('{"$in":[1,[2,3,],],}', '{"$in":[1,[2,3]]}');
  });
  it('a comma alone, or two, is no item', () => {
    stmt.rejects('{"from":"t",,}', 'json/syntax');
    expr.rejects('[,]', 'json/syntax');
    stmt.rejects('{,}', 'json/syntax');
  });
});

describe('JSON rule 6: "A whole number (including one with a zero fraction) must lie in the signed 64-bit range. Any other number must lie within the 64-bit floating point range."', () => {
  it('the ends of the signed 64-bit range, kept exactly', () => {
    expr.accepts('9223372036854775807', '9223372036854775807');
    expr.accepts('-9223372036854775808', '-9223372036854775808');
    stmt.accepts(
      '{"action":"insert","database":"db","records":[{"id":9223372036854775807}]}',
      '{"action":"insert","database":"db","records":[{"id":9223372036854775807}]}',
    );
  });
  it('whole numbers beyond it, also written with a zero fraction or an exponent, are errors', () => {
    for (const t of ['9223372036854775808', '-9223372036854775809', '9223372036854775808.0', '9.3e18', '1e19', '18446744073709551616']) {
      expr.rejects(t, 'json/number-range', '');
    }
    stmt.rejects('{"action":"insert","database":"db","records":[{"id":9223372036854775808}]}', 'json/number-range', '/records/0/id');
  });
  it('a zero fraction is whole: 1.0 and 1e3 are read and kept as written', () => {
    expr.accepts('1.0', '1.0');
    expr.accepts('1e3', '1e3');
    stmt.accepts('{"action":"select","select":{},"rows":100.0}', '{"action":"select","select":{},"rows":100.0}');
  });
  it('other numbers within the float range are read exactly as written; beyond ±1.8e308 an error', () => {
    expr.accepts('0.1', '0.1');
    expr.accepts('-2.5e-300', '-2.5e-300');
    expr.accepts('3.14159265358979323846264338327950288', '3.14159265358979323846264338327950288');
    expr.accepts('9223372036854775807.5', '9223372036854775807.5');
    expr.rejects(`1${'0'.repeat(320)}.5`, 'json/number-range');
    expr.rejects(`-1${'0'.repeat(320)}.5`, 'json/number-range');
  });
  it('only JSON numbers: no NaN, Infinity, leading zeros, "+", hex, bare "."', () => {
    for (const t of ['NaN', 'Infinity', '-Infinity', '01', '+1', '0x10', '.5', '1.', '1e']) expr.rejects(t, 'json/syntax');
  });
  it('where a whole number is required, a fraction is an error (FETCH limit, rows, a datetime in ms)', () => {
    stmt.rejects('{"action":"fetch","fetch":"records","database":"db","limit":10.5}', 'spec/invalid-number', '/limit');
    stmt.rejects('{"action":"select","select":{},"rows":2.5}', 'spec/rows', '/rows');
    expr.rejects('{"$dt":1.5}', 'spec/invalid-datetime', '/$dt');
  });
  it('where a number is required, number text is not a number (FETCH limit, rows)', () => {
    stmt.rejects('{"action":"fetch","fetch":"records","database":"db","limit":"10"}', 'json/wrong-type', '/limit');
    stmt.rejects('{"action":"select","select":{},"rows":"10"}', 'json/wrong-type', '/rows');
  });
});

describe('JSON rule 7: "The literal `undefined` is accepted; a key with value undefined equals an absent key. In record objects an explicit null means a null field value and undefined means nothing."', () => {
  it('an optional property given undefined is absent', () => {
    stmt.accepts('{"from":"t","where":undefined,"limit":undefined}', '{"from":"t"}');
    expr.accepts('{"type":"case","cases":[{"when":1,"then":2}],"else":undefined}', '{"type":"case","cases":[{"when":1,"then":2}]}');
  });
  it('a required property given undefined is missing', () => {
    expr.rejects('{"type":"string","value":undefined}', 'json/missing-property');
    stmt.rejects('{"action":"select","select":undefined}', 'json/missing-property');
  });
  it('in a record, null is a null field value and undefined is nothing', () => {
    stmt.accepts(
      '{"action":"insert","database":"db","records":[{"a":null,"b":undefined,"c":1}]}',
      '{"action":"insert","database":"db","records":[{"a":null,"c":1}]}',
    );
    stmt.accepts(
      '{"action":"update","database":"db","records":1,"fields":{"a":null,"b":undefined}}',
      '{"action":"update","database":"db","records":1,"fields":{"a":null}}',
    );
  });
  it('two keys differing by case are two keys even when one is undefined (duplicates are a property of the text)', () => {
    stmt.rejects('{"from":"t","where":undefined,"WHERE":1}', 'json/duplicate-key');
  });
});

describe('JSON rule 8: "All server outputs are valid standard JSON": what dsq writes is standard JSON', () => {
  it('no trailing commas, no undefined, exact numbers, escaped control characters', () => {
    const text = '{"from":"t","where":{"$=":[{"$col":"a"},"x\\u0001\\ny"]},"limit":9223372036854775807,"offset":undefined,}';
    const out = toJson(fromJsonResult(text).value as Node);
    expect(out).toBe('{"from":"t","where":{"$=":[{"$col":"a"},"x\\u0001\\ny"]},"limit":9223372036854775807}');
    expect(() => JSON.parse(out)).not.toThrow();
  });
});

describe('"Datetime string syntax: date element, optionally followed by T, an optional time element and an optional offset"', () => {
  const ok = [
    '2024',
    '2024-01',
    '2024-01-31',
    '2024-032',
    '2024-W05',
    '2024-W05-7',
    '2024-01-31T',
    '2024-01-31T10',
    '2024-01-31T10:30',
    '2024-01-31T10:30:15',
    '2024-01-31T10:30:15.1',
    '2024-01-31T10:30:15,123',
    '2024-01-31T10:30Z',
    '2024-01-31T10:30+01',
    '2024-01-31T10:30-05:30',
    '2024-01-31T10:30+01:00:30',
    '2024-01-31T10:30+01:00:30.250',
    '2024-01-31Z',
    '2024-01-31+02:00',
  ];
  it('each form of the date element, time element and offset', () => {
    for (const t of ok) expr.accepts(`{"$dt":"${t}"}`, `{"$dt":"${t}"}`);
  });
  const bad = [
    '24-01-31',
    '2024-1-31',
    '2024-13-01',
    '2024-02-30',
    '2023-366',
    '2024-W54',
    '2024-W05-8',
    '2024-01-31T25',
    '2024-01-31T10:60',
    '2024-01-31T10:30:60',
    '2024-01-31T10:30:15.1234',
    '2024-01-31 10:30',
    '2024-01-31T10:30X',
    'today',
    '',
  ];
  it('what is not in the subset is an error', () => {
    for (const t of bad.slice(0, -1)) expr.rejects(`{"$dt":"${t}"}`, 'spec/invalid-datetime', '/$dt');
    // "" is null: no datetime at all.
    expr.rejects('{"$dt":""}', 'json/wrong-type', '/$dt');
  });
});
