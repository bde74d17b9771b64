/**
 * The benchmark corpus: realistic SELECT texts generated from templates with a fixed seed, in
 * the SQL that dsq and both peer parsers accept (no JOIN ... ON: conditions live in WHERE),
 * plus large cases.
 */

/** A small deterministic PRNG (mulberry32), so every run measures the same corpus. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TABLES = ['orders', 'customers', 'products', 'payments', 'shipments', 'events', 'accounts', 'invoices'];
const COLUMNS = ['id', 'customer_id', 'status', 'total', 'qty', 'price', 'region', 'created_at', 'name', 'email', 'amount', 'kind'];
const STATUSES = ["'paid'", "'open'", "'shipped'", "'void'", "'refunded'"];

export function generateCorpus(count: number, seed = 20240131): string[] {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const int = (n: number) => Math.floor(rnd() * n);
  const column = (alias?: string) => (alias && rnd() < 0.5 ? `${alias}.${pick(COLUMNS)}` : pick(COLUMNS));
  const value = (): string => {
    const r = rnd();
    if (r < 0.4) return String(int(100000));
    if (r < 0.55) return `${int(1000)}.${int(100)}`;
    if (r < 0.8) return pick(STATUSES);
    return `'${pick(['alpha', 'beta', 'gamma', 'delta'])}${int(1000)}'`;
  };
  const arith = (alias?: string, depth = 0): string => {
    const r = rnd();
    if (depth > 2 || r < 0.5) return rnd() < 0.7 ? column(alias) : String(int(1000));
    const op = pick(['+', '-', '*', '/']);
    const e = `${arith(alias, depth + 1)} ${op} ${arith(alias, depth + 1)}`;
    return rnd() < 0.3 ? `(${e})` : e;
  };
  const condition = (alias?: string, depth = 0): string => {
    const r = rnd();
    if (r < 0.25) return `${column(alias)} ${pick(['=', '<>', '<', '<=', '>', '>='])} ${value()}`;
    if (r < 0.35) return `${column(alias)} IN (${Array.from({ length: 2 + int(6) }, value).join(', ')})`;
    if (r < 0.43) return `${column(alias)} BETWEEN ${int(100)} AND ${100 + int(1000)}`;
    if (r < 0.5) return `${column(alias)} ${rnd() < 0.5 ? 'NOT ' : ''}LIKE '${pick(['a', 'b', 'c'])}%'`;
    if (r < 0.57) return `${column(alias)} IS ${rnd() < 0.5 ? 'NOT ' : ''}NULL`;
    if (r < 0.64) return `${arith(alias)} > ${arith(alias)}`;
    if (r < 0.7 && depth < 2) return `${column(alias)} IN (SELECT ${pick(COLUMNS)} FROM ${pick(TABLES)} WHERE ${condition(undefined, depth + 1)})`;
    if (r < 0.74 && depth < 2) return `${rnd() < 0.5 ? 'NOT ' : ''}EXISTS (SELECT 1 FROM ${pick(TABLES)} WHERE ${condition(undefined, depth + 1)})`;
    if (r < 0.85 && depth < 3) return `(${condition(alias, depth + 1)} OR ${condition(alias, depth + 1)})`;
    return `${column(alias)} = ${value()}`;
  };
  const resultColumn = (alias: string | undefined, i: number): string => {
    const r = rnd();
    if (r < 0.45) return column(alias);
    if (r < 0.6) return `${arith(alias)} AS c${i}`;
    if (r < 0.75) return `${pick(['SUM', 'AVG', 'MAX', 'MIN', 'COUNT'])}(${column(alias)}) AS agg${i}`;
    if (r < 0.82) return 'COUNT(*) AS n';
    if (r < 0.92) return `CASE WHEN ${condition(alias)} THEN ${value()} ELSE ${value()} END AS case${i}`;
    return `(SELECT MAX(${pick(COLUMNS)}) FROM ${pick(TABLES)}) AS sub${i}`;
  };
  const queries: string[] = [];
  for (let q = 0; q < count; q++) {
    const joined = rnd() < 0.3;
    const alias = rnd() < 0.5 || joined ? 't' : undefined;
    const from = joined ? `${pick(TABLES)} AS t, ${pick(TABLES)} AS u` : `${pick(TABLES)}${alias ? ' AS t' : ''}`;
    const cols = Array.from({ length: 1 + int(6) }, (_, i) => resultColumn(alias, i));
    let sql = `SELECT ${rnd() < 0.1 ? 'DISTINCT ' : ''}${cols.join(', ')} FROM ${from}`;
    if (rnd() < 0.85) sql += ` WHERE ${Array.from({ length: 1 + int(4) }, () => condition(alias)).join(rnd() < 0.8 ? ' AND ' : ' OR ')}`;
    if (rnd() < 0.3) sql += ` GROUP BY ${column(alias)}${rnd() < 0.5 ? ` HAVING COUNT(*) > ${int(10)}` : ''}`;
    if (rnd() < 0.5) sql += ` ORDER BY ${column(alias)}${rnd() < 0.5 ? ' DESC' : ''}`;
    if (rnd() < 0.4) sql += ` LIMIT ${1 + int(1000)}${rnd() < 0.3 ? ` OFFSET ${int(5000)}` : ''}`;
    queries.push(sql);
  }
  return queries;
}

export function inList(n: number): string {
  return `SELECT id FROM orders WHERE id IN (${Array.from({ length: n }, (_, i) => i * 7).join(', ')})`;
}

export function logicChain(n: number): string {
  return `SELECT id FROM orders WHERE ${Array.from({ length: n }, (_, i) => `c${i % 50} = ${i}`)
    .join(' AND ')
    .replace(/ AND (c\d+ = \d*5) /g, ' OR $1 ')}`;
}

export function nestedArithmetic(depth: number): string {
  return `SELECT ${'(1 + '.repeat(depth)}x${')'.repeat(depth)} AS deep FROM orders`;
}

/** One query of about `bytes` characters: a long select list and WHERE. */
export function bigQuery(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes / 2; i++) {
    const p = `price * qty + ${i} AS total_${i}`;
    parts.push(p);
    size += p.length + 2;
  }
  const conds: string[] = [];
  for (let i = 0; size < bytes; i++) {
    const c = `(status = 'paid' AND total > ${i} OR region LIKE 'r${i}%')`;
    conds.push(c);
    size += c.length + 5;
  }
  return `SELECT ${parts.join(', ')} FROM orders WHERE ${conds.join(' AND ')}`;
}
