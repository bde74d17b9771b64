import { describe, expect, it } from 'vitest';
import { fromJson, fromJsonExpression } from '../../src/json/index.js';
import { at, rejection } from './helpers.js';

interface Case {
  readonly name: string;
  readonly text: string;
  readonly expr?: boolean;
  readonly code: string;
  readonly message: string;
  readonly pointer: string;
  readonly at: string;
}

/** Each rejection: the text, and the diagnostic's code, exact message, pointer and line:col. */
const CASES: readonly Case[] = [
  {
    name: 'wrong operand count for $between (the headline of the brief)',
    text: '{"from": "t",\n "where": {"$and": [\n   {"$=": [1, 1]},\n   {"$between": [{"$col": "x"}, 1]}]}}',
    code: 'json/operand-count',
    message: '"$between" takes exactly 3 expressions (e, min, max), got 2',
    pointer: '/where/$and/1',
    at: '4:4',
  },
  {
    name: 'a binary shorthand with one operand',
    text: '{"$and": [1]}',
    expr: true,
    code: 'json/operand-count',
    message: '"$and" takes two or more expressions, got 1',
    pointer: '',
    at: '1:1',
  },
  {
    name: 'a binary shorthand without an array',
    text: '{"$=": 1}',
    expr: true,
    code: 'json/wrong-type',
    message: '"$=" takes an array of two or more expressions, got the number 1',
    pointer: '/$=',
    at: '1:8',
  },
  {
    name: '$not with an array',
    text: '{"$NOT": [1, 2]}',
    expr: true,
    code: 'json/operand-count',
    message: '"$NOT" takes a single expression (not an array)',
    pointer: '',
    at: '1:1',
  },
  {
    name: '$in with a wrong item count',
    text: '{"$in": [{"$col": "x"}]}',
    expr: true,
    code: 'json/operand-count',
    message: '"$in" takes exactly 2 items (an expression, then an array of values or a select object), got 1',
    pointer: '',
    at: '1:1',
  },
  {
    name: '$in with a scalar list',
    text: '{"$in": [{"$col": "x"}, 3]}',
    expr: true,
    code: 'json/wrong-type',
    message: 'the second item of "$in" must be an array of values or a select object, got the number 3',
    pointer: '/$in/1',
    at: '1:25',
  },
  {
    name: 'an unknown shorthand operator, with the nearest suggested',
    text: '{"where":\n  {"$betwen": [1, 2, 3]}}',
    code: 'json/unknown-operator',
    message: 'unknown shorthand operator "$betwen" (did you mean "$between"?)',
    pointer: '/where/$betwen',
    at: '2:4',
  },
  {
    name: 'a shorthand object with two properties',
    text: '{"$col": "a", "$alias": "b"}',
    expr: true,
    code: 'json/wrong-shape',
    message: 'a "$" shorthand object has exactly one property, got 2: "$col", "$alias"',
    pointer: '',
    at: '1:1',
  },
  {
    name: 'an object that is neither form',
    text: '{"value": 1}',
    expr: true,
    code: 'json/missing-property',
    message: 'expected an expression: an object needs "type" or a single "$" shorthand property, got an object with "value"',
    pointer: '',
    at: '1:1',
  },
  {
    name: 'an empty $col path',
    text: '{"$col": ""}',
    expr: true,
    code: 'json/wrong-type',
    message: 'expected a column path for "$col" (a non-empty string), got an empty string (which is null)',
    pointer: '/$col',
    at: '1:10',
  },
  {
    name: 'an unknown full-form type, with the nearest suggested',
    text: '{"type": "binnary", "op": "+", "e1": 1, "e2": 2}',
    expr: true,
    code: 'json/unknown-type',
    message:
      'unknown expression type "binnary" (did you mean "binary"?); expected one of null, number, string, datetime, localdatetime, localdate, localtime, column, alias, between, binary, case, collate, count_rows, exists, function, in, in_select, select, unary',
    pointer: '/type',
    at: '1:10',
  },
  {
    name: 'an unknown property (a typo) in a full form',
    text: '{"type": "between", "e": 1, "min": 0, "mx": 2}',
    expr: true,
    code: 'json/unknown-property',
    message: 'unknown property "mx" in a "between" expression (did you mean "max"?); expected "type", "e", "min", "max"',
    pointer: '/mx',
    at: '1:39',
  },
  {
    name: 'a missing required property',
    text: '{"type": "binary", "op": "+", "e1": 1}',
    expr: true,
    code: 'json/missing-property',
    message: 'a "binary" expression needs "e2"',
    pointer: '',
    at: '1:1',
  },
  {
    name: 'a missing property of a kind whose name starts with a vowel: "an", as said',
    text: '{"type": "in", "e": 1}',
    expr: true,
    code: 'json/missing-property',
    message: 'an "in" expression needs "values"',
    pointer: '',
    at: '1:1',
  },
  {
    name: 'a missing property of "unary": "a", as said',
    text: '{"type": "unary", "op": "-"}',
    expr: true,
    code: 'json/missing-property',
    message: 'a "unary" expression needs "e"',
    pointer: '',
    at: '1:1',
  },
  {
    name: 'an unknown property of an "in_select" expression',
    text: '{"type": "in_select", "e": 1, "select": {}, "x": 1}',
    expr: true,
    code: 'json/unknown-property',
    message: 'unknown property "x" in an "in_select" expression (did you mean "e"?); expected "type", "e", "select"',
    pointer: '/x',
    at: '1:45',
  },
  {
    name: 'an action whose name starts with a vowel',
    text: '{"action": "insert", "database": "d"}',
    code: 'json/missing-property',
    message: 'an INSERT action needs "records"',
    pointer: '',
    at: '1:1',
  },
  {
    name: 'an unknown binary op',
    text: '{"type": "binary", "op": "<>", "e1": 1, "e2": 2}',
    expr: true,
    code: 'json/unknown-operator',
    message: 'unknown binary operator "<>" (write "!="); expected one of and or = != > >= < <= is like regexp + - * / % & | << >>',
    pointer: '/op',
    at: '1:26',
  },
  {
    name: 'a case without arms',
    text: '{"type": "case", "cases": []}',
    expr: true,
    code: 'spec/empty-list',
    message: 'a CASE needs at least one WHEN ... THEN ... arm',
    pointer: '/cases',
    at: '1:27',
  },
  {
    name: 'a case arm without then',
    text: '{"type": "case", "cases": [{"when": 1}]}',
    expr: true,
    code: 'json/missing-property',
    message: 'a case arm needs "then"',
    pointer: '/cases/0',
    at: '1:28',
  },
  {
    name: 'a boolean as an expression',
    text: '{"where": true}',
    code: 'json/wrong-type',
    message: "true is not an expression: the spec's expressions have no booleans",
    pointer: '/where',
    at: '1:11',
  },
  {
    name: 'an array as an expression',
    text: '{"limit": [1]}',
    code: 'json/wrong-type',
    message: 'an array is not an expression',
    pointer: '/limit',
    at: '1:11',
  },
  {
    name: 'a bad datetime (month 13)',
    text: '{"$dt": "2024-13-01"}',
    expr: true,
    code: 'spec/invalid-datetime',
    message: '"2024-13-01": month 13 is out of range (01 to 12)',
    pointer: '/$dt',
    at: '1:9',
  },
  {
    name: 'a local date with a time',
    text: '{"type": "ld", "value": "2024-01-31T10:00"}',
    expr: true,
    code: 'spec/invalid-datetime',
    message: '"2024-01-31T10:00" is not a date: unexpected "T10:00"',
    pointer: '/value',
    at: '1:25',
  },
  {
    name: 'a fractional epoch',
    text: '{"$dt": 1.5}',
    expr: true,
    code: 'spec/invalid-datetime',
    message: 'epoch milliseconds must be a whole number, got 1.5',
    pointer: '/$dt',
    at: '1:9',
  },
  {
    name: 'a function shorthand with no name',
    text: '{"$$": []}',
    expr: true,
    code: 'json/wrong-shape',
    message: 'a function shorthand "$$name" needs a name after "$$"',
    pointer: '/$$',
    at: '1:2',
  },
  {
    name: 'function arguments not in an array',
    text: '{"$$POW": 2}',
    expr: true,
    code: 'json/wrong-type',
    message: 'expected the arguments of "$$POW" (an array), got the number 2',
    pointer: '/$$POW',
    at: '1:11',
  },
  {
    name: 'a number value that is not a number',
    text: '{"type": "number", "value": "12abc"}',
    expr: true,
    code: 'spec/invalid-number',
    message: '"12abc" is not a number',
    pointer: '/value',
    at: '1:29',
  },
  {
    name: 'a string expression with an empty value',
    text: '{"type": "string", "value": ""}',
    expr: true,
    code: 'json/wrong-type',
    message: '"value" of a string expression must be a non-empty string, got an empty string (which is null)',
    pointer: '/value',
    at: '1:29',
  },
  // Select objects
  {
    name: 'an unknown select property (a typo)',
    text: '{"from": "t",\n "wher": 1}',
    code: 'json/unknown-property',
    message:
      'unknown property "wher" in a select object (did you mean "where"?); expected "distinct", "columns", "from", "where", "group", "having", "order", "limit", "offset"',
    pointer: '/wher',
    at: '2:2',
  },
  {
    name: 'an empty columns list',
    text: '{"columns": []}',
    code: 'spec/empty-list',
    message: 'a column list cannot be empty',
    pointer: '/columns',
    at: '1:13',
  },
  {
    name: 'columns as an object other than all',
    text: '{"columns": {"type": "some"}}',
    code: 'json/wrong-type',
    message: '"columns" as an object must be {"type": "all"}, got type "some"',
    pointer: '/columns/type',
    at: '1:22',
  },
  {
    name: 'a result column without e',
    text: '{"columns": [{"alias": "x"}]}',
    code: 'json/missing-property',
    message: 'a result column needs "e"',
    pointer: '/columns/0',
    at: '1:14',
  },
  {
    name: 'a bad order direction',
    text: '{"order": [{"e": 1, "order": "down"}]}',
    code: 'json/wrong-type',
    message: '"order" must be "asc" or "desc", got the string "down"',
    pointer: '/order/0/order',
    at: '1:30',
  },
  {
    name: 'distinct not a boolean',
    text: '{"distinct": "yes"}',
    code: 'json/wrong-type',
    message: 'expected "distinct" (true or false), got the string "yes"',
    pointer: '/distinct',
    at: '1:14',
  },
  {
    name: 'group not an array',
    text: '{"group": {"$col": "a"}}',
    code: 'json/wrong-type',
    message: 'expected the "group" expressions (an array), got an object with "$col"',
    pointer: '/group',
    at: '1:11',
  },
  {
    name: 'an unknown source type',
    text: '{"from": {"type": "tabel", "table": "x"}}',
    code: 'json/unknown-type',
    message: 'unknown source type "tabel" (did you mean "table"?); expected one of table, table_system, table_database, join, select',
    pointer: '/from/type',
    at: '1:19',
  },
  {
    name: 'a bad join op',
    text: '{"from": {"type": "join", "op": "outer", "s1": "a", "s2": "b"}}',
    code: 'json/unknown-operator',
    message: 'unknown join op "outer"; expected one of join, left, left_outer, inner, cross',
    pointer: '/from/op',
    at: '1:33',
  },
  {
    name: 'an alias on a select source',
    text: '{"from": {"type": "select", "select": {}, "alias": "s"}}',
    code: 'json/unknown-property',
    message: 'unknown property "alias" in a "select" source; expected "type", "select"',
    pointer: '/from/alias',
    at: '1:43',
  },
  {
    name: 'a database table without database',
    text: '{"from": {"type": "td", "table": "records"}}',
    code: 'json/missing-property',
    message: 'a "td" source needs "database"',
    pointer: '/from',
    at: '1:10',
  },
  {
    name: 'a fractional specifier id',
    text: '{"from": {"type": "td", "database": 1.5, "table": "records"}}',
    code: 'spec/invalid-id',
    message: 'a specifier id must be a whole number, got 1.5',
    pointer: '/from/database',
    at: '1:37',
  },
  {
    name: 'all inside an array specifier',
    text: '{"from": {"type": "td", "database": [1, {"type": "all"}], "table": "records"}}',
    code: 'json/unknown-type',
    message: 'expected an id (number), a name (string) or {"type": "where", "where": ...} in an array specifier, got type "all"',
    pointer: '/from/database/1/type',
    at: '1:50',
  },
  {
    name: 'a nested array specifier',
    text: '{"from": {"type": "td", "database": [[1]], "table": "records"}}',
    code: 'json/wrong-type',
    message: 'expected an id (number), a name (string) or {"type": "where", "where": ...} in an array specifier, got an array of 1',
    pointer: '/from/database/0',
    at: '1:38',
  },
  // Statements and actions
  {
    name: 'a top level that is not an object',
    text: '[1]',
    code: 'json/wrong-type',
    message: 'expected a select object or a SELECT action (an object), got an array of 1',
    pointer: '',
    at: '1:1',
  },
  {
    name: 'another action',
    text: '{"action": "version"}',
    code: 'json/unknown-action',
    message:
      'unknown action "version"; dsq reads the actions select, fetch, insert, replace, set, update, delete, trash, restore, dispose, schema, create, alter, drop, download, run, conclude, cancel, clean, pause, access, echo, wait, if, struct_buffer_import, struct_mn_alias, struct_mn_edit, struct_event, struct_create',
    pointer: '/action',
    at: '1:12',
  },
  {
    name: 'an action without select',
    text: '{"action": "select", "rows": 5}',
    code: 'json/missing-property',
    message: 'a SELECT action needs "select"',
    pointer: '',
    at: '1:1',
  },
  {
    name: 'rows not a positive whole number',
    text: '{"action": "select", "select": {}, "rows": 0}',
    code: 'spec/rows',
    message: 'rows (rows per packet) must be a whole number of at least 1, got 0',
    pointer: '/rows',
    at: '1:44',
  },
  {
    name: 'an unknown action property',
    text: '{"action": "select", "select": {}, "echos": true}',
    code: 'json/unknown-property',
    message: 'unknown property "echos" in a SELECT action (did you mean "echo"?); expected "action", "select", "rows", "use_strings", "echo"',
    pointer: '/echos',
    at: '1:36',
  },
  {
    name: 'a syntax error inside',
    text: '{"from": "t", "where": {"$=": [1, 2,, 3]}}',
    code: 'json/syntax',
    message: 'expected a value after ",", got ","',
    pointer: '/where/$=',
    at: '1:37',
  },
];

describe('fromJson rejections: code, message, pointer and line:col', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const d = rejection(() => (c.expr ? fromJsonExpression(c.text) : fromJson(c.text)));
      expect({ code: d.code, message: d.message, pointer: d.pointer, at: at(d) }).toEqual({
        code: c.code,
        message: c.message,
        pointer: c.pointer,
        at: c.at,
      });
      expect(d.severity).toBe('error');
    });
  }

  it('the headline reads line:col pointer: message', () => {
    const d = rejection(() => fromJson(CASES[0]?.text));
    expect(d.headline).toBe('4:4 /where/$and/1: "$between" takes exactly 3 expressions (e, min, max), got 2');
  });

  it('format() gives file:line:col, the message with the pointer, and a code frame', () => {
    try {
      fromJson('{"from": "t",\n "wher": 1}');
    } catch (err) {
      expect((err as { format(file: string): string }).format('q.json')).toBe(
        [
          'q.json:2:2: error: unknown property "wher" in a select object (did you mean "where"?); expected "distinct", "columns", "from", "where", "group", "having", "order", "limit", "offset" at /wher',
          '1 | {"from": "t",',
          '2 |  "wher": 1}',
          '  |  ^^^^^^',
        ].join('\n'),
      );
      return;
    }
    throw new Error('expected a rejection');
  });

  it('JS values get pointers but no spans', () => {
    const d = rejection(() => fromJson({ where: { $and: [1, { $between: [1, 2] }] } }));
    expect(d.pointer).toBe('/where/$and/1');
    expect(d.span).toBeUndefined();
    expect(d.headline).toBe('/where/$and/1: "$between" takes exactly 3 expressions (e, min, max), got 2');
  });
});
