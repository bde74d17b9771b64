import { DsqError } from '../../src/index.js';
import { fromJson, fromJsonExpression, toJson, readSpecJson } from '../../src/json/index.js';

// JSON → AST: a select object or a SELECT action, as text (exact numbers) or a parsed JS value.
export const query = fromJson('{"from": "orders", "where": {"$<": [{"$col": "total"}, 10, 20]}, "limit": 9223372036854775807}');
// query.where: (total < 10) AND (total < 20), as the spec's n-ary comparison rule says
// query.limit: { kind: 'number', value: '9223372036854775807' }

export const e = fromJsonExpression({ $$pow: [2, 3] });   // { kind: 'function', name: 'POW', args: [...] }

// AST → JSON: 'short' (default) uses the $ shorthand where it reads back identically and writes
// chains of one operator flat ({"$and": [a, b, c]}); 'full' writes {"type": ...} everywhere.
toJson(e);                                  // '{"$$POW":[2,3]}'
toJson(e, { form: 'full', indent: 2 });     // pretty, every node typed

// Errors: one DsqError, with a json/... code, the JSON pointer and the line:col.
try {
  fromJson('{"where": {"$between": [1, 2]}}');
} catch (err) {
  if (err instanceof DsqError) {
    err.first.pointer;   // '/where'
    err.message;         // '1:11 /where: "$between" takes exactly 3 expressions (e, min, max), got 2'
    err.format('q.json') // 'q.json:1:11: error: ... at /where' and a code frame
  }
}

// The spec-JSON reader alone (for other spec documents, e.g. schemas): values with
// .pointer and .span, numbers as exact text, keys normalised (obj.get('Where') finds "WHERE ").
export const doc = readSpecJson('{"A": [1, 2,], "b": undefined}');
