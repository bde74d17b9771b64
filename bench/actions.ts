/**
 * Data actions (issue 16): parse, compile (parse + toJson), print, fromJson and format of
 * action files, on a generated corpus of UPDATE / DELETE / INSERT statements that are also
 * plain SQL (so node-sql-parser and pgsql-ast-parser parse the same texts, side by side) and of
 * FETCH statements (dsq only: FETCH is not SQL).
 */
import nodeSqlParser from 'node-sql-parser';
import { parse as pgParse } from 'pgsql-ast-parser';
import { random } from './corpus.js';
import { fmt, measure, measureInTurn, type BenchModule, type BenchTable, type Timing } from './harness.js';

const sqlParser = new nodeSqlParser.Parser();
const STATEMENTS = 1500;

const TABLES = ['orders', 'customers', 'invoices', 'shipments', 'payments'];
const COLUMNS = ['id', 'status', 'total', 'qty', 'price', 'region', 'placed', 'note', 'customer'];
const STATUSES = ["'paid'", "'open'", "'void'", "'shipped'"];

/** Writes that are SQL too (UPDATE ... SET ... WHERE, DELETE FROM ... WHERE, INSERT ... VALUES). */
export function generateWrites(count: number, seed = 20261123): string[] {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const int = (n: number) => Math.floor(rnd() * n);
  const value = () => (rnd() < 0.5 ? String(int(100000)) : pick(STATUSES));
  const condition = (depth = 0): string => {
    const r = rnd();
    if (r < 0.35) return `${pick(COLUMNS)} ${pick(['=', '<>', '<', '>=', '>'])} ${value()}`;
    if (r < 0.5) return `${pick(COLUMNS)} IN (${Array.from({ length: 2 + int(5) }, value).join(', ')})`;
    if (r < 0.6) return `${pick(COLUMNS)} BETWEEN ${int(100)} AND ${100 + int(1000)}`;
    if (r < 0.7) return `${pick(COLUMNS)} IS ${rnd() < 0.5 ? 'NOT ' : ''}NULL`;
    if (depth < 2) return `(${condition(depth + 1)} ${pick(['AND', 'OR'])} ${condition(depth + 1)})`;
    return `${pick(COLUMNS)} = ${value()}`;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const table = pick(TABLES);
    const r = rnd();
    if (r < 0.4) {
      const sets = Array.from({ length: 1 + int(4) }, (_, k) =>
        k % 2 === 0 ? `${COLUMNS[(k + 1) % COLUMNS.length]} = ${value()}` : `${COLUMNS[(k + 3) % COLUMNS.length]} = price * qty + ${int(10)}`,
      );
      out.push(`UPDATE ${table} SET ${sets.join(', ')} WHERE ${condition()} AND ${condition()}`);
    } else if (r < 0.65) {
      out.push(`DELETE FROM ${table} WHERE ${condition()}`);
    } else {
      const columns = ['id', 'status', 'total', 'region'].slice(0, 2 + int(3));
      const rows = Array.from(
        { length: 1 + int(5) },
        () => `(${columns.map((c) => (c === 'id' || c === 'total' ? String(int(100000)) : pick(STATUSES))).join(', ')})`,
      );
      out.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rows.join(', ')}`);
    }
  }
  return out;
}

/** FETCH statements of every type (dsq only). */
export function generateFetches(count: number, seed = 20261124): string[] {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const int = (n: number) => Math.floor(rnd() * n);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const table = pick(TABLES);
    const r = rnd();
    if (r < 0.5) {
      out.push(
        `FETCH RECORDS FIELDS (${pick(COLUMNS)}, ${pick(COLUMNS)}) FROM shop.${table} WHERE ${pick(COLUMNS)} > ${int(1000)} AND status IN (${STATUSES.join(', ')}) ORDER BY ${pick(COLUMNS)} DESC LIMIT ${1 + int(500)}`,
      );
    } else if (r < 0.65) {
      out.push(`FETCH COUNT MULTIRECORDS FROM ['eu.${table}', 'us.${table}'] WHERE total BETWEEN ${int(100)} AND ${100 + int(1000)}`);
    } else if (r < 0.8) {
      out.push(`FETCH PSEUDORECORDS FROM (SELECT region, SUM(total) AS t FROM ${table} GROUP BY region) WHERE t > ${int(10000)} LIMIT 100`);
    } else {
      out.push(
        pick([
          `FETCH LOGS FROM shop.${table} RECORDS [${int(100)}, KEY(id = ${int(1000)})]`,
          `FETCH POSTS ON DATABASE shop.${table} RECORD ${int(1000)} OPTIONS (THREADS = TRUE)`,
          `FETCH TASKS FROM ${int(10000)} USER 'bob' LIMIT 50`,
          "FETCH NOTIFICATIONS TYPE 'mention' OPTIONS (SEEN = FALSE)",
          'FETCH COUNT KEYS',
        ]),
      );
    }
  }
  return out;
}

const bytesOf = (list: readonly string[]) => list.reduce((n, q) => n + Buffer.byteLength(q), 0);

export const actionsBench: BenchModule = {
  name: 'actions',
  async run({ dsq }) {
    const writes = generateWrites(STATEMENTS);
    const fetches = generateFetches(STATEMENTS);
    const tables: BenchTable[] = [];
    for (const [label, corpus, peers] of [
      ['writes (UPDATE, DELETE, INSERT: SQL too)', writes, true],
      ['FETCH (every type)', fetches, false],
    ] as const) {
      const bytes = bytesOf(corpus);
      const asts = corpus.map((q) => dsq.parse(q));
      const jsonTexts = asts.map((a) => dsq.toJson(a));
      const jsonBytes = bytesOf(jsonTexts);
      const file = corpus.join(';\n');
      // The subjects in turn (bench/harness.ts), node-sql-parser among them where it reads the
      // corpus; pgsql-ast-parser (slow) on one pass after them.
      const subjects = [
        () => {
          for (const q of corpus) dsq.parse(q);
        },
        () => {
          for (const q of corpus) dsq.toJson(dsq.parse(q));
        },
        () => {
          for (const a of asts) dsq.print(a);
        },
        () => {
          for (const j of jsonTexts) dsq.fromJson(j);
        },
        () => {
          for (const j of jsonTexts) JSON.parse(j);
        },
        () => void dsq.format(file),
        ...(peers
          ? [
              () => {
                for (const q of corpus) sqlParser.astify(q, { database: 'PostgresQL' });
              },
            ]
          : []),
      ];
      const [tParse, tCompile, tPrint, tFromJson, tJsonParse, tFormat, tNsp] = measureInTurn(subjects, { rounds: 3, minMs: 300 }) as [
        Timing,
        Timing,
        Timing,
        Timing,
        Timing,
        Timing,
        Timing | undefined,
      ];
      const row = (name: string, t: Timing, n: number) => [name, fmt.ms(t.ms), fmt.rate(n / 1e6 / (t.ms / 1000))];
      const rows = [
        row('dsq parse', tParse, bytes),
        row('dsq compile (parse + toJson)', tCompile, bytes),
        row('dsq print', tPrint, bytes),
        row('dsq fromJson of the JSON', tFromJson, jsonBytes),
        row('JSON.parse of the same JSON', tJsonParse, jsonBytes),
        row('dsq format of the file', tFormat, Buffer.byteLength(file)),
      ];
      const notes = [
        `dsq fromJson / JSON.parse of the same JSON: ${fmt.ratio(tFromJson.ms / tJsonParse.ms)}`,
        `dsq print / dsq parse: ${fmt.ratio(tPrint.ms / tParse.ms)}`,
      ];
      if (tNsp !== undefined) {
        const tPg = measure(
          () => {
            for (const q of corpus) pgParse(q);
          },
          { rounds: 1, minMs: 0, warmup: false },
        );
        rows.push(row('node-sql-parser astify', tNsp, bytes), row('pgsql-ast-parser parse', tPg, bytes));
        notes.push(
          `dsq vs node-sql-parser: ${fmt.ratio(tNsp.ms / tParse.ms)} the throughput; vs pgsql-ast-parser: ${fmt.ratio(tPg.ms / tParse.ms)} (timed on one pass)`,
        );
      }
      tables.push({
        title: `Data actions, ${label}: ${corpus.length} statements, ${(bytes / 1024).toFixed(0)} KB (fixed seed)`,
        columns: ['subject', 'ms per corpus', 'MB/s'],
        rows,
        notes,
      });
    }
    return tables;
  },
};
