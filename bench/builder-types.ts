/**
 * Type-check cost of the typed builder: `tsc --extendedDiagnostics` instantiations per query on
 * a generated 200-database × 30-field schema (issue 12: keep within 2x of the 3,500 per query
 * measured before the typed-builder rework; issue 26: no more than the 6,100 measured then). Run:
 * `npm run bench -- builder-types` or `npx tsx bench/builder-types.ts [queries]`.
 * Not a test: it prints figures; nothing asserts a time or a count.
 *
 * Two programs are checked, the schema with no query and the schema with N queries; the
 * difference divided by N is the cost of one query (the schema's own cost is paid once).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchModule, BenchTable } from './harness.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATABASES = 200;
const FIELDS = 30;
const TYPES = ['number', 'bigint', 'string', 'string | null', 'number | null', 'boolean', 'DateTime', 'LocalDate'];

function schemaSource(): string {
  const out = [
    "type DateTime = string & { readonly __dsqType: 'datetime' };",
    "type LocalDate = string & { readonly __dsqType: 'localdate' };",
    'export type Schema = {',
  ];
  for (let d = 0; d < DATABASES; d++) {
    out.push(`  db${d}: {`);
    out.push('    id: bigint;');
    out.push('    ref: number;');
    for (let f = 2; f < FIELDS; f++) out.push(`    f${f}: ${TYPES[(d + f) % TYPES.length]};`);
    out.push('  };');
  }
  out.push('};');
  return out.join('\n');
}

/** N queries of the usual shapes: a filter, a join with aliases, an aggregate, a subquery. */
function queriesSource(n: number): string {
  const out = [
    `import { builder } from '${join(ROOT, 'src', 'builder', 'index.js')}';`,
    "import type { Schema } from './schema.js';",
    'const db = builder<Schema>();',
  ];
  for (let i = 0; i < n; i++) {
    const a = `db${i % DATABASES}`;
    const b = `db${(i * 7 + 3) % DATABASES}`;
    const num = `f${[2, 3, 4, 5, 6, 7, 8, 9].find((f) => TYPES[((i % DATABASES) + f) % TYPES.length] === 'number')}`;
    const shape = process.env['SHAPE'];
    switch (shape === undefined ? i % 4 : Number(shape)) {
      case 0:
        out.push(
          `export const q${i} = db.selectFrom('${a}').select('id', 'ref', '${num}').where(({ col }) => col('${num}').gt(${i})).orderBy('id', 'desc').limit(10);`,
        );
        break;
      case 1:
        out.push(
          `export const q${i} = db.selectFrom('${a}', 'x').join('${b}', 'y').select('x.id', 'y.ref').where('x.ref', '=', ${i}).whereRef('x.ref', '=', 'y.ref');`,
        );
        break;
      case 2:
        out.push(
          `export const q${i} = db.selectFrom('${a}').select(({ col, fn }) => [col('ref'), fn.count(col('id')).as('n')]).groupBy('ref').having(({ fn, col }) => fn.count(col('id')).gt(1));`,
        );
        break;
      case 3:
        out.push(
          `export const q${i} = db.selectFrom('${a}', 'o').leftJoin('${b}', 'l').select('o.id', 'l.${num}').where(({ col, selectFrom }) => col('o.ref').in(selectFrom('${b}').select('ref').where(({ col }) => col('id').eq(${i}n))));`,
        );
        break;
      case 4:
        out.push(`export const q${i} = db.selectFrom('${a}');`);
        break;
      case 5:
        out.push(`export const q${i} = db.selectFrom('${a}').select('id');`);
        break;
      case 6:
        out.push(`export const q${i} = db.selectFrom('${a}').where(({ col }) => col('ref').gt(1));`);
        break;
      default:
        out.push(`export const q${i} = db.selectFrom('${a}', 'x').join('${b}', 'y');`);
    }
  }
  return out.join('\n');
}

function instantiations(dir: string): { instantiations: number; seconds: number } {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  let output: string;
  try {
    output = execFileSync(process.execPath, [tsc, '-p', dir, '--extendedDiagnostics'], { encoding: 'utf8' });
  } catch (e) {
    const err = e as { stdout?: string };
    throw new Error(`tsc failed:\n${(err.stdout ?? '').slice(0, 4000)}`);
  }
  const count = Number(/Instantiations:\s+(\d+)/.exec(output)?.[1]);
  const seconds = Number(/Check time:\s+([\d.]+)s/.exec(output)?.[1]);
  return { instantiations: count, seconds };
}

function program(base: string, n: number): string {
  const dir = join(base, `n${n}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'schema.ts'), schemaSource());
  writeFileSync(join(dir, 'queries.ts'), queriesSource(n));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules', '@types')],
        lib: ['ES2022'],
      },
      files: ['queries.ts'],
    }),
  );
  return dir;
}

export interface TypeCost {
  readonly queries: number;
  readonly empty: { readonly instantiations: number; readonly seconds: number };
  readonly full: { readonly instantiations: number; readonly seconds: number };
  readonly perQuery: number;
}

/** Checks the schema alone and with `n` queries; the difference per query is the cost of one. */
export function measureTypeCost(n: number): TypeCost {
  const base = mkdtempSync(join(ROOT, 'node_modules', '.cache-builder-types-'));
  if (process.env['KEEP']) console.log(base);
  try {
    const empty = instantiations(program(base, 0));
    const full = instantiations(program(base, n));
    return { queries: n, empty, full, perQuery: Math.round((full.instantiations - empty.instantiations) / n) };
  } finally {
    if (!process.env['KEEP']) rmSync(base, { recursive: true, force: true });
  }
}

/** The module `npm run bench -- builder-types` runs (100 queries; the target: no more than the 6,100 a query measured before issue 26). */
export const builderTypesBench: BenchModule = {
  name: 'builder-types',
  async run(): Promise<BenchTable[]> {
    const cost = measureTypeCost(Number(process.env['DSQ_BENCH_TYPE_QUERIES'] ?? 100));
    return [
      {
        title: `Typed builder: type-check cost (${DATABASES} databases x ${FIELDS} fields, ${cost.queries} queries)`,
        columns: ['program', 'instantiations', 'check time'],
        rows: [
          ['the schema alone', String(cost.empty.instantiations), `${cost.empty.seconds}s`],
          [`with ${cost.queries} queries`, String(cost.full.instantiations), `${cost.full.seconds}s`],
          ['per query', String(cost.perQuery), ''],
        ],
        targets: [{ name: 'typed builder: instantiations per query', value: cost.perQuery, target: 6100, at: 'most', show: (x) => String(Math.round(x)) }],
      },
    ];
  },
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cost = measureTypeCost(Number(process.argv[2] ?? 100));
  console.log(`schema ${DATABASES} databases x ${FIELDS} fields; ${cost.queries} queries`);
  console.log(`instantiations: ${cost.empty.instantiations} without queries, ${cost.full.instantiations} with; ${cost.perQuery} per query`);
  console.log(`check time: ${cost.empty.seconds}s without queries, ${cost.full.seconds}s with`);
}
