import { DsqError } from '../diagnostic/diagnostic.js';
import { DIALECT_NAMES, noteText, sqlText, toSql, type DialectName } from '../sql/index.js';
import { UsageError, type Command } from './command.js';
import { readInput } from './io.js';
import { PARAM_FLAG_OPTIONS } from './param-flags.js';
import { cliStatements, schemaFile } from './run-input.js';

const HELP = `Usage: dsq sql [FILE|-] --schema FILE [--dialect duckdb|postgres]

Prints the SQL that dsq run runs for each statement (docs/run.md): names resolved against the
schema and quoted, values as escaped literals; a write as the steps of its transaction. No
engine is needed.

Options:
  --schema FILE       the schema (database definitions)
  --dialect NAME      duckdb (default) or postgres
  --param NAME=VALUE  the value of the parameter :NAME (repeatable)
  --params-file FILE  a JSON object of parameter values
  -h, --help          show this help
`;

export const sqlCommand: Command = {
  name: 'sql',
  help: HELP,
  options: { ...PARAM_FLAG_OPTIONS, schema: { type: 'string' }, dialect: { type: 'string' } },
  async run(ctx) {
    const { positionals, values, io } = ctx;
    if (positionals.length > 1) throw new UsageError('give one file (or - for standard input)');
    if (typeof values['schema'] !== 'string') throw new UsageError('give --schema FILE: names are resolved against it');
    const dialect = (values['dialect'] ?? 'duckdb') as string;
    if (!(DIALECT_NAMES as readonly string[]).includes(dialect))
      throw new UsageError(`--dialect must be one of ${DIALECT_NAMES.join(', ')}, got ${JSON.stringify(dialect)}`);
    const { schema } = await schemaFile(io.cwd, values['schema']);
    const input = await readInput(io, positionals[0]);
    const read = await cliStatements(ctx, input.text, input.name, schema);
    if ('errors' in read) {
      io.stderr(`${read.errors}\n`);
      return 1;
    }
    const out: string[] = [];
    const notes = new Set<string>();
    for (const s of read.statements) {
      try {
        const translated = toSql(s, { schema, dialect: dialect as DialectName });
        for (const n of translated.notes) notes.add(noteText(n));
        out.push(sqlText(translated));
      } catch (err) {
        if (!(err instanceof DsqError)) throw err;
        io.stderr(`${read.formatError(err)}\n`);
        return 1;
      }
    }
    for (const n of notes) io.stderr(`dsq sql: note: ${n}\n`);
    io.stdout(`${out.join('\n\n')}\n`);
    return 0;
  },
};
