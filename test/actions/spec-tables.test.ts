import { describe, expect, it } from 'vitest';
import { FETCH_TYPES } from '../../src/ast/kinds.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, toJson } from '../../src/json/index.js';
import { format, print } from '../../src/print/index.js';
import { parse, parseStatements } from '../../src/syntax/index.js';
import { exact } from '../helpers/spec-rows.js';

/**
 * Every property of the spec's tables ("Data actions: reads" FETCH, "Data actions: writes",
 * "Specifiers", "Records"): its text form compiles to exactly this JSON, the JSON reads back to
 * the same tree, and the tree prints to text that compiles to the same JSON again.
 */

interface Row {
  /** The spec's row, quoted. */
  readonly row: string;
  readonly text: string;
  readonly json: unknown;
}

const db = 'shop.orders';

const ROWS: readonly Row[] = [
  // FETCH records
  {
    row: 'records | database (database specifier, required)',
    text: 'FETCH RECORDS FROM shop.orders',
    json: { action: 'fetch', fetch: 'records', database: db },
  },
  {
    row: 'records | database (database specifier, required) — an id',
    text: 'FETCH RECORDS FROM 12',
    json: { action: 'fetch', fetch: 'records', database: 12 },
  },
  { row: 'records | database — a name that is no path', text: "FETCH RECORDS FROM 'my db'", json: { action: 'fetch', fetch: 'records', database: 'my db' } },
  {
    row: 'records | records (records specifier)',
    text: 'FETCH RECORDS FROM shop.orders RECORDS [1, 2]',
    json: { action: 'fetch', fetch: 'records', database: db, records: [1, 2] },
  },
  {
    row: 'records | fields (array of field names)',
    text: 'FETCH RECORDS FIELDS (id, status) FROM shop.orders',
    json: { action: 'fetch', fetch: 'records', database: db, fields: ['id', 'status'] },
  },
  {
    row: 'Rules 1: `fields` ... an empty array filters everything out',
    text: 'FETCH RECORDS FIELDS () FROM shop.orders',
    json: { action: 'fetch', fetch: 'records', database: db, fields: [] },
  },
  {
    row: 'records | attributes (array of attribute names)',
    text: 'FETCH RECORDS ATTRIBUTES (insert_at, file_size) FROM shop.orders',
    json: { action: 'fetch', fetch: 'records', database: db, attributes: ['insert_at', 'file_size'] },
  },
  {
    row: 'records | where (expression)',
    text: "FETCH RECORDS FROM shop.orders WHERE status = 'open'",
    json: { action: 'fetch', fetch: 'records', database: db, where: { '$=': [{ $col: 'status' }, 'open'] } },
  },
  {
    row: 'Rules 3: When both `records` and `where` are given they are combined with AND',
    text: 'FETCH RECORDS FROM shop.orders RECORDS [1, 2] WHERE total > 5',
    json: { action: 'fetch', fetch: 'records', database: db, records: [1, 2], where: { '$>': [{ $col: 'total' }, 5] } },
  },
  {
    row: 'records | order (array of order terms; database default order)',
    text: 'FETCH RECORDS FROM shop.orders ORDER BY placed DESC, id',
    json: { action: 'fetch', fetch: 'records', database: db, order: [{ e: { $col: 'placed' }, order: 'desc' }, { e: { $col: 'id' } }] },
  },
  {
    row: 'records | limit (integer; 1,000)',
    text: 'FETCH RECORDS FROM shop.orders LIMIT 50',
    json: { action: 'fetch', fetch: 'records', database: db, limit: 50 },
  },
  {
    row: 'Rules 8: a larger explicit limit is permitted',
    text: 'FETCH RECORDS FROM shop.orders LIMIT 9223372036854775807',
    json: { action: 'fetch', fetch: 'records', database: db, limit: '9223372036854775807' },
  },
  {
    row: 'records | offset (integer)',
    text: 'FETCH RECORDS FROM shop.orders LIMIT 50 OFFSET 100',
    json: { action: 'fetch', fetch: 'records', database: db, limit: 50, offset: 100 },
  },
  {
    row: 'records | children (boolean; true)',
    text: 'FETCH RECORDS FROM shop.orders OPTIONS (CHILDREN = FALSE)',
    json: { action: 'fetch', fetch: 'records', database: db, children: false },
  },
  {
    row: 'records | children (boolean; true) — explicit true',
    text: 'FETCH RECORDS FROM shop.orders OPTIONS (CHILDREN = TRUE)',
    json: { action: 'fetch', fetch: 'records', database: db, children: true },
  },
  {
    row: 'records | count (boolean; false)',
    text: 'FETCH COUNT RECORDS FROM shop.orders',
    json: { action: 'fetch', fetch: 'records', database: db, count: true },
  },
  {
    row: 'records | count (boolean; false) — explicit false',
    text: 'FETCH RECORDS FROM shop.orders OPTIONS (COUNT = FALSE)',
    json: { action: 'fetch', fetch: 'records', database: db, count: false },
  },
  // FETCH multirecords
  {
    row: 'multirecords | databases (databases specifier, required)',
    text: "FETCH MULTIRECORDS FROM [1, 'eu.orders']",
    json: { action: 'fetch', fetch: 'multirecords', databases: [1, 'eu.orders'] },
  },
  {
    row: 'multirecords | databases — a where specifier',
    text: "FETCH MULTIRECORDS FROM (WHERE name LIKE 'orders%')",
    json: { action: 'fetch', fetch: 'multirecords', databases: { type: 'where', where: { $like: [{ $col: 'name' }, 'orders%'] } } },
  },
  { row: 'multirecords | databases — all', text: 'FETCH MULTIRECORDS FROM ALL', json: { action: 'fetch', fetch: 'multirecords', databases: { type: 'all' } } },
  {
    row: 'multirecords | where; order; limit (1,000); offset; children (true); count (false)',
    text: 'FETCH MULTIRECORDS FROM [1, 2] WHERE a = 1 ORDER BY b LIMIT 10 OFFSET 5 OPTIONS (CHILDREN = FALSE)',
    json: {
      action: 'fetch',
      fetch: 'multirecords',
      databases: [1, 2],
      where: { '$=': [{ $col: 'a' }, 1] },
      order: [{ e: { $col: 'b' } }],
      limit: 10,
      offset: 5,
      children: false,
    },
  },
  {
    row: 'multirecords | count (false)',
    text: 'FETCH COUNT MULTIRECORDS FROM [1, 2]',
    json: { action: 'fetch', fetch: 'multirecords', databases: [1, 2], count: true },
  },
  // FETCH pseudorecords
  {
    row: 'pseudorecords | select (select object, required)',
    text: 'FETCH PSEUDORECORDS FROM (SELECT region, SUM(total) AS t FROM orders GROUP BY region)',
    json: {
      action: 'fetch',
      fetch: 'pseudorecords',
      select: { columns: [{ e: { $col: 'region' } }, { e: { $$SUM: [{ $col: 'total' }] }, alias: 't' }], from: 'orders', group: [{ $col: 'region' }] },
    },
  },
  {
    row: 'pseudorecords | where; order (default order of the first database); limit (integer); offset; count (false)',
    text: 'FETCH PSEUDORECORDS FROM (SELECT a FROM t) WHERE a > 1 ORDER BY a DESC LIMIT 5 OFFSET 1 OPTIONS (COUNT = TRUE)',
    json: {
      action: 'fetch',
      fetch: 'pseudorecords',
      select: { columns: [{ e: { $col: 'a' } }], from: 't' },
      where: { '$>': [{ $col: 'a' }, 1] },
      order: [{ e: { $col: 'a' }, order: 'desc' }],
      limit: 5,
      offset: 1,
      count: true,
    },
  },
  // FETCH tasks
  { row: 'tasks | from (task id)', text: 'FETCH TASKS FROM 1200', json: { action: 'fetch', fetch: 'tasks', from: 1200 } },
  { row: 'tasks | user (user specifier)', text: "FETCH TASKS USER 'alice'", json: { action: 'fetch', fetch: 'tasks', user: 'alice' } },
  { row: 'tasks | text (string)', text: "FETCH TASKS TEXT 'nightly export'", json: { action: 'fetch', fetch: 'tasks', text: 'nightly export' } },
  {
    row: 'tasks | where (expression); order (recent first); limit (1,000); offset; count (false)',
    text: "FETCH COUNT TASKS WHERE state = 'failed' ORDER BY id DESC LIMIT 20 OFFSET 40",
    json: {
      action: 'fetch',
      fetch: 'tasks',
      where: { '$=': [{ $col: 'state' }, 'failed'] },
      order: [{ e: { $col: 'id' }, order: 'desc' }],
      limit: 20,
      offset: 40,
      count: true,
    },
  },
  // FETCH users
  { row: 'users | users (users specifier; all users)', text: "FETCH USERS ['alice', 7]", json: { action: 'fetch', fetch: 'users', users: ['alice', 7] } },
  { row: 'users | users — none given: all users', text: 'FETCH USERS', json: { action: 'fetch', fetch: 'users' } },
  {
    row: 'users | order (recent first); limit (1,000); offset',
    text: 'FETCH USERS ORDER BY name LIMIT 10 OFFSET 10',
    json: { action: 'fetch', fetch: 'users', order: [{ e: { $col: 'name' } }], limit: 10, offset: 10 },
  },
  {
    row: 'users | users — a where specifier',
    text: "FETCH USERS WHERE name LIKE 'a%'",
    json: { action: 'fetch', fetch: 'users', users: { type: 'where', where: { $like: [{ $col: 'name' }, 'a%'] } } },
  },
  // The fetch types without expressions
  { row: 'crons | none', text: 'FETCH CRONS', json: { action: 'fetch', fetch: 'crons' } },
  { row: 'follows | user (user specifier; current user)', text: "FETCH FOLLOWS USER 'alice'", json: { action: 'fetch', fetch: 'follows', user: 'alice' } },
  { row: 'follows | user (current user) — absent', text: 'FETCH FOLLOWS', json: { action: 'fetch', fetch: 'follows' } },
  { row: 'follows | count (false)', text: 'FETCH COUNT FOLLOWS USER 7', json: { action: 'fetch', fetch: 'follows', user: 7, count: true } },
  { row: 'follows | count (false) — explicit false', text: 'FETCH FOLLOWS OPTIONS (COUNT = FALSE)', json: { action: 'fetch', fetch: 'follows', count: false } },
  { row: 'keys | user (current user)', text: "FETCH KEYS USER 'bob'", json: { action: 'fetch', fetch: 'keys', user: 'bob' } },
  { row: 'keys | count (false)', text: 'FETCH COUNT KEYS', json: { action: 'fetch', fetch: 'keys', count: true } },
  {
    row: 'logs | database (required); records (records specifier, required)',
    text: 'FETCH LOGS FROM shop.orders RECORDS [1, 2]',
    json: { action: 'fetch', fetch: 'logs', database: db, records: [1, 2] },
  },
  {
    row: 'logs | records — a key',
    text: 'FETCH LOGS FROM shop.orders RECORDS KEY(id = 7)',
    json: { action: 'fetch', fetch: 'logs', database: db, records: { type: 'key', key: { id: 7 } } },
  },
  {
    row: 'logs | records — WHERE is the where specifier',
    text: "FETCH LOGS FROM shop.orders WHERE status = 'open'",
    json: { action: 'fetch', fetch: 'logs', database: db, records: { type: 'where', where: { '$=': [{ $col: 'status' }, 'open'] } } },
  },
  {
    row: 'logs | records — neither is every record',
    text: 'FETCH LOGS FROM shop.orders',
    json: { action: 'fetch', fetch: 'logs', database: db, records: { type: 'all' } },
  },
  { row: 'notifications | user (current user)', text: "FETCH NOTIFICATIONS USER 'alice'", json: { action: 'fetch', fetch: 'notifications', user: 'alice' } },
  {
    row: 'notifications | type (notification type filter)',
    text: "FETCH NOTIFICATIONS TYPE 'mention'",
    json: { action: 'fetch', fetch: 'notifications', type: 'mention' },
  },
  {
    row: 'notifications | seen (boolean filter: true only seen, false only unseen)',
    text: 'FETCH NOTIFICATIONS OPTIONS (SEEN = FALSE)',
    json: { action: 'fetch', fetch: 'notifications', seen: false },
  },
  { row: 'posts | wall (wall specifier; all walls) — all walls', text: 'FETCH POSTS', json: { action: 'fetch', fetch: 'posts' } },
  {
    row: 'posts | wall — group wall: `type` = `group`, `group` = group specifier',
    text: "FETCH POSTS ON GROUP 'sales'",
    json: { action: 'fetch', fetch: 'posts', wall: { type: 'group', group: 'sales' } },
  },
  {
    row: 'posts | wall — database wall: `type` = `database`, `database` = database specifier',
    text: 'FETCH POSTS ON DATABASE shop.orders',
    json: { action: 'fetch', fetch: 'posts', wall: { type: 'database', database: db } },
  },
  {
    row: 'posts | wall — record wall: `type` = `record`, `database`, `record` = record specifier',
    text: 'FETCH POSTS ON DATABASE shop.orders RECORD KEY(id = 7)',
    json: { action: 'fetch', fetch: 'posts', wall: { type: 'record', database: db, record: { type: 'key', key: { id: 7 } } } },
  },
  {
    row: 'posts | wall — user wall: `type` = `user`, `user` = user specifier',
    text: 'FETCH POSTS ON USER 12',
    json: { action: 'fetch', fetch: 'posts', wall: { type: 'user', user: 12 } },
  },
  { row: 'posts | post (post id)', text: 'FETCH POSTS POST 981', json: { action: 'fetch', fetch: 'posts', post: 981 } },
  {
    row: 'posts | following (boolean; false); threads (boolean; false); children (boolean; false); records (boolean; false)',
    text: 'FETCH POSTS OPTIONS (FOLLOWING = TRUE, THREADS = FALSE, CHILDREN = TRUE, RECORDS = TRUE)',
    json: { action: 'fetch', fetch: 'posts', following: true, threads: false, children: true, records: true },
  },
  { row: 'prefs | user (current user)', text: "FETCH PREFS USER 'alice'", json: { action: 'fetch', fetch: 'prefs', user: 'alice' } },
  { row: 'prefs | user (current user) — absent', text: 'FETCH PREFS', json: { action: 'fetch', fetch: 'prefs' } },
  { row: 'pref_defs | none', text: 'FETCH PREF_DEFS', json: { action: 'fetch', fetch: 'pref_defs' } },
  {
    row: 'user_subscriptions with team | team (team specifier, required)',
    text: "FETCH USER_SUBSCRIPTIONS TEAM 'ops'",
    json: { action: 'fetch', fetch: 'user_subscriptions', team: 'ops' },
  },
  {
    row: 'user_subscriptions with user | user (current user)',
    text: "FETCH USER_SUBSCRIPTIONS USER 'alice'",
    json: { action: 'fetch', fetch: 'user_subscriptions', user: 'alice' },
  },
  {
    row: 'user_subscriptions with user | user (current user) — absent',
    text: 'FETCH USER_SUBSCRIPTIONS',
    json: { action: 'fetch', fetch: 'user_subscriptions' },
  },
  { row: 'seqs | none; all task sequences', text: 'FETCH SEQS', json: { action: 'fetch', fetch: 'seqs' } },

  // Writes: insert
  {
    row: 'insert | database (required); records (records data, required)',
    text: "INSERT INTO shop.orders (id, status) VALUES (1, 'open'), (2, 'paid')",
    json: {
      action: 'insert',
      database: db,
      records: [
        { id: 1, status: 'open' },
        { id: 2, status: 'paid' },
      ],
    },
  },
  {
    row: 'insert | on_duplicate (`fail` or `update`; `fail`)',
    text: "INSERT INTO shop.orders (id, status) VALUES (1, 'open') ON DUPLICATE UPDATE",
    json: { action: 'insert', database: db, records: [{ id: 1, status: 'open' }], on_duplicate: 'update' },
  },
  {
    row: 'insert | on_duplicate — explicit fail',
    text: 'INSERT INTO shop.orders (id) VALUES (1) ON DUPLICATE FAIL',
    json: { action: 'insert', database: db, records: [{ id: 1 }], on_duplicate: 'fail' },
  },
  {
    row: 'insert | fail_no_op (boolean; false)',
    text: 'INSERT INTO shop.orders (id) VALUES (1) OPTIONS (FAIL_NO_OP = TRUE)',
    json: { action: 'insert', database: db, records: [{ id: 1 }], fail_no_op: true },
  },
  // Records
  {
    row: 'Records (written) | <field name or label> | value appropriate to the field type, or null',
    text: 'INSERT INTO shop.orders (id, note, paid, "Order date") VALUES (1, NULL, TRUE, \'2024-01-02\')',
    json: { action: 'insert', database: db, records: [{ id: 1, note: null, paid: true, 'Order date': '2024-01-02' }] },
  },
  {
    row: 'Records (written) | expressions | object mapping field name/label to an expression',
    text: "INSERT INTO shop.orders (id, total, placed) VALUES (1, price * qty, DATE '2024-01-02')",
    json: {
      action: 'insert',
      database: db,
      records: [{ id: 1, expressions: { total: { '$*': [{ $col: 'price' }, { $col: 'qty' }] }, placed: { $ld: '2024-01-02' } } }],
    },
  },
  {
    row: 'Records (written) | expressions — a literal in parentheses is an expression',
    text: 'INSERT INTO shop.orders (id, n) VALUES (1, (5))',
    json: { action: 'insert', database: db, records: [{ id: 1, expressions: { n: 5 } }] },
  },
  {
    row: 'Records (written) | file | binary object (uploaded: the object_id string)',
    text: "INSERT INTO shop.docs (id, file) VALUES (1, 'obj-1f3a')",
    json: { action: 'insert', database: 'shop.docs', records: [{ id: 1, file: 'obj-1f3a' }] },
  },
  {
    row: 'Binary objects | text | `type` = `text` and `content`',
    text: "INSERT INTO shop.docs (id, file) VALUES (1, TEXT 'hello')",
    json: { action: 'insert', database: 'shop.docs', records: [{ id: 1, file: { type: 'text', content: 'hello' } }] },
  },
  {
    row: 'Binary objects | base64 | `type` = `base64` and `content`',
    text: "INSERT INTO shop.docs (id, file) VALUES (1, BASE64 'aGVsbG8=')",
    json: { action: 'insert', database: 'shop.docs', records: [{ id: 1, file: { type: 'base64', content: 'aGVsbG8=' } }] },
  },
  {
    row: 'Records (written) | tags | array of strings',
    text: "INSERT INTO shop.orders (id, tags) VALUES (1, ['vip', 'eu'])",
    json: { action: 'insert', database: db, records: [{ id: 1, tags: ['vip', 'eu'] }] },
  },
  {
    row: 'Records: Several records are written as an array of such objects (of different fields)',
    text: 'INSERT INTO shop.orders RECORDS (id = 1, a = 2), (id = 2, b = x + 1)',
    json: {
      action: 'insert',
      database: db,
      records: [
        { id: 1, a: 2 },
        { id: 2, expressions: { b: { '$+': [{ $col: 'x' }, 1] } } },
      ],
    },
  },
  // replace, set
  {
    row: 'replace | database (required); records (required); on_duplicate (`update`, `delete`, or `trash`; `update`); fail_no_op (false)',
    text: "REPLACE INTO shop.orders (id, status) VALUES (1, 'open') ON DUPLICATE TRASH OPTIONS (FAIL_NO_OP = FALSE)",
    json: { action: 'replace', database: db, records: [{ id: 1, status: 'open' }], on_duplicate: 'trash', fail_no_op: false },
  },
  {
    row: 'replace | on_duplicate — delete',
    text: 'REPLACE INTO shop.orders (id) VALUES (1) ON DUPLICATE DELETE',
    json: { action: 'replace', database: db, records: [{ id: 1 }], on_duplicate: 'delete' },
  },
  {
    row: 'set | database (required); records (required); on_duplicate (`update`, `delete`, `trash`; `update`)',
    text: 'SET INTO shop.orders (id) VALUES (1), (2) ON DUPLICATE UPDATE',
    json: { action: 'set', database: db, records: [{ id: 1 }, { id: 2 }], on_duplicate: 'update' },
  },
  {
    row: 'set | on_remove (`delete` or `trash` if trash enabled)',
    text: 'SET INTO shop.orders (id) VALUES (1) ON REMOVE TRASH OPTIONS (FAIL_NO_OP = TRUE)',
    json: { action: 'set', database: db, records: [{ id: 1 }], on_remove: 'trash', fail_no_op: true },
  },
  {
    row: 'set | SET makes the database contain exactly the provided records (none)',
    text: 'SET INTO shop.orders RECORDS NONE ON REMOVE DELETE',
    json: { action: 'set', database: db, records: [], on_remove: 'delete' },
  },
  // update
  {
    row: 'update | records (records specifier, required) — WHERE becomes the where specifier',
    text: "UPDATE shop.orders SET status = 'paid' WHERE id = 7",
    json: { action: 'update', database: db, records: { type: 'where', where: { '$=': [{ $col: 'id' }, 7] } }, fields: { status: 'paid' } },
  },
  {
    row: 'update | fields (object: field specifier to literal value); expressions (object: field specifier to expression)',
    text: "UPDATE shop.orders SET status = 'paid', total = price * qty, flag = FALSE RECORDS 7",
    json: {
      action: 'update',
      database: db,
      records: 7,
      fields: { status: 'paid', flag: false },
      expressions: { total: { '$*': [{ $col: 'price' }, { $col: 'qty' }] } },
    },
  },
  {
    row: 'update | file (string, object id of a file)',
    text: "UPDATE shop.docs FILE 'obj-9' RECORDS KEY(sku = 'A1')",
    json: { action: 'update', database: 'shop.docs', records: { type: 'key', key: { sku: 'A1' } }, file: 'obj-9' },
  },
  {
    row: 'update | fail_no_op (false)',
    text: 'UPDATE shop.orders SET n = 1 RECORDS [1, 2] OPTIONS (FAIL_NO_OP = TRUE)',
    json: { action: 'update', database: db, records: [1, 2], fields: { n: 1 }, fail_no_op: true },
  },
  {
    row: 'update | records — no WHERE: every record (all)',
    text: 'UPDATE shop.orders SET n = 0',
    json: { action: 'update', database: db, records: { type: 'all' }, fields: { n: 0 } },
  },
  // delete, trash, restore, dispose
  {
    row: 'delete | database (required); records (required)',
    text: "DELETE FROM shop.orders WHERE placed < DATE '2020-01-01'",
    json: { action: 'delete', database: db, records: { type: 'where', where: { '$<': [{ $col: 'placed' }, { $ld: '2020-01-01' }] } } },
  },
  {
    row: 'delete | fail_no_op (false)',
    text: 'DELETE FROM shop.orders RECORDS 5 OPTIONS (FAIL_NO_OP = TRUE)',
    json: { action: 'delete', database: db, records: 5, fail_no_op: true },
  },
  {
    row: 'trash | database (required); records (required); fail_no_op (false)',
    text: "TRASH FROM shop.orders WHERE status = 'void' OPTIONS (FAIL_NO_OP = FALSE)",
    json: { action: 'trash', database: db, records: { type: 'where', where: { '$=': [{ $col: 'status' }, 'void'] } }, fail_no_op: false },
  },
  {
    row: 'restore | database (required); records (required); fail_no_op (false)',
    text: 'RESTORE FROM shop.orders RECORDS [3, 4]',
    json: { action: 'restore', database: db, records: [3, 4] },
  },
  {
    row: 'dispose | database (required); records (required); fail_no_op (false)',
    text: 'DISPOSE FROM shop.orders',
    json: { action: 'dispose', database: db, records: { type: 'all' } },
  },
  // Specifiers
  {
    row: 'Specifiers | all | object, `type` = `all`',
    text: 'DELETE FROM shop.orders RECORDS ALL',
    json: { action: 'delete', database: db, records: { type: 'all' } },
  },
  {
    row: 'Specifiers | id | JSON number',
    text: 'DELETE FROM shop.orders RECORDS 9223372036854775807',
    json: { action: 'delete', database: db, records: '9223372036854775807' },
  },
  { row: 'Specifiers | name | JSON string', text: "DELETE FROM shop.orders RECORDS 'r-1'", json: { action: 'delete', database: db, records: 'r-1' } },
  {
    row: 'Specifiers | where | `type` = `where` and `where` = expression',
    text: 'DELETE FROM shop.orders RECORDS WHERE a = 1',
    json: { action: 'delete', database: db, records: { type: 'where', where: { '$=': [{ $col: 'a' }, 1] } } },
  },
  {
    row: 'Specifiers | array | JSON array of singular specifiers, types may be mixed',
    text: "DELETE FROM shop.orders RECORDS [1, 'r-2', KEY(id = 3), WHERE a = 1]",
    json: { action: 'delete', database: db, records: [1, 'r-2', { type: 'key', key: { id: 3 } }, { type: 'where', where: { '$=': [{ $col: 'a' }, 1] } }] },
  },
  {
    row: 'Specifiers | key (record) | `type` = `key` and `key` = map of field values',
    text: "DELETE FROM shop.orders RECORDS KEY(region = 'eu', n = -1, ok = TRUE)",
    json: { action: 'delete', database: db, records: { type: 'key', key: { region: 'eu', n: -1, ok: true } } },
  },
];

describe('data actions: the spec tables, row by row', () => {
  it('covers many rows', () => expect(ROWS.length).toBeGreaterThanOrEqual(60));

  it.each(ROWS.map((r) => [r.row, r] as const))('%s', (_, r) => {
    const expected = exact(r.json);
    // text -> JSON
    const fromText = parse(r.text);
    expect(toJson(fromText)).toBe(expected);
    // JSON -> tree: the same tree
    const fromJsonTree = fromJson(expected);
    expect(fromJsonTree).toEqual(fromText);
    // tree -> text -> JSON (decompile)
    const printed = print(fromJsonTree);
    expect(toJson(parse(printed))).toBe(expected);
    // fmt is idempotent
    expect(format(format(r.text))).toBe(format(r.text));
  });
});

describe('data actions: JSON rules', () => {
  it('rule 1: an empty string is null (a field value)', () => {
    expect(toJson(fromJson('{"action":"insert","database":"t","records":[{"a":""}]}'))).toBe('{"action":"insert","database":"t","records":[{"a":null}]}');
  });
  it('rule 3: keys differing only by case are duplicates (UPDATE fields and expressions)', () => {
    expect(() => fromJson('{"action":"update","database":"t","records":1,"fields":{"a":1},"expressions":{"A":{"$col":"b"}}}')).toThrow(
      /given twice in an UPDATE/,
    );
  });
  it('rule 4: keys are normalized (trimmed, white space folded)', () => {
    expect(toJson(fromJson('{"action":"insert","database":"t","records":[{"  Order   date ":1}]}'))).toBe(
      '{"action":"insert","database":"t","records":[{"Order date":1}]}',
    );
  });
  it('rule 7: undefined is an absent key; in record objects an explicit null is a null value', () => {
    expect(toJson(fromJson('{"action":"insert","database":"t","records":[{"a":undefined,"b":null}]}'))).toBe(
      '{"action":"insert","database":"t","records":[{"b":null}]}',
    );
  });
  it('rule 6: numbers keep every digit', () => {
    expect(toJson(fromJson('{"action":"update","database":"t","records":1,"fields":{"a":12345678901234567890.5}}'))).toBe(
      '{"action":"update","database":"t","records":1,"fields":{"a":12345678901234567890.5}}',
    );
  });
  it('Records: A field may get a value from either the base object or `expressions`, not both', () => {
    expect(() => fromJson('{"action":"insert","database":"t","records":[{"a":1,"expressions":{"a":{"$col":"b"}}}]}')).toThrow(/given twice in one record/);
  });
  it('a field value is a number, a string, true, false or null', () => {
    expect(() => fromJson('{"action":"insert","database":"t","records":[{"a":{"x":1}}]}')).toThrow(/a field value must be/);
  });
  it('on_duplicate of insert is fail or update', () => {
    expect(() => fromJson('{"action":"insert","database":"t","records":[],"on_duplicate":"trash"}')).toThrow(/"fail" or "update"/);
  });
  it('unknown properties are errors naming the nearest', () => {
    expect(() => fromJson('{"action":"delete","database":"t","records":1,"fail_no_opp":true}')).toThrow(/fail_no_op/);
  });
  it("the fetch types without expressions: their properties checked as the others'", () => {
    expect(() => fromJson('{"action":"fetch","fetch":"crons","user":"bob"}')).toThrow(/unknown property "user"/);
    expect(() => fromJson('{"action":"fetch","fetch":"logs","database":"t"}')).toThrow(/records/);
    expect(() => fromJson('{"action":"fetch","fetch":"user_subscriptions","team":"ops","user":"bob"}')).toThrow(/"team" .* or "user" .*, not both/);
    expect(() => fromJson('{"action":"fetch","fetch":"posts","wall":{"type":"room","room":1}}')).toThrow(
      /"type" of a wall specifier must be "group", "database", "record" or "user"/,
    );
    expect(() => fromJson('{"action":"fetch","fetch":"posts","wall":{"type":"record","database":"t"}}')).toThrow(/record/);
    expect(() => fromJson('{"action":"fetch","fetch":"posts","post":1.5}')).toThrow(/whole number/);
    expect(() => fromJson('{"action":"fetch","fetch":"notifications","seen":"yes"}')).toThrow(/"seen" \(true or false\)/);
    expect(() => fromJson('{"action":"fetch","fetch":"cron"}')).toThrow(/unknown fetch type "cron" \(did you mean "crons"\?\)|did you mean "crons"/);
  });
  it('the fetch types without expressions: text errors', () => {
    expect(() => parse('FETCH COUNT CRONS')).toThrow(/FETCH CRONS has no count/);
    expect(() => parse('FETCH POSTS ON TABLE t')).toThrow(/expected GROUP, DATABASE or USER after 'ON'/);
    expect(() => parse('FETCH NOTIFICATIONS OPTIONS (COUNT = TRUE)')).toThrow(/unknown option COUNT: this action takes the options SEEN/);
    expect(() => parse('FETCH LOGS FROM t RECORDS [1] WHERE a = 1')).toThrow(/RECORDS or WHERE, not both/);
    // Every FETCH type of the kind table is listed, in its order.
    expect(() => parse('FETCH SESSIONS')).toThrow(
      `expected ${FETCH_TYPES.map((t) => t.toUpperCase())
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')} after 'FETCH'`,
    );
  });
});

const ERRORS: readonly (readonly [string, string, RegExp])[] = [
  ['UPDATE ... FROM', 'UPDATE t SET a = 1 FROM u WHERE t.id = u.id', /UPDATE \.\.\. FROM is not in the update action/],
  ['RETURNING', 'INSERT INTO t (a) VALUES (1) RETURNING *', /RETURNING is not in the data actions/],
  ['DELETE ... USING', 'DELETE FROM t USING u WHERE t.id = u.id', /DELETE \.\.\. USING/],
  ['LIMIT on UPDATE', 'UPDATE t SET a = 1 WHERE b = 2 LIMIT 10', /LIMIT is not in the UPDATE action/],
  ['ORDER BY on DELETE', 'DELETE FROM t WHERE b = 2 ORDER BY c', /ORDER BY is not in the DELETE action/],
  ['INSERT ... SELECT', 'INSERT INTO t (a) SELECT a FROM u', /INSERT \.\.\. SELECT/],
  ['ON CONFLICT', 'INSERT INTO t (a) VALUES (1) ON CONFLICT DO NOTHING', /ON CONFLICT is PostgreSQL/],
  ['ON DUPLICATE KEY UPDATE', 'INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE a = 2', /ON DUPLICATE KEY UPDATE is MySQL/],
  ['INSERT without field names', 'INSERT INTO t VALUES (1)', /needs the field names/],
  ['update: A field named more than once across `fields` and `expressions` makes the action fail', 'UPDATE t SET a = 1, A = b + 1', /given twice in an UPDATE/],
  ['a field named twice in a record', 'INSERT INTO t (a, a) VALUES (1, 2)', /given twice/],
  ['a row of the wrong length', 'INSERT INTO t (a, b) VALUES (1)', /1 value for 2 fields/],
  ['on_duplicate of insert is fail or update', 'INSERT INTO t (a) VALUES (1) ON DUPLICATE TRASH', /expected FAIL or UPDATE/],
  ['on_remove only on SET', 'INSERT INTO t (a) VALUES (1) ON REMOVE TRASH', /expected DUPLICATE/],
  ['a negative LIMIT', 'FETCH RECORDS FROM t LIMIT -1', /at least 0/],
  ['RECORDS and WHERE together', 'DELETE FROM t RECORDS 1 WHERE a = 2', /one records specifier/],
  ['an option the action lacks', 'DELETE FROM t OPTIONS (CHILDREN = TRUE)', /unknown option CHILDREN/],
  ['COUNT twice', 'FETCH COUNT RECORDS FROM t OPTIONS (COUNT = FALSE)', /COUNT is given twice/],
  // (It said "expected an option (ROWS = n, USE_STRINGS = TRUE|FALSE, ECHO = ...)": the SELECT's.)
  ['no option name after OPTIONS (', 'DELETE FROM t OPTIONS (1)', /expected an option \(FAIL_NO_OP = TRUE\|FALSE\) after '\(', found '1'/],
  ['an option value that is not TRUE or FALSE', 'DELETE FROM t WHERE a = 1 OPTIONS (FAIL_NO_OP = 5)', /expected TRUE or FALSE after '=', found number 5/],
  ['a key with no fields', 'DELETE FROM t RECORDS KEY()', /expected/],
  ['expressions is no field name', 'INSERT INTO t (expressions) VALUES (1)', /"expressions"/],
];

describe('data actions: SQL habits and mistakes are errors with a reason', () => {
  it.each(ERRORS)('%s', (_, text, message) => {
    let error: unknown;
    try {
      parseStatements(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DsqError);
    expect((error as DsqError).message).toMatch(message);
    expect((error as DsqError).diagnostics[0]?.span).toBeDefined();
  });

  it('the habits come with a hint', () => {
    for (const text of ['UPDATE t SET a = 1 FROM u', 'DELETE FROM t USING u', 'UPDATE t SET a = 1 LIMIT 1', 'INSERT INTO t (a) VALUES (1) RETURNING a']) {
      try {
        parseStatements(text);
      } catch (e) {
        expect((e as DsqError).diagnostics[0]?.hint).toBeTruthy();
      }
    }
  });
});

describe('data actions in files', () => {
  it('a file may mix SELECT and data actions; each statement in order', () => {
    const statements = parseStatements('SELECT * FROM orders; UPDATE orders SET a = 1 WHERE id = 2; FETCH RECORDS FROM orders; DELETE FROM orders RECORDS 3');
    expect(statements.map((s) => s.kind)).toEqual(['select', 'update_action', 'fetch_records', 'delete_action']);
  });

  it('fmt keeps comments around and inside actions', () => {
    const text =
      "-- close paid orders\nUPDATE shop.orders /* the table */ SET status = 'paid' /* literal */, total = price * qty -- computed\nWHERE id = 7; -- done\n";
    const out = format(text);
    for (const c of ['-- close paid orders', '/* the table */', '/* literal */', '-- computed', '-- done']) expect(out).toContain(c);
    expect(toJson(parse(out.replace(/;\s*-- done\s*$/, '')))).toBe(toJson(parse(text.replace(/; -- done\n$/, ''))));
    expect(format(out)).toBe(out);
  });

  it('action words stay names elsewhere: a column called update, set or fetch', () => {
    expect(toJson(parse('SELECT update, set, fetch FROM t'))).toBe(
      '{"columns":[{"e":{"$col":"update"}},{"e":{"$col":"set"}},{"e":{"$col":"fetch"}}],"from":"t"}',
    );
  });
});
