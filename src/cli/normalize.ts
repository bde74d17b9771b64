import { DsqError } from '../diagnostic/diagnostic.js';
import type { Result } from '../diagnostic/result.js';
import { fromJsonExpressionResult, fromJsonStatementsResult } from '../json/from-json.js';
import { toJson, toJsonArray } from '../json/to-json.js';
import type { Node } from '../ast/nodes.js';
import type { Command } from './command.js';
import { JSON_FLAG_OPTIONS, jsonFlags } from './json-flags.js';
import { readInput } from './io.js';

const HELP = `Usage: dsq normalize [FILE|-] [--form short|full] [--expr] [--indent N]

Validates spec JSON (a select object or a SELECT action, or a non-empty JSON array of them as
\`dsq compile\` writes for several statements; with --expr an expression) under the spec's rules and prints it back in one canonical form, then a newline. Reads standard
input when FILE is "-" or absent. Bad input: FILE:LINE:COL: error: message at /json/pointer on
stderr, nothing on stdout, exit 1. A file that cannot be read: one line, exit 2.

Options:
  --form short|full  short (default): the "$" shorthand wherever it reads back the same, with
                     chains of one operator as one array; full: every {"type": ...} form
  --expr             the input is an expression, not a select object or action
  --indent N         spaces per level, 0 for one compact line (default 2)
  -h, --help         show this help
`;

export const normalizeCommand: Command = {
  name: 'normalize',
  help: HELP,
  options: JSON_FLAG_OPTIONS,
  async run({ positionals, values, io }) {
    const flags = jsonFlags({ values, positionals });

    const input = await readInput(io, flags.file);
    const options = { form: flags.form, indent: flags.indent };
    // Every problem of the JSON at once, each with its pointer and line:col.
    const read: Result<readonly Node[]> = flags.expr ? listOf(fromJsonExpressionResult(input.text)) : fromJsonStatementsResult(input.text);
    if (read.value === undefined) {
      io.stderr(`${new DsqError(read.diagnostics, input.text).format(input.name)}\n`);
      return 1;
    }
    const nodes = read.value;
    // A JSON array of statements (what `dsq compile` writes for several) stays an array.
    const array = !flags.expr && /^\ufeff?[ \t\r\n]*\[/.test(input.text);
    io.stdout(`${array ? toJsonArray(nodes, options) : toJson(nodes[0] as Node, options)}\n`);
    return 0;
  },
};

function listOf(r: Result<Node>): Result<readonly Node[]> {
  return r.value === undefined ? { diagnostics: r.diagnostics } : { value: [r.value], diagnostics: r.diagnostics };
}
