import { DsqError } from '../diagnostic/index.js';
import { emitTypes, readSchema, typeNameProblem } from '../schema/index.js';
import { resolve } from 'node:path';
import { UsageError, type Command } from './command.js';
import { outputProblem, writeOutput } from './output-file.js';
import { readInput } from './io.js';

const HELP = `Usage: dsq types [--name NAME] [--out FILE.ts [--check]] [SCHEMA.json|-]

Writes TypeScript types for builder<Schema>() from the spec's database definitions: what the
schema action returns ({ "groups": [...] }), an array of database definitions, or one
database definition. Standard input when no file (or "-") is given.

Each database (a child database as parent.child) maps its field names to value types:
int(1|2|4), float, double, decimal -> number; int(8), long -> bigint; bool -> boolean;
*text, *string, *char -> string; date, time, datetime kinds -> string; blob, binary and
unknown type names -> unknown. A field with "nul": true adds | null. Labels, type names and
keys go into doc comments, and <Name>Labels maps labels to field names.

Options:
  --name NAME   the type's name (default Schema)
  --out FILE    write the types to FILE (replaced whole, atomically; left alone when current)
                instead of standard output
  --check       with --out: write nothing, exit 1 when FILE would change (for CI)
  -h, --help    show this help

Example:
  dsq types schema.json --out src/schema.ts
`;

export const typesCommand: Command = {
  name: 'types',
  help: HELP,
  options: { name: { type: 'string' }, out: { type: 'string' }, check: { type: 'boolean' } },
  async run({ positionals, values, io }) {
    if (positionals.length > 1) throw new UsageError('give one schema file (or - for standard input)');
    const out = values.out;
    if (out !== undefined && (typeof out !== 'string' || out === '')) throw new UsageError('--out takes the file to write');
    if (values.check === true && out === undefined) throw new UsageError('--check compares the file --out names: give --out FILE.ts');
    const typeName = values.name;
    if (typeof typeName === 'string') {
      const problem = typeNameProblem(typeName);
      if (problem !== null) throw new UsageError(`--name ${problem}`);
    } else if (typeName !== undefined) throw new UsageError('--name takes a type name');
    const { text, name } = await readInput(io, positionals[0]);
    try {
      const schema = readSchema(text);
      const types = emitTypes(schema, { typeName: typeName ?? 'Schema', source: name });
      if (typeof out !== 'string') {
        io.stdout(types);
        return 0;
      }
      const target = resolve(io.cwd, out);
      if (values.check === true) {
        const problem = await outputProblem(target, types, out);
        if (problem === null) return 0;
        io.stderr(`dsq types: ${problem}: run dsq types without --check\n`);
        return 1;
      }
      await writeOutput(target, types, out);
      return 0;
    } catch (err) {
      if (err instanceof DsqError) {
        io.stderr(`${err.format(name)}\n`);
        return 1;
      }
      throw err;
    }
  },
};
