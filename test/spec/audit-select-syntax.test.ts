import { describe, it } from 'vitest';
import { stmt } from './audit-helpers.js';

/** Spec audit, "Select syntax" (the select object, result columns, order terms, sources) and the SELECT action. */

describe('"A select object": each property, its value and default', () => {
  it('distinct | boolean | false', () => {
    stmt.accepts('{"distinct":true,"from":"t"}', '{"distinct":true,"from":"t"}');
    stmt.accepts('{"distinct":false,"from":"t"}', '{"from":"t"}', '{"columns":{"type":"all"},"from":{"type":"table","table":"t"}}');
    stmt.rejects('{"distinct":"true","from":"t"}', 'json/wrong-type', '/distinct');
    stmt.rejects('{"distinct":1,"from":"t"}', 'json/wrong-type', '/distinct');
  });
  it('columns | result columns | all columns of the source', () => {
    stmt.accepts('{"from":"t"}', '{"from":"t"}', '{"columns":{"type":"all"},"from":{"type":"table","table":"t"}}');
    stmt.accepts('{"columns":{"type":"all"},"from":"t"}', '{"from":"t"}');
    stmt.accepts(
      '{"columns":[{"e":{"$col":"a"}},{"e":{"$$SUM":[{"$col":"b"}]},"alias":"total"}],"from":"t"}',
      '{"columns":[{"e":{"$col":"a"}},{"e":{"$$SUM":[{"$col":"b"}]},"alias":"total"}],"from":"t"}',
    );
    stmt.rejects('{"columns":"all","from":"t"}', 'json/wrong-type', '/columns');
    stmt.rejects('{"columns":{"type":"none"},"from":"t"}', 'json/wrong-type', '/columns/type');
    stmt.rejects('{"columns":[{"alias":"x"}],"from":"t"}', 'json/missing-property', '/columns/0');
    stmt.rejects('{"columns":[{"e":1,"alias":5}],"from":"t"}', 'json/wrong-type', '/columns/0/alias');
    stmt.rejects('{"columns":[{"e":1,"as":"x"}],"from":"t"}', 'json/unknown-property', '/columns/0/as');
  });
  it('from | source', () => {
    stmt.accepts('{"from":"shop.orders"}', '{"from":"shop.orders"}', '{"columns":{"type":"all"},"from":{"type":"table","table":"shop.orders"}}');
    stmt.accepts('{}', '{}', '{"columns":{"type":"all"}}');
  });
  it('where | expression; having | expression (may filter aggregates)', () => {
    stmt.accepts('{"from":"t","where":{"$>":[{"$col":"a"},1]}}', '{"from":"t","where":{"$>":[{"$col":"a"},1]}}');
    stmt.accepts(
      '{"columns":[{"e":{"$col":"a"}}],"from":"t","group":[{"$col":"a"}],"having":{"$>":[{"$$COUNT":[{"$col":"a"}]},1]}}',
      '{"columns":[{"e":{"$col":"a"}}],"from":"t","group":[{"$col":"a"}],"having":{"$>":[{"$$COUNT":[{"$col":"a"}]},1]}}',
    );
    stmt.rejects('{"from":"t","where":true}', 'json/wrong-type', '/where');
  });
  it('group | array of expressions', () => {
    stmt.accepts('{"from":"t","group":[{"$col":"a"},{"$col":"b"}]}', '{"from":"t","group":[{"$col":"a"},{"$col":"b"}]}');
    stmt.rejects('{"from":"t","group":{"$col":"a"}}', 'json/wrong-type', '/group');
  });
  it('order | array of order terms; "Order term: e (expression), order (asc or desc, default asc)"', () => {
    stmt.accepts(
      '{"from":"t","order":[{"e":{"$col":"a"}}]}',
      '{"from":"t","order":[{"e":{"$col":"a"}}]}',
      '{"columns":{"type":"all"},"from":{"type":"table","table":"t"},"order":[{"e":{"$col":"a"},"order":"asc"}]}',
    );
    stmt.accepts('{"from":"t","order":[{"e":{"$col":"a"},"order":"asc"}]}', '{"from":"t","order":[{"e":{"$col":"a"}}]}');
    stmt.accepts('{"from":"t","order":[{"e":{"$col":"a"},"order":"desc"}]}', '{"from":"t","order":[{"e":{"$col":"a"},"order":"desc"}]}');
    stmt.rejects('{"from":"t","order":[{"e":{"$col":"a"},"order":"descending"}]}', 'json/wrong-type', '/order/0/order');
    stmt.rejects('{"from":"t","order":[{"order":"asc"}]}', 'json/missing-property', '/order/0');
    stmt.rejects('{"from":"t","order":{"e":{"$col":"a"}}}', 'json/wrong-type', '/order');
  });
  it('values are case-sensitive (only keys are not): "DESC" is an error that names "desc"', () => {
    const d = stmt.rejects('{"from":"t","order":[{"e":1,"order":"DESC"}]}', 'json/wrong-type', '/order/0/order');
    if (!d.message.includes('did you mean "desc"')) throw new Error(d.message);
  });
  it('limit | expression; offset | expression', () => {
    stmt.accepts('{"from":"t","limit":10,"offset":20}', '{"from":"t","limit":10,"offset":20}');
    stmt.accepts('{"from":"t","limit":{"$+":[5,5]}}', '{"from":"t","limit":{"$+":[5,5]}}');
  });
  it('no other property', () => {
    stmt.rejects('{"from":"t","join":"u"}', 'json/unknown-property', '/join');
    stmt.rejects('{"from":"t","order_by":[]}', 'json/unknown-property', '/order_by');
  });
});

describe('"Sources"', () => {
  it('table (`table`) | table (string), alias (optional); may also be given as a plain string', () => {
    stmt.accepts('{"from":{"type":"table","table":"t"}}', '{"from":"t"}', '{"columns":{"type":"all"},"from":{"type":"table","table":"t"}}');
    stmt.accepts('{"from":{"type":"table","table":"db@trash","alias":"x"}}', '{"from":{"type":"table","table":"db@trash","alias":"x"}}');
    stmt.rejects('{"from":{"type":"table"}}', 'json/missing-property', '/from');
    stmt.rejects('{"from":{"type":"table","table":5}}', 'json/wrong-type', '/from/table');
  });
  it('system table (`table_system` or `ts`, deprecated) | table, alias (optional)', () => {
    stmt.accepts('{"from":{"type":"table_system","table":"users"}}', '{"from":{"type":"table_system","table":"users"}}');
    stmt.accepts('{"from":{"type":"ts","table":"users","alias":"u"}}', '{"from":{"type":"table_system","table":"users","alias":"u"}}');
  });
  it('database table (`table_database` or `td`) | database (specifier), table (name), alias (optional)', () => {
    stmt.accepts(
      '{"from":{"type":"table_database","database":"shop.orders","table":"records"}}',
      '{"from":{"type":"table_database","database":"shop.orders","table":"records"}}',
    );
    stmt.accepts(
      '{"from":{"type":"td","database":42,"table":"records","alias":"o"}}',
      '{"from":{"type":"table_database","database":42,"table":"records","alias":"o"}}',
    );
    stmt.accepts('{"from":{"type":"td","database":["a",2],"table":"records"}}', '{"from":{"type":"table_database","database":["a",2],"table":"records"}}');
    stmt.rejects('{"from":{"type":"td","table":"records"}}', 'json/missing-property', '/from');
    stmt.rejects('{"from":{"type":"td","database":"db"}}', 'json/missing-property', '/from');
  });
  it('join (`join`) | op (join, left, left_outer, inner, cross), s1, s2', () => {
    for (const op of ['join', 'left', 'left_outer', 'inner', 'cross']) {
      stmt.accepts(
        `{"from":{"type":"join","op":"${op}","s1":"a","s2":{"type":"table","table":"b","alias":"y"}}}`,
        `{"from":{"type":"join","op":"${op}","s1":"a","s2":{"type":"table","table":"b","alias":"y"}}}`,
      );
    }
    stmt.rejects('{"from":{"type":"join","op":"right","s1":"a","s2":"b"}}', 'json/unknown-operator', '/from/op');
    stmt.rejects('{"from":{"type":"join","op":"full","s1":"a","s2":"b"}}', 'json/unknown-operator', '/from/op');
    stmt.rejects('{"from":{"type":"join","s1":"a","s2":"b"}}', 'json/missing-property', '/from');
    stmt.rejects('{"from":{"type":"join","op":"join","s1":"a"}}', 'json/missing-property', '/from');
    // No "on" and no alias in the spec's join.
    stmt.rejects('{"from":{"type":"join","op":"join","s1":"a","s2":"b","on":1}}', 'json/unknown-property', '/from/on');
    const d = stmt.rejects('{"from":{"type":"join","op":"LEFT","s1":"a","s2":"b"}}', 'json/unknown-operator', '/from/op');
    if (!d.message.includes('did you mean "left"')) throw new Error(d.message);
  });
  it('select (`select`) | select', () => {
    stmt.accepts('{"from":{"type":"select","select":{"from":"t"}}}', '{"from":{"type":"select","select":{"from":"t"}}}');
    stmt.rejects('{"from":{"type":"select"}}', 'json/missing-property', '/from');
  });
  it('no other source type', () => {
    stmt.rejects('{"from":{"type":"view","table":"t"}}', 'json/unknown-type', '/from/type');
    stmt.rejects('{"from":5}', 'json/wrong-type', '/from');
  });
});

describe('SELECT: action `select`, select (required), rows (integer, 10,000), use_strings (false), echo (false)', () => {
  it('every property', () => {
    stmt.accepts('{"action":"select","select":{"from":"t"}}', '{"action":"select","select":{"from":"t"}}');
    stmt.accepts(
      '{"action":"select","select":{"from":"t"},"rows":500,"use_strings":true,"echo":true}',
      '{"action":"select","select":{"from":"t"},"rows":500,"use_strings":true,"echo":true}',
    );
    stmt.accepts(
      '{"action":"select","select":{"from":"t"},"use_strings":false,"echo":false}',
      '{"action":"select","select":{"from":"t"},"use_strings":false,"echo":false}',
    );
  });
  it('select is required', () => {
    stmt.rejects('{"action":"select"}', 'json/missing-property');
    stmt.rejects('{"action":"select","select":null}', 'json/wrong-type', '/select');
  });
  it('rows is an integer (rows per packet): at least 1, whole, a number', () => {
    for (const rows of ['0', '-1', '1.5']) stmt.rejects(`{"action":"select","select":{},"rows":${rows}}`, 'spec/rows', '/rows');
    stmt.rejects('{"action":"select","select":{},"rows":"10"}', 'json/wrong-type', '/rows');
    stmt.accepts('{"action":"select","select":{},"rows":1}', '{"action":"select","select":{},"rows":1}');
  });
  it('use_strings and echo are booleans', () => {
    stmt.rejects('{"action":"select","select":{},"use_strings":"true"}', 'json/wrong-type', '/use_strings');
    stmt.rejects('{"action":"select","select":{},"echo":1}', 'json/wrong-type', '/echo');
  });
  it('no other property; the action value is case-sensitive', () => {
    stmt.rejects('{"action":"select","select":{},"limit":5}', 'json/unknown-property', '/limit');
    const d = stmt.rejects('{"action":"SELECT","select":{}}', 'json/unknown-action', '/action');
    if (!d.message.includes('did you mean "select"')) throw new Error(d.message);
  });
});
