import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/lint.js';
import { RULES } from '../../src/lint/registry.js';
import { SCHEMA, fixture } from './helpers.js';

const TEXT = readFileSync(fixture('all-mistakes.dsq'), 'utf8');
const LINES = TEXT.split('\n');

/** Each rule: the 1-based line of its mistake and the text the finding starts at (null: the line only). */
const EXPECTED: Record<string, readonly [line: number, startsAt: string | null]> = {
  'syntax-error': [2, null],
  'unknown-function': [3, 'AVERAGE('],
  'function-arity': [4, 'POW('],
  'misplaced-aggregate': [5, 'SUM('],
  'ungrouped-column': [6, 'customer,'],
  'having-without-group': [7, 'amount > 100'],
  'null-comparison': [8, 'region = NULL'],
  'empty-string': [9, "''"],
  'unknown-alias': [10, 'ALIAS(y)'],
  'duplicate-alias': [11, 'MAX(amount) AS stat'],
  'alias-as-column': [12, 'doubled > 10'],
  'invalid-limit': [13, '-5'],
  'empty-in-list': [14, 'region IN ()'],
  'reversed-between': [15, 'amount BETWEEN'],
  'like-without-wildcard': [16, "'Smith'"],
  'invalid-regexp': [17, "'(Smith'"],
  'datetime-without-offset': [18, 'DATETIME'],
  'type-mismatch': [19, "'100'"],
  'unknown-database': [20, 'sales.ordrs'],
  'unknown-table': [21, 'sales.orders@trashed'],
  'unknown-field': [22, 'custmer'],
  'suppression-comment': [23, '-- dsq-disable-next-line'],
  'quoted-text': [25, '"north"'],
  'param-type-mismatch': [26, ':p;'],
  'write-without-where': [27, 'TRASH'],
  'insert-missing-key': [28, "('ada'"],
  'permanent-write': [29, 'DISPOSE'],
  'fetch-without-limit': [30, 'FETCH'],
  'field-set-twice': [31, 'UPDATE'],
  'trash-without-feature': [32, 'TRASH'],
  'if-condition-columns': [33, 'SELECT customer, amount'],
  'task-ignore': [34, 'CANCEL'],
  'alter-fields-schema': [35, 'Region'],
  'alter-fields-slow': [35, 'ALTER'],
  'drop-with-children': [37, 'DROP'],
  'local-run-choice': [38, 'COUNT(*) / 2'],
};

describe('test/lint/fixtures/all-mistakes.dsq', () => {
  // local-run-choice is off by default: turned on here.
  const { diagnostics } = lint(TEXT, { schema: SCHEMA, rules: { 'local-run-choice': 'info' } });

  it('holds a mistake for every registered rule', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(RULES.map((r) => r.meta.id).sort());
  });

  for (const [id, [line, startsAt]] of Object.entries(EXPECTED)) {
    it(`reports ${id} exactly once, at line ${line}${startsAt ? ` "${startsAt}"` : ''}`, () => {
      const found = diagnostics.filter((d) => d.code === id);
      expect(found).toHaveLength(1);
      const d = found[0]!;
      expect(d.span.line).toBe(line);
      if (startsAt !== null) {
        const column = (LINES[line - 1] as string).indexOf(startsAt) + 1;
        expect(column).toBeGreaterThan(0);
        expect(`${d.span.line}:${d.span.column}`).toBe(`${line}:${column}`);
      }
    });
  }

  it('reports nothing else', () => {
    expect(diagnostics).toHaveLength(Object.keys(EXPECTED).length);
  });
});
