import { describe, expect, it } from 'vitest';
import { binary, col, num, select, str } from '../../src/ast/make.js';
import { fromJson, fromJsonExpression, readJsValue } from '../../src/json/index.js';
import { rejection } from './helpers.js';

describe('already-parsed JS values', () => {
  it('read like text: numbers, key rules, empty string, undefined members', () => {
    expect(fromJsonExpression({ $AND: [1, 2.5, -0] })).toEqual(binary('and', binary('and', num('1'), num('2.5')), num('-0')));
    expect(fromJson({ From: 't', where: undefined, ' Limit ': 5 })).toEqual(select({ from: { kind: 'table', table: 't', alias: null }, limit: num('5') }));
    expect(fromJsonExpression({ '$=': ['', 'x'] })).toEqual(binary('=', { kind: 'null' }, str('x')));
    expect(fromJsonExpression({ $col: 'a' })).toEqual(col('a'));
  });

  it('JSON.parse output is accepted', () => {
    expect(fromJson(JSON.parse('{"where": {"$<": [{"$col": "a"}, 1e3]}}'))).toEqual(select({ where: binary('<', col('a'), num('1000')) }));
  });

  it('a bigint is exact', () => {
    expect(fromJsonExpression(9223372036854775807n)).toEqual(num('9223372036854775807'));
    expect(rejection(() => fromJsonExpression(9223372036854775808n)).code).toBe('json/number-range');
  });

  it('an unsafe integer is rejected with advice to pass the text', () => {
    // biome-ignore lint/correctness/noPrecisionLoss: the test is that dsq refuses the number a JavaScript value lost digits of
    const d = rejection(() => fromJson({ limit: 9007199254740993 }));
    expect(d.code).toBe('json/unsafe-number');
    expect(d.message).toBe('9007199254740992 is a whole number beyond 2^53: as a JS number it may already have lost digits');
    expect(d.hint).toBe('pass the JSON text (or a bigint) instead of a parsed value, so the number is read exactly');
    expect(d.pointer).toBe('/limit');
  });

  it('NaN, Infinity, functions, dates and cycles are rejected', () => {
    expect(rejection(() => fromJsonExpression(NaN)).message).toBe('NaN is not a JSON number');
    expect(rejection(() => fromJsonExpression({ $between: [1, 2, Infinity] })).pointer).toBe('/$between/2');
    expect(rejection(() => fromJsonExpression({ $col: () => 1 })).message).toBe('a function is not a JSON value');
    expect(rejection(() => fromJsonExpression({ $dt: new Date(0) })).message).toBe('a Date object is not a JSON value');
    const cyclic: Record<string, unknown> = {};
    cyclic.where = { $not: cyclic };
    const d = rejection(() => fromJson(cyclic));
    expect(d.code).toBe('json/cycle');
    expect(d.pointer).toBe('/where/$not');
  });

  it('a shared (acyclic) object is fine', () => {
    const a = { $col: 'a' };
    expect(fromJsonExpression({ $and: [a, a] })).toEqual(binary('and', col('a'), col('a')));
  });

  it('keys are checked: empty and case-insensitive duplicates', () => {
    expect(rejection(() => fromJson({ '': 1 })).code).toBe('json/empty-key');
    const d = rejection(() => fromJson({ where: 1, WHERE: 2 }));
    expect(d.code).toBe('json/duplicate-key');
    expect(d.message).toBe('duplicate key "WHERE" (the same key as "where" once trimmed, white space folded and case ignored)');
    expect(d.pointer).toBe('/WHERE');
  });

  it('readJsValue keeps array holes and undefined items as undefined', () => {
    const v = readJsValue([1, undefined]);
    expect(v.type === 'array' && v.items.map((i) => i.type)).toEqual(['number', 'undefined']);
    expect(rejection(() => fromJsonExpression({ $in: [1, [undefined]] })).message).toBe('undefined is not an expression');
  });
});
