import { describe, expect, it } from 'vitest';
import { binary, col, foldLeft, inList, num, select } from '../../src/ast/make.js';
import type { Expr } from '../../src/ast/nodes.js';
import { fromJson, fromJsonExpression, toJson } from '../../src/json/index.js';
import { rejection, sameTree } from './helpers.js';

const TERMS = 50_000;

function andChain(): Expr {
  return foldLeft(
    'and',
    Array.from({ length: TERMS }, (_, i) => binary('=', col(`c${i}`), num(i))),
  );
}

describe('deep and wide trees', () => {
  it('a 50,000-term AND chain: flat in the short form, read back identically', () => {
    const chain = andChain();
    const text = toJson(select({ where: chain }));
    expect(text.startsWith('{"where":{"$and":[{"$=":[{"$col":"c0"},0]},')).toBe(true);
    expect(sameTree(fromJson(text), select({ where: chain }))).toBe(true);
  });

  it('a 50,000-term AND chain: 50,000 levels deep in the full form, read back identically', () => {
    const chain = andChain();
    const text = toJson(chain, { form: 'full' });
    expect(text.startsWith('{"type":"binary","op":"and","e1":{"type":"binary","op":"and","e1":')).toBe(true);
    const back = fromJsonExpression(text);
    expect(sameTree(back, chain)).toBe(true);
    expect(toJson(back, { form: 'full' })).toBe(text);
  });

  it('a 50,000-deep right-nested chain in the short form, also pretty-printed', () => {
    let e: Expr = col('x');
    for (let i = 0; i < TERMS; i++) e = binary('or', num(i), e);
    const compact = toJson(e);
    expect(toJson(fromJsonExpression(compact))).toBe(compact);
    const pretty = toJson(e, { indent: 2 });
    expect(toJson(fromJsonExpression(pretty))).toBe(compact);
    // Indentation stops growing at depth 100, so the text grows linearly, not quadratically.
    expect(pretty.length).toBeLessThan(compact.length * 100);
  });

  it('a 100,000-value IN list', () => {
    const e = inList(
      col('id'),
      Array.from({ length: 100_000 }, (_, i) => num(i)),
    );
    const text = toJson(e);
    expect(fromJsonExpression(text)).toEqual(e);
    expect(fromJsonExpression(toJson(e, { form: 'full' }))).toEqual(e);
  });

  it('100,000 nested arrays as an expression: a clean error, not a stack overflow', () => {
    const d = rejection(() => fromJsonExpression(`${'['.repeat(100_000)}${']'.repeat(100_000)}`));
    expect(d.code).toBe('json/wrong-type');
    expect(d.message).toBe('an array is not an expression');
  });

  it('100,000 nested NOTs read and write without a stack overflow', () => {
    const depth = 100_000;
    const text = `${'{"$not":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const e = fromJsonExpression(text);
    expect(toJson(e)).toBe(text);
    expect(sameTree(fromJsonExpression(toJson(e, { form: 'full' })), e)).toBe(true);
    // An error at the bottom still has its full pointer.
    const bad = `${'{"$not":'.repeat(depth)}true${'}'.repeat(depth)}`;
    const d = rejection(() => fromJsonExpression(bad));
    expect(d.pointer).toBe('/$not'.repeat(depth));
    expect(d.span?.column).toBe(depth * 8 + 1);
  });

  it('100,000 nested arrays from a JS value: a clean error', () => {
    let v: unknown = [];
    for (let i = 0; i < 100_000; i++) v = [v];
    expect(rejection(() => fromJsonExpression(v)).code).toBe('json/wrong-type');
  });
});
