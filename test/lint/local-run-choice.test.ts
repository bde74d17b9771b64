import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/lint.js';
import { readSchema } from '../../src/schema/read.js';
import { CHOICES, toSql, type ChoiceId } from '../../src/sql/index.js';
import { parse } from '../../src/syntax/parse.js';

/**
 * local-run-choice says, where a statement relies on it, what `dsq run` says once per run: the
 * choices of spec/run-choices.ts with a `warn`. It is off by default, and when on it agrees with
 * the translator's notes.
 */
const schema = readSchema(readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'shop-data', 'schema.json'), 'utf8'));
const on = { rules: { 'local-run-choice': 'info' as const } };
const found = (text: string, withSchema = true) =>
  lint(text, { ...on, ...(withSchema ? { schema } : {}) }).diagnostics.filter((d) => d.code === 'local-run-choice');

describe('local-run-choice', () => {
  it('is off by default', () => {
    expect(lint('SELECT COUNT(*) / 2 FROM orders LEFT JOIN customers', { schema }).diagnostics.map((d) => d.code)).not.toContain('local-run-choice');
  });

  it('reports a LEFT JOIN, / of two whole numbers and a FETCH of what a local run has none of, with the warning dsq run gives', () => {
    expect(found('SELECT o.id FROM orders o LEFT JOIN customers c WHERE o.customer = c.id').map((d) => d.message)).toEqual([
      `A local run: ${CHOICES.leftJoin.warn}.`,
    ]);
    expect(found('SELECT id / 2 FROM orders').map((d) => [d.message, d.span.column])).toEqual([[`A local run: ${CHOICES.division.warn}.`, 8]]);
    expect(found('FETCH TASKS').map((d) => d.message)).toEqual([`A local run: ${CHOICES.otherFetches.warn}.`]);
    expect(found('SELECT 7 / 2', false)).toHaveLength(1);
    expect(found('SELECT COUNT(*) / -3 FROM orders', false)).toHaveLength(1);
  });

  it('stays silent on a float operand, a field it cannot type, a rounded quotient and the local FETCH types', () => {
    expect(found('SELECT price / 2 FROM orders.lines')).toEqual([]);
    expect(found('SELECT amount / 2 FROM orders')).toEqual([]);
    expect(found('SELECT id / 2 FROM orders', false)).toEqual([]);
    expect(found('SELECT TRUNCATE(COUNT(*) / 3, 0) FROM orders')).toEqual([]);
    expect(found('SELECT id FROM orders JOIN customers')).toEqual([]);
    expect(found('FETCH RECORDS FROM orders LIMIT 5')).toEqual([]);
  });

  it('agrees with the notes of the translator on the same statements', () => {
    const statements = [
      'SELECT id / 2 FROM orders',
      'SELECT id / customer FROM orders',
      'SELECT price / qty FROM orders.lines',
      'SELECT qty / 2.5 FROM orders.lines',
      'SELECT COUNT(*) / 2 FROM orders',
      'SELECT o.id FROM orders o LEFT JOIN customers c',
      'SELECT o.id FROM orders o LEFT OUTER JOIN customers c WHERE o.id / 2 = 1',
      'SELECT o.id FROM orders o CROSS JOIN customers c',
      'UPDATE orders SET customer = customer / 2 WHERE id = 1',
      'FETCH RECORDS FROM orders WHERE id / 2 = 1 LIMIT 1',
      'DELETE FROM orders WHERE id / 2 = 1',
      'TRASH FROM orders WHERE amount / 2 > 1',
    ];
    const ids: Record<string, ChoiceId> = { [`A local run: ${CHOICES.leftJoin.warn}.`]: 'leftJoin', [`A local run: ${CHOICES.division.warn}.`]: 'division' };
    for (const text of statements) {
      const fromLint = [...new Set(found(text).map((d) => ids[d.message]))].sort();
      expect([fromLint, text]).toEqual([[...toSql(parse(text), { schema }).notes].sort(), text]);
    }
  });
});
