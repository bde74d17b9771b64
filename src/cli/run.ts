import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DsqError } from '../diagnostic/diagnostic.js';
import { openLocal } from '../run/local.js';
import { expectDiff, formatResponses, OUTPUT_FORMATS, type OutputFormat } from '../run/output.js';
import type { Response } from '../run/execute.js';
import { DIALECT_NAMES, noteText, type DialectName } from '../sql/index.js';
import { UsageError, type Command } from './command.js';
import { readInput } from './io.js';
import { PARAM_FLAG_OPTIONS } from './param-flags.js';
import { cliStatements, schemaFile } from './run-input.js';

const HELP = `Usage: dsq run [FILE|-] --data DIR [options]

Runs queries and actions on local sample data with the spec's semantics (docs/run.md): dsq text
or spec JSON, each statement in order, writes each in one transaction (all or nothing). Prints
the service's responses: a SELECT's header (name and type) and rows, FETCH's records, a write's
counts. Unknown databases and fields are errors before anything runs.

DIR holds schema.json (the service's database definitions) and one file per database,
DIR/<group>/<database>.csv|jsonl|parquet (a trash table as <database>@trash.<ext>); a missing
file is an empty table. Writes change a copy in memory; --save writes it back.

Options:
  --data DIR          the data directory
  --schema FILE       the schema (default DIR/schema.json)
  --engine NAME       duckdb (default) or postgres (PGlite, slow to start: for tests)
  --format F          json (default), table (the default on a terminal) or csv
  --param NAME=VALUE  the value of the parameter :NAME (repeatable; as dsq compile takes it)
  --params-file FILE  a JSON object of parameter values
  --expect FILE       compare the output with FILE (JSON, as dsq run prints it): exit 1 with
                      the difference; rows without ORDER BY, and rows that tie on every
                      ORDER BY term, compare in any order
  --save DIR          write the data (after the writes) to DIR, each table in the format it was
                      loaded from (CSV when it had no file), the whole folder at once
  --force             let --save replace the --data directory itself
  --read-only         open Parquet files where they lie, without loading them; writes fail
  --now ISO           the time insert_at and update_at get (default: the time of each action)
  -h, --help          show this help

Example:
  dsq run examples/shop-data/queries/revenue-by-region.dsq --data examples/shop-data --format table
`;

export const runCommand: Command = {
  name: 'run',
  help: HELP,
  options: {
    ...PARAM_FLAG_OPTIONS,
    data: { type: 'string' },
    schema: { type: 'string' },
    engine: { type: 'string' },
    format: { type: 'string' },
    expect: { type: 'string' },
    save: { type: 'string' },
    force: { type: 'boolean' },
    'read-only': { type: 'boolean' },
    now: { type: 'string' },
  },
  async run(ctx) {
    const { positionals, values, io } = ctx;
    if (positionals.length > 1) throw new UsageError('give one file (or - for standard input)');
    const data = typeof values['data'] === 'string' ? resolve(io.cwd, values['data']) : null;
    const schemaPath = typeof values['schema'] === 'string' ? values['schema'] : data !== null ? join(data, 'schema.json') : null;
    if (schemaPath === null) throw new UsageError('give --data DIR (a folder with schema.json and data files) or --schema FILE');
    const engine = (values['engine'] ?? 'duckdb') as string;
    if (!(DIALECT_NAMES as readonly string[]).includes(engine))
      throw new UsageError(`--engine must be one of ${DIALECT_NAMES.join(', ')}, got ${JSON.stringify(engine)}`);
    const onTerminal = io.cwd === process.cwd() && process.stdout.isTTY === true;
    const format = (values['format'] ?? (onTerminal ? 'table' : 'json')) as string;
    if (!(OUTPUT_FORMATS as readonly string[]).includes(format))
      throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')}, got ${JSON.stringify(format)}`);
    const save = typeof values['save'] === 'string' ? resolve(io.cwd, values['save']) : null;
    if (save !== null && data !== null && save === data && values['force'] !== true)
      throw new UsageError('--save would replace the --data directory: add --force to allow it');
    let now: number | undefined;
    if (typeof values['now'] === 'string') {
      now = Date.parse(values['now']);
      if (Number.isNaN(now)) throw new UsageError(`--now must be an ISO datetime (2024-01-31T10:30:00Z), got ${JSON.stringify(values['now'])}`);
    }
    const expectPath = typeof values['expect'] === 'string' ? resolve(io.cwd, values['expect']) : null;
    if (expectPath !== null && !existsSync(expectPath))
      throw new UsageError(`--expect: no file ${values['expect'] as string} (write one with: dsq run ... > ${values['expect'] as string})`);

    const { schema, text: schemaText } = await schemaFile(io.cwd, schemaPath);
    const input = await readInput(io, positionals[0]);
    const read = await cliStatements(ctx, input.text, input.name, schema);
    if ('errors' in read) {
      io.stderr(`${read.errors}\n`);
      return 1;
    }
    let local;
    try {
      local = await openLocal({
        schema: schemaText,
        ...(data !== null ? { data } : {}),
        engine: engine as DialectName,
        ...(now !== undefined ? { now } : {}),
        readOnly: values['read-only'] === true,
      });
    } catch (err) {
      if (!(err instanceof DsqError)) throw err;
      io.stderr(`${err.diagnostics.map((d) => `dsq run: ${d.message}${d.hint ? `\n  hint: ${d.hint}` : ''}`).join('\n')}\n`);
      return 1;
    }
    try {
      // Every statement is translated before any runs: a name that does not resolve changes nothing.
      const problems: string[] = [];
      for (const s of read.statements) {
        try {
          local.sql(s);
        } catch (err) {
          if (!(err instanceof DsqError)) throw err;
          problems.push(read.formatError(err));
        }
      }
      if (problems.length > 0) {
        io.stderr(`${problems.join('\n')}\n`);
        return 1;
      }
      const responses: Response[] = [];
      for (const s of read.statements) {
        try {
          responses.push(await local.run(s));
        } catch (err) {
          if (!(err instanceof DsqError)) throw err;
          if (responses.length > 0) io.stdout(`${formatResponses(responses, format as OutputFormat)}\n`);
          io.stderr(
            `${read.formatError(err)}\n${read.statements.length > 1 ? `dsq run: statement ${responses.length + 1} of ${read.statements.length} failed: it changed nothing, and the statements after it did not run\n` : ''}`,
          );
          return 1;
        }
      }
      for (const id of local.notes) io.stderr(`dsq run: note: ${noteText(id)}\n`);
      if (expectPath !== null) {
        const diff = expectDiff(responses, readFileSync(expectPath, 'utf8'));
        if (diff !== null) {
          io.stderr(`${input.name}: the result differs from ${values['expect'] as string}:\n${diff}\n`);
          return 1;
        }
      } else {
        io.stdout(`${formatResponses(responses, format as OutputFormat)}\n`);
      }
      if (save !== null) await local.save(save);
      return 0;
    } finally {
      await local.close();
    }
  },
};
