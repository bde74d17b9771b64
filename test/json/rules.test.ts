import { describe, expect, it } from 'vitest';
import { NULL, binary, col, num, select, selectAction, str, table } from '../../src/ast/make.js';
import { fromJson, fromJsonExpression } from '../../src/json/index.js';
import { at, rejection } from './helpers.js';

/** The spec's JSON rules as fromJson applies them to select objects and actions. */
describe('JSON rules through fromJson', () => {
  it('rule 1: "" is null: the null expression where an expression goes, absent for optional names', () => {
    expect(fromJsonExpression('{"$=": [{"$col": "a"}, ""]}')).toEqual(binary('=', col('a'), NULL));
    expect(fromJson('{"from": {"type": "table", "table": "t", "alias": ""}}')).toEqual(select({ from: table('t') }));
    expect(fromJson('{"columns": [{"e": 1, "alias": ""}]}')).toEqual(select({ columns: [{ kind: 'result_column', e: num('1'), alias: null }] }));
    const d = rejection(() => fromJson('{"from": {"type": "table", "table": ""}}'));
    expect(d.message).toBe('expected a table path for "table" (a non-empty string), got an empty string (which is null)');
    expect(d.pointer).toBe('/from/table');
  });

  it('rules 2-4: keys are case-insensitive and white-space-normalised; such duplicates are errors', () => {
    expect(fromJson('{" FROM ": "t", "Where": {"$COL": "x"}, "LIMIT": 1}')).toEqual(select({ from: table('t'), where: col('x'), limit: num('1') }));
    expect(fromJson('{"Action": "select", " select": {}, "USE_STRINGS": true}')).toEqual(selectAction(select(), { useStrings: true }));
    const d = rejection(() => fromJson('{"where": 1,\n "WHERE": 2}'));
    expect(d.code).toBe('json/duplicate-key');
    expect(at(d)).toBe('2:2');
    expect(rejection(() => fromJsonExpression('{"type": "binary", "op": "+", "e1": 1, "E1": 2, "e2": 3}')).code).toBe('json/duplicate-key');
  });

  it('rule 5: trailing commas', () => {
    expect(fromJson('{"from": "t", "group": [{"$col": "a"},],}')).toEqual(select({ from: table('t'), group: [col('a')] }));
  });

  it('rule 6: exact 64-bit whole numbers; beyond is an error', () => {
    expect(fromJson('{"limit": 9223372036854775807}')).toEqual(select({ limit: num('9223372036854775807') }));
    expect(fromJson('{"limit": 1.0}')).toEqual(select({ limit: num('1.0') }));
    expect(rejection(() => fromJson('{"limit": 9223372036854775808}')).code).toBe('json/number-range');
  });

  it('rule 7: a member whose value is undefined is absent', () => {
    expect(fromJson('{"from": "t", "where": undefined, "columns": undefined}')).toEqual(select({ from: table('t') }));
    expect(fromJson('{"action": "select", "select": {}, "rows": undefined}')).toEqual(selectAction(select()));
    // Required properties given as undefined are missing.
    expect(rejection(() => fromJsonExpression('{"type": "string", "value": undefined}')).message).toBe('a "string" expression needs "value"');
    expect(fromJsonExpression('"x"')).toEqual(str('x'));
  });
});
