import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { toJson } from '../../src/json/index.js';
import { paramNames } from '../../src/params/index.js';
import { print } from '../../src/print/index.js';
import { parse, parseDocument, parseExpression } from '../../src/syntax/index.js';
import { formatsTo } from '../helpers/format-final.js';

/** Parameters `:name` in the language (issue 17): parsed as nodes, printed back, formatted, never JSON. */

const POSITIONS = [
  'SELECT * FROM t WHERE a = :p',
  'SELECT * FROM t WHERE a != :p AND b < :q OR c >= :r',
  'SELECT * FROM t WHERE a IN :ids',
  'SELECT * FROM t WHERE a NOT IN :ids',
  'SELECT * FROM t WHERE a IN (:x, 2, :y)',
  'SELECT * FROM t WHERE a BETWEEN :lo AND :hi',
  'SELECT * FROM t WHERE a NOT BETWEEN :lo AND :hi',
  'SELECT * FROM t WHERE a LIKE :pattern',
  'SELECT * FROM t LIMIT :limit OFFSET :offset',
  'SELECT :p AS v, -:q AS w, F(:r, 1) AS x FROM t',
  'SELECT CASE WHEN a = :p THEN :q ELSE :r END AS c FROM t',
  'SELECT * FROM t WHERE a = (SELECT MAX(b) FROM u WHERE c = :p)',
  'SELECT * FROM t WHERE EXISTS (SELECT * FROM u WHERE u.a = :p)',
  'SELECT * FROM t WHERE a = :p OPTIONS (ROWS = 5)',
  'SELECT * FROM t WHERE a + :p * 2 > :q',
  'SELECT * FROM t WHERE :p IS NULL OR a = :p',
];

describe('parameters in the language', () => {
  it.each(POSITIONS)('%s: parses to param nodes and prints back as written', (text) => {
    const ast = parse(text);
    expect(paramNames(ast).length).toBeGreaterThan(0);
    const printed = print(ast);
    expect(printed.replace(/\s+/g, ' ')).toBe(text);
    expect(parse(printed)).toEqual(ast);
  });

  it('IN :name is a list parameter, IN (:name) a single value', () => {
    const list = parseExpression('a IN :ids');
    expect(list).toEqual({ kind: 'in', e: { kind: 'column', path: 'a' }, values: [{ kind: 'param', name: 'ids', list: true }] });
    const one = parseExpression('a IN (:id)');
    expect(one).toEqual({ kind: 'in', e: { kind: 'column', path: 'a' }, values: [{ kind: 'param', name: 'id', list: false }] });
    expect(print(one)).toBe('a IN (:id)');
    expect(print(list)).toBe('a IN :ids');
  });

  it('keywords and contextual words are parameter names too; names are case-sensitive', () => {
    const ast = parse('SELECT * FROM t WHERE d = :date AND s = :select AND r = :Region LIMIT :limit');
    expect(paramNames(ast)).toEqual(['date', 'select', 'Region', 'limit']);
  });

  it('a parameter next to a path separator stays a path: a:b is the column a:b, a = :b a parameter', () => {
    expect(parseExpression('a:b')).toEqual({ kind: 'column', path: 'a:b' });
    expect(parseExpression('a = :b')).toMatchObject({ e2: { kind: 'param', name: 'b' } });
  });

  it.each([
    ['SELECT * FROM t WHERE a = :', /expected a parameter name after ':'/],
    ['SELECT * FROM t WHERE a = :1', /expected a parameter name after ':'/],
    ['SELECT * FROM t WHERE a = :"x"', /expected a parameter name after ':'/],
    ['SELECT * FROM t WHERE a = :ünï', /a parameter name is letters, digits and _/],
    ['SELECT * FROM t WHERE a IN :', /expected a parameter name after ':'/],
  ])('%s is an error with a position', (text, message) => {
    const doc = parseDocument(text);
    const errors = doc.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]?.message).toMatch(message);
    expect(errors[0]?.span?.line).toBe(1);
  });

  it('the formatter keeps parameters and comments around them, and is idempotent', () => {
    const text = 'select * from t where a = /* the region */ :region and b in :ids -- the ids\nlimit :n';
    const once = formatsTo(text);
    expect(once).toContain(':region');
    expect(once).toContain('/* the region */');
    expect(once).toContain('-- the ids');
    expect(once).toMatch(/IN :ids/);
  });

  it('toJson of a tree with parameters is an error naming every unbound one, once', () => {
    const ast = parse('SELECT * FROM t WHERE a = :region AND b IN :ids AND c = :region LIMIT :n');
    let error: unknown;
    try {
      toJson(ast);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DsqError);
    const d = (error as DsqError).first;
    expect(d.code).toBe('params/unbound');
    expect(d.message).toBe('3 parameters have no value: :region, :ids and :n (JSON has no parameter form)');
    expect(() => toJson(parseExpression(':x'), { form: 'full' })).toThrow(/a parameter has no value: :x/);
  });
});
