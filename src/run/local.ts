import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Node, Statement } from '../ast/nodes.js';
import { STATEMENT_KINDS } from '../ast/kinds.js';
import { validateAst } from '../ast/validate.js';
import { DsqError } from '../diagnostic/diagnostic.js';
import { fromJsonStatementsResult } from '../json/from-json.js';
import { bindParams, type ParamValues } from '../params/bind.js';
import { readSchema, type Schema } from '../schema/index.js';
import { catalogOf, toSql, type ChoiceId, type DialectName, type SqlStatement } from '../sql/index.js';
import { parseStatementsResult } from '../syntax/parse.js';
import { jsValue } from './encode.js';
import { openEngine, type Engine } from './engine.js';
import { execute, type Response } from './execute.js';
import { createTables, saveTables, type TableFormats } from './tables.js';

/**
 * `openLocal({ schema, data, engine })`: a local Data Service over sample data. `run` takes dsq
 * text, spec JSON (text or a JS value), an AST or a builder query, binds `params`, and answers
 * as the service does; `rows` gives a builder query's rows as objects of its row type; `save`
 * writes the data back; `close` ends the engine.
 */
export interface OpenLocalOptions {
  /** The schema (a `Schema`, or database definitions as JSON text); default: `<data>/schema.json`. */
  readonly schema?: Schema | string;
  /** A data directory (docs/run.md): one file per database; none: every table empty. */
  readonly data?: string;
  /** `duckdb` (default) or `postgres` (PGlite). */
  readonly engine?: DialectName;
  /** The time of `insert_at` and `update_at` (default: the time each action starts). */
  readonly now?: Date | number;
  /** Parquet files as views, read in place (no load); writes are refused. */
  readonly readOnly?: boolean;
}

export interface RunOptions {
  /** Values of the `:name` parameters. */
  readonly params?: ParamValues;
}

/** Something `run` takes: text (dsq or JSON), a JS value of spec JSON, an AST statement, or a builder query. */
export type RunInput = string | Statement | { toAst(): Statement } | Readonly<Record<string, unknown>> | readonly unknown[];

export interface LocalService {
  readonly schema: Schema;
  readonly engine: DialectName;
  /** Runs each statement of the input in order; the response of each. */
  runAll(input: RunInput, options?: RunOptions): Promise<Response[]>;
  /** Runs the one statement of the input. */
  run(input: RunInput, options?: RunOptions): Promise<Response>;
  /** A query's rows as objects keyed by column name (whole numbers of 64-bit columns as bigint). */
  rows<R = Record<string, unknown>>(query: RunInput, options?: RunOptions): Promise<R[]>;
  /** The SQL a statement runs as. */
  sql(input: RunInput, options?: RunOptions): SqlStatement[];
  /** The surprising choices (docs/run.md) the statements run so far relied on, each once. */
  readonly notes: ReadonlySet<ChoiceId>;
  /** Writes every table to `dir` (with schema.json) in the format it was loaded from (CSV, JSONL, Parquet; CSV when it had no file), replacing `dir` whole or not at all. */
  save(dir: string): Promise<void>;
  close(): Promise<void>;
}

const isStatement = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { kind?: unknown }).kind === 'string' &&
  (STATEMENT_KINDS as readonly string[]).includes((v as { kind: string }).kind);

/** The statements of an input, parameters bound. */
export function statementsOf(input: RunInput, params: ParamValues = {}): Statement[] {
  let statements: Statement[];
  if (typeof input === 'string') {
    const trimmed = input.trimStart();
    const result = trimmed.startsWith('{') || trimmed.startsWith('[') ? fromJsonStatementsResult(input) : parseStatementsResult(input);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0 || result.value === undefined) throw new DsqError(errors, input);
    statements = result.value;
  } else if (typeof (input as { toAst?: unknown }).toAst === 'function') {
    statements = [(input as { toAst(): Statement }).toAst()];
  } else if (isStatement(input)) {
    statements = [validateAst(input, 'statement') as Statement];
  } else {
    const result = fromJsonStatementsResult(input);
    if (result.value === undefined) throw new DsqError(result.diagnostics);
    statements = result.value;
  }
  return statements.map((s) => bindParams(s as Node, params) as Statement);
}

export async function openLocal(options: OpenLocalOptions): Promise<LocalService> {
  const schemaText =
    typeof options.schema === 'string'
      ? options.schema
      : options.schema === undefined && options.data !== undefined
        ? readFileSync(join(options.data, 'schema.json'), 'utf8')
        : null;
  const schema: Schema = schemaText !== null ? readSchema(schemaText) : ((options.schema as Schema | undefined) ?? { groups: [] });
  const catalog = catalogOf(schema);
  const clock = () => (options.now === undefined ? Date.now() : typeof options.now === 'number' ? options.now : options.now.getTime());
  const engine: Engine = await openEngine(options.engine ?? 'duckdb');
  let formats: TableFormats;
  try {
    formats = await createTables(engine, catalog, { dir: options.data ?? null, now: clock(), readOnly: options.readOnly === true });
  } catch (err) {
    await engine.close();
    throw err;
  }
  const notes = new Set<ChoiceId>();
  const translate = (input: RunInput, o: RunOptions = {}) =>
    statementsOf(input, o.params).map((s) => toSql(s, { schema, dialect: engine.dialect, now: clock(), tieKeys: true }));
  const service: LocalService = {
    schema,
    engine: engine.name,
    notes,
    sql: translate,
    async runAll(input, o = {}) {
      const out: Response[] = [];
      for (const s of statementsOf(input, o.params)) {
        const translated = toSql(s, { schema, dialect: engine.dialect, now: clock(), tieKeys: true });
        for (const n of translated.notes) notes.add(n);
        out.push(await execute(engine, catalog, translated, options.readOnly === true));
      }
      return out;
    },
    async run(input, o = {}) {
      const all = await service.runAll(input, o);
      if (all.length !== 1)
        throw new DsqError([{ code: 'run/one-statement', severity: 'error', message: `run takes one statement, got ${all.length} (runAll takes several)` }]);
      return all[0] as Response;
    },
    async rows<R>(query: RunInput, o: RunOptions = {}): Promise<R[]> {
      const r = await service.run(query, o);
      if (r.kind === 'records') return r.records as unknown as R[];
      if (r.kind !== 'select') throw new DsqError([{ code: 'run/not-a-query', severity: 'error', message: 'rows takes a query (a select or a FETCH)' }]);
      return r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c.name, jsValue(row[i] ?? null, c.type)])) as R);
    },
    async save(dir) {
      await saveTables(engine, catalog, dir, schemaText ?? JSON.stringify(schema, null, 2), formats);
    },
    close: () => engine.close(),
  };
  return service;
}
