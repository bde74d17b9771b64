import { describe, it } from 'vitest';
import { expr } from './audit-helpers.js';

/**
 * Spec audit, "Expression syntax": one test per row of the expression table (full form, type
 * alias, `$` shorthand, required properties), the operators, the operand counts of the
 * shorthands, the function table and the column forms. Expected values are the spec's, by hand.
 */

const n = (v: number | string) => `{"type":"number","value":${v}}`;

describe('Expression syntax: "An expression is a JSON object with `type` plus type-specific properties"', () => {
  it('null | none | JSON null', () => {
    expr.accepts('null', 'null', '{"type":"null"}');
    expr.accepts('{"type":"null"}', 'null', '{"type":"null"}');
    expr.rejects('{"type":"null","value":1}', 'json/unknown-property', '/value');
  });

  it('number | value (number or string) | JSON number', () => {
    expr.accepts('42', '42', n(42));
    expr.accepts('{"type":"number","value":42}', '42', n(42));
    expr.accepts('{"type":"number","value":"42"}', '42', n(42));
    expr.accepts('{"type":"number","value":"-1.25e3"}', '-1.25e3', n('-1.25e3'));
    expr.rejects('{"type":"number"}', 'json/missing-property');
    expr.rejects('{"type":"number","value":"abc"}', 'spec/invalid-number', '/value');
    expr.rejects('{"type":"number","value":true}', 'json/wrong-type', '/value');
    // A number given as text follows the number rule as a JSON number does.
    expr.rejects('{"type":"number","value":"9223372036854775808"}', 'spec/invalid-number', '/value');
  });

  it('string | value (string) | JSON string', () => {
    expr.accepts('"abc"', '"abc"', '{"type":"string","value":"abc"}');
    expr.accepts('{"type":"string","value":"abc"}', '"abc"', '{"type":"string","value":"abc"}');
    expr.rejects('{"type":"string","value":5}', 'json/wrong-type', '/value');
    expr.rejects('{"type":"string"}', 'json/missing-property');
  });

  it('datetime (`datetime` or `dt`) | value: integer (ms since the epoch) or ISO string | `$dt`', () => {
    expr.accepts('{"type":"datetime","value":0}', '{"$dt":0}', '{"type":"datetime","value":0}');
    expr.accepts('{"type":"dt","value":-86400000}', '{"$dt":-86400000}', '{"type":"datetime","value":-86400000}');
    expr.accepts(
      '{"type":"dt","value":"2024-02-29T23:59:59.999Z"}',
      '{"$dt":"2024-02-29T23:59:59.999Z"}',
      '{"type":"datetime","value":"2024-02-29T23:59:59.999Z"}',
    );
    expr.accepts('{"$dt":1700000000000}', '{"$dt":1700000000000}', '{"type":"datetime","value":1700000000000}');
    expr.accepts('{"$dt":"2024-01-31"}', '{"$dt":"2024-01-31"}');
    // integer: a fraction is not milliseconds.
    expr.rejects('{"type":"dt","value":1.5}', 'spec/invalid-datetime', '/value');
    expr.rejects('{"$dt":true}', 'json/wrong-type', '/$dt');
    expr.rejects('{"type":"datetime"}', 'json/missing-property');
  });

  it('local datetime (`localdatetime` or `ldt`) | value: string, datetime syntax without offset | `$ldt`', () => {
    expr.accepts('{"type":"localdatetime","value":"2024-01-31T10:30"}', '{"$ldt":"2024-01-31T10:30"}', '{"type":"localdatetime","value":"2024-01-31T10:30"}');
    expr.accepts('{"type":"ldt","value":"2024-01-31T10"}', '{"$ldt":"2024-01-31T10"}');
    expr.accepts('{"$ldt":"2024-W05-1T08:00:00,5"}', '{"$ldt":"2024-W05-1T08:00:00,5"}');
    expr.rejects('{"$ldt":"2024-01-31T10:30Z"}', 'spec/invalid-datetime', '/$ldt');
    expr.rejects('{"$ldt":"2024-01-31T10:30+01:00"}', 'spec/invalid-datetime', '/$ldt');
    // value: string (no epoch milliseconds for the local forms).
    expr.rejects('{"type":"ldt","value":0}', 'json/wrong-type', '/value');
  });

  it('local date (`localdate` or `ld`) | value: string, date-element syntax | `$ld`', () => {
    expr.accepts('{"type":"localdate","value":"2024-01-31"}', '{"$ld":"2024-01-31"}', '{"type":"localdate","value":"2024-01-31"}');
    expr.accepts('{"type":"ld","value":"2024-032"}', '{"$ld":"2024-032"}');
    expr.accepts('{"$ld":"2024-W05"}', '{"$ld":"2024-W05"}');
    expr.accepts('{"$ld":"2024"}', '{"$ld":"2024"}');
    expr.rejects('{"$ld":"2024-01-31T10:00"}', 'spec/invalid-datetime', '/$ld');
  });

  it('local time (`localtime` or `lt`) | value: string, time-element syntax | `$lt`', () => {
    expr.accepts('{"type":"localtime","value":"10:30:15.250"}', '{"$lt":"10:30:15.250"}', '{"type":"localtime","value":"10:30:15.250"}');
    expr.accepts('{"type":"lt","value":"23"}', '{"$lt":"23"}');
    expr.rejects('{"$lt":"10:30Z"}', 'spec/invalid-datetime', '/$lt');
    expr.rejects('{"$lt":"2024-01-31"}', 'spec/invalid-datetime', '/$lt');
  });

  it('column | see below | `$col` (string; column type is inferred)', () => {
    expr.accepts('{"$col":"shop.orders.price"}', '{"$col":"shop.orders.price"}', '{"$col":"shop.orders.price"}');
    expr.accepts('{"$col":"shop.orders@records.price"}', '{"$col":"shop.orders@records.price"}');
    expr.accepts('{"$col":"shop.orders.photo:size"}', '{"$col":"shop.orders.photo:size"}');
    expr.rejects('{"$col":5}', 'json/wrong-type', '/$col');
  });

  it('Column expressions (full forms): system parameter column | table (string), column (string)', () => {
    expr.accepts('{"type":"column","table":"system","column":"version"}', '{"type":"column","table":"system","column":"version"}');
    expr.rejects('{"type":"column","table":"system"}', 'json/missing-property');
  });

  it('Column expressions (full forms): database parameter, attribute and field columns | database (specifier), table, column', () => {
    expr.accepts(
      '{"type":"column","database":"shop.orders","table":"records","column":"price"}',
      '{"type":"column","database":"shop.orders","table":"records","column":"price"}',
    );
    expr.accepts(
      '{"type":"column","database":17,"table":"records","column":"insert_at"}',
      '{"type":"column","database":17,"table":"records","column":"insert_at"}',
    );
    expr.accepts('{"type":"column","database":"db","table":"records","column":3}', '{"type":"column","database":"db","table":"records","column":3}');
    expr.rejects('{"type":"column","database":"db","column":"f"}', 'json/missing-property');
    expr.rejects('{"type":"column","database":"db","table":"records"}', 'json/missing-property');
  });

  it('alias | value (string) | `$alias`', () => {
    expr.accepts('{"type":"alias","value":"total"}', '{"$alias":"total"}', '{"type":"alias","value":"total"}');
    expr.accepts('{"$alias":"total"}', '{"$alias":"total"}');
    expr.rejects('{"$alias":1}', 'json/wrong-type', '/$alias');
  });

  it('between | e, min, max | `$between`: array of exactly 3 expressions in order e, min, max', () => {
    const full = `{"type":"between","e":{"$col":"a"},"min":${n(1)},"max":${n(9)}}`;
    expr.accepts('{"type":"between","e":{"$col":"a"},"min":1,"max":9}', '{"$between":[{"$col":"a"},1,9]}', full);
    expr.accepts('{"$between":[{"$col":"a"},1,9]}', '{"$between":[{"$col":"a"},1,9]}', full);
    for (const items of ['[]', '[1]', '[1,2]', '[1,2,3,4]', '[1,2,3,4,5]']) expr.rejects(`{"$between":${items}}`, 'json/operand-count');
    expr.rejects('{"$between":1}', 'json/wrong-type', '/$between');
    expr.rejects('{"type":"between","e":1,"min":2}', 'json/missing-property');
  });

  it('binary | op (string), e1, e2 | `$<operator>`: array of two or more expressions', () => {
    expr.accepts('{"type":"binary","op":"+","e1":1,"e2":2}', '{"$+":[1,2]}', `{"type":"binary","op":"+","e1":${n(1)},"e2":${n(2)}}`);
    expr.accepts('{"$+":[1,2]}', '{"$+":[1,2]}');
    for (const items of ['[]', '[1]']) expr.rejects(`{"$+":${items}}`, 'json/operand-count');
    expr.rejects('{"$+":1}', 'json/wrong-type', '/$+');
    expr.rejects('{"type":"binary","op":"+","e1":1}', 'json/missing-property');
    expr.rejects('{"type":"binary","op":"not","e1":1,"e2":2}', 'json/unknown-operator', '/op');
  });

  it('case | base (optional), cases (array of {when, then}), else (optional) | none', () => {
    expr.accepts('{"type":"case","cases":[{"when":{"$col":"a"},"then":1}]}', '{"type":"case","cases":[{"when":{"$col":"a"},"then":1}]}');
    expr.accepts(
      '{"type":"case","base":{"$col":"a"},"cases":[{"when":1,"then":"one"},{"when":2,"then":"two"}],"else":"many"}',
      '{"type":"case","base":{"$col":"a"},"cases":[{"when":1,"then":"one"},{"when":2,"then":"two"}],"else":"many"}',
    );
    expr.rejects('{"type":"case"}', 'json/missing-property');
    expr.rejects('{"type":"case","cases":[{"when":1}]}', 'json/missing-property', '/cases/0');
    expr.rejects('{"type":"case","cases":[{"then":1}]}', 'json/missing-property', '/cases/0');
    // No shorthand: "$case" is no key.
    expr.rejects('{"$case":[1]}', 'json/unknown-operator');
  });

  it('collate | e (expression), collation (string) | none', () => {
    expr.accepts('{"type":"collate","e":{"$col":"name"},"collation":"nocase"}', '{"type":"collate","e":{"$col":"name"},"collation":"nocase"}');
    expr.rejects('{"type":"collate","e":{"$col":"name"}}', 'json/missing-property');
    expr.rejects('{"$collate":[1,"x"]}', 'json/unknown-operator');
  });

  it('count_rows | none; counts all rows | none', () => {
    expr.accepts('{"type":"count_rows"}', '{"type":"count_rows"}', '{"type":"count_rows"}');
    expr.rejects('{"type":"count_rows","e":1}', 'json/unknown-property', '/e');
  });

  it('exists | select | `$exists`: a select', () => {
    expr.accepts(
      '{"type":"exists","select":{"from":"t"}}',
      '{"$exists":{"from":"t"}}',
      '{"type":"exists","select":{"columns":{"type":"all"},"from":{"type":"table","table":"t"}}}',
    );
    expr.accepts('{"$exists":{"from":"t"}}', '{"$exists":{"from":"t"}}');
    expr.rejects('{"$exists":"t"}', 'json/wrong-type', '/$exists');
  });

  it('function | function (string), args (array) | `$$<function name>`, e.g. pow with 2 and 3', () => {
    expr.accepts('{"$$pow":[2,3]}', '{"$$POW":[2,3]}', `{"type":"function","function":"POW","args":[${n(2)},${n(3)}]}`);
    expr.accepts('{"type":"function","function":"POW","args":[2,3]}', '{"$$POW":[2,3]}');
    expr.rejects('{"type":"function","function":"POW"}', 'json/missing-property');
    expr.rejects('{"$$pow":2}', 'json/wrong-type', '/$$pow');
  });

  it('in | e, values (array); an empty array always yields false | `$in`: one expression followed by an array', () => {
    expr.accepts('{"type":"in","e":{"$col":"a"},"values":[1,2]}', '{"$in":[{"$col":"a"},[1,2]]}', `{"type":"in","e":{"$col":"a"},"values":[${n(1)},${n(2)}]}`);
    expr.accepts('{"$in":[{"$col":"a"},[]]}', '{"$in":[{"$col":"a"},[]]}', '{"type":"in","e":{"$col":"a"},"values":[]}');
    for (const items of ['[]', '[1]', '[1,[2],3]']) expr.rejects(`{"$in":${items}}`, 'json/operand-count');
    expr.rejects('{"$in":[1,2]}', 'json/wrong-type', '/$in/1');
  });

  it('in_select | e, select | `$in` with a select as second element', () => {
    const full = '{"type":"in_select","e":{"$col":"a"},"select":{"columns":{"type":"all"},"from":{"type":"table","table":"t"}}}';
    expr.accepts('{"type":"in_select","e":{"$col":"a"},"select":{"from":"t"}}', '{"$in":[{"$col":"a"},{"from":"t"}]}', full);
    expr.accepts('{"$in":[{"$col":"a"},{"from":"t"}]}', '{"$in":[{"$col":"a"},{"from":"t"}]}', full);
  });

  it('select | select; yields first column of first row | `$select`', () => {
    expr.accepts(
      '{"type":"select","select":{"from":"t"}}',
      '{"$select":{"from":"t"}}',
      '{"type":"select","select":{"columns":{"type":"all"},"from":{"type":"table","table":"t"}}}',
    );
    expr.accepts('{"$select":{"from":"t"}}', '{"$select":{"from":"t"}}');
  });

  it('unary | op (string), e | `$<operator>`: single expression', () => {
    expr.accepts('{"type":"unary","op":"not","e":{"$col":"a"}}', '{"$not":{"$col":"a"}}', '{"type":"unary","op":"not","e":{"$col":"a"}}');
    expr.accepts('{"$not":{"$col":"a"}}', '{"$not":{"$col":"a"}}');
    // A single expression, not an array of one.
    expr.rejects('{"$not":[{"$col":"a"}]}', 'json/operand-count');
    expr.rejects('{"$~":[1]}', 'json/operand-count');
  });

  it('an unknown "type" and a "$" object with more than one property are errors', () => {
    expr.rejects('{"type":"boolean","value":true}', 'json/unknown-type', '/type');
    expr.rejects('{"$col":"a","$alias":"b"}', 'json/wrong-shape');
    expr.rejects('{}', 'json/missing-property');
    expr.rejects('true', 'json/wrong-type');
    expr.rejects('[1]', 'json/wrong-type');
  });
});

describe('"Binary operators: and, or, =, !=, >, >=, <, <=, is, like, regexp, +, -, *, /, %, &, |, <<, >>"', () => {
  const OPS = ['and', 'or', '=', '!=', '>', '>=', '<', '<=', 'is', 'like', 'regexp', '+', '-', '*', '/', '%', '&', '|', '<<', '>>'];
  it('each as a full form and as `$op` with two expressions', () => {
    for (const op of OPS) {
      expr.accepts(
        `{"type":"binary","op":"${op}","e1":{"$col":"a"},"e2":1}`,
        `{"$${op}":[{"$col":"a"},1]}`,
        `{"type":"binary","op":"${op}","e1":{"$col":"a"},"e2":${n(1)}}`,
      );
      expr.accepts(`{"$${op}":[{"$col":"a"},1]}`, `{"$${op}":[{"$col":"a"},1]}`);
    }
  });

  it('no other: <> (SQL) and ^ are unknown', () => {
    expr.rejects('{"$<>":[1,2]}', 'json/unknown-operator');
    expr.rejects('{"$^":[1,2]}', 'json/unknown-operator');
    expr.rejects('{"type":"binary","op":"<>","e1":1,"e2":2}', 'json/unknown-operator', '/op');
  });

  it('"With more than two expressions ... logic and math operators apply the operation in order across the expressions"', () => {
    const b = (op: string, l: string, r: string) => `{"type":"binary","op":"${op}","e1":${l},"e2":${r}}`;
    for (const op of ['and', 'or', '+', '-', '*', '/', '%', '&', '|', '<<', '>>']) {
      expr.accepts(`{"$${op}":[1,2,3]}`, `{"$${op}":[1,2,3]}`, b(op, b(op, n(1), n(2)), n(3)));
    }
    // In order: 10 - 2 - 3 is (10 - 2) - 3; a right-nested form stays nested.
    expr.accepts('{"$-":[10,{"$-":[2,3]}]}', '{"$-":[10,{"$-":[2,3]}]}');
  });

  it('"comparison operators AND the comparison of the first expression with each further one"', () => {
    const b = (op: string, l: string, r: string) => `{"type":"binary","op":"${op}","e1":${l},"e2":${r}}`;
    const a = '{"$col":"a"}';
    for (const op of ['=', '!=', '>', '>=', '<', '<=', 'like', 'regexp']) {
      expr.accepts(`{"$${op}":[${a},1,2]}`, `{"$and":[{"$${op}":[${a},1]},{"$${op}":[${a},2]}]}`, b('and', b(op, a, n(1)), b(op, a, n(2))));
    }
    expr.accepts(`{"$<":[${a},1,2,3]}`, `{"$and":[{"$<":[${a},1]},{"$<":[${a},2]},{"$<":[${a},3]}]}`);
  });

  it('"Unary operators: not (logical NOT), - (negate), ~ (bit invert)"; `$-` with an array is subtraction', () => {
    for (const op of ['not', '-', '~']) expr.accepts(`{"type":"unary","op":"${op}","e":{"$col":"a"}}`, `{"$${op}":{"$col":"a"}}`);
    expr.accepts('{"$-":{"$col":"a"}}', '{"$-":{"$col":"a"}}', '{"type":"unary","op":"-","e":{"$col":"a"}}');
    expr.accepts('{"$-":[{"$col":"a"},1]}', '{"$-":[{"$col":"a"},1]}', `{"type":"binary","op":"-","e1":{"$col":"a"},"e2":${n(1)}}`);
    expr.rejects('{"$-":[{"$col":"a"}]}', 'json/operand-count');
    expr.rejects('{"type":"unary","op":"+","e":1}', 'json/unknown-operator', '/op');
    expr.rejects('{"$+":{"$col":"a"}}', 'json/wrong-type', '/$+');
  });

  it('shorthand keys are keys: case-insensitive, white space trimmed ("Keys are case-insensitive")', () => {
    expr.accepts('{"$AND":[1,2]}', '{"$and":[1,2]}');
    expr.accepts('{"$Like":["a","b"]}', '{"$like":["a","b"]}');
    expr.accepts('{" $not ":1}', '{"$not":1}');
    expr.accepts('{"$$Count_Distinct":[1,2]}', '{"$$COUNT_DISTINCT":[1,2]}');
  });
});

describe('"Functions (name, argument count, aggregate)"', () => {
  const ONE = [
    'AVG',
    'AVG_DISTINCT',
    'BIT_AND',
    'BIT_OR',
    'BIT_XOR',
    'CEIL',
    'COUNT',
    'FLOOR',
    'MAX',
    'MIN',
    'STDDEV_POP',
    'STDDEV_SAMP',
    'SUM',
    'SUM_DISTINCT',
    'VAR_POP',
    'VAR_SAMP',
  ];
  it('the 1-argument functions take exactly 1', () => {
    for (const f of ONE) {
      expr.accepts(`{"$$${f.toLowerCase()}":[{"$col":"a"}]}`, `{"$$${f}":[{"$col":"a"}]}`);
      expr.rejects(`{"$$${f}":[]}`, 'spec/function-arity');
      expr.rejects(`{"$$${f}":[1,2]}`, 'spec/function-arity');
      expr.rejects(`{"type":"function","function":"${f}","args":[1,2]}`, 'spec/function-arity', '/args');
    }
  });
  it('COUNT_DISTINCT takes n (one or more)', () => {
    expr.accepts('{"$$count_distinct":[1]}', '{"$$COUNT_DISTINCT":[1]}');
    expr.accepts('{"$$count_distinct":[1,2,3,4]}', '{"$$COUNT_DISTINCT":[1,2,3,4]}');
    expr.rejects('{"$$count_distinct":[]}', 'spec/function-arity');
  });
  it('POW and TRUNCATE take exactly 2', () => {
    for (const f of ['POW', 'TRUNCATE']) {
      expr.accepts(`{"$$${f}":[2,3]}`, `{"$$${f}":[2,3]}`);
      for (const args of ['[]', '[2]', '[1,2,3]']) expr.rejects(`{"$$${f}":${args}}`, 'spec/function-arity');
    }
  });
  it('the full form keeps the name as written; the count is checked case-insensitively', () => {
    expr.accepts('{"type":"function","function":"pow","args":[2,3]}', '{"type":"function","function":"pow","args":[2,3]}');
    expr.rejects('{"type":"function","function":"pow","args":[2]}', 'spec/function-arity', '/args');
  });
});
