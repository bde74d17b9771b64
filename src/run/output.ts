import { readSpecJson } from '../json/read-text.js';
import type { JsonValue } from '../json/value.js';
import { csvText, ExactNumber, jsonText, responseJson, tableText, type Out } from './encode.js';
import { responseOut, type Response } from './execute.js';

/**
 * The responses of a run as `dsq run` prints them (`--format json|table|csv`), and `--expect`:
 * the responses compared with a saved JSON file, with a readable difference.
 */
export const OUTPUT_FORMATS = ['json', 'table', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The JSON of one response, or of several as an array. */
export function responsesJson(responses: readonly Response[]): string {
  if (responses.length === 1) return responseJson(responseOut(responses[0] as Response));
  return `[\n${responses.map((r) => responseJson(responseOut(r)).replace(/^/gm, '  ')).join(',\n')}\n]`;
}

/** A response as column names and rows (records: the union of their keys; counts: one row). */
function grid(r: Response): { names: string[]; rows: Out[][] } {
  switch (r.kind) {
    case 'select':
      return { names: r.header.map((h) => h.name), rows: r.rows.map((row) => [...row]) };
    case 'records': {
      const names: string[] = [];
      for (const rec of r.records) for (const k of Object.keys(rec)) if (!names.includes(k)) names.push(k);
      return { names, rows: r.records.map((rec) => names.map((n) => rec[n] ?? null)) };
    }
    case 'count':
      return { names: ['count'], rows: [[r.count]] };
    case 'write':
      return { names: Object.keys(r.counts), rows: [Object.values(responseOut(r) as Record<string, Out>)] };
  }
}

export function formatResponses(responses: readonly Response[], format: OutputFormat): string {
  if (format === 'json') return responsesJson(responses);
  return responses
    .map((r) => {
      const g = grid(r);
      return format === 'table' ? tableText(g.names, g.rows) : csvText(g.names, g.rows);
    })
    .join('\n\n');
}

/**
 * The difference between the responses and the expected ones (a JSON file as `dsq run` writes
 * it), or null when they agree. Rows without ORDER BY are a multiset: compared in any order.
 * Rows with ORDER BY are compared in order, but rows that tie on every ORDER BY term (a run of
 * them in the response, `ties`) may come in any order among themselves: each run is compared as
 * a multiset with the expected rows in its place.
 */
export function expectDiff(responses: readonly Response[], expectedText: string): string | null {
  let expected: Out;
  try {
    expected = outOf(readSpecJson(expectedText));
  } catch (err) {
    return `the expected file is not JSON: ${(err as Error).message.split('\n')[0]}`;
  }
  const exp = responses.length === 1 ? [expected] : expected;
  if (!Array.isArray(exp) || exp.length !== responses.length) return `expected ${Array.isArray(exp) ? exp.length : 1} results, got ${responses.length}`;
  const lines: string[] = [];
  responses.forEach((r, i) => {
    const order = r.kind === 'select' || r.kind === 'records' ? { ordered: r.ordered, ties: r.ties } : { ordered: true, ties: null };
    const d = diffOne((exp as Out[])[i] ?? null, responseOut(r), order);
    if (d.length > 0) lines.push(`${responses.length > 1 ? `statement ${i + 1}: ` : ''}${d[0]}`, ...d.slice(1));
  });
  return lines.length > 0 ? lines.join('\n') : null;
}

/** A JSON value of the expected file as an output value (numbers exact, as written). */
function outOf(v: JsonValue): Out {
  switch (v.type) {
    case 'null':
    case 'undefined':
      return null;
    case 'number':
      return new ExactNumber(v.text);
    case 'string':
    case 'boolean':
      return v.value;
    case 'array':
      return v.items.map(outOf);
    case 'object':
      return Object.fromEntries(v.members.map((m) => [m.rawKey, outOf(m.value)]));
  }
}

const show = (v: unknown) => jsonText(v as Out);

interface RowOrder {
  readonly ordered: boolean;
  /** The tie group of each row (rows with one number tie on every ORDER BY term), or null. */
  readonly ties: readonly number[] | null;
}

/** The rows of `expected` missing from `got` and those of `got` not expected, each as JSON text. */
function multisetDiff(expected: readonly unknown[], got: readonly unknown[]): { missing: string[]; extra: string[] } {
  const counts = new Map<string, number>();
  for (const r of expected) counts.set(show(r), (counts.get(show(r)) ?? 0) + 1);
  const extra: string[] = [];
  for (const r of got) {
    const k = show(r);
    const n = counts.get(k) ?? 0;
    if (n > 0) counts.set(k, n - 1);
    else extra.push(k);
  }
  return { missing: [...counts].flatMap(([k, n]) => Array<string>(n).fill(k)), extra };
}

const list = (xs: string[], sign: string) => [...xs.slice(0, 20).map((x) => `  ${sign} ${x}`), ...(xs.length > 20 ? [`  ... and ${xs.length - 20} more`] : [])];

function diffOne(e: unknown, a: unknown, order: RowOrder): string[] {
  const rowsOf = (v: unknown): unknown[] | null =>
    Array.isArray(v) ? v : v !== null && typeof v === 'object' && Array.isArray((v as { rows?: unknown }).rows) ? (v as { rows: unknown[] }).rows : null;
  const er = rowsOf(e);
  const ar = rowsOf(a);
  if (er === null || ar === null) return show(e) === show(a) ? [] : [`expected ${show(e)}`, `     got ${show(a)}`];
  const header = (v: unknown) => (Array.isArray(v) ? null : show((v as { header?: unknown }).header));
  if (header(e) !== header(a)) return ['the columns differ:', `  expected ${header(e)}`, `       got ${header(a)}`];
  if (!order.ordered || er.length !== ar.length) {
    const { missing, extra } = multisetDiff(er, ar);
    if (missing.length === 0 && extra.length === 0) return [];
    const what = order.ordered
      ? `${er.length} row${er.length === 1 ? '' : 's'} expected, ${ar.length} got`
      : `compared in any order: ${missing.length} expected and missing, ${extra.length} not expected`;
    return [`the rows differ (${what}):`, ...list(missing, '-'), ...list(extra, '+')];
  }
  for (let start = 0; start < ar.length; ) {
    // The run of rows that tie with this one (one row when the order is total).
    let end = start + 1;
    if (order.ties !== null) while (end < ar.length && order.ties[end] === order.ties[start]) end++;
    if (end - start === 1) {
      if (show(er[start]) !== show(ar[start]))
        return [`row ${start + 1} differs (of ${er.length}):`, `  expected ${show(er[start])}`, `       got ${show(ar[start])}`];
    } else {
      const { missing, extra } = multisetDiff(er.slice(start, end), ar.slice(start, end));
      if (missing.length > 0 || extra.length > 0) {
        return [
          `rows ${start + 1} to ${end} differ (of ${er.length}; they tie on every ORDER BY term, so they are compared in any order):`,
          ...list(missing, '-'),
          ...list(extra, '+'),
        ];
      }
    }
    start = end;
  }
  return [];
}
