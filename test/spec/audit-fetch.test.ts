import { describe, expect, it } from 'vitest';
import { compile, compileResult } from '../../src/index.js';
import { stmt } from './audit-helpers.js';

/** Spec audit, "FETCH (common)": each fetch type's row of properties (type; default; required), and the Specifiers table. */

const F = (type: string, rest = '') => `{"action":"fetch","fetch":"${type}"${rest === '' ? '' : `,${rest}`}}`;
const same = (text: string) => stmt.accepts(text, text);

describe('FETCH: `action` = `fetch`, `fetch` = the type', () => {
  it("the fetch type is required, a string, one of the spec's, case-sensitive", () => {
    stmt.rejects('{"action":"fetch","database":"db"}', 'json/missing-property');
    stmt.rejects('{"action":"fetch","fetch":5}', 'json/wrong-type', '/fetch');
    stmt.rejects(F('record', '"database":"db"'), 'json/unknown-type', '/fetch');
    const d = stmt.rejects(F('RECORDS', '"database":"db"'), 'json/unknown-type', '/fetch');
    if (!d.message.includes('did you mean "records"')) throw new Error(d.message);
  });
});

describe('records | database (required); records; fields; attributes; where; order; limit (1,000); offset; children (true); count (false)', () => {
  it('every property', () => {
    same(F('records', '"database":"db"'));
    same(
      F(
        'records',
        '"database":"db","records":[1,2],"fields":["a","b"],"attributes":["insert_at"],"where":{"$>":[{"$col":"a"},1]},"order":[{"e":{"$col":"a"},"order":"desc"}],"limit":5000,"offset":10,"children":false,"count":true',
      ),
    );
  });
  it('database is required', () => stmt.rejects(F('records'), 'json/missing-property'));
  it('"an empty array filters everything out; absent or null means no filtering": [] is kept, null is absent', () => {
    same(F('records', '"database":"db","fields":[],"attributes":[]'));
    stmt.accepts(F('records', '"database":"db","fields":null,"attributes":null'), F('records', '"database":"db"'));
  });
  it('limit and offset are integers: whole, at least 0 (-0 is 0), numbers', () => {
    same(F('records', '"database":"db","limit":0,"offset":0'));
    stmt.accepts(F('records', '"database":"db","limit":-0,"offset":-0'), F('records', '"database":"db","limit":-0,"offset":-0'));
    stmt.rejects(F('records', '"database":"db","limit":-1'), 'spec/invalid-number', '/limit');
    stmt.rejects(F('records', '"database":"db","offset":-5'), 'spec/invalid-number', '/offset');
    stmt.rejects(F('records', '"database":"db","limit":2.5'), 'spec/invalid-number', '/limit');
    stmt.rejects(F('records', '"database":"db","limit":"10"'), 'json/wrong-type', '/limit');
    stmt.rejects(F('records', '"database":"db","limit":{"$+":[1,2]}'), 'json/wrong-type', '/limit');
  });
  it('the text says the same: LIMIT -0 is 0, LIMIT -1 an error', () => {
    expect(compile('FETCH RECORDS FROM db LIMIT -0 OFFSET -0', { indent: 0 })).toBe(F('records', '"database":"db","limit":-0,"offset":-0'));
    expect(compileResult('FETCH RECORDS FROM db LIMIT -1').value).toBeUndefined();
  });
  it('children and count are booleans', () => {
    stmt.rejects(F('records', '"database":"db","children":"yes"'), 'json/wrong-type', '/children');
    stmt.rejects(F('records', '"database":"db","count":1'), 'json/wrong-type', '/count');
  });
  it('fields and attributes are arrays of names', () => {
    stmt.rejects(F('records', '"database":"db","fields":"a"'), 'json/wrong-type', '/fields');
    stmt.rejects(F('records', '"database":"db","attributes":[1]'), 'json/wrong-type', '/attributes/0');
  });
  it('no other property', () => stmt.rejects(F('records', '"database":"db","databases":"x"'), 'json/unknown-property', '/databases'));
});

describe('multirecords | databases (required); where; order; limit; offset; children; count', () => {
  it('every property, and no fields/attributes/records', () => {
    same(F('multirecords', '"databases":["a","b"]'));
    same(F('multirecords', '"databases":{"type":"all"},"where":1,"order":[{"e":{"$col":"a"}}],"limit":5,"offset":1,"children":true,"count":false'));
    stmt.rejects(F('multirecords'), 'json/missing-property');
    stmt.rejects(F('multirecords', '"databases":"a","fields":["x"]'), 'json/unknown-property', '/fields');
    stmt.rejects(F('multirecords', '"databases":"a","records":1'), 'json/unknown-property', '/records');
  });
});

describe('pseudorecords | select (required); where; order; limit (integer); offset; count', () => {
  it('every property, and no children', () => {
    same(F('pseudorecords', '"select":{"from":"t"}'));
    same(F('pseudorecords', '"select":{"from":"t"},"where":1,"order":[{"e":1}],"limit":3,"offset":0,"count":true'));
    stmt.rejects(F('pseudorecords'), 'json/missing-property');
    stmt.rejects(F('pseudorecords', '"select":{"from":"t"},"limit":-1'), 'spec/invalid-number', '/limit');
    stmt.rejects(F('pseudorecords', '"select":{"from":"t"},"children":true'), 'json/unknown-property', '/children');
  });
});

describe('the fetch types without properties: crons, pref_defs, seqs', () => {
  it('only action and fetch', () => {
    for (const t of ['crons', 'pref_defs', 'seqs']) {
      same(F(t));
      stmt.rejects(F(t, '"count":true'), 'json/unknown-property', '/count');
    }
  });
});

describe('follows, keys | user (current user); count (false); prefs | user', () => {
  it('every property', () => {
    for (const t of ['follows', 'keys']) {
      same(F(t));
      same(F(t, '"user":"bob","count":true'));
      same(F(t, '"user":7'));
    }
    same(F('prefs', '"user":"bob"'));
    stmt.rejects(F('prefs', '"count":true'), 'json/unknown-property', '/count');
  });
});

describe('logs | database (required); records (records specifier, required)', () => {
  it('both required', () => {
    same(F('logs', '"database":"db","records":{"type":"key","key":{"id":5}}'));
    stmt.rejects(F('logs', '"database":"db"'), 'json/missing-property');
    stmt.rejects(F('logs', '"records":1'), 'json/missing-property');
  });
});

describe('notifications | user; type (notification type filter); seen (boolean filter)', () => {
  it('every property, and no count', () => {
    same(F('notifications', '"user":"bob","type":"post","seen":false'));
    stmt.rejects(F('notifications', '"seen":"no"'), 'json/wrong-type', '/seen');
    stmt.rejects(F('notifications', '"count":true'), 'json/unknown-property', '/count');
  });
});

describe('posts | wall (wall specifier; all walls); following; threads; post (post id); children; records (boolean)', () => {
  it('every property', () => {
    same(F('posts'));
    same(F('posts', '"wall":{"type":"group","group":"g"},"following":true,"threads":true,"post":12,"children":true,"records":true'));
  });
  it('the wall specifiers: group, database, record (database and record), user', () => {
    same(F('posts', '"wall":{"type":"group","group":3}'));
    same(F('posts', '"wall":{"type":"database","database":"db"}'));
    same(F('posts', '"wall":{"type":"record","database":"db","record":5}'));
    same(F('posts', '"wall":{"type":"user","user":"bob"}'));
    stmt.rejects(F('posts', '"wall":{"type":"record","database":"db"}'), 'json/missing-property', '/wall');
    stmt.rejects(F('posts', '"wall":{"type":"group"}'), 'json/missing-property', '/wall');
    stmt.rejects(F('posts', '"wall":{"type":"team","team":"t"}'), 'json/wrong-type', '/wall/type');
  });
  it('post is an id (whole); records a boolean here', () => {
    stmt.rejects(F('posts', '"post":1.5'), 'spec/invalid-number', '/post');
    stmt.rejects(F('posts', '"records":[1]'), 'json/wrong-type', '/records');
  });
});

describe('tasks | from (task id); user; text (string); where; order; limit; offset; count', () => {
  it('every property', () => {
    same(F('tasks', '"from":100,"user":"bob","text":"import","where":1,"order":[{"e":1}],"limit":10,"offset":5,"count":true'));
    stmt.rejects(F('tasks', '"from":1.5'), 'spec/invalid-number', '/from');
    stmt.rejects(F('tasks', '"text":5'), 'json/wrong-type', '/text');
  });
});

describe('user_subscriptions | team (team specifier, required) or user (current user)', () => {
  it('the team form, the user form, and not both', () => {
    same(F('user_subscriptions', '"team":"ops"'));
    same(F('user_subscriptions', '"user":"bob"'));
    same(F('user_subscriptions'));
    stmt.rejects(F('user_subscriptions', '"team":"ops","user":"bob"'), 'json/wrong-type', '/user');
  });
});

describe('users | users (users specifier; all users); order; limit (1,000); offset', () => {
  it('every property, and no count', () => {
    same(F('users', '"users":["a",1],"order":[{"e":1}],"limit":5,"offset":1'));
    stmt.rejects(F('users', '"count":true'), 'json/unknown-property', '/count');
    stmt.rejects(F('users', '"limit":-1'), 'spec/invalid-number', '/limit');
  });
});

describe('Specifiers: all, id (JSON number), name (JSON string), where, array of singular specifiers, key (record)', () => {
  const R = (records: string) => F('records', `"database":"db","records":${records}`);
  it('all | object, type = all', () => {
    same(R('{"type":"all"}'));
    stmt.rejects(R('{"type":"all","x":1}'), 'json/unknown-property', '/records/x');
  });
  it('id | JSON number (whole); name | JSON string', () => {
    same(R('42'));
    same(F('records', '"database":"shop.orders"'));
    stmt.rejects(R('4.5'), 'spec/invalid-id', '/records');
    stmt.rejects(R('true'), 'json/wrong-type', '/records');
  });
  it('where | type = where and where = expression', () => {
    same(R('{"type":"where","where":{"$=":[{"$col":"a"},1]}}'));
    stmt.rejects(R('{"type":"where"}'), 'json/missing-property', '/records');
  });
  it('array | JSON array of singular specifiers, types may be mixed (no nested array, no all)', () => {
    same(R('[1,"two",{"type":"where","where":1},{"type":"key","key":{"id":3}}]'));
    stmt.rejects(R('[[1]]'), 'json/wrong-type', '/records/0');
    stmt.rejects(R('[{"type":"all"}]'), 'json/unknown-type', '/records/0/type');
  });
  it('key (record) | type = key and key = map of field values; every key field must have a non-null value', () => {
    same(R('{"type":"key","key":{"region":"eu","id":7}}'));
    stmt.rejects(R('{"type":"key","key":{}}'), 'json/empty-list', '/records/key');
    stmt.rejects(R('{"type":"key"}'), 'json/missing-property', '/records');
    stmt.rejects(R('{"type":"key","key":{"id":null}}'), 'spec/key-null', '/records/key');
    // "" is null.
    stmt.rejects(R('{"type":"key","key":{"region":"eu","id":""}}'), 'spec/key-null', '/records/key');
    stmt.rejects(R('[{"type":"key","key":{"id":null}}]'), 'spec/key-null', '/records/0/key');
    stmt.rejects(R('{"type":"key","key":{"id":[1]}}'), 'json/wrong-type', '/records/key/id');
  });
  it('a key specifies records, not a database', () => {
    stmt.rejects(F('records', '"database":{"type":"key","key":{"id":1}}'), 'json/unknown-type', '/database/type');
  });
});
