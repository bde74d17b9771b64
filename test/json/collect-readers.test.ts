import { describe, expect, it } from 'vitest';
import { parseConfigResult } from '../../src/config/index.js';
import type { Diagnostic, Result } from '../../src/diagnostic/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJsonExpression, fromJsonExpressionResult, fromJsonResult, fromJsonStatementsResult } from '../../src/json/index.js';
import { readSchemaResult } from '../../src/schema/index.js';

/**
 * Every reader goes on after a problem in one property or item with the others: each example
 * holds two or more independent problems, and all of them are reported, each at its pointer
 * (in the order they are read: a value's own properties, then its children).
 */
const at = (r: Result<unknown>) => {
  expect(r.value).toBeUndefined();
  return r.diagnostics.map((d: Diagnostic) => [d.code, d.pointer]);
};
const expr = (text: string) => at(fromJsonExpressionResult(text));
const stmt = (text: string) => at(fromJsonResult(text));

describe('expressions, full forms', () => {
  it('binary and unary: the operator and each operand', () => {
    expect(expr('{"type": "binary", "op": "??", "e1": true, "e2": {"$col": 5}}')).toEqual([
      ['json/unknown-operator', '/op'],
      ['json/wrong-type', '/e1'],
      ['json/wrong-type', '/e2/$col'],
    ]);
    expect(expr('{"type": "unary", "op": "neg", "e": []}')).toEqual([
      ['json/unknown-operator', '/op'],
      ['json/wrong-type', '/e'],
    ]);
  });

  it('function, collate, in: the name, the collation, the list and each argument', () => {
    expect(expr('{"type": "function", "function": 1, "args": [true, {"$col": "a"}, []]}')).toEqual([
      ['json/wrong-type', '/function'],
      ['json/wrong-type', '/args/0'],
      ['json/wrong-type', '/args/2'],
    ]);
    expect(expr('{"type": "collate", "e": true, "collation": 1}')).toEqual([
      ['json/wrong-type', '/collation'],
      ['json/wrong-type', '/e'],
    ]);
    expect(expr('{"type": "in", "e": true, "values": 5}')).toEqual([
      ['json/wrong-type', '/values'],
      ['json/wrong-type', '/e'],
    ]);
  });

  it('case: a missing property of one arm, a bad value in it, an unknown property of another, a bad else', () => {
    expect(expr('{"type": "case", "cases": [{"when": true}, {"when": 1, "then": 2, "x": 1}], "else": []}')).toEqual([
      ['json/missing-property', '/cases/0'],
      ['json/wrong-type', '/cases/0/when'],
      ['json/unknown-property', '/cases/1/x'],
      ['json/wrong-type', '/else'],
    ]);
  });

  it('columns and between: every part, also when one is missing', () => {
    expect(expr('{"type": "column", "table": true, "column": 2}')).toEqual([
      ['json/wrong-type', '/table'],
      ['json/wrong-type', '/column'],
    ]);
    expect(expr('{"type": "column", "database": true, "table": 1, "column": [true]}')).toEqual([
      ['json/wrong-type', '/table'],
      ['json/wrong-type', '/database'],
      ['json/wrong-type', '/column/0'],
    ]);
    expect(expr('{"type": "between", "e": true, "max": []}')).toEqual([
      ['json/missing-property', ''],
      ['json/wrong-type', '/e'],
      ['json/wrong-type', '/max'],
    ]);
  });
});

describe('expressions, shorthand', () => {
  it('a wrong number of operands, and the operands there', () => {
    expect(expr('{"$between": [true, 1]}')).toEqual([
      ['json/operand-count', ''],
      ['json/wrong-type', '/$between/0'],
    ]);
    expect(expr('{"$and": [true]}')).toEqual([
      ['json/operand-count', ''],
      ['json/wrong-type', '/$and/0'],
    ]);
  });

  it('$in and functions: the list and the expression; a function with no name and its arguments', () => {
    expect(expr('{"$in": [true, 5]}')).toEqual([
      ['json/wrong-type', '/$in/1'],
      ['json/wrong-type', '/$in/0'],
    ]);
    expect(expr('{"$$": [true, []]}')).toEqual([
      ['json/wrong-shape', '/$$'],
      ['json/wrong-type', '/$$/0'],
      ['json/wrong-type', '/$$/1'],
    ]);
  });
});

describe('selects: result columns, order terms, sources, specifiers', () => {
  it("a result column's alias and expression, each GROUP BY item, an order term's direction and expression", () => {
    expect(stmt('{"columns": [{"e": true, "alias": 1}], "order": [{"e": true, "order": "up"}], "group": [true, 1, []]}')).toEqual([
      ['json/wrong-type', '/columns/0/alias'],
      ['json/wrong-type', '/columns/0/e'],
      ['json/wrong-type', '/group/0'],
      ['json/wrong-type', '/group/2'],
      ['json/wrong-type', '/order/0/order'],
      ['json/wrong-type', '/order/0/e'],
    ]);
  });

  it("sources: a join's op and both sides; a table's name and alias; a database table's parts", () => {
    expect(stmt('{"from": {"type": "join", "op": "bad", "s1": true, "s2": {"type": "table", "table": 1, "alias": 2}}}')).toEqual([
      ['json/unknown-operator', '/from/op'],
      ['json/wrong-type', '/from/s1'],
      ['json/wrong-type', '/from/s2/table'],
      ['json/wrong-type', '/from/s2/alias'],
    ]);
    expect(stmt('{"from": {"type": "table_database", "database": true, "table": 1, "alias": 2}}')).toEqual([
      ['json/wrong-type', '/from/table'],
      ['json/wrong-type', '/from/alias'],
      ['json/wrong-type', '/from/database'],
    ]);
  });

  it('specifiers: each item of an array, an unknown and a missing property of a where', () => {
    expect(stmt('{"from": {"type": "table_database", "database": [1, true, {"type": "where", "x": 1}], "table": "t"}}')).toEqual([
      ['json/wrong-type', '/from/database/1'],
      ['json/unknown-property', '/from/database/2/x'],
      ['json/missing-property', '/from/database/2'],
    ]);
  });

  it('a SELECT action: each option, and the select', () => {
    expect(stmt('{"action": "select", "rows": "x", "echo": 1, "use_strings": 2, "select": {"from": true}}')).toEqual([
      ['json/wrong-type', '/rows'],
      ['json/wrong-type', '/use_strings'],
      ['json/wrong-type', '/echo'],
      ['json/wrong-type', '/select/from'],
    ]);
  });
});

describe('data actions', () => {
  it("FETCH records: a missing database, then each property in the spec table's order, the where (a child) last", () => {
    expect(stmt('{"action": "fetch", "fetch": "records", "limit": "x", "count": 1, "fields": [1, "a", 2], "where": true}')).toEqual([
      ['json/missing-property', ''],
      ['json/wrong-type', '/fields/0'],
      ['json/wrong-type', '/fields/2'],
      ['json/wrong-type', '/limit'],
      ['json/wrong-type', '/count'],
      ['json/wrong-type', '/where'],
    ]);
  });

  it('FETCH posts, tasks, notifications, user_subscriptions: every property', () => {
    expect(stmt('{"action": "fetch", "fetch": "posts", "wall": {"type": "wal"}, "post": "1", "following": 1}')).toEqual([
      ['json/wrong-type', '/wall/type'],
      ['json/wrong-type', '/following'],
      ['json/wrong-type', '/post'],
    ]);
    expect(stmt('{"action": "fetch", "fetch": "posts", "wall": {"type": "record", "database": true}, "threads": 1}')).toEqual([
      ['json/missing-property', '/wall'],
      ['json/wrong-type', '/threads'],
      ['json/wrong-type', '/wall/database'],
    ]);
    expect(stmt('{"action": "fetch", "fetch": "tasks", "from": "x", "text": 1, "user": true}')).toEqual([
      ['json/wrong-type', '/from'],
      ['json/wrong-type', '/text'],
      ['json/wrong-type', '/user'],
    ]);
    expect(stmt('{"action": "fetch", "fetch": "notifications", "type": 1, "seen": 2, "user": true}')).toEqual([
      ['json/wrong-type', '/type'],
      ['json/wrong-type', '/seen'],
      ['json/wrong-type', '/user'],
    ]);
    expect(stmt('{"action": "fetch", "fetch": "user_subscriptions", "team": true, "user": []}')).toEqual([
      ['json/wrong-type', '/user'],
      ['json/wrong-type', '/team'],
    ]);
  });

  it('INSERT, SET, DELETE: the options, the database, each record', () => {
    expect(stmt('{"action": "insert", "database": true, "records": [{"a": [1]}, 5], "on_duplicate": "zz", "fail_no_op": 3}')).toEqual([
      ['json/wrong-type', '/on_duplicate'],
      ['json/wrong-type', '/fail_no_op'],
      ['json/wrong-type', '/database'],
      ['json/wrong-type', '/records/0/a'],
      ['json/wrong-type', '/records/1'],
    ]);
    expect(stmt('{"action": "set", "database": "d", "records": {"a": 1}, "on_remove": "x", "on_duplicate": 1}')).toEqual([
      ['json/wrong-type', '/records'],
      ['json/wrong-type', '/on_duplicate'],
      ['json/wrong-type', '/on_remove'],
    ]);
    expect(stmt('{"action": "delete", "database": true, "fail_no_op": 1}')).toEqual([
      ['json/missing-property', ''],
      ['json/wrong-type', '/fail_no_op'],
      ['json/wrong-type', '/database'],
    ]);
  });

  it("UPDATE: a missing database, each field value, the file, a key specifier's values, each expression", () => {
    expect(
      stmt('{"action": "update", "records": {"type": "key", "key": {"a": []}}, "fields": {"x": {}, "y": 1, "z": []}, "expressions": {"w": true}, "file": 1}'),
    ).toEqual([
      ['json/missing-property', ''],
      ['json/wrong-type', '/fields/x'],
      ['json/wrong-type', '/fields/z'],
      ['json/wrong-type', '/file'],
      ['json/wrong-type', '/records/key/a'],
      ['json/wrong-type', '/expressions/w'],
    ]);
  });

  it("records: each field, the file's type and content, each tag, each expression", () => {
    expect(
      stmt(
        '{"action": "replace", "database": "d", "records": [{"a": {}, "tags": [1, "x", 2], "file": {"type": "x", "content": 1}, "expressions": {"b": true}}]}',
      ),
    ).toEqual([
      ['json/wrong-type', '/records/0/a'],
      ['json/unknown-type', '/records/0/file/type'],
      ['json/wrong-type', '/records/0/file/content'],
      ['json/wrong-type', '/records/0/tags/0'],
      ['json/wrong-type', '/records/0/tags/2'],
      ['json/wrong-type', '/records/0/expressions/b'],
    ]);
  });

  it('key specifiers: an unknown property and an empty key, a missing key, and the next item', () => {
    expect(stmt('{"action": "delete", "database": "d", "records": [{"type": "key", "key": {}, "x": 1}, {"type": "key"}, true]}')).toEqual([
      ['json/unknown-property', '/records/0/x'],
      ['json/empty-list', '/records/0/key'],
      ['json/missing-property', '/records/1'],
      ['json/wrong-type', '/records/2'],
    ]);
  });
});

describe('the other readers of spec JSON', () => {
  it("schema: a group's name, a field with no type, one with no name", () => {
    const r = readSchemaResult('{"groups": [{"name": 1, "databases": [{"name": "a", "fields": [{"name": "f"}, {"type": 2}]}]}]}');
    expect(at(r)).toEqual([
      ['schema/invalid', '/groups/0/name'],
      ['schema/invalid', '/groups/0/databases/0/fields/0'],
      ['schema/invalid', '/groups/0/databases/0/fields/1'],
      ['schema/invalid', '/groups/0/databases/0/fields/1/type'],
    ]);
  });

  it('config: each setting', () => {
    expect(at(parseConfigResult('{"width": 5, "indent": "x", "rules": {"a": "loud"}}', '/p/dsq.config.json'))).toEqual([
      ['config/invalid', '/width'],
      ['config/invalid', '/indent'],
      ['config/invalid', '/rules/a'],
    ]);
  });
});

describe('the throwing form', () => {
  it('fromJsonExpression throws one DsqError with all of them, each with line:col', () => {
    const text = '{"type": "binary",\n "op": "??",\n "e1": true,\n "e2": {"$col": 5}}';
    let err: unknown;
    try {
      fromJsonExpression(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DsqError);
    expect((err as DsqError).diagnostics).toEqual(fromJsonExpressionResult(text).diagnostics);
    expect((err as DsqError).diagnostics.map((d) => `${d.span?.line}:${d.span?.column} ${d.pointer}`)).toEqual(['2:8 /op', '3:8 /e1', '4:17 /e2/$col']);
  });
});

describe("the spec's Errors table, its rows about reading JSON, one at a time", () => {
  const one = (text: string) => fromJsonResult(text).diagnostics.map((d) => [d.code, d.pointer, `${d.span?.line}:${d.span?.column}`]);

  it('an empty-string object key', () => {
    expect(one('{"from": "t", "": 1}')).toEqual([['json/empty-key', '/', '1:15']]);
  });

  it('a duplicate key (case-insensitive, after normalisation)', () => {
    expect(one('{"from": "t", "FROM ": "u"}')).toEqual([['json/duplicate-key', '/FROM ', '1:15']]);
  });

  it('a whole number outside signed 64-bit range; another number outside float64 range', () => {
    expect(one('{"from": "t", "limit": 9223372036854775808}')).toEqual([['json/number-range', '/limit', '1:24']]);
    expect(one('{"from": "t", "where": {"$=": [1, 1.5e309]}}')).toEqual([['json/number-range', '/where/$=/1', '1:35']]);
  });

  it('UPDATE naming a field in both fields and expressions', () => {
    expect(one('{"action": "update", "database": "d", "records": 1, "fields": {"a": 1}, "expressions": {"A": 2}}')).toEqual([
      ['spec/field-twice', '/expressions', '1:88'],
    ]);
  });

  it('a record with a field given both by value and by expression', () => {
    expect(one('{"action": "insert", "database": "d", "records": [{"a": 1, "expressions": {"a": 2}}]}')).toEqual([
      ['spec/field-twice', '/records/0/expressions', '1:75'],
    ]);
  });
});

describe("the spec's checks run on every part that reads, also beside parts that do not", () => {
  const all = (r: Result<unknown>) => r.diagnostics.map((d) => [d.code, d.pointer]);

  it('a bad datetime beside a bad where, and beside an unknown property', () => {
    expect(all(fromJsonResult('{"from": "t", "columns": [{"e": {"$dt": "2024-13-45"}}], "where": true}'))).toEqual([
      ['json/wrong-type', '/where'],
      ['spec/invalid-datetime', '/columns/0/e/$dt'],
    ]);
    expect(all(fromJsonResult('{"from": "t", "columns": [{"e": {"$dt": "2024-13-45"}}], "x": 1}'))).toEqual([
      ['json/unknown-property', '/x'],
      ['spec/invalid-datetime', '/columns/0/e/$dt'],
    ]);
  });

  it('inside an operand list with a bad operand, and in one statement of a list beside a bad one', () => {
    expect(all(fromJsonResult('{"from": "t", "where": {"$and": [{"$dt": "x"}, true]}}'))).toEqual([
      ['json/wrong-type', '/where/$and/1'],
      ['spec/invalid-datetime', '/where/$and/0/$dt'],
    ]);
    expect(all(fromJsonStatementsResult('[{"from": "t", "columns": [{"e": {"$dt": "x"}}]}, {"from": true}]'))).toEqual([
      ['json/wrong-type', '/1/from'],
      ['spec/invalid-datetime', '/0/columns/0/e/$dt'],
    ]);
  });
});
