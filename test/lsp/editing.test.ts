import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/syntax/index.js';
import { writeName } from '../../src/lsp/source-names.js';
import { foldingRanges } from '../../src/lsp/folding.js';
import { renameEdits, renameTarget } from '../../src/lsp/rename.js';
import { signatureHelp } from '../../src/lsp/signature.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { documentSymbols } from '../../src/lsp/symbols.js';
import { cursor, positionIn } from './helpers.js';

/** Signature help, rename, folding ranges and the outline's statement names (issue 28, Editor), in process. */

const apply = (text: string, edits: readonly { start: number; end: number; text: string }[]) => {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
};

describe('signature help', () => {
  const help = (marked: string) => {
    const { text, offset } = cursor(marked);
    const h = signatureHelp(textModelOf(text), offset);
    return h === null ? null : { label: h.signatures[0]!.label, params: h.signatures[0]!.parameters!.map((p) => p.label), active: h.activeParameter };
  };

  it("names each argument of a function of the spec's table, the one being written active", () => {
    expect(help('SELECT POW(|')).toEqual({ label: 'POW(base, exponent)', params: ['base', 'exponent'], active: 0 });
    expect(help('SELECT POW(a, |) FROM t')).toEqual({ label: 'POW(base, exponent)', params: ['base', 'exponent'], active: 1 });
    expect(help('select truncate(amount * (1 + 2)|, 2) from t')?.active).toBe(0);
    expect(help('SELECT SUM(|amount) FROM t')).toEqual({ label: 'SUM(value)', params: ['value'], active: 0 });
    expect(help('SELECT COUNT_DISTINCT(a, b, |')).toEqual({ label: 'COUNT_DISTINCT(values, ...)', params: ['values', '...'], active: 1 });
  });

  it('takes the innermost call of the table, and nothing outside one', () => {
    expect(help('SELECT POW(SUM(|), 2) FROM t')?.label).toBe('SUM(value)');
    expect(help('SELECT POW(SUM(a), |2) FROM t')).toMatchObject({ label: 'POW(base, exponent)', active: 1 });
    // Inside a form or a subquery's parentheses within a call: still the call around them.
    expect(help('SELECT POW(COLUMN(|a), 2) FROM t')?.label).toBe('POW(base, exponent)');
    expect(help('SELECT POW(a, 2)| FROM t')).toBeNull();
    expect(help('SELECT a FROM t WHERE (|a > 1)')).toBeNull();
    expect(help('SELECT UNKNOWN_FN(|')).toBeNull();
    expect(help('SELECT POW(a, 2); SELECT |')).toBeNull();
  });
});

describe('rename', () => {
  const rename = (marked: string, to: string) => {
    const { text, offset } = cursor(marked);
    const edits = renameEdits(textModelOf(text), offset, to);
    return typeof edits === 'string' ? edits : apply(text, edits);
  };

  it('renames a source alias at its definition and every qualifier, within the statement', () => {
    expect(rename('SELECT o.amount FROM orders |o WHERE o.status = 1 ORDER BY o.placed; SELECT o.x FROM t o', 'ord')).toBe(
      'SELECT ord.amount FROM orders ord WHERE ord.status = 1 ORDER BY ord.placed; SELECT o.x FROM t o',
    );
    expect(rename('SELECT |o.amount FROM orders AS o', 'x')).toBe('SELECT x.amount FROM orders AS x');
    // A name that is not a bare word is quoted.
    expect(rename('SELECT o.amount FROM orders |o', 'my orders')).toBe('SELECT "my orders".amount FROM orders "my orders"');
    expect(rename('SELECT o.amount FROM orders |o', 'select')).toBe('SELECT "select".amount FROM orders "select"');
  });

  it('renames a result alias in GROUP BY, HAVING, ORDER BY and ALIAS(), not a column of the same name', () => {
    expect(rename('SELECT status s, COUNT(*) |n FROM orders WHERE ALIAS(n) > 0 AND n = 1 GROUP BY s HAVING n > 1 ORDER BY n', 'total')).toBe(
      'SELECT status s, COUNT(*) total FROM orders WHERE ALIAS(total) > 0 AND n = 1 GROUP BY s HAVING total > 1 ORDER BY total',
    );
    expect(rename('SELECT status s FROM orders ORDER BY |s', 'st')).toBe('SELECT status st FROM orders ORDER BY st');
  });

  it('renames a parameter in its -- @param line and every use in the statement', () => {
    const text = '-- @param min number\nSELECT * FROM orders WHERE amount > :m|in OR amount < :min;\nSELECT :min';
    expect(rename(text, 'floor')).toBe('-- @param floor number\nSELECT * FROM orders WHERE amount > :floor OR amount < :floor;\nSELECT :min');
    expect(rename(text, ':floor')).toBe('-- @param floor number\nSELECT * FROM orders WHERE amount > :floor OR amount < :floor;\nSELECT :min');
    expect(rename('-- @param m|in number\nSELECT :min', 'x')).toBe('-- @param x number\nSELECT :x');
    expect(rename(text, 'two words')).toMatch(/^a parameter's name is letters, digits and _/);
  });

  it('refuses anything else, and says what it renames (prepareRename)', () => {
    expect(rename('SELECT am|ount FROM orders', 'x')).toBe('only an alias or a parameter can be renamed here');
    expect(rename('SELECT o.amount FROM orders |o', '')).toBe('the new name is empty');
    const at = (marked: string) => {
      const { text, offset } = cursor(marked);
      const t = renameTarget(textModelOf(text), offset);
      return t && { text: text.slice(t.start, t.end), name: t.name };
    };
    expect(at('SELECT o.amount FROM orders |o')).toEqual({ text: 'o', name: 'o' });
    expect(at('SELECT "my |o".amount FROM orders "my o"')).toEqual({ text: '"my o"', name: 'my o' });
    expect(at('SELECT * FROM t WHERE a = :|min')).toEqual({ text: 'min', name: 'min' });
    expect(at('SELECT am|ount FROM orders')).toBeNull();
    expect(at('SEL|ECT 1')).toBeNull();
  });

  it('renames an alias to any name and back to the original text, the statement parsing the same way between (property)', () => {
    const names = fc.constantFrom('x', 'ord', 'total', 'a b', 'select', 'Ü', 'o"q');
    fc.assert(
      fc.property(names, names, (from, to) => {
        fc.pre(from !== to);
        const q = writeName;
        const text = `SELECT ${q(from)}.amount, SUM(${q(from)}.amount) AS total FROM orders ${q(from)} WHERE ${q(from)}.status = 1 GROUP BY ${q(from)}.amount ORDER BY total`;
        const offset = text.indexOf(`orders ${q(from)}`) + 7;
        const edits = renameEdits(textModelOf(text), offset, to);
        if (typeof edits === 'string') throw new Error(edits);
        const out = apply(text, edits);
        expect(out).toBe(text.replaceAll(`${q(from)}.`, `${q(to)}.`).replace(`orders ${q(from)} `, `orders ${q(to)} `));
        expect(parseDocument(out).statements).toHaveLength(1);
        const back = renameEdits(textModelOf(out), out.indexOf(`orders ${q(to)}`) + 7, from);
        if (typeof back === 'string') throw new Error(back);
        expect(apply(out, back)).toBe(text);
      }),
    );
  });
});

describe('folding ranges', () => {
  const folds = (text: string) => foldingRanges(textModelOf(text), (o) => positionIn(text, o).line).map((r) => [r.startLine, r.endLine, r.kind ?? 'code']);

  it('folds statements, parenthesised blocks, block comments, runs of line comments and regions', () => {
    const text = [
      '-- #region reports', // 0
      '/* the first', // 1
      '   report */', // 2
      'SELECT a,', // 3
      '  b', // 4
      'FROM t', // 5
      'WHERE a IN (', // 6
      '  SELECT x', // 7
      '  FROM u', // 8
      ');', // 9
      '-- one', // 10
      '-- two', // 11
      'SELECT 1 FROM t WHERE b IN (SELECT y', // 12
      '  FROM v)', // 13
      '-- #endregion', // 14
    ].join('\n');
    expect(folds(text)).toEqual([
      [3, 9, 'code'], // the first statement
      [12, 13, 'code'], // the second
      [1, 2, 'comment'],
      [6, 8, 'code'], // up to the line before its `)`, which starts a line
      [10, 11, 'comment'],
      [12, 13, 'code'], // its `)` ends a line: folded with it
      [0, 14, 'region'],
    ]);
  });

  it('folds a text that does not parse, and nothing on one line', () => {
    expect(folds('SELECT (\n  a,\n  (b\n')).toEqual([[0, 2, 'code']]);
    expect(folds('SELECT 1; SELECT (2)')).toEqual([]);
    expect(folds('')).toEqual([]);
  });
});

describe('the outline', () => {
  it('names a statement by its -- name: comment (query files), else by its first words', () => {
    const text =
      '-- name: TopCustomers :many\n-- The best ones.\nSELECT customer, SUM(amount) AS total FROM orders GROUP BY customer;\n\n-- name: 1bad\nSELECT 1;\n-- just a comment\nSELECT 2 -- name: NotThis\n';
    const symbols = documentSymbols(textModelOf(text), (s, e) => ({ start: positionIn(text, s), end: positionIn(text, e) }));
    expect(symbols.map((s) => [s.name, s.detail])).toEqual([
      ['TopCustomers', 'statement 1 · SELECT customer, SUM(amount) AS total FROM orders GROUP BY …'],
      ['SELECT 1', 'statement 2'],
      ['SELECT 2', 'statement 3'],
    ]);
  });
});
