import { describe, expect, it } from 'vitest';
import { binary, columnRef } from '../../src/ast/index.js';
import { toJson } from '../../src/json/index.js';
import { parse, parseExpression } from '../../src/syntax/index.js';

/** Text → exact short-form JSON, one row per form of grammar/reference.md and the table. */
const expr = (text: string) => toJson(parseExpression(text));
const stmt = (text: string) => toJson(parse(text));

describe('expressions: text to exact JSON', () => {
  it.each([
    // literals
    ['42', '42'],
    ['-7', '-7'],
    ['3.5', '3.5'],
    ['1e3', '1e3'],
    ['1E-7', '1E-7'],
    ['9223372036854775807', '9223372036854775807'],
    ['-9223372036854775808', '-9223372036854775808'],
    ['.5', '0.5'],
    ['007', '7'],
    ['5.', '5'],
    ['- 7', '-7'],
    ['-(7)', '{"$-":7}'],
    ["'it''s'", '"it\'s"'],
    ["''", 'null'],
    ['NULL', 'null'],
    ['null', 'null'],
    ["'line\nbreak'", '"line\\nbreak"'],
    // datetimes
    ["DATE '2024-01-31'", '{"$ld":"2024-01-31"}'],
    ["date '2024-W05-3'", '{"$ld":"2024-W05-3"}'],
    ["TIME '10:30'", '{"$lt":"10:30"}'],
    ["TIMESTAMP '2024-01-31T10:30'", '{"$ldt":"2024-01-31T10:30"}'],
    ["DATETIME '2024-01-31T10:30Z'", '{"$dt":"2024-01-31T10:30Z"}'],
    ["DATETIME '2024-01-31'", '{"$dt":"2024-01-31"}'],
    ['DATETIME(1706697000000)', '{"$dt":1706697000000}'],
    ['DATETIME(-1000)', '{"$dt":-1000}'],
    // columns and aliases
    ['c', '{"$col":"c"}'],
    ['t.c', '{"$col":"t.c"}'],
    ['"odd name".c', '{"$col":"odd name.c"}'],
    ['db.path@table.field', '{"$col":"db.path@table.field"}'],
    ['photo:size', '{"$col":"photo:size"}'],
    ['"a""b"', '{"$col":"a\\"b"}'],
    ['date', '{"$col":"date"}'],
    ['été', '{"$col":"été"}'],
    ['COLUMN(total)', '{"$col":"total"}'],
    ["COLUMN('any path')", '{"$col":"any path"}'],
    ['COLUMN(a.b)', '{"$col":"a.b"}'],
    ['SYSTEM_COLUMN(users, name)', '{"type":"column","table":"users","column":"name"}'],
    ["DATABASE_COLUMN(12, records, 'amount')", '{"type":"column","database":12,"table":"records","column":"amount"}'],
    ['DATABASE_COLUMN(ALL, t, 3)', '{"type":"column","database":{"type":"all"},"table":"t","column":3}'],
    ["DATABASE_COLUMN(WHERE name = 'x', t, 3)", '{"type":"column","database":{"type":"where","where":{"$=":[{"$col":"name"},"x"]}},"table":"t","column":3}'],
    ["DATABASE_COLUMN([1, 'b'], t, 'f')", '{"type":"column","database":[1,"b"],"table":"t","column":"f"}'],
    ['ALIAS(total)', '{"$alias":"total"}'],
    // operators
    ['a = b', '{"$=":[{"$col":"a"},{"$col":"b"}]}'],
    ['a <> b', '{"$!=":[{"$col":"a"},{"$col":"b"}]}'],
    ['a != b', '{"$!=":[{"$col":"a"},{"$col":"b"}]}'],
    ['a < 1', '{"$<":[{"$col":"a"},1]}'],
    ['a <= 1', '{"$<=":[{"$col":"a"},1]}'],
    ['a > 1', '{"$>":[{"$col":"a"},1]}'],
    ['a >= 1', '{"$>=":[{"$col":"a"},1]}'],
    ['a AND b', '{"$and":[{"$col":"a"},{"$col":"b"}]}'],
    ['a or b', '{"$or":[{"$col":"a"},{"$col":"b"}]}'],
    ['NOT a', '{"$not":{"$col":"a"}}'],
    ['a + 1', '{"$+":[{"$col":"a"},1]}'],
    ['a - 1', '{"$-":[{"$col":"a"},1]}'],
    ['a-1', '{"$-":[{"$col":"a"},1]}'],
    ['a * 2', '{"$*":[{"$col":"a"},2]}'],
    ['a / 2', '{"$/":[{"$col":"a"},2]}'],
    ['a % 2', '{"$%":[{"$col":"a"},2]}'],
    ['a & 2', '{"$&":[{"$col":"a"},2]}'],
    ['a | 2', '{"$|":[{"$col":"a"},2]}'],
    ['a << 2', '{"$<<":[{"$col":"a"},2]}'],
    ['a >> 2', '{"$>>":[{"$col":"a"},2]}'],
    ['-a', '{"$-":{"$col":"a"}}'],
    ['~a', '{"$~":{"$col":"a"}}'],
    ['x IS NULL', '{"$is":[{"$col":"x"},null]}'],
    ['x IS NOT NULL', '{"$not":{"$is":[{"$col":"x"},null]}}'],
    ['x IS y', '{"$is":[{"$col":"x"},{"$col":"y"}]}'],
    ["x LIKE 'a%'", '{"$like":[{"$col":"x"},"a%"]}'],
    ["x NOT LIKE 'a%'", '{"$not":{"$like":[{"$col":"x"},"a%"]}}'],
    ["x REGEXP '^a'", '{"$regexp":[{"$col":"x"},"^a"]}'],
    ["x NOT REGEXP '^a'", '{"$not":{"$regexp":[{"$col":"x"},"^a"]}}'],
    ['x BETWEEN 1 AND 2', '{"$between":[{"$col":"x"},1,2]}'],
    ['x NOT BETWEEN 1 AND 2', '{"$not":{"$between":[{"$col":"x"},1,2]}}'],
    ['x IN (1, 2)', '{"$in":[{"$col":"x"},[1,2]]}'],
    ['x IN ()', '{"$in":[{"$col":"x"},[]]}'],
    ['x NOT IN (1)', '{"$not":{"$in":[{"$col":"x"},[1]]}}'],
    ['x IN (SELECT y FROM t)', '{"$in":[{"$col":"x"},{"columns":[{"e":{"$col":"y"}}],"from":"t"}]}'],
    ['x NOT IN (SELECT y FROM t)', '{"$not":{"$in":[{"$col":"x"},{"columns":[{"e":{"$col":"y"}}],"from":"t"}]}}'],
    ['EXISTS (SELECT 1)', '{"$exists":{"columns":[{"e":1}]}}'],
    ['NOT EXISTS (SELECT 1)', '{"$not":{"$exists":{"columns":[{"e":1}]}}}'],
    ['(SELECT MAX(x) FROM t)', '{"$select":{"columns":[{"e":{"$$MAX":[{"$col":"x"}]}}],"from":"t"}}'],
    ["CASE WHEN a THEN 1 ELSE 'b' END", '{"type":"case","cases":[{"when":{"$col":"a"},"then":1}],"else":"b"}'],
    ['CASE x WHEN 1 THEN 2 WHEN 3 THEN 4 END', '{"type":"case","base":{"$col":"x"},"cases":[{"when":1,"then":2},{"when":3,"then":4}]}'],
    ['x COLLATE nocase', '{"type":"collate","e":{"$col":"x"},"collation":"nocase"}'],
    ['x COLLATE "Odd One"', '{"type":"collate","e":{"$col":"x"},"collation":"Odd One"}'],
    ['COUNT(*)', '{"type":"count_rows"}'],
    ['count(*)', '{"type":"count_rows"}'],
    ['COUNT(DISTINCT a, b)', '{"$$COUNT_DISTINCT":[{"$col":"a"},{"$col":"b"}]}'],
    ['AVG(DISTINCT x)', '{"$$AVG_DISTINCT":[{"$col":"x"}]}'],
    ['sum(distinct x)', '{"$$SUM_DISTINCT":[{"$col":"x"}]}'],
    ['f(a, b)', '{"$$F":[{"$col":"a"},{"$col":"b"}]}'],
    ['pow(2, 3)', '{"$$POW":[2,3]}'],
    ['now()', '{"$$NOW":[]}'],
    ['"ALIAS"(x)', '{"$$ALIAS":[{"$col":"x"}]}'],
    ['"lower"(x)', '{"type":"function","function":"lower","args":[{"$col":"x"}]}'],
  ])('%s', (text, json) => {
    expect(expr(text)).toBe(json);
  });
});

describe('precedence and associativity (from src/ast/precedence.ts)', () => {
  it.each([
    ['a OR b AND c', '{"$or":[{"$col":"a"},{"$and":[{"$col":"b"},{"$col":"c"}]}]}'],
    ['NOT a AND b', '{"$and":[{"$not":{"$col":"a"}},{"$col":"b"}]}'],
    ['NOT a = b', '{"$not":{"$=":[{"$col":"a"},{"$col":"b"}]}}'],
    ['a = b | c', '{"$=":[{"$col":"a"},{"$|":[{"$col":"b"},{"$col":"c"}]}]}'],
    ['a | b & c', '{"$|":[{"$col":"a"},{"$&":[{"$col":"b"},{"$col":"c"}]}]}'],
    ['a & b << c', '{"$&":[{"$col":"a"},{"$<<":[{"$col":"b"},{"$col":"c"}]}]}'],
    ['a << b + c', '{"$<<":[{"$col":"a"},{"$+":[{"$col":"b"},{"$col":"c"}]}]}'],
    ['a + b * c', '{"$+":[{"$col":"a"},{"$*":[{"$col":"b"},{"$col":"c"}]}]}'],
    ['-a * b', '{"$*":[{"$-":{"$col":"a"}},{"$col":"b"}]}'],
    ['-a COLLATE x', '{"$-":{"type":"collate","e":{"$col":"a"},"collation":"x"}}'],
    ['a - b - c', '{"$-":[{"$col":"a"},{"$col":"b"},{"$col":"c"}]}'],
    ['a - (b - c)', '{"$-":[{"$col":"a"},{"$-":[{"$col":"b"},{"$col":"c"}]}]}'],
    ['a / b * c', '{"$*":[{"$/":[{"$col":"a"},{"$col":"b"}]},{"$col":"c"}]}'],
    ['a = b = c', '{"$=":[{"$=":[{"$col":"a"},{"$col":"b"}]},{"$col":"c"}]}'],
    ['a AND b AND c', '{"$and":[{"$col":"a"},{"$col":"b"},{"$col":"c"}]}'],
    ['(a OR b) AND c', '{"$and":[{"$or":[{"$col":"a"},{"$col":"b"}]},{"$col":"c"}]}'],
    ['x BETWEEN 1 AND 2 AND y', '{"$and":[{"$between":[{"$col":"x"},1,2]},{"$col":"y"}]}'],
    ['x BETWEEN a + 1 AND b * 2', '{"$between":[{"$col":"x"},{"$+":[{"$col":"a"},1]},{"$*":[{"$col":"b"},2]}]}'],
    ['a IS NULL AND b', '{"$and":[{"$is":[{"$col":"a"},null]},{"$col":"b"}]}'],
    ['a + 1 IN (2)', '{"$in":[{"$+":[{"$col":"a"},1]},[2]]}'],
    ['a - -1', '{"$-":[{"$col":"a"},-1]}'],
    ['NOT NOT a', '{"$not":{"$not":{"$col":"a"}}}'],
    ['a AND NOT b OR c', '{"$or":[{"$and":[{"$col":"a"},{"$not":{"$col":"b"}}]},{"$col":"c"}]}'],
    ['a LIKE b = c', '{"$=":[{"$like":[{"$col":"a"},{"$col":"b"}]},{"$col":"c"}]}'],
  ])('%s', (text, json) => {
    expect(expr(text)).toBe(json);
  });

  it('binary operators are left-associative in the AST', () => {
    expect(parseExpression('a - b - c')).toEqual(binary('-', binary('-', columnRef('a'), columnRef('b')), columnRef('c')));
    expect(parseExpression('a AND b OR c AND d')).toEqual(
      binary('or', binary('and', columnRef('a'), columnRef('b')), binary('and', columnRef('c'), columnRef('d'))),
    );
  });

  it('keywords are case-insensitive', () => {
    expect(expr('a and not b Or c is not null')).toBe(expr('a AND NOT b OR c IS NOT NULL'));
    expect(stmt('select distinct a from t where a between 1 and 2 order by a desc limit 1 offset 2')).toBe(
      stmt('SELECT DISTINCT a FROM t WHERE a BETWEEN 1 AND 2 ORDER BY a DESC LIMIT 1 OFFSET 2'),
    );
  });

  it('comments are skipped anywhere', () => {
    expect(stmt('SELECT /* all */ * -- everything\nFROM t /* here */')).toBe('{"from":"t"}');
  });
});

describe('statements: text to exact JSON', () => {
  it.each([
    ['SELECT *', '{}'],
    ['SELECT * FROM t', '{"from":"t"}'],
    ['SELECT DISTINCT a FROM t', '{"distinct":true,"columns":[{"e":{"$col":"a"}}],"from":"t"}'],
    ['SELECT a AS b', '{"columns":[{"e":{"$col":"a"},"alias":"b"}]}'],
    ['SELECT a b', '{"columns":[{"e":{"$col":"a"},"alias":"b"}]}'],
    ['SELECT a "odd alias"', '{"columns":[{"e":{"$col":"a"},"alias":"odd alias"}]}'],
    ['SELECT * FROM t AS x', '{"from":{"type":"table","table":"t","alias":"x"}}'],
    ['SELECT * FROM t x', '{"from":{"type":"table","table":"t","alias":"x"}}'],
    ['SELECT * FROM sales.orders@trash', '{"from":"sales.orders@trash"}'],
    ["SELECT * FROM TABLE('any path')", '{"from":"any path"}'],
    ["SELECT * FROM TABLE('x y') AS z", '{"from":{"type":"table","table":"x y","alias":"z"}}'],
    ['SELECT * FROM SYSTEM_TABLE(users)', '{"from":{"type":"table_system","table":"users"}}'],
    ['SELECT * FROM SYSTEM_TABLE(users) AS u', '{"from":{"type":"table_system","table":"users","alias":"u"}}'],
    ['SELECT * FROM DATABASE_TABLE(12, records) r', '{"from":{"type":"table_database","database":12,"table":"records","alias":"r"}}'],
    ["SELECT * FROM DATABASE_TABLE('sales', records)", '{"from":{"type":"table_database","database":"sales","table":"records"}}'],
    ['SELECT * FROM DATABASE_TABLE([], records)', '{"from":{"type":"table_database","database":[],"table":"records"}}'],
    ['SELECT * FROM a, b', '{"from":{"type":"join","op":"cross","s1":"a","s2":"b"}}'],
    ['SELECT * FROM a, b, c', '{"from":{"type":"join","op":"cross","s1":{"type":"join","op":"cross","s1":"a","s2":"b"},"s2":"c"}}'],
    ['SELECT * FROM a JOIN b', '{"from":{"type":"join","op":"join","s1":"a","s2":"b"}}'],
    ['SELECT * FROM a INNER JOIN b', '{"from":{"type":"join","op":"inner","s1":"a","s2":"b"}}'],
    ['SELECT * FROM a LEFT JOIN b', '{"from":{"type":"join","op":"left","s1":"a","s2":"b"}}'],
    ['SELECT * FROM a LEFT OUTER JOIN b', '{"from":{"type":"join","op":"left_outer","s1":"a","s2":"b"}}'],
    ['SELECT * FROM a CROSS JOIN b', '{"from":{"type":"join","op":"cross","s1":"a","s2":"b"}}'],
    ['SELECT * FROM a JOIN (b JOIN c)', '{"from":{"type":"join","op":"join","s1":"a","s2":{"type":"join","op":"join","s1":"b","s2":"c"}}}'],
    ['SELECT * FROM (SELECT 1)', '{"from":{"type":"select","select":{"columns":[{"e":1}]}}}'],
    ['SELECT * FROM t WHERE a', '{"from":"t","where":{"$col":"a"}}'],
    ['SELECT a FROM t GROUP BY a, b', '{"columns":[{"e":{"$col":"a"}}],"from":"t","group":[{"$col":"a"},{"$col":"b"}]}'],
    [
      'SELECT a FROM t GROUP BY a HAVING COUNT(*) > 1',
      '{"columns":[{"e":{"$col":"a"}}],"from":"t","group":[{"$col":"a"}],"having":{"$>":[{"type":"count_rows"},1]}}',
    ],
    ['SELECT * FROM t ORDER BY a, b ASC, c DESC', '{"from":"t","order":[{"e":{"$col":"a"}},{"e":{"$col":"b"}},{"e":{"$col":"c"},"order":"desc"}]}'],
    ['SELECT * FROM t LIMIT 10', '{"from":"t","limit":10}'],
    ['SELECT * FROM t LIMIT 10 OFFSET 20', '{"from":"t","limit":10,"offset":20}'],
    ['SELECT * FROM t OFFSET n + 1', '{"from":"t","offset":{"$+":[{"$col":"n"},1]}}'],
    ['SELECT 1;', '{"columns":[{"e":1}]}'],
    // alias references
    ['SELECT a AS x FROM t ORDER BY x', '{"columns":[{"e":{"$col":"a"},"alias":"x"}],"from":"t","order":[{"e":{"$alias":"x"}}]}'],
    [
      'SELECT a AS x FROM t GROUP BY x HAVING x > 1',
      '{"columns":[{"e":{"$col":"a"},"alias":"x"}],"from":"t","group":[{"$alias":"x"}],"having":{"$>":[{"$alias":"x"},1]}}',
    ],
    ['SELECT a AS x FROM t WHERE x = 1', '{"columns":[{"e":{"$col":"a"},"alias":"x"}],"from":"t","where":{"$=":[{"$col":"x"},1]}}'],
    ['SELECT a AS x FROM t WHERE ALIAS(x) = 1', '{"columns":[{"e":{"$col":"a"},"alias":"x"}],"from":"t","where":{"$=":[{"$alias":"x"},1]}}'],
    ['SELECT a AS x FROM t ORDER BY COLUMN(x)', '{"columns":[{"e":{"$col":"a"},"alias":"x"}],"from":"t","order":[{"e":{"$col":"x"}}]}'],
    ['SELECT a AS x FROM t ORDER BY t.x', '{"columns":[{"e":{"$col":"a"},"alias":"x"}],"from":"t","order":[{"e":{"$col":"t.x"}}]}'],
    ['SELECT a AS x FROM t ORDER BY "x"', '{"columns":[{"e":{"$col":"a"},"alias":"x"}],"from":"t","order":[{"e":{"$alias":"x"}}]}'],
    [
      'SELECT a AS x FROM t ORDER BY (SELECT x FROM u ORDER BY x)',
      '{"columns":[{"e":{"$col":"a"},"alias":"x"}],"from":"t","order":[{"e":{"$select":{"columns":[{"e":{"$col":"x"}}],"from":"u","order":[{"e":{"$col":"x"}}]}}}]}',
    ],
    // actions
    ['SELECT * FROM t OPTIONS ()', '{"action":"select","select":{"from":"t"}}'],
    [
      'SELECT * FROM t OPTIONS (ROWS = 500, USE_STRINGS = TRUE, ECHO = FALSE)',
      '{"action":"select","select":{"from":"t"},"rows":500,"use_strings":true,"echo":false}',
    ],
    ['SELECT * FROM t options (echo = true)', '{"action":"select","select":{"from":"t"},"echo":true}'],
  ])('%s', (text, json) => {
    expect(stmt(text)).toBe(json);
  });
});
