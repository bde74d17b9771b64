import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostic/index.js';
import { fromJsonStatementsResult } from '../../src/json/index.js';
import { compileResult } from '../../src/params/compile.js';
import { decompile } from '../../src/print/decompile.js';
import { print } from '../../src/print/index.js';
import { toJson } from '../../src/json/index.js';
import { parseExpression, parseStatements } from '../../src/syntax/index.js';

/**
 * Real SQL, written the way people write it (tutorials, Q&A sites, reports), against the spec.
 *
 * Each ACCEPTED row is compiled and compared with JSON written by hand from the spec's
 * "Expression syntax" and "Select syntax" (and the data actions' tables), never from the
 * compiler's output: short forms where the spec gives one (`$col`, `$<operator>`, `$$<function>`,
 * a table as a plain string), the full `{"type": ...}` form where it gives none (case,
 * count_rows, collate, joins), defaults left out (`columns` for `*`, `order` asc), keys in the
 * order of the spec's tables. Several statements compile to an array.
 *
 * Each REJECTED row is real SQL the spec cannot express (its join has no condition, it has no
 * casts, window functions, UNION, CTEs ...) or text no SQL reader would take as the dialect
 * reads it: the error must name what is not supported and why, at the right line:col, with a
 * hint, never a confusing generic parse error, a crash or a silent misreading.
 */

type Json = string | object;
interface Accepted {
  readonly name: string;
  readonly sql: string;
  /** The exact JSON: a string where number text matters (`1e3`, 64-bit edges), else an object (written with JSON.stringify). */
  readonly json: Json | readonly Json[];
}

const ACCEPTED: readonly Accepted[] = [
  // ---------------------------------------------------------------- basic SELECT
  { name: 'star from a table', sql: 'SELECT * FROM employees;', json: { from: 'employees' } },
  {
    name: 'column list',
    sql: 'SELECT first_name, last_name, salary FROM employees',
    json: { columns: [{ e: { $col: 'first_name' } }, { e: { $col: 'last_name' } }, { e: { $col: 'salary' } }], from: 'employees' },
  },
  { name: 'no FROM', sql: 'SELECT 1', json: { columns: [{ e: 1 }] } },
  {
    name: 'lower-case keywords',
    sql: 'select name from users where id = 1',
    json: { columns: [{ e: { $col: 'name' } }], from: 'users', where: { '$=': [{ $col: 'id' }, 1] } },
  },
  {
    name: 'mixed-case keywords',
    sql: 'SeLeCt name FrOm users WhErE id = 1 OrDeR bY name DeSc',
    json: { columns: [{ e: { $col: 'name' } }], from: 'users', where: { '$=': [{ $col: 'id' }, 1] }, order: [{ e: { $col: 'name' }, order: 'desc' }] },
  },
  { name: 'DISTINCT', sql: 'SELECT DISTINCT country FROM customers', json: { distinct: true, columns: [{ e: { $col: 'country' } }], from: 'customers' } },
  {
    name: 'DISTINCT several columns',
    sql: 'SELECT DISTINCT city, country FROM customers ORDER BY country, city',
    json: {
      distinct: true,
      columns: [{ e: { $col: 'city' } }, { e: { $col: 'country' } }],
      from: 'customers',
      order: [{ e: { $col: 'country' } }, { e: { $col: 'city' } }],
    },
  },
  {
    name: 'column alias with AS',
    sql: 'SELECT salary * 12 AS annual_salary FROM employees',
    json: { columns: [{ e: { '$*': [{ $col: 'salary' }, 12] }, alias: 'annual_salary' }], from: 'employees' },
  },
  {
    name: 'column alias without AS',
    sql: 'SELECT salary * 12 annual FROM employees',
    json: { columns: [{ e: { '$*': [{ $col: 'salary' }, 12] }, alias: 'annual' }], from: 'employees' },
  },
  {
    name: 'quoted alias with a space',
    sql: 'SELECT first_name AS "First Name" FROM employees',
    json: { columns: [{ e: { $col: 'first_name' }, alias: 'First Name' }], from: 'employees' },
  },
  {
    name: 'table alias with AS',
    sql: 'SELECT e.name FROM employees AS e',
    json: { columns: [{ e: { $col: 'e.name' } }], from: { type: 'table', table: 'employees', alias: 'e' } },
  },
  {
    name: 'table alias without AS',
    sql: 'SELECT e.name FROM employees e',
    json: { columns: [{ e: { $col: 'e.name' } }], from: { type: 'table', table: 'employees', alias: 'e' } },
  },
  {
    name: 'qualified table (database path)',
    sql: 'SELECT o.id FROM sales.orders o',
    json: { columns: [{ e: { $col: 'o.id' } }], from: { type: 'table', table: 'sales.orders', alias: 'o' } },
  },
  {
    name: 'quoted identifiers',
    sql: 'SELECT "Order ID", "select" FROM "Order Details"',
    json: { columns: [{ e: { $col: 'Order ID' } }, { e: { $col: 'select' } }], from: 'Order Details' },
  },
  {
    name: 'quoted identifier with a doubled quote',
    sql: 'SELECT "say ""hi""" AS "x" FROM t',
    json: { columns: [{ e: { $col: 'say "hi"' }, alias: 'x' }], from: 't' },
  },
  {
    name: 'alias is a quoted keyword',
    sql: 'SELECT a AS "order", b AS "group" FROM t',
    json: {
      columns: [
        { e: { $col: 'a' }, alias: 'order' },
        { e: { $col: 'b' }, alias: 'group' },
      ],
      from: 't',
    },
  },
  { name: 'trailing semicolon', sql: 'SELECT id FROM t;', json: { columns: [{ e: { $col: 'id' } }], from: 't' } },

  // ---------------------------------------------------------------- WHERE: comparisons and logic
  {
    name: 'equality with a string',
    sql: "SELECT * FROM customers WHERE country = 'Mexico'",
    json: { from: 'customers', where: { '$=': [{ $col: 'country' }, 'Mexico'] } },
  },
  {
    name: 'string with doubled quotes',
    sql: "SELECT * FROM customers WHERE name = 'O''Reilly'",
    json: { from: 'customers', where: { '$=': [{ $col: 'name' }, "O'Reilly"] } },
  },
  { name: 'string that is only a quote', sql: "SELECT '''' AS q", json: { columns: [{ e: "'", alias: 'q' }] } },
  { name: 'empty string is NULL (JSON rule 1)', sql: "SELECT * FROM t WHERE note = ''", json: { from: 't', where: { '$=': [{ $col: 'note' }, null] } } },
  {
    name: 'every comparison operator',
    sql: 'SELECT * FROM t WHERE a = 1 AND b <> 2 AND c != 3 AND d < 4 AND e <= 5 AND f > 6 AND g >= 7',
    json: {
      from: 't',
      where: {
        $and: [
          { '$=': [{ $col: 'a' }, 1] },
          { '$!=': [{ $col: 'b' }, 2] },
          { '$!=': [{ $col: 'c' }, 3] },
          { '$<': [{ $col: 'd' }, 4] },
          { '$<=': [{ $col: 'e' }, 5] },
          { '$>': [{ $col: 'f' }, 6] },
          { '$>=': [{ $col: 'g' }, 7] },
        ],
      },
    },
  },
  {
    name: 'AND binds tighter than OR',
    sql: "SELECT * FROM t WHERE country = 'DE' AND city = 'Berlin' OR city = 'Paris'",
    json: {
      from: 't',
      where: { $or: [{ $and: [{ '$=': [{ $col: 'country' }, 'DE'] }, { '$=': [{ $col: 'city' }, 'Berlin'] }] }, { '$=': [{ $col: 'city' }, 'Paris'] }] },
    },
  },
  {
    name: 'parentheses group OR under AND',
    sql: "SELECT * FROM t WHERE country = 'DE' AND (city = 'Berlin' OR city = 'Munich')",
    json: {
      from: 't',
      where: { $and: [{ '$=': [{ $col: 'country' }, 'DE'] }, { $or: [{ '$=': [{ $col: 'city' }, 'Berlin'] }, { '$=': [{ $col: 'city' }, 'Munich'] }] }] },
    },
  },
  {
    name: 'OR chain',
    sql: 'SELECT * FROM t WHERE a = 1 OR a = 2 OR a = 3',
    json: { from: 't', where: { $or: [{ '$=': [{ $col: 'a' }, 1] }, { '$=': [{ $col: 'a' }, 2] }, { '$=': [{ $col: 'a' }, 3] }] } },
  },
  {
    name: 'NOT with parentheses',
    sql: "SELECT * FROM t WHERE NOT (country = 'DE' OR country = 'FR')",
    json: { from: 't', where: { $not: { $or: [{ '$=': [{ $col: 'country' }, 'DE'] }, { '$=': [{ $col: 'country' }, 'FR'] }] } } },
  },
  { name: 'NOT binds looser than =', sql: 'SELECT * FROM t WHERE NOT a = 1', json: { from: 't', where: { $not: { '$=': [{ $col: 'a' }, 1] } } } },
  {
    name: 'NOT binds tighter than AND',
    sql: 'SELECT * FROM t WHERE NOT a = 1 AND b = 2',
    json: { from: 't', where: { $and: [{ $not: { '$=': [{ $col: 'a' }, 1] } }, { '$=': [{ $col: 'b' }, 2] }] } },
  },
  {
    name: 'comparing two columns',
    sql: 'SELECT * FROM products WHERE units_in_stock < reorder_level',
    json: { from: 'products', where: { '$<': [{ $col: 'units_in_stock' }, { $col: 'reorder_level' }] } },
  },

  // ---------------------------------------------------------------- IS NULL, BETWEEN, IN, LIKE
  { name: 'IS NULL', sql: 'SELECT * FROM customers WHERE region IS NULL', json: { from: 'customers', where: { $is: [{ $col: 'region' }, null] } } },
  {
    name: 'IS NOT NULL',
    sql: 'SELECT * FROM customers WHERE region IS NOT NULL',
    json: { from: 'customers', where: { $not: { $is: [{ $col: 'region' }, null] } } },
  },
  {
    name: 'IS NULL OR',
    sql: 'SELECT * FROM t WHERE a IS NULL OR a = 0',
    json: { from: 't', where: { $or: [{ $is: [{ $col: 'a' }, null] }, { '$=': [{ $col: 'a' }, 0] }] } },
  },
  {
    name: 'BETWEEN numbers',
    sql: 'SELECT * FROM products WHERE price BETWEEN 10 AND 20',
    json: { from: 'products', where: { $between: [{ $col: 'price' }, 10, 20] } },
  },
  {
    name: 'NOT BETWEEN',
    sql: 'SELECT * FROM products WHERE price NOT BETWEEN 10 AND 20',
    json: { from: 'products', where: { $not: { $between: [{ $col: 'price' }, 10, 20] } } },
  },
  {
    name: 'BETWEEN then AND',
    sql: 'SELECT * FROM t WHERE price BETWEEN 10 AND 20 AND category_id = 3',
    json: { from: 't', where: { $and: [{ $between: [{ $col: 'price' }, 10, 20] }, { '$=': [{ $col: 'category_id' }, 3] }] } },
  },
  {
    name: 'BETWEEN dates',
    sql: "SELECT * FROM orders WHERE order_date BETWEEN DATE '1996-07-01' AND DATE '1996-07-31'",
    json: { from: 'orders', where: { $between: [{ $col: 'order_date' }, { $ld: '1996-07-01' }, { $ld: '1996-07-31' }] } },
  },
  {
    name: 'BETWEEN with expressions',
    sql: 'SELECT * FROM t WHERE x BETWEEN y - 1 AND y + 1',
    json: { from: 't', where: { $between: [{ $col: 'x' }, { '$-': [{ $col: 'y' }, 1] }, { '$+': [{ $col: 'y' }, 1] }] } },
  },
  {
    name: 'IN list of strings',
    sql: "SELECT * FROM customers WHERE country IN ('Germany', 'France', 'UK')",
    json: { from: 'customers', where: { $in: [{ $col: 'country' }, ['Germany', 'France', 'UK']] } },
  },
  { name: 'IN list of numbers', sql: 'SELECT * FROM t WHERE id IN (1, 2, 3)', json: { from: 't', where: { $in: [{ $col: 'id' }, [1, 2, 3]] } } },
  {
    name: 'NOT IN list',
    sql: "SELECT * FROM customers WHERE country NOT IN ('Germany', 'France')",
    json: { from: 'customers', where: { $not: { $in: [{ $col: 'country' }, ['Germany', 'France']] } } },
  },
  { name: 'IN one value', sql: 'SELECT * FROM t WHERE id IN (7)', json: { from: 't', where: { $in: [{ $col: 'id' }, [7]] } } },
  {
    name: 'IN with NULL among the values',
    sql: 'SELECT * FROM t WHERE id NOT IN (1, NULL)',
    json: { from: 't', where: { $not: { $in: [{ $col: 'id' }, [1, null]] } } },
  },
  {
    name: 'IN (subquery)',
    sql: 'SELECT * FROM customers WHERE country IN (SELECT country FROM suppliers)',
    json: { from: 'customers', where: { $in: [{ $col: 'country' }, { columns: [{ e: { $col: 'country' } }], from: 'suppliers' }] } },
  },
  {
    name: 'NOT IN (subquery)',
    sql: 'SELECT name FROM customers WHERE id NOT IN (SELECT customer_id FROM orders)',
    json: {
      columns: [{ e: { $col: 'name' } }],
      from: 'customers',
      where: { $not: { $in: [{ $col: 'id' }, { columns: [{ e: { $col: 'customer_id' } }], from: 'orders' }] } },
    },
  },
  { name: 'LIKE prefix', sql: "SELECT * FROM customers WHERE name LIKE 'a%'", json: { from: 'customers', where: { $like: [{ $col: 'name' }, 'a%'] } } },
  { name: 'LIKE with _', sql: "SELECT * FROM customers WHERE city LIKE '_ondon'", json: { from: 'customers', where: { $like: [{ $col: 'city' }, '_ondon'] } } },
  {
    name: 'NOT LIKE',
    sql: "SELECT * FROM customers WHERE name NOT LIKE '%or%'",
    json: { from: 'customers', where: { $not: { $like: [{ $col: 'name' }, '%or%'] } } },
  },
  { name: 'REGEXP', sql: "SELECT * FROM t WHERE code REGEXP '^[A-Z]{3}$'", json: { from: 't', where: { $regexp: [{ $col: 'code' }, '^[A-Z]{3}$'] } } },
  { name: 'NOT REGEXP', sql: "SELECT * FROM t WHERE code NOT REGEXP '[0-9]'", json: { from: 't', where: { $not: { $regexp: [{ $col: 'code' }, '[0-9]'] } } } },

  // ---------------------------------------------------------------- ORDER BY, LIMIT, OFFSET
  { name: 'ORDER BY DESC', sql: 'SELECT * FROM products ORDER BY price DESC', json: { from: 'products', order: [{ e: { $col: 'price' }, order: 'desc' }] } },
  { name: 'ORDER BY ASC is the default', sql: 'SELECT * FROM products ORDER BY price ASC', json: { from: 'products', order: [{ e: { $col: 'price' } }] } },
  {
    name: 'ORDER BY several terms',
    sql: 'SELECT * FROM customers ORDER BY country ASC, name DESC',
    json: { from: 'customers', order: [{ e: { $col: 'country' } }, { e: { $col: 'name' }, order: 'desc' }] },
  },
  {
    name: 'ORDER BY a number in parentheses is the number',
    sql: 'SELECT name, price FROM products ORDER BY (2) DESC',
    json: { columns: [{ e: { $col: 'name' } }, { e: { $col: 'price' } }], from: 'products', order: [{ e: 2, order: 'desc' }] },
  },
  {
    name: 'ORDER BY an alias',
    sql: 'SELECT price * qty AS total FROM lines ORDER BY total DESC',
    json: {
      columns: [{ e: { '$*': [{ $col: 'price' }, { $col: 'qty' }] }, alias: 'total' }],
      from: 'lines',
      order: [{ e: { $alias: 'total' }, order: 'desc' }],
    },
  },
  { name: 'ORDER BY an expression', sql: 'SELECT * FROM t ORDER BY a + b', json: { from: 't', order: [{ e: { '$+': [{ $col: 'a' }, { $col: 'b' }] } }] } },
  { name: 'LIMIT', sql: 'SELECT * FROM customers LIMIT 3', json: { from: 'customers', limit: 3 } },
  {
    name: 'LIMIT OFFSET',
    sql: 'SELECT * FROM customers ORDER BY id LIMIT 10 OFFSET 20',
    json: { from: 'customers', order: [{ e: { $col: 'id' } }], limit: 10, offset: 20 },
  },
  { name: 'OFFSET alone', sql: 'SELECT * FROM t OFFSET 5', json: { from: 't', offset: 5 } },
  { name: 'LIMIT 0', sql: 'SELECT * FROM t LIMIT 0', json: { from: 't', limit: 0 } },
  { name: 'LIMIT an expression', sql: 'SELECT * FROM t LIMIT 2 * 5', json: { from: 't', limit: { '$*': [2, 5] } } },
  {
    name: 'top-N per query',
    sql: 'SELECT name, salary FROM employees ORDER BY salary DESC LIMIT 5',
    json: { columns: [{ e: { $col: 'name' } }, { e: { $col: 'salary' } }], from: 'employees', order: [{ e: { $col: 'salary' }, order: 'desc' }], limit: 5 },
  },

  // ---------------------------------------------------------------- aggregates, GROUP BY, HAVING
  { name: 'COUNT(*)', sql: 'SELECT COUNT(*) FROM orders', json: { columns: [{ e: { type: 'count_rows' } }], from: 'orders' } },
  {
    name: 'count(*) lower case, aliased',
    sql: 'select count(*) as n from orders',
    json: { columns: [{ e: { type: 'count_rows' }, alias: 'n' }], from: 'orders' },
  },
  { name: 'COUNT(column)', sql: 'SELECT COUNT(region) FROM customers', json: { columns: [{ e: { $$COUNT: [{ $col: 'region' }] } }], from: 'customers' } },
  {
    name: 'COUNT(DISTINCT column)',
    sql: 'SELECT COUNT(DISTINCT country) FROM customers',
    json: { columns: [{ e: { $$COUNT_DISTINCT: [{ $col: 'country' }] } }], from: 'customers' },
  },
  {
    name: 'COUNT(DISTINCT several)',
    sql: 'SELECT COUNT(DISTINCT city, country) FROM customers',
    json: { columns: [{ e: { $$COUNT_DISTINCT: [{ $col: 'city' }, { $col: 'country' }] } }], from: 'customers' },
  },
  {
    name: 'SUM AVG MIN MAX',
    sql: 'SELECT SUM(qty), AVG(price), MIN(price), MAX(price) FROM lines',
    json: {
      columns: [
        { e: { $$SUM: [{ $col: 'qty' }] } },
        { e: { $$AVG: [{ $col: 'price' }] } },
        { e: { $$MIN: [{ $col: 'price' }] } },
        { e: { $$MAX: [{ $col: 'price' }] } },
      ],
      from: 'lines',
    },
  },
  {
    name: 'SUM(DISTINCT) and AVG(DISTINCT)',
    sql: 'SELECT SUM(DISTINCT price), AVG(DISTINCT price) FROM products',
    json: { columns: [{ e: { $$SUM_DISTINCT: [{ $col: 'price' }] } }, { e: { $$AVG_DISTINCT: [{ $col: 'price' }] } }], from: 'products' },
  },
  {
    name: 'function names are upper-cased',
    sql: 'select sum(x), Max(y), stddev_pop(z) from t',
    json: { columns: [{ e: { $$SUM: [{ $col: 'x' }] } }, { e: { $$MAX: [{ $col: 'y' }] } }, { e: { $$STDDEV_POP: [{ $col: 'z' }] } }], from: 't' },
  },
  {
    name: 'spec function table: POW and TRUNCATE',
    sql: 'SELECT POW(2, 3), TRUNCATE(price, 2), CEIL(x), FLOOR(x) FROM t',
    json: {
      columns: [
        { e: { $$POW: [2, 3] } },
        { e: { $$TRUNCATE: [{ $col: 'price' }, 2] } },
        { e: { $$CEIL: [{ $col: 'x' }] } },
        { e: { $$FLOOR: [{ $col: 'x' }] } },
      ],
      from: 't',
    },
  },
  {
    name: 'bit aggregates and variance',
    sql: 'SELECT BIT_AND(f), BIT_OR(f), BIT_XOR(f), VAR_POP(x), VAR_SAMP(x), STDDEV_SAMP(x) FROM t',
    json: {
      columns: [
        { e: { $$BIT_AND: [{ $col: 'f' }] } },
        { e: { $$BIT_OR: [{ $col: 'f' }] } },
        { e: { $$BIT_XOR: [{ $col: 'f' }] } },
        { e: { $$VAR_POP: [{ $col: 'x' }] } },
        { e: { $$VAR_SAMP: [{ $col: 'x' }] } },
        { e: { $$STDDEV_SAMP: [{ $col: 'x' }] } },
      ],
      from: 't',
    },
  },
  {
    name: 'a function the spec does not list',
    sql: "SELECT COALESCE(region, 'n/a'), UPPER(name), NOW() FROM t",
    json: { columns: [{ e: { $$COALESCE: [{ $col: 'region' }, 'n/a'] } }, { e: { $$UPPER: [{ $col: 'name' }] } }, { e: { $$NOW: [] } }], from: 't' },
  },
  {
    name: 'GROUP BY with COUNT(*)',
    sql: 'SELECT country, COUNT(*) FROM customers GROUP BY country',
    json: { columns: [{ e: { $col: 'country' } }, { e: { type: 'count_rows' } }], from: 'customers', group: [{ $col: 'country' }] },
  },
  {
    name: 'GROUP BY ORDER BY aggregate',
    sql: 'SELECT country, COUNT(id) FROM customers GROUP BY country ORDER BY COUNT(id) DESC',
    json: {
      columns: [{ e: { $col: 'country' } }, { e: { $$COUNT: [{ $col: 'id' }] } }],
      from: 'customers',
      group: [{ $col: 'country' }],
      order: [{ e: { $$COUNT: [{ $col: 'id' }] }, order: 'desc' }],
    },
  },
  {
    name: 'GROUP BY several columns',
    sql: 'SELECT a, b, SUM(c) FROM t GROUP BY a, b',
    json: { columns: [{ e: { $col: 'a' } }, { e: { $col: 'b' } }, { e: { $$SUM: [{ $col: 'c' }] } }], from: 't', group: [{ $col: 'a' }, { $col: 'b' }] },
  },
  {
    name: 'GROUP BY a number in parentheses is the number',
    sql: 'SELECT country, COUNT(*) FROM customers GROUP BY (1)',
    json: { columns: [{ e: { $col: 'country' } }, { e: { type: 'count_rows' } }], from: 'customers', group: [1] },
  },
  {
    name: 'HAVING COUNT(*)',
    sql: 'SELECT country, COUNT(*) FROM customers GROUP BY country HAVING COUNT(*) > 5',
    json: {
      columns: [{ e: { $col: 'country' } }, { e: { type: 'count_rows' } }],
      from: 'customers',
      group: [{ $col: 'country' }],
      having: { '$>': [{ type: 'count_rows' }, 5] },
    },
  },
  {
    name: 'HAVING with AND',
    sql: 'SELECT dept, AVG(salary) FROM employees GROUP BY dept HAVING AVG(salary) > 50000 AND COUNT(*) >= 3',
    json: {
      columns: [{ e: { $col: 'dept' } }, { e: { $$AVG: [{ $col: 'salary' }] } }],
      from: 'employees',
      group: [{ $col: 'dept' }],
      having: { $and: [{ '$>': [{ $$AVG: [{ $col: 'salary' }] }, 50000] }, { '$>=': [{ type: 'count_rows' }, 3] }] },
    },
  },
  {
    name: 'aliases in GROUP BY, HAVING and ORDER BY are alias references',
    sql: 'SELECT region AS r, SUM(amount) AS total FROM sales GROUP BY r HAVING total > 1000 ORDER BY total DESC',
    json: {
      columns: [
        { e: { $col: 'region' }, alias: 'r' },
        { e: { $$SUM: [{ $col: 'amount' }] }, alias: 'total' },
      ],
      from: 'sales',
      group: [{ $alias: 'r' }],
      having: { '$>': [{ $alias: 'total' }, 1000] },
      order: [{ e: { $alias: 'total' }, order: 'desc' }],
    },
  },
  {
    name: 'an alias in WHERE is a column (SQL reads WHERE before the result)',
    sql: 'SELECT price AS p FROM t WHERE p > 1',
    json: { columns: [{ e: { $col: 'price' }, alias: 'p' }], from: 't', where: { '$>': [{ $col: 'p' }, 1] } },
  },
  {
    name: 'HAVING without GROUP BY',
    sql: 'SELECT SUM(x) FROM t HAVING SUM(x) > 0',
    json: { columns: [{ e: { $$SUM: [{ $col: 'x' }] } }], from: 't', having: { '$>': [{ $$SUM: [{ $col: 'x' }] }, 0] } },
  },
  {
    name: 'every clause',
    sql: 'SELECT DISTINCT c.country, COUNT(*) AS n FROM customers c WHERE c.active = 1 GROUP BY c.country HAVING COUNT(*) > 1 ORDER BY n DESC LIMIT 10 OFFSET 0',
    json: {
      distinct: true,
      columns: [{ e: { $col: 'c.country' } }, { e: { type: 'count_rows' }, alias: 'n' }],
      from: { type: 'table', table: 'customers', alias: 'c' },
      where: { '$=': [{ $col: 'c.active' }, 1] },
      group: [{ $col: 'c.country' }],
      having: { '$>': [{ type: 'count_rows' }, 1] },
      order: [{ e: { $alias: 'n' }, order: 'desc' }],
      limit: 10,
      offset: 0,
    },
  },

  // ---------------------------------------------------------------- joins (the spec's join has no condition: it goes in WHERE)
  {
    name: 'comma join with the condition in WHERE',
    sql: 'SELECT o.id, c.name FROM orders o, customers c WHERE o.customer_id = c.id',
    json: {
      columns: [{ e: { $col: 'o.id' } }, { e: { $col: 'c.name' } }],
      from: { type: 'join', op: 'cross', s1: { type: 'table', table: 'orders', alias: 'o' }, s2: { type: 'table', table: 'customers', alias: 'c' } },
      where: { '$=': [{ $col: 'o.customer_id' }, { $col: 'c.id' }] },
    },
  },
  {
    name: 'JOIN',
    sql: 'SELECT * FROM orders JOIN customers WHERE orders.customer_id = customers.id',
    json: { from: { type: 'join', op: 'join', s1: 'orders', s2: 'customers' }, where: { '$=': [{ $col: 'orders.customer_id' }, { $col: 'customers.id' }] } },
  },
  { name: 'INNER JOIN', sql: 'SELECT * FROM a INNER JOIN b', json: { from: { type: 'join', op: 'inner', s1: 'a', s2: 'b' } } },
  { name: 'LEFT JOIN', sql: 'SELECT * FROM a LEFT JOIN b', json: { from: { type: 'join', op: 'left', s1: 'a', s2: 'b' } } },
  { name: 'LEFT OUTER JOIN', sql: 'SELECT * FROM a LEFT OUTER JOIN b', json: { from: { type: 'join', op: 'left_outer', s1: 'a', s2: 'b' } } },
  { name: 'CROSS JOIN', sql: 'SELECT * FROM colors CROSS JOIN sizes', json: { from: { type: 'join', op: 'cross', s1: 'colors', s2: 'sizes' } } },
  {
    name: 'three-way join is left-associative',
    sql: 'SELECT * FROM a JOIN b LEFT JOIN c',
    json: { from: { type: 'join', op: 'left', s1: { type: 'join', op: 'join', s1: 'a', s2: 'b' }, s2: 'c' } },
  },
  {
    name: 'three comma sources',
    sql: 'SELECT * FROM a, b, c',
    json: { from: { type: 'join', op: 'cross', s1: { type: 'join', op: 'cross', s1: 'a', s2: 'b' }, s2: 'c' } },
  },
  {
    name: 'self join',
    sql: 'SELECT e.name, m.name AS manager FROM employees e, employees m WHERE e.manager_id = m.id',
    json: {
      columns: [{ e: { $col: 'e.name' } }, { e: { $col: 'm.name' }, alias: 'manager' }],
      from: { type: 'join', op: 'cross', s1: { type: 'table', table: 'employees', alias: 'e' }, s2: { type: 'table', table: 'employees', alias: 'm' } },
      where: { '$=': [{ $col: 'e.manager_id' }, { $col: 'm.id' }] },
    },
  },
  {
    name: 'parenthesised join on the right',
    sql: 'SELECT * FROM a LEFT JOIN (b JOIN c)',
    json: { from: { type: 'join', op: 'left', s1: 'a', s2: { type: 'join', op: 'join', s1: 'b', s2: 'c' } } },
  },
  {
    name: 'anti-join with LEFT JOIN and IS NULL',
    sql: 'SELECT c.name FROM customers c LEFT JOIN orders o WHERE o.id IS NULL',
    json: {
      columns: [{ e: { $col: 'c.name' } }],
      from: { type: 'join', op: 'left', s1: { type: 'table', table: 'customers', alias: 'c' }, s2: { type: 'table', table: 'orders', alias: 'o' } },
      where: { $is: [{ $col: 'o.id' }, null] },
    },
  },
  {
    name: 'join a subquery',
    sql: 'SELECT * FROM (SELECT id FROM t) JOIN u',
    json: { from: { type: 'join', op: 'join', s1: { type: 'select', select: { columns: [{ e: { $col: 'id' } }], from: 't' } }, s2: 'u' } },
  },

  // ---------------------------------------------------------------- subqueries
  {
    name: 'scalar subquery in WHERE',
    sql: 'SELECT name FROM products WHERE price = (SELECT MAX(price) FROM products)',
    json: {
      columns: [{ e: { $col: 'name' } }],
      from: 'products',
      where: { '$=': [{ $col: 'price' }, { $select: { columns: [{ e: { $$MAX: [{ $col: 'price' }] } }], from: 'products' } }] },
    },
  },
  {
    name: 'scalar subquery above the average',
    sql: 'SELECT name, salary FROM employees WHERE salary > (SELECT AVG(salary) FROM employees)',
    json: {
      columns: [{ e: { $col: 'name' } }, { e: { $col: 'salary' } }],
      from: 'employees',
      where: { '$>': [{ $col: 'salary' }, { $select: { columns: [{ e: { $$AVG: [{ $col: 'salary' }] } }], from: 'employees' } }] },
    },
  },
  {
    name: 'correlated scalar subquery as a column',
    sql: 'SELECT c.name, (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id) AS order_count FROM customers c',
    json: {
      columns: [
        { e: { $col: 'c.name' } },
        {
          e: {
            $select: {
              columns: [{ e: { type: 'count_rows' } }],
              from: { type: 'table', table: 'orders', alias: 'o' },
              where: { '$=': [{ $col: 'o.customer_id' }, { $col: 'c.id' }] },
            },
          },
          alias: 'order_count',
        },
      ],
      from: { type: 'table', table: 'customers', alias: 'c' },
    },
  },
  {
    name: 'EXISTS',
    sql: 'SELECT name FROM suppliers s WHERE EXISTS (SELECT 1 FROM products p WHERE p.supplier_id = s.id AND p.price < 20)',
    json: {
      columns: [{ e: { $col: 'name' } }],
      from: { type: 'table', table: 'suppliers', alias: 's' },
      where: {
        $exists: {
          columns: [{ e: 1 }],
          from: { type: 'table', table: 'products', alias: 'p' },
          where: { $and: [{ '$=': [{ $col: 'p.supplier_id' }, { $col: 's.id' }] }, { '$<': [{ $col: 'p.price' }, 20] }] },
        },
      },
    },
  },
  {
    name: 'NOT EXISTS with SELECT *',
    sql: 'SELECT * FROM customers c WHERE NOT EXISTS (SELECT * FROM orders o WHERE o.customer_id = c.id)',
    json: {
      from: { type: 'table', table: 'customers', alias: 'c' },
      where: { $not: { $exists: { from: { type: 'table', table: 'orders', alias: 'o' }, where: { '$=': [{ $col: 'o.customer_id' }, { $col: 'c.id' }] } } } },
    },
  },
  {
    name: 'subquery in FROM',
    sql: 'SELECT * FROM (SELECT customer_id, SUM(total) AS spent FROM orders GROUP BY customer_id) WHERE spent > 100',
    json: {
      from: {
        type: 'select',
        select: {
          columns: [{ e: { $col: 'customer_id' } }, { e: { $$SUM: [{ $col: 'total' }] }, alias: 'spent' }],
          from: 'orders',
          group: [{ $col: 'customer_id' }],
        },
      },
      where: { '$>': [{ $col: 'spent' }, 100] },
    },
  },
  {
    name: 'subquery in FROM in a subquery in FROM',
    sql: 'SELECT a FROM (SELECT a, b FROM (SELECT a, b, c FROM t WHERE c > 0) WHERE b < 5)',
    json: {
      columns: [{ e: { $col: 'a' } }],
      from: {
        type: 'select',
        select: {
          columns: [{ e: { $col: 'a' } }, { e: { $col: 'b' } }],
          from: {
            type: 'select',
            select: { columns: [{ e: { $col: 'a' } }, { e: { $col: 'b' } }, { e: { $col: 'c' } }], from: 't', where: { '$>': [{ $col: 'c' }, 0] } },
          },
          where: { '$<': [{ $col: 'b' }, 5] },
        },
      },
    },
  },
  {
    name: 'IN subquery inside IN subquery',
    sql: 'SELECT a FROM t WHERE a IN (SELECT b FROM u WHERE b IN (SELECT c FROM v))',
    json: {
      columns: [{ e: { $col: 'a' } }],
      from: 't',
      where: {
        $in: [{ $col: 'a' }, { columns: [{ e: { $col: 'b' } }], from: 'u', where: { $in: [{ $col: 'b' }, { columns: [{ e: { $col: 'c' } }], from: 'v' }] } }],
      },
    },
  },
  {
    name: 'BETWEEN two subqueries',
    sql: 'SELECT * FROM t WHERE x BETWEEN (SELECT MIN(y) FROM u) AND (SELECT MAX(y) FROM u)',
    json: {
      from: 't',
      where: {
        $between: [
          { $col: 'x' },
          { $select: { columns: [{ e: { $$MIN: [{ $col: 'y' }] } }], from: 'u' } },
          { $select: { columns: [{ e: { $$MAX: [{ $col: 'y' }] } }], from: 'u' } },
        ],
      },
    },
  },
  {
    name: 'an alias inside a subquery does not capture the outer ORDER BY',
    sql: 'SELECT a AS x FROM t ORDER BY (SELECT x FROM u)',
    json: { columns: [{ e: { $col: 'a' }, alias: 'x' }], from: 't', order: [{ e: { $select: { columns: [{ e: { $col: 'x' } }], from: 'u' } } }] },
  },

  // ---------------------------------------------------------------- CASE
  {
    name: 'searched CASE',
    sql: "SELECT name, CASE WHEN price < 10 THEN 'cheap' WHEN price < 100 THEN 'normal' ELSE 'expensive' END AS band FROM products",
    json: {
      columns: [
        { e: { $col: 'name' } },
        {
          e: {
            type: 'case',
            cases: [
              { when: { '$<': [{ $col: 'price' }, 10] }, then: 'cheap' },
              { when: { '$<': [{ $col: 'price' }, 100] }, then: 'normal' },
            ],
            else: 'expensive',
          },
          alias: 'band',
        },
      ],
      from: 'products',
    },
  },
  {
    name: 'simple CASE',
    sql: "SELECT CASE status WHEN 'A' THEN 'active' WHEN 'I' THEN 'inactive' END FROM users",
    json: {
      columns: [
        {
          e: {
            type: 'case',
            base: { $col: 'status' },
            cases: [
              { when: 'A', then: 'active' },
              { when: 'I', then: 'inactive' },
            ],
          },
        },
      ],
      from: 'users',
    },
  },
  {
    name: 'CASE without ELSE',
    sql: 'SELECT CASE WHEN a > 0 THEN 1 END FROM t',
    json: { columns: [{ e: { type: 'case', cases: [{ when: { '$>': [{ $col: 'a' }, 0] }, then: 1 }] } }], from: 't' },
  },
  {
    name: 'CASE inside SUM (conditional count)',
    sql: "SELECT SUM(CASE WHEN status = 'paid' THEN 1 ELSE 0 END) AS paid FROM orders",
    json: {
      columns: [{ e: { $$SUM: [{ type: 'case', cases: [{ when: { '$=': [{ $col: 'status' }, 'paid'] }, then: 1 }], else: 0 }] }, alias: 'paid' }],
      from: 'orders',
    },
  },
  {
    name: 'CASE in ORDER BY',
    sql: 'SELECT * FROM t ORDER BY CASE WHEN x IS NULL THEN 1 ELSE 0 END, x',
    json: { from: 't', order: [{ e: { type: 'case', cases: [{ when: { $is: [{ $col: 'x' }, null] }, then: 1 }], else: 0 } }, { e: { $col: 'x' } }] },
  },
  {
    name: 'nested CASE',
    sql: 'SELECT CASE WHEN a = 1 THEN CASE WHEN b = 1 THEN 11 ELSE 10 END ELSE 0 END FROM t',
    json: {
      columns: [
        {
          e: {
            type: 'case',
            cases: [{ when: { '$=': [{ $col: 'a' }, 1] }, then: { type: 'case', cases: [{ when: { '$=': [{ $col: 'b' }, 1] }, then: 11 }], else: 10 } }],
            else: 0,
          },
        },
      ],
      from: 't',
    },
  },

  // ---------------------------------------------------------------- arithmetic and operators
  {
    name: '* before +',
    sql: 'SELECT price + tax * qty FROM t',
    json: { columns: [{ e: { '$+': [{ $col: 'price' }, { '$*': [{ $col: 'tax' }, { $col: 'qty' }] }] } }], from: 't' },
  },
  {
    name: 'parentheses before *',
    sql: 'SELECT (price + tax) * qty FROM t',
    json: { columns: [{ e: { '$*': [{ '$+': [{ $col: 'price' }, { $col: 'tax' }] }, { $col: 'qty' }] } }], from: 't' },
  },
  {
    name: 'a - b - c is (a - b) - c: one chain in order',
    sql: 'SELECT a - b - c FROM t',
    json: { columns: [{ e: { '$-': [{ $col: 'a' }, { $col: 'b' }, { $col: 'c' }] } }], from: 't' },
  },
  {
    name: 'a - (b - c) stays nested',
    sql: 'SELECT a - (b - c) FROM t',
    json: { columns: [{ e: { '$-': [{ $col: 'a' }, { '$-': [{ $col: 'b' }, { $col: 'c' }] }] } }], from: 't' },
  },
  {
    name: 'a / b * c is (a / b) * c',
    sql: 'SELECT a / b * c FROM t',
    json: { columns: [{ e: { '$*': [{ '$/': [{ $col: 'a' }, { $col: 'b' }] }, { $col: 'c' }] } }], from: 't' },
  },
  {
    name: 'a + b - c is (a + b) - c',
    sql: 'SELECT a + b - c FROM t',
    json: { columns: [{ e: { '$-': [{ '$+': [{ $col: 'a' }, { $col: 'b' }] }, { $col: 'c' }] } }], from: 't' },
  },
  { name: 'modulo', sql: 'SELECT * FROM t WHERE id % 2 = 0', json: { from: 't', where: { '$=': [{ '$%': [{ $col: 'id' }, 2] }, 0] } } },
  {
    name: 'arithmetic in a comparison',
    sql: 'SELECT * FROM t WHERE price * 1.2 > 100',
    json: { from: 't', where: { '$>': [{ '$*': [{ $col: 'price' }, 1.2] }, 100] } },
  },
  { name: 'unary minus of a column', sql: 'SELECT -balance FROM accounts', json: { columns: [{ e: { '$-': { $col: 'balance' } } }], from: 'accounts' } },
  { name: 'negative number literal', sql: 'SELECT * FROM t WHERE x > -5', json: { from: 't', where: { '$>': [{ $col: 'x' }, -5] } } },
  { name: 'minus a negative number', sql: 'SELECT a - -1 FROM t', json: { columns: [{ e: { '$-': [{ $col: 'a' }, -1] } }], from: 't' } },
  {
    name: 'unary minus of parentheses',
    sql: 'SELECT -(a + b) FROM t',
    json: { columns: [{ e: { '$-': { '$+': [{ $col: 'a' }, { $col: 'b' }] } } }], from: 't' },
  },
  {
    name: 'unary minus binds tighter than *',
    sql: 'SELECT -a * b FROM t',
    json: { columns: [{ e: { '$*': [{ '$-': { $col: 'a' } }, { $col: 'b' }] } }], from: 't' },
  },
  { name: 'no space around minus', sql: 'SELECT a-1 FROM t', json: { columns: [{ e: { '$-': [{ $col: 'a' }, 1] } }], from: 't' } },
  {
    name: 'bit operators',
    sql: 'SELECT * FROM t WHERE flags & 4 = 4 AND mask | 1 > 0 AND (x << 2) >= 8 AND ~y = -1',
    json: {
      from: 't',
      where: {
        $and: [
          { '$=': [{ '$&': [{ $col: 'flags' }, 4] }, 4] },
          { '$>': [{ '$|': [{ $col: 'mask' }, 1] }, 0] },
          { '$>=': [{ '$<<': [{ $col: 'x' }, 2] }, 8] },
          { '$=': [{ '$~': { $col: 'y' } }, -1] },
        ],
      },
    },
  },
  { name: 'shift right', sql: 'SELECT flags >> 4 FROM t', json: { columns: [{ e: { '$>>': [{ $col: 'flags' }, 4] } }], from: 't' } },

  // ---------------------------------------------------------------- numbers
  { name: 'int64 maximum', sql: 'SELECT 9223372036854775807', json: '{"columns":[{"e":9223372036854775807}]}' },
  { name: 'int64 minimum', sql: 'SELECT -9223372036854775808', json: '{"columns":[{"e":-9223372036854775808}]}' },
  {
    name: 'int64 maximum in a comparison',
    sql: 'SELECT * FROM t WHERE id < 9223372036854775807',
    json: '{"from":"t","where":{"$<":[{"$col":"id"},9223372036854775807]}}',
  },
  { name: 'decimals', sql: 'SELECT 3.14, 0.5, .5, 100.25 FROM t', json: '{"columns":[{"e":3.14},{"e":0.5},{"e":0.5},{"e":100.25}],"from":"t"}' },
  { name: 'exponents', sql: 'SELECT 1e3, 1E-7, 2.5e+10, 1.5E-3 FROM t', json: '{"columns":[{"e":1e3},{"e":1E-7},{"e":2.5e+10},{"e":1.5E-3}],"from":"t"}' },
  { name: 'a zero fraction keeps its text', sql: 'SELECT 1.0, 2.50 FROM t', json: '{"columns":[{"e":1.0},{"e":2.50}],"from":"t"}' },
  { name: 'a non-integer just above int64 (a float64)', sql: 'SELECT 9223372036854775807.5', json: '{"columns":[{"e":9223372036854775807.5}]}' },
  { name: 'a tiny float', sql: 'SELECT 5e-324', json: '{"columns":[{"e":5e-324}]}' },
  { name: 'zero', sql: 'SELECT 0, -0, 0.0', json: '{"columns":[{"e":0},{"e":-0},{"e":0.0}]}' },

  // ---------------------------------------------------------------- datetimes
  {
    name: 'DATE literal',
    sql: "SELECT * FROM orders WHERE order_date >= DATE '2024-01-01'",
    json: { from: 'orders', where: { '$>=': [{ $col: 'order_date' }, { $ld: '2024-01-01' }] } },
  },
  {
    name: 'TIMESTAMP literal (no offset: local datetime)',
    sql: "SELECT * FROM t WHERE at < TIMESTAMP '2024-01-31T10:30:00'",
    json: { from: 't', where: { '$<': [{ $col: 'at' }, { $ldt: '2024-01-31T10:30:00' }] } },
  },
  { name: 'TIME literal', sql: "SELECT * FROM t WHERE opens = TIME '09:00'", json: { from: 't', where: { '$=': [{ $col: 'opens' }, { $lt: '09:00' }] } } },
  {
    name: 'DATETIME with offset',
    sql: "SELECT * FROM t WHERE at >= DATETIME '2024-01-31T10:30:00+02:00'",
    json: { from: 't', where: { '$>=': [{ $col: 'at' }, { $dt: '2024-01-31T10:30:00+02:00' }] } },
  },
  { name: 'DATETIME from epoch milliseconds', sql: 'SELECT DATETIME(1706697000000) FROM t', json: { columns: [{ e: { $dt: 1706697000000 } }], from: 't' } },
  {
    name: 'a date as a plain string stays a string',
    sql: "SELECT * FROM orders WHERE order_date >= '2024-01-01'",
    json: { from: 'orders', where: { '$>=': [{ $col: 'order_date' }, '2024-01-01'] } },
  },

  {
    name: 'a column called current_date, quoted',
    sql: 'SELECT "current_date", t.current_time FROM t',
    json: { columns: [{ e: { $col: 'current_date' } }, { e: { $col: 't.current_time' } }], from: 't' },
  },

  // ---------------------------------------------------------------- white space, comments, several statements
  {
    name: 'line comments and a block comment',
    sql: '-- top customers\nSELECT name, /* their */ total -- spent\nFROM customers -- all of them\nORDER BY total DESC; -- done',
    json: { columns: [{ e: { $col: 'name' } }, { e: { $col: 'total' } }], from: 'customers', order: [{ e: { $col: 'total' }, order: 'desc' }] },
  },
  {
    name: 'tabs and CRLF line ends',
    sql: 'SELECT\ta,\r\n\tb\r\nFROM\tt\r\nWHERE\ta = 1\r\n',
    json: { columns: [{ e: { $col: 'a' } }, { e: { $col: 'b' } }], from: 't', where: { '$=': [{ $col: 'a' }, 1] } },
  },
  {
    name: 'one clause per line, indented',
    sql: '\n\n   SELECT a\n     FROM t\n    WHERE b = 2\n      AND c = 3\n ORDER BY a\n',
    json: {
      columns: [{ e: { $col: 'a' } }],
      from: 't',
      where: { $and: [{ '$=': [{ $col: 'b' }, 2] }, { '$=': [{ $col: 'c' }, 3] }] },
      order: [{ e: { $col: 'a' } }],
    },
  },
  {
    name: 'no spaces around operators and commas',
    sql: 'SELECT a,b FROM t WHERE a>=1 AND b<>2',
    json: { columns: [{ e: { $col: 'a' } }, { e: { $col: 'b' } }], from: 't', where: { $and: [{ '$>=': [{ $col: 'a' }, 1] }, { '$!=': [{ $col: 'b' }, 2] }] } },
  },
  { name: 'a string across lines', sql: "SELECT * FROM t WHERE note = 'two\nlines'", json: { from: 't', where: { '$=': [{ $col: 'note' }, 'two\nlines'] } } },
  { name: 'minus minus starts a comment', sql: 'SELECT 3--1\nFROM t', json: { columns: [{ e: 3 }], from: 't' } },
  { name: 'two statements', sql: 'SELECT * FROM a;\nSELECT * FROM b;', json: [{ from: 'a' }, { from: 'b' }] },
  { name: 'empty statements between semicolons are skipped', sql: 'SELECT 1;;\n;SELECT 2', json: [{ columns: [{ e: 1 }] }, { columns: [{ e: 2 }] }] },
  { name: 'a comment after the last semicolon', sql: 'SELECT 1; -- end', json: { columns: [{ e: 1 }] } },

  // ---------------------------------------------------------------- whole report queries
  {
    name: 'a customer report, formatted the way people format SQL',
    sql: `SELECT c.customer_id,
       c.name,
       COUNT(o.id)      AS orders,
       SUM(o.total)     AS revenue,
       MAX(o.placed_at) AS last_order
  FROM customers c
  LEFT JOIN orders o
 WHERE o.customer_id = c.customer_id
   AND o.status NOT IN ('cancelled', 'refunded')
 GROUP BY c.customer_id, c.name
HAVING SUM(o.total) >= 1000
 ORDER BY revenue DESC, c.name
 LIMIT 25;`,
    json: {
      columns: [
        { e: { $col: 'c.customer_id' } },
        { e: { $col: 'c.name' } },
        { e: { $$COUNT: [{ $col: 'o.id' }] }, alias: 'orders' },
        { e: { $$SUM: [{ $col: 'o.total' }] }, alias: 'revenue' },
        { e: { $$MAX: [{ $col: 'o.placed_at' }] }, alias: 'last_order' },
      ],
      from: { type: 'join', op: 'left', s1: { type: 'table', table: 'customers', alias: 'c' }, s2: { type: 'table', table: 'orders', alias: 'o' } },
      where: { $and: [{ '$=': [{ $col: 'o.customer_id' }, { $col: 'c.customer_id' }] }, { $not: { $in: [{ $col: 'o.status' }, ['cancelled', 'refunded']] } }] },
      group: [{ $col: 'c.customer_id' }, { $col: 'c.name' }],
      having: { '$>=': [{ $$SUM: [{ $col: 'o.total' }] }, 1000] },
      order: [{ e: { $alias: 'revenue' }, order: 'desc' }, { e: { $col: 'c.name' } }],
      limit: 25,
    },
  },
  {
    name: 'a headcount report with a scalar subquery',
    sql: `SELECT department, COUNT(*) AS headcount
FROM employees
WHERE hire_date BETWEEN DATE '2020-01-01' AND DATE '2020-12-31'
  AND salary > (SELECT AVG(salary) FROM employees)
GROUP BY department
HAVING COUNT(*) > 2
ORDER BY headcount DESC`,
    json: {
      columns: [{ e: { $col: 'department' } }, { e: { type: 'count_rows' }, alias: 'headcount' }],
      from: 'employees',
      where: {
        $and: [
          { $between: [{ $col: 'hire_date' }, { $ld: '2020-01-01' }, { $ld: '2020-12-31' }] },
          { '$>': [{ $col: 'salary' }, { $select: { columns: [{ e: { $$AVG: [{ $col: 'salary' }] } }], from: 'employees' } }] },
        ],
      },
      group: [{ $col: 'department' }],
      having: { '$>': [{ type: 'count_rows' }, 2] },
      order: [{ e: { $alias: 'headcount' }, order: 'desc' }],
    },
  },
  {
    name: 'IN a grouped subquery',
    sql: 'SELECT p.name FROM products p WHERE p.category_id IN (SELECT category_id FROM products GROUP BY category_id HAVING COUNT(*) > 10) AND p.price > 0',
    json: {
      columns: [{ e: { $col: 'p.name' } }],
      from: { type: 'table', table: 'products', alias: 'p' },
      where: {
        $and: [
          {
            $in: [
              { $col: 'p.category_id' },
              { columns: [{ e: { $col: 'category_id' } }], from: 'products', group: [{ $col: 'category_id' }], having: { '$>': [{ type: 'count_rows' }, 10] } },
            ],
          },
          { '$>': [{ $col: 'p.price' }, 0] },
        ],
      },
    },
  },
  {
    name: 'DISTINCT(a) is DISTINCT a',
    sql: 'SELECT DISTINCT(city) FROM customers',
    json: { distinct: true, columns: [{ e: { $col: 'city' } }], from: 'customers' },
  },
  {
    name: 'COUNT (*) with a space, IN( and EXISTS( without',
    sql: 'SELECT COUNT (*) FROM t WHERE a IN(1,2) AND EXISTS(SELECT 1)',
    json: { columns: [{ e: { type: 'count_rows' } }], from: 't', where: { $and: [{ $in: [{ $col: 'a' }, [1, 2]] }, { $exists: { columns: [{ e: 1 }] } }] } },
  },

  // ---------------------------------------------------------------- write actions (their WHERE and expressions)
  {
    name: 'UPDATE with a literal and an expression',
    sql: "UPDATE shop.products SET discontinued = 1, price = price * 1.1 WHERE category = 'toys'",
    json: {
      action: 'update',
      database: 'shop.products',
      records: { type: 'where', where: { '$=': [{ $col: 'category' }, 'toys'] } },
      fields: { discontinued: 1 },
      expressions: { price: { '$*': [{ $col: 'price' }, 1.1] } },
    },
  },
  {
    name: 'UPDATE ... WHERE id IN (subquery)',
    sql: 'UPDATE t SET a = a + 1 WHERE id IN (SELECT id FROM u)',
    json: {
      action: 'update',
      database: 't',
      records: { type: 'where', where: { $in: [{ $col: 'id' }, { columns: [{ e: { $col: 'id' } }], from: 'u' }] } },
      expressions: { a: { '$+': [{ $col: 'a' }, 1] } },
    },
  },
  {
    name: 'DELETE ... WHERE',
    sql: "DELETE FROM shop.orders WHERE status = 'cancelled' AND placed < DATE '2020-01-01'",
    json: {
      action: 'delete',
      database: 'shop.orders',
      records: { type: 'where', where: { $and: [{ '$=': [{ $col: 'status' }, 'cancelled'] }, { '$<': [{ $col: 'placed' }, { $ld: '2020-01-01' }] }] } },
    },
  },
  {
    name: 'INSERT VALUES',
    sql: "INSERT INTO shop.orders (id, status) VALUES (1, 'open'), (2, NULL)",
    json: {
      action: 'insert',
      database: 'shop.orders',
      records: [
        { id: 1, status: 'open' },
        { id: 2, status: null },
      ],
    },
  },
];

interface Rejected {
  readonly name: string;
  readonly sql: string;
  readonly code: string;
  /** line:column of the error. */
  readonly at: string;
  readonly message: string;
  /** A piece of the hint (the dialect's way, or why there is none); none where the message says it all. */
  readonly hint?: string;
  /** How many errors (one mistake is one error, unless the text has several). */
  readonly errors?: number;
}

const END = "the end of the statement (';' or the end of the input)";

const REJECTED: readonly Rejected[] = [
  // joins with a condition: the spec's join object has op, s1 and s2 only
  {
    name: 'JOIN ... ON',
    sql: 'SELECT o.id, c.name\nFROM orders o\nJOIN customers c ON o.customer_id = c.id',
    code: 'syntax/join-condition',
    at: '3:18',
    message: "JOIN ... ON is not supported: the select object's join carries no condition",
    hint: 'put the join condition in WHERE',
  },
  {
    name: 'JOIN ... ON on CRLF lines',
    sql: 'SELECT a\r\nFROM t\r\nJOIN u ON x = 1',
    code: 'syntax/join-condition',
    at: '3:8',
    message: "JOIN ... ON is not supported: the select object's join carries no condition",
    hint: 'WHERE',
  },
  {
    name: 'CAST on an indented line (a tab is one column)',
    sql: '\tSELECT name,\n\t\tCAST(x AS INT)\nFROM t',
    code: 'syntax/unexpected-token',
    at: '2:10',
    message: "expected ',' or ')' after name x, found AS",
    hint: 'no CAST',
  },
  {
    name: 'INNER JOIN ... ON',
    sql: 'SELECT * FROM a INNER JOIN b ON a.id = b.a_id',
    code: 'syntax/join-condition',
    at: '1:30',
    message: "JOIN ... ON is not supported: the select object's join carries no condition",
    hint: 'WHERE',
  },
  {
    name: 'LEFT JOIN ... ON',
    sql: 'SELECT * FROM a LEFT JOIN b ON a.id = b.a_id',
    code: 'syntax/join-condition',
    at: '1:29',
    message: "JOIN ... ON is not supported: the select object's join carries no condition",
    hint: 'WHERE',
  },
  {
    name: 'JOIN ... USING',
    sql: 'SELECT * FROM orders JOIN customers USING (customer_id)',
    code: 'syntax/join-condition',
    at: '1:37',
    message: "JOIN ... USING is not supported: the select object's join carries no condition",
    hint: 'WHERE',
  },
  {
    name: 'RIGHT JOIN',
    sql: 'SELECT * FROM a RIGHT JOIN b',
    code: 'syntax/unsupported-join',
    at: '1:17',
    message: 'RIGHT JOIN is not a join of the select object: its joins are JOIN, INNER JOIN, CROSS JOIN (or a comma), LEFT JOIN and LEFT OUTER JOIN',
    hint: 'b LEFT JOIN a',
  },
  {
    name: 'FULL OUTER JOIN',
    sql: 'SELECT * FROM a FULL OUTER JOIN b',
    code: 'syntax/unsupported-join',
    at: '1:17',
    message: 'FULL OUTER JOIN is not a join of the select object: its joins are JOIN, INNER JOIN, CROSS JOIN (or a comma), LEFT JOIN and LEFT OUTER JOIN',
    hint: 'full outer join cannot be expressed',
  },
  {
    name: 'NATURAL JOIN',
    sql: 'SELECT * FROM a NATURAL JOIN b',
    code: 'syntax/unsupported-join',
    at: '1:17',
    message: 'NATURAL JOIN is not a join of the select object: its joins are JOIN, INNER JOIN, CROSS JOIN (or a comma), LEFT JOIN and LEFT OUTER JOIN',
    hint: 'WHERE',
  },
  {
    name: 'OUTER JOIN without LEFT',
    sql: 'SELECT * FROM a OUTER JOIN b',
    code: 'syntax/unsupported-join',
    at: '1:17',
    message: "OUTER JOIN needs LEFT: the select object's outer join is LEFT OUTER JOIN",
    hint: 'LEFT OUTER JOIN',
  },
  {
    name: 'a subquery source with an alias',
    sql: 'SELECT * FROM (SELECT a FROM t) AS sub',
    code: 'syntax/subquery-alias',
    at: '1:33',
    message: 'a subquery source has no alias in the select object, found AS sub',
    hint: 'remove the alias',
  },
  // what the select object has no property for
  {
    name: 'UNION',
    sql: 'SELECT a FROM t UNION SELECT a FROM u',
    code: 'syntax/unexpected-token',
    at: '1:17',
    message: `unexpected UNION: expected ${END}`,
    hint: 'dsq has no UNION',
  },
  {
    name: 'UNION ALL',
    sql: 'SELECT a FROM t\nUNION ALL\nSELECT a FROM u',
    code: 'syntax/unexpected-token',
    at: '2:1',
    message: `unexpected UNION: expected ${END}`,
    hint: 'separate statements',
  },
  {
    name: 'INTERSECT',
    sql: 'SELECT a FROM t INTERSECT SELECT a FROM u',
    code: 'syntax/unexpected-token',
    at: '1:17',
    message: `unexpected INTERSECT: expected ${END}`,
    hint: 'dsq has no INTERSECT',
  },
  {
    name: 'EXCEPT',
    sql: 'SELECT a FROM t EXCEPT SELECT a FROM u',
    code: 'syntax/unexpected-token',
    at: '1:17',
    message: `unexpected EXCEPT: expected ${END}`,
    hint: 'dsq has no EXCEPT',
  },
  {
    name: 'WITH (a CTE)',
    sql: 'WITH big AS (SELECT * FROM t WHERE x > 9)\nSELECT * FROM big',
    code: 'syntax/unexpected-token',
    at: '1:1',
    message: 'expected SELECT, found WITH',
    hint: 'subquery in FROM',
  },
  {
    name: 'window function',
    sql: 'SELECT name, ROW_NUMBER() OVER (ORDER BY salary DESC) FROM employees',
    code: 'syntax/unexpected-token',
    at: '1:27',
    message: `unexpected OVER: expected ${END}`,
    hint: 'no window functions',
  },
  {
    name: 'aggregate OVER (PARTITION BY)',
    sql: 'SELECT SUM(x) OVER (PARTITION BY g) FROM t',
    code: 'syntax/unexpected-token',
    at: '1:15',
    message: `unexpected OVER: expected ${END}`,
    hint: 'no window functions',
  },
  {
    name: 'aggregate FILTER',
    sql: 'SELECT COUNT(*) FILTER (WHERE x > 1) FROM t',
    code: 'syntax/unexpected-token',
    at: '1:17',
    message: `unexpected FILTER: expected ${END}`,
    hint: 'CASE WHEN',
  },
  // a column position: the spec's order term and group item are expressions, so a bare number would be a constant
  {
    name: 'ORDER BY a position',
    sql: 'SELECT name, price FROM products ORDER BY 2 DESC',
    code: 'syntax/column-position',
    at: '1:43',
    message: "ORDER BY 2 would order by the number 2, not by a result column: dsq has no column positions (the spec's order term is an expression)",
    hint: 'write the column: ORDER BY price',
  },
  {
    name: 'ORDER BY positions',
    sql: 'SELECT name, price AS p FROM products ORDER BY 1, 2',
    code: 'syntax/column-position',
    at: '1:48',
    message: "ORDER BY 1 would order by the number 1, not by a result column: dsq has no column positions (the spec's order term is an expression)",
    hint: 'write the column: ORDER BY name',
    errors: 2,
  },
  {
    name: 'GROUP BY a position',
    sql: 'SELECT country, COUNT(*) FROM customers GROUP BY 1',
    code: 'syntax/column-position',
    at: '1:50',
    message: "GROUP BY 1 would group by the number 1, not by a result column: dsq has no column positions (the spec's group item is an expression)",
    hint: 'write the column: GROUP BY country',
  },
  {
    name: 'NULLS LAST',
    sql: 'SELECT * FROM t ORDER BY a DESC NULLS LAST',
    code: 'syntax/unexpected-token',
    at: '1:33',
    message: `unexpected name NULLS: expected ${END}`,
    hint: 'x IS NULL',
  },
  {
    name: 'LIMIT offset, count',
    sql: 'SELECT * FROM t LIMIT 20, 10',
    code: 'syntax/limit-comma',
    at: '1:25',
    message: 'LIMIT takes one expression: dsq has no LIMIT offset, count',
    hint: 'LIMIT count OFFSET offset',
  },
  {
    name: 'TOP n',
    sql: 'SELECT TOP 10 * FROM t',
    code: 'syntax/unexpected-token',
    at: '1:12',
    message: `unexpected number 10: expected ${END}`,
    hint: 'LIMIT n',
  },
  {
    name: 'FETCH FIRST n ROWS ONLY',
    sql: 'SELECT * FROM t ORDER BY a FETCH FIRST 5 ROWS ONLY',
    code: 'syntax/unexpected-token',
    at: '1:28',
    message: `unexpected FETCH: expected ${END}`,
    hint: 'LIMIT n',
  },
  {
    name: 'SELECT t.*',
    sql: 'SELECT o.* FROM orders o',
    code: 'syntax/unexpected-token',
    at: '1:10',
    message: "expected a name after '.', found '*'",
    hint: 'table.* columns',
  },
  {
    name: 'FOR UPDATE',
    sql: 'SELECT * FROM t FOR UPDATE',
    code: 'syntax/unexpected-token',
    at: '1:17',
    message: `unexpected FOR: expected ${END}`,
    hint: 'only reads',
  },
  // operators and literals the spec has not
  {
    name: "'||' concatenation",
    sql: "SELECT first_name || ' ' || last_name FROM t",
    code: 'syntax/unexpected-token',
    at: '1:19',
    message: `unexpected '||': expected ${END}`,
    hint: "no '||' string concatenation",
  },
  {
    name: ':: cast',
    sql: 'SELECT price::int FROM t',
    code: 'syntax/unexpected-token',
    at: '1:13',
    message: `unexpected '::': expected ${END}`,
    hint: "no '::' casts",
  },
  {
    name: 'ILIKE',
    sql: "SELECT * FROM t WHERE name ILIKE 'a%'",
    code: 'syntax/unexpected-token',
    at: '1:28',
    message: `unexpected ILIKE: expected ${END}`,
    hint: 'no ILIKE',
  },
  {
    name: 'LIKE ... ESCAPE',
    sql: "SELECT * FROM t WHERE code LIKE 'a!%' ESCAPE '!'",
    code: 'syntax/unexpected-token',
    at: '1:39',
    message: `unexpected ESCAPE: expected ${END}`,
    hint: 'no ESCAPE',
  },
  {
    name: 'SIMILAR TO',
    sql: "SELECT * FROM t WHERE a SIMILAR TO 'x'",
    code: 'syntax/unexpected-token',
    at: '1:25',
    message: `unexpected SIMILAR: expected ${END}`,
    hint: 'REGEXP',
  },
  {
    name: '== for equality',
    sql: 'SELECT * FROM t WHERE a == 1',
    code: 'syntax/unexpected-token',
    at: '1:25',
    message: `unexpected '==': expected ${END}`,
    hint: "'=' for equality",
  },
  {
    name: 'TRUE literal',
    sql: 'SELECT * FROM users WHERE active = TRUE',
    code: 'syntax/boolean-literal',
    at: '1:36',
    message: 'dsq has no boolean literals, found TRUE',
    hint: 'comparison',
  },
  {
    name: 'IS TRUE',
    sql: 'SELECT * FROM users WHERE active IS TRUE',
    code: 'syntax/boolean-literal',
    at: '1:37',
    message: 'dsq has no boolean literals, found TRUE',
    hint: 'comparison',
  },
  {
    name: 'backquoted names',
    sql: 'SELECT `name` FROM t',
    code: 'syntax/unexpected-character',
    at: '1:8',
    message: 'unexpected character "`"',
    hint: 'double quotes',
    errors: 2,
  },
  {
    name: 'DISTINCT on a non-DISTINCT aggregate',
    sql: 'SELECT MAX(DISTINCT x) FROM t',
    code: 'syntax/distinct-argument',
    at: '1:12',
    message: 'DISTINCT is allowed only in COUNT, AVG and SUM, found MAX(DISTINCT ...)',
  },
  {
    name: 'a listed function with the wrong arity',
    sql: 'SELECT POW(2) FROM t',
    code: 'spec/function-arity',
    at: '1:8',
    message: 'POW takes exactly 2 arguments (base, exponent), got 1',
    hint: 'function table',
  },
  {
    name: 'a keyword as a bare alias',
    sql: 'SELECT a AS order FROM t',
    code: 'syntax/unexpected-token',
    at: '1:13',
    message: 'expected a name after AS, found ORDER',
    hint: '"order"',
  },
  // numbers outside the spec's range (JSON rule 6)
  {
    name: 'int64 maximum + 1',
    sql: 'SELECT 9223372036854775808',
    code: 'syntax/invalid-number',
    at: '1:8',
    message: '9223372036854775808 is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)',
  },
  {
    name: 'int64 minimum - 1',
    sql: 'SELECT * FROM t WHERE x > -9223372036854775809',
    code: 'syntax/invalid-number',
    at: '1:27',
    message: '-9223372036854775809 is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)',
  },
  {
    name: 'a whole number by exponent outside int64',
    sql: 'SELECT 1e19',
    code: 'syntax/invalid-number',
    at: '1:8',
    message: '1e19 is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)',
  },
  {
    name: 'a whole number by exponent written like a float (rule 6 reads it exactly)',
    sql: 'SELECT 6.02E23',
    code: 'syntax/invalid-number',
    at: '1:8',
    message: '6.02E23 is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)',
  },
  {
    name: 'a whole number with a zero fraction outside int64',
    sql: 'SELECT 9223372036854775808.0',
    code: 'syntax/invalid-number',
    at: '1:8',
    message: '9223372036854775808.0 is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)',
  },
  // SQL's call forms with words among the arguments: one error (no echoes), with the dialect's answer
  {
    name: 'CAST(x AS type)',
    sql: 'SELECT CAST(price AS INTEGER) AS p FROM t',
    code: 'syntax/unexpected-token',
    at: '1:19',
    message: "expected ',' or ')' after name price, found AS",
    hint: 'dsq has no CAST(x AS type): the select object has no casts',
  },
  {
    name: 'EXTRACT(field FROM x)',
    sql: 'SELECT EXTRACT(YEAR FROM order_date) FROM orders',
    code: 'syntax/unexpected-token',
    at: '1:21',
    message: "expected ',' or ')' after name YEAR, found FROM",
    hint: 'dsq has no EXTRACT(field FROM x) form',
  },
  {
    name: 'SUBSTRING(x FROM a FOR b)',
    sql: 'SELECT SUBSTRING(name FROM 1 FOR 3) FROM t',
    code: 'syntax/unexpected-token',
    at: '1:23',
    message: "expected ',' or ')' after name name, found FROM",
    hint: "a function's arguments are expressions separated by commas",
  },
  {
    name: 'TRIM(BOTH c FROM x)',
    sql: "SELECT TRIM(BOTH ' ' FROM name) FROM t",
    code: 'syntax/unexpected-token',
    at: '1:18',
    message: "expected ',' or ')' after name BOTH, found string ' '",
    hint: 'dsq has no TRIM(',
  },
  {
    name: 'POSITION(a IN b)',
    sql: "SELECT POSITION('@' IN email) FROM users",
    code: 'syntax/unexpected-token',
    at: '1:24',
    message: "expected '(' after IN, found name email",
    hint: 'dsq has no POSITION(a IN b) form',
  },
  // other SQL forms the spec has not
  {
    name: 'row values',
    sql: 'SELECT * FROM t WHERE (a, b) IN (SELECT a, b FROM u)',
    code: 'syntax/unexpected-token',
    at: '1:25',
    message: "expected ')' after name a, found ','",
    hint: 'dsq has no row values',
  },
  {
    name: '> ALL (subquery)',
    sql: 'SELECT * FROM t WHERE x > ALL (SELECT y FROM u)',
    code: 'syntax/unexpected-token',
    at: '1:27',
    message: "expected an expression after '>', found ALL",
    hint: 'dsq has no quantified comparisons',
  },
  {
    name: '= ANY (subquery)',
    sql: 'SELECT * FROM t WHERE x = ANY (SELECT y FROM u)',
    code: 'syntax/unexpected-token',
    at: '1:32',
    message: "expected ')' after '(', found SELECT",
    hint: 'dsq has no quantified comparisons',
  },
  {
    name: 'IS DISTINCT FROM',
    sql: 'SELECT * FROM t WHERE a IS DISTINCT FROM b',
    code: 'syntax/unexpected-token',
    at: '1:28',
    message: 'expected an expression after IS, found DISTINCT',
    hint: 'dsq has no IS [NOT] DISTINCT FROM',
  },
  {
    name: 'IS NOT DISTINCT FROM',
    sql: 'SELECT * FROM t WHERE a IS NOT DISTINCT FROM b',
    code: 'syntax/unexpected-token',
    at: '1:32',
    message: 'expected an expression after NOT, found DISTINCT',
    hint: 'dsq has no IS [NOT] DISTINCT FROM',
  },
  {
    name: '<=> (NULL-safe equality)',
    sql: 'SELECT * FROM t WHERE a <=> b',
    code: 'syntax/unexpected-token',
    at: '1:27',
    message: "expected an expression after '<=', found '>'",
    hint: 'dsq has no <=>',
  },
  {
    name: '^ (power or XOR)',
    sql: 'SELECT 2 ^ 3 FROM t',
    code: 'syntax/unexpected-character',
    at: '1:10',
    message: 'unexpected character "^"',
    hint: 'POW(a, b)',
  },
  {
    name: 'unary plus',
    sql: 'SELECT * FROM t WHERE a = +1',
    code: 'syntax/unexpected-token',
    at: '1:27',
    message: "expected an expression after '=', found '+'",
    hint: "dsq has no unary '+'",
  },
  {
    name: 'INTERVAL',
    sql: "SELECT order_date + INTERVAL '1 day' FROM orders",
    code: 'syntax/unexpected-token',
    at: '1:30',
    message: `unexpected string '1 day': expected ${END}`,
    hint: 'dsq has no INTERVAL',
  },
  {
    name: "X'...' (a hexadecimal string)",
    sql: "SELECT X'0A' FROM t",
    code: 'syntax/unexpected-token',
    at: '1:9',
    message: `unexpected string '0A': expected ${END}`,
    hint: "dsq has no X'...' strings",
  },
  {
    name: "E'...' (an escape string)",
    sql: "SELECT * FROM t WHERE s = E'a\\n'",
    code: 'syntax/unexpected-token',
    at: '1:28',
    message: `unexpected string 'a\\n': expected ${END}`,
    hint: "dsq has no E'...' strings",
  },
  {
    name: 'SELECT ALL',
    sql: 'SELECT ALL name FROM t',
    code: 'syntax/unexpected-token',
    at: '1:8',
    message: 'expected an expression after SELECT, found ALL',
    hint: 'leave ALL out',
  },
  {
    name: 'COUNT(ALL x)',
    sql: 'SELECT COUNT(ALL x) FROM t',
    code: 'syntax/unexpected-token',
    at: '1:14',
    message: "expected ')' after '(', found ALL",
    hint: 'leave it out',
  },
  {
    name: 'DISTINCT ON',
    sql: 'SELECT DISTINCT ON (a) a, b FROM t',
    code: 'syntax/unexpected-token',
    at: '1:17',
    message: 'expected an expression after DISTINCT, found ON',
    hint: 'dsq has no DISTINCT ON',
  },
  {
    name: 'LIMIT ALL',
    sql: 'SELECT * FROM t LIMIT ALL',
    code: 'syntax/unexpected-token',
    at: '1:23',
    message: 'expected an expression after LIMIT, found ALL',
    hint: 'leave LIMIT out',
  },
  {
    name: 'OFFSET n ROWS',
    sql: 'SELECT * FROM t LIMIT 10 OFFSET 5 ROWS',
    code: 'syntax/unexpected-token',
    at: '1:35',
    message: `unexpected name ROWS: expected ${END}`,
    hint: 'write OFFSET n',
  },
  {
    name: 'OFFSET before LIMIT',
    sql: 'SELECT * FROM t OFFSET 10 LIMIT 5',
    code: 'syntax/unexpected-token',
    at: '1:27',
    message: `unexpected LIMIT: expected ${END}`,
    hint: 'in this order: FROM, WHERE, GROUP BY, HAVING, ORDER BY, LIMIT, OFFSET',
  },
  {
    name: 'WHERE after ORDER BY',
    sql: 'SELECT * FROM t\nORDER BY a\nWHERE b = 1',
    code: 'syntax/unexpected-token',
    at: '3:1',
    message: `unexpected WHERE: expected ${END}`,
    hint: 'in this order',
  },
  {
    name: 'SELECT without result columns',
    sql: 'SELECT FROM t',
    code: 'syntax/unexpected-token',
    at: '1:8',
    message: 'expected an expression after SELECT, found FROM',
    hint: 'result columns (or *)',
  },
  {
    name: 'nested block comments',
    sql: 'SELECT a /* one /* two */ three */ FROM t',
    code: 'syntax/unexpected-token',
    at: '1:33',
    message: `unexpected '*': expected ${END}`,
    hint: 'block comments do not nest',
  },
  // SQL's values without parentheses: the spec has no current date or time (never a column read silently)
  {
    name: 'CURRENT_DATE',
    sql: 'SELECT * FROM orders WHERE order_date > CURRENT_DATE',
    code: 'syntax/sql-value-word',
    at: '1:41',
    message: "CURRENT_DATE is not in the spec's expressions: a select object has no current date or time",
    hint: 'a parameter (:today) or a literal',
  },
  {
    name: 'current_timestamp',
    sql: 'SELECT current_timestamp AS now FROM t',
    code: 'syntax/sql-value-word',
    at: '1:8',
    message: "CURRENT_TIMESTAMP is not in the spec's expressions: a select object has no current date or time",
    hint: 'written quoted: "current_timestamp"',
  },
  // backslash escapes (MySQL): a string ends at its second quote
  {
    name: 'a backslash-escaped quote in a select list',
    sql: "SELECT 'It\\'s' FROM t",
    code: 'syntax/unterminated',
    at: '1:14',
    message: "unterminated string: missing the closing '",
    hint: "a quote inside a string is written twice ('It''s')",
  },
  {
    name: 'a backslash-escaped quote in a WHERE',
    sql: "SELECT * FROM t WHERE name = 'O\\'Brien'",
    code: 'syntax/unexpected-token',
    at: '1:34',
    message: `unexpected name Brien: expected ${END}`,
    hint: 'no backslash escapes',
    errors: 2,
  },
  // everyday slips
  {
    name: 'a comma after the last result column',
    sql: 'SELECT a, b,\nFROM t',
    code: 'syntax/unexpected-token',
    at: '2:1',
    message: "expected an expression after ',', found FROM",
    hint: "remove the ',' after the last item",
  },
  {
    name: 'a comma after the last IN value',
    sql: 'SELECT * FROM t WHERE a IN (1, 2,)',
    code: 'syntax/unexpected-token',
    at: '1:34',
    message: "expected an expression after ',', found ')'",
    hint: "remove the ','",
  },
  {
    name: 'FORM for FROM',
    sql: 'SELECT * FORM t',
    code: 'syntax/unexpected-token',
    at: '1:10',
    message: `unexpected name FORM: expected ${END}`,
    hint: 'did you mean FROM?',
  },
  {
    name: 'FORM for FROM, read as an alias',
    sql: 'SELECT name FORM users',
    code: 'syntax/unexpected-token',
    at: '1:18',
    message: `unexpected name users: expected ${END}`,
    hint: 'FORM was read as an alias: did you mean FROM?',
  },
  {
    name: 'SELEC for SELECT',
    sql: 'SELEC * FROM t',
    code: 'syntax/unexpected-token',
    at: '1:1',
    message: 'expected SELECT, found name SELEC',
    hint: 'did you mean SELECT?',
  },
  {
    name: 'typographic quotes pasted from a document',
    sql: 'SELECT * FROM t WHERE name = \u2018John\u2019',
    code: 'syntax/unexpected-character',
    at: '1:30',
    message: 'unexpected character "\u2018"',
    hint: "a string is written with '",
    errors: 2,
  },
  {
    name: 'a mathematical sign',
    sql: 'SELECT * FROM t WHERE a \u2265 1',
    code: 'syntax/unexpected-character',
    at: '1:25',
    message: 'unexpected character "\u2265"',
    hint: "write '>='",
  },
  // positional and T-SQL parameters: dsq's are named
  {
    name: 'a ? placeholder',
    sql: 'SELECT * FROM t WHERE id = ?',
    code: 'syntax/unexpected-character',
    at: '1:28',
    message: 'unexpected character "?"',
    hint: 'a parameter is written with its name: :id',
  },
  {
    name: 'a $1 placeholder',
    sql: 'SELECT * FROM t WHERE id = $1',
    code: 'syntax/unexpected-character',
    at: '1:28',
    message: 'unexpected character "$"',
    hint: 'a parameter is written with its name: :id',
  },
  {
    name: 'a T-SQL @variable',
    sql: 'SELECT * FROM t WHERE id = @id',
    code: 'syntax/unexpected-token',
    at: '1:28',
    message: "expected an expression after '=', found '@'",
    hint: 'a parameter is written with its name: :id',
  },
  {
    name: 'adjacent strings (SQL joins them across lines)',
    sql: "SELECT 'first part '\n       'second part' AS s",
    code: 'syntax/unexpected-token',
    at: '2:8',
    message: `unexpected string 'second part': expected ${END}`,
    hint: 'adjacent strings are not joined',
  },
  // a number run into a name: never read as the number and an alias
  {
    name: 'a hexadecimal number',
    sql: 'SELECT * FROM t WHERE flags & 0x1F > 0',
    code: 'syntax/invalid-number',
    at: '1:31',
    message: "0x1F is not a number: a number cannot be followed directly by a letter or '_'",
    hint: 'write it in decimal: 31',
  },
  {
    name: 'a binary number',
    sql: 'SELECT 0b101 FROM t',
    code: 'syntax/invalid-number',
    at: '1:8',
    message: "0b101 is not a number: a number cannot be followed directly by a letter or '_'",
    hint: 'write it in decimal: 5',
  },
  {
    name: 'digit separators',
    sql: 'SELECT * FROM t WHERE amount > 1_000_000',
    code: 'syntax/invalid-number',
    at: '1:32',
    message: "1_000_000 is not a number: a number cannot be followed directly by a letter or '_'",
    hint: 'write 1000000',
  },
  {
    name: 'no space before AND',
    sql: 'SELECT * FROM t WHERE id=1AND x=2',
    code: 'syntax/invalid-number',
    at: '1:26',
    message: "1AND is not a number: a number cannot be followed directly by a letter or '_'",
    hint: 'put a space between 1 and AND',
  },
  {
    name: 'an exponent without digits',
    sql: 'SELECT 1.5e FROM t',
    code: 'syntax/invalid-number',
    at: '1:8',
    message: "1.5e is not a number: a number cannot be followed directly by a letter or '_'",
    hint: 'put a space between 1.5 and e',
  },
  // write actions
  {
    name: 'UPDATE with a table alias',
    sql: 'UPDATE employees AS e SET salary = 1 WHERE e.id = 7',
    code: 'syntax/unexpected-token',
    at: '1:18',
    message: `unexpected AS: expected ${END}`,
    hint: 'the database of UPDATE takes no alias',
  },
  {
    name: 'DELETE with a table alias',
    sql: 'DELETE FROM orders o WHERE o.id = 7',
    code: 'syntax/unexpected-token',
    at: '1:20',
    message: `unexpected name o: expected ${END}`,
    hint: 'the database of DELETE takes no alias',
  },
  {
    name: 'UPDATE SET table.field',
    sql: 'UPDATE t SET t.a = 1',
    code: 'syntax/unexpected-token',
    at: '1:15',
    message: "expected '=' after name t, found '.'",
    hint: 'SET names fields of the database, without a table',
  },
  {
    name: 'a hexadecimal number in a WHERE: one error, no echo',
    sql: 'DELETE FROM t WHERE a = 0x10',
    code: 'syntax/invalid-number',
    at: '1:25',
    message: "0x10 is not a number: a number cannot be followed directly by a letter or '_'",
    hint: 'write it in decimal: 16',
  },
  {
    name: 'INSERT ... SELECT',
    sql: 'INSERT INTO t (a, b) SELECT a, b FROM u',
    code: 'syntax/insert-select',
    at: '1:22',
    message: 'INSERT ... SELECT is not in the data actions: records are written as values',
    hint: 'VALUES',
  },
  {
    name: 'INSERT without field names',
    sql: 'INSERT INTO t VALUES (1, 2)',
    code: 'syntax/insert-columns',
    at: '1:15',
    message: 'INSERT needs the field names: the record objects are keyed by field',
    hint: 'INSERT INTO db (field, ...)',
  },
];

/** Every case's text, for the round trips. */
const compiled = (sql: string) => compileResult(sql, { indent: 0 });
const expectedText = (json: Json | readonly Json[]): string =>
  Array.isArray(json) ? `[${json.map(expectedText).join(',')}]` : typeof json === 'string' ? json : JSON.stringify(json);

describe('real SQL the spec can express compiles to exactly the spec JSON', () => {
  it.each(ACCEPTED.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = compiled(c.sql);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.value).toBe(expectedText(c.json));
  });

  it('the names are distinct and there are enough of them', () => {
    const names = [...ACCEPTED, ...REJECTED].map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(150);
  });
});

describe('real SQL the spec cannot express is a clear error', () => {
  it.each(REJECTED.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = compiled(c.sql);
    expect(result.value).toBeUndefined();
    const first = result.diagnostics.find((d) => d.severity === 'error') as Diagnostic;
    expect({ code: first.code, at: `${first.span?.line}:${first.span?.column}`, message: first.message }).toEqual({
      code: c.code,
      at: c.at,
      message: c.message,
    });
    if (c.hint !== undefined) expect(first.hint ?? '').toContain(c.hint);
    // One error for one mistake: no echoes of it.
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (c.errors === undefined) expect(errors.map((d) => d.message)).toEqual([c.message]);
    else expect(errors).toHaveLength(c.errors);
    // What the message says was expected is the diagnostic's `expected`.
    const said = /(?:^|: )expected (.*?)(?: after .*?)?(?:, found .*)?$/.exec(first.message)?.[1];
    if (said !== undefined) expect(first.expected).toBe(said);
  });
});

describe('the battery round-trips', () => {
  it.each(ACCEPTED.map((c) => [c.name, c] as const))('print(parse(q)) parses to the same trees: %s', (_name, c) => {
    const trees = parseStatements(c.sql);
    const text = trees.map((t) => print(t)).join(';\n');
    expect(parseStatements(text)).toEqual(trees);
  });

  it.each(ACCEPTED.map((c) => [c.name, c] as const))(
    'the expected JSON reads to the parsed trees and decompiles to text that compiles back to it: %s',
    (_name, c) => {
      const json = expectedText(c.json);
      const read = fromJsonStatementsResult(json);
      expect(read.diagnostics).toEqual([]);
      expect(read.value).toEqual(parseStatements(c.sql));
      expect(compiled(decompile(json)).value).toBe(json);
    },
  );
});

/**
 * Precedence and associativity, one row per pair of operators that could be confused, against
 * the operator table (docs/language.md: OR; AND; NOT; comparisons, IS, LIKE, REGEXP, BETWEEN, IN;
 * |; &; << >>; + -; * / %; unary - ~; COLLATE; binary operators left-associative) and the spec's
 * `$<operator>` arrays: a chain of one logic or math operator is one array applied in order; a
 * comparison of three operands would mean `a op b AND a op c`, so comparisons never chain into one.
 */
const c = (name: string) => ({ $col: name });
const PRECEDENCE: readonly (readonly [string, object])[] = [
  // the same level, left to right
  ['a - b - c', { '$-': [c('a'), c('b'), c('c')] }],
  ['a - b + c', { '$+': [{ '$-': [c('a'), c('b')] }, c('c')] }],
  ['a + b - c', { '$-': [{ '$+': [c('a'), c('b')] }, c('c')] }],
  ['a / b * c', { '$*': [{ '$/': [c('a'), c('b')] }, c('c')] }],
  ['a * b / c', { '$/': [{ '$*': [c('a'), c('b')] }, c('c')] }],
  ['a / b / c', { '$/': [c('a'), c('b'), c('c')] }],
  ['a % b * c', { '$*': [{ '$%': [c('a'), c('b')] }, c('c')] }],
  ['a << b >> c', { '$>>': [{ '$<<': [c('a'), c('b')] }, c('c')] }],
  ['a AND b AND c', { $and: [c('a'), c('b'), c('c')] }],
  ['a OR b OR c', { $or: [c('a'), c('b'), c('c')] }],
  // comparisons are left-associative but never one array (that would AND a op b with a op c)
  ['a = b = c', { '$=': [{ '$=': [c('a'), c('b')] }, c('c')] }],
  ['a < b < c', { '$<': [{ '$<': [c('a'), c('b')] }, c('c')] }],
  ['a = b <> c', { '$!=': [{ '$=': [c('a'), c('b')] }, c('c')] }],
  ['a IS NULL = b', { '$=': [{ $is: [c('a'), null] }, c('b')] }],
  ['a IN (1) = b', { '$=': [{ $in: [c('a'), [1]] }, c('b')] }],
  ['a LIKE b = c', { '$=': [{ $like: [c('a'), c('b')] }, c('c')] }],
  // parentheses keep a right-hand chain
  ['a - (b - c)', { '$-': [c('a'), { '$-': [c('b'), c('c')] }] }],
  ['a / (b * c)', { '$/': [c('a'), { '$*': [c('b'), c('c')] }] }],
  ['a AND (b AND c)', { $and: [c('a'), { $and: [c('b'), c('c')] }] }],
  // between levels, tightest first
  ['a + b * c', { '$+': [c('a'), { '$*': [c('b'), c('c')] }] }],
  ['a * b + c', { '$+': [{ '$*': [c('a'), c('b')] }, c('c')] }],
  ['a << b + c', { '$<<': [c('a'), { '$+': [c('b'), c('c')] }] }],
  ['a & b << c', { '$&': [c('a'), { '$<<': [c('b'), c('c')] }] }],
  ['a | b & c', { '$|': [c('a'), { '$&': [c('b'), c('c')] }] }],
  ['a & b | c', { '$|': [{ '$&': [c('a'), c('b')] }, c('c')] }],
  ['a | b = c', { '$=': [{ '$|': [c('a'), c('b')] }, c('c')] }],
  ['a & 4 = 4', { '$=': [{ '$&': [c('a'), 4] }, 4] }],
  ['a + b = c + d', { '$=': [{ '$+': [c('a'), c('b')] }, { '$+': [c('c'), c('d')] }] }],
  ['a + b IN (1, 2)', { $in: [{ '$+': [c('a'), c('b')] }, [1, 2]] }],
  ['a BETWEEN b + 1 AND c * 2', { $between: [c('a'), { '$+': [c('b'), 1] }, { '$*': [c('c'), 2] }] }],
  ['a BETWEEN b AND c AND d', { $and: [{ $between: [c('a'), c('b'), c('c')] }, c('d')] }],
  ['a BETWEEN b AND c OR d', { $or: [{ $between: [c('a'), c('b'), c('c')] }, c('d')] }],
  ['a = b AND c = d', { $and: [{ '$=': [c('a'), c('b')] }, { '$=': [c('c'), c('d')] }] }],
  ['a AND b OR c', { $or: [{ $and: [c('a'), c('b')] }, c('c')] }],
  ['a OR b AND c', { $or: [c('a'), { $and: [c('b'), c('c')] }] }],
  ['a AND b OR c AND d', { $or: [{ $and: [c('a'), c('b')] }, { $and: [c('c'), c('d')] }] }],
  ['a OR b OR c AND d', { $or: [c('a'), c('b'), { $and: [c('c'), c('d')] }] }],
  // NOT: looser than comparisons, tighter than AND
  ['NOT a = b', { $not: { '$=': [c('a'), c('b')] } }],
  ['NOT a AND b', { $and: [{ $not: c('a') }, c('b')] }],
  ['NOT a OR b', { $or: [{ $not: c('a') }, c('b')] }],
  ['NOT a LIKE b', { $not: { $like: [c('a'), c('b')] } }],
  ['NOT a BETWEEN b AND c', { $not: { $between: [c('a'), c('b'), c('c')] } }],
  ['NOT a IS NULL', { $not: { $is: [c('a'), null] } }],
  ['NOT a IN (1)', { $not: { $in: [c('a'), [1]] } }],
  ['a = NOT b', { '$=': [c('a'), { $not: c('b') }] }],
  ['NOT NOT a', { $not: { $not: c('a') } }],
  ['a AND NOT b OR c', { $or: [{ $and: [c('a'), { $not: c('b') }] }, c('c')] }],
  // unary minus and ~: tighter than * and &, looser than COLLATE
  ['-a * b', { '$*': [{ '$-': c('a') }, c('b')] }],
  ['-a - b', { '$-': [{ '$-': c('a') }, c('b')] }],
  ['a * -b', { '$*': [c('a'), { '$-': c('b') }] }],
  ['a - -b', { '$-': [c('a'), { '$-': c('b') }] }],
  ['-(a + b)', { '$-': { '$+': [c('a'), c('b')] } }],
  ['- - a', { '$-': { '$-': c('a') } }],
  ['-2 * 3', { '$*': [-2, 3] }],
  ['2 - 3', { '$-': [2, 3] }],
  ['2 -3', { '$-': [2, 3] }],
  ['~a & b', { '$&': [{ '$~': c('a') }, c('b')] }],
  ['~(a & b)', { '$~': { '$&': [c('a'), c('b')] } }],
  ['~a + b', { '$+': [{ '$~': c('a') }, c('b')] }],
  ['-a COLLATE x', { '$-': { type: 'collate', e: c('a'), collation: 'x' } }],
  ['a = b COLLATE x', { '$=': [c('a'), { type: 'collate', e: c('b'), collation: 'x' }] }],
];

describe('precedence and associativity of every confusable pair', () => {
  it.each(PRECEDENCE)('%s', (text, json) => {
    const e = parseExpression(text);
    expect(toJson(e)).toBe(JSON.stringify(json));
    // and the printer keeps the grouping
    expect(parseExpression(print(e))).toEqual(e);
  });

  it("'||' is no operator of the spec: an error with a hint, never a misread", () => {
    const result = compiled('SELECT a || b FROM t');
    expect(result.diagnostics[0]).toMatchObject({ code: 'syntax/unexpected-token', span: { line: 1, column: 10 } });
    expect(result.diagnostics[0]?.hint).toContain("no '||' string concatenation");
  });
});
