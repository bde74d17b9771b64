import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExactNumber, jsonText, type Out } from '../../src/run/encode.js';
import { responseOut, type Response } from '../../src/run/execute.js';
import { expectDiff } from '../../src/run/output.js';

/**
 * `--expect` (expectDiff) without an engine: rows in an order compare in order, except that rows
 * tying on every ORDER BY term (one tie group) compare in any order among themselves; rows
 * without an order compare as a multiset.
 */
const select = (rows: Out[][], ordered: boolean, ties: number[] | null): Response => ({
  kind: 'select',
  header: [
    { name: 'k', type: 'int(8)' },
    { name: 'v', type: 'int(8)' },
  ],
  rows,
  columns: [],
  query: null,
  ordered,
  ties,
});

/** Rows of (key, value) sorted by key, with the tie groups of the keys. */
const sortedRows = fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 5 })), { maxLength: 12 }).map((pairs) => {
  const sorted = [...pairs].sort((a, b) => a[0] - b[0]);
  const ties: number[] = [];
  sorted.forEach(([k], i) => ties.push(i === 0 ? 1 : k === (sorted[i - 1] as [number, number])[0] ? (ties[i - 1] as number) : (ties[i - 1] as number) + 1));
  return { rows: sorted.map(([k, v]) => [new ExactNumber(String(k)), new ExactNumber(String(v))] as Out[]), ties };
});

const file = (r: Response, rows: Out[][]) => jsonText({ ...(responseOut(r) as { [key: string]: Out }), rows });

describe('--expect and ties', () => {
  it('any order within each tie group agrees; a row moved to another group does not', () => {
    fc.assert(
      fc.property(sortedRows, fc.integer(), ({ rows, ties }, seed) => {
        const r = select(rows, true, ties);
        // Shuffle within each group (a seeded rotation of each run of equal group numbers).
        const shuffled: Out[][] = [];
        for (let start = 0; start < rows.length; ) {
          let end = start;
          while (end < rows.length && ties[end] === ties[start]) end++;
          const group = rows.slice(start, end);
          const by = Math.abs(seed) % group.length;
          shuffled.push(...group.slice(by), ...group.slice(0, by));
          start = end;
        }
        expect(expectDiff([r], file(r, shuffled))).toBeNull();
        // The first row of a later group with a different row swapped in ahead: a difference.
        const first = 0;
        const other = ties.findIndex((g) => g !== ties[first]);
        if (other > 0 && jsonText(rows[first] as Out[]) !== jsonText(rows[other] as Out[])) {
          const moved = [...rows];
          [moved[first], moved[other]] = [moved[other] as Out[], moved[first] as Out[]];
          expect(expectDiff([r], file(r, moved))).toMatch(/^row 1 differs|^rows 1 to \d+ differ/);
        }
      }),
    );
  });

  it('without ORDER BY the rows are a multiset; with ORDER BY and no ties known the order is strict', () => {
    const rows: Out[][] = [
      [new ExactNumber('1'), new ExactNumber('2')],
      [new ExactNumber('1'), new ExactNumber('3')],
    ];
    const reversed = [rows[1] as Out[], rows[0] as Out[]];
    expect(expectDiff([select(rows, false, null)], file(select(rows, false, null), reversed))).toBeNull();
    expect(expectDiff([select(rows, true, null)], file(select(rows, true, null), reversed))).toContain('row 1 differs');
    expect(expectDiff([select(rows, true, [1, 1])], file(select(rows, true, [1, 1]), reversed))).toBeNull();
    expect(expectDiff([select(rows, true, [1, 1])], file(select(rows, true, [1, 1]), rows.slice(0, 1)))).toContain('1 row expected, 2 got');
  });
});
