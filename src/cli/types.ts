import { DsqError } from '../diagnostic/index.js';
import { emitTypes, readSchema, typeNameProblem } from '../schema/index.js';
import { UsageError, type Command } from './command.js';
import { readInput } from './io.js';

const HELP = `Usage: dsq types [options] [SCHEMA.json|-]

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
  -h, --help    show this help

Example:
  dsq types schema.json > src/schema.ts
`;

export const typesCommand: Command = {
  name: 'types',
  help: HELP,
  options: { name: { type: 'string' } },
  async run({ positionals, values, io }) {
    if (positionals.length > 1) throw new UsageError('give one schema file (or - for standard input)');
    const typeName = values.name;
    if (typeof typeName === 'string') {
      const problem = typeNameProblem(typeName);
      if (problem !== null) throw new UsageError(`--name ${problem}`);
    } else if (typeName !== undefined) throw new UsageError('--name takes a type name');
    const { text, name } = await readInput(io, positionals[0]);
    try {
      const schema = readSchema(text);
      io.stdout(emitTypes(schema, { typeName: typeName ?? 'Schema', source: name }));
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
