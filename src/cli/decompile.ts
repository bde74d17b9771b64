import { dirname, resolve } from 'node:path';
import type { Node } from '../ast/nodes.js';
import { DsqError } from '../diagnostic/diagnostic.js';
import { expressionFromValue, statementsFromValue } from '../json/from-json.js';
import { readSpecJson } from '../json/read-text.js';
import { print } from '../print/index.js';
import { textDepth } from '../print/operands.js';
import { DEFAULT_MAX_DEPTH } from '../syntax/index.js';
import type { JsonValue } from '../json/value.js';
import { ConfigError, loadConfig } from '../config/index.js';
import { UsageError, type Command } from './command.js';
import { readInput } from './io.js';
import { mergePrintOptions, PRINT_FLAG_HELP, PRINT_FLAG_OPTIONS, printFlags } from './print-flags.js';

const HELP = `Usage: dsq decompile [FILE|-] [--expr] [--width N] [--keyword-case upper|lower|preserve] [--indent N]

Reads spec JSON (a select object or a SELECT action, in the "$" shorthand or the full
{"type": ...} form; a JSON array of them; with --expr an expression) and prints it as
formatted dsq text. Statements of an array are separated by ";" and a blank line. Reads
standard input when FILE is "-" or absent. Layout settings come from the nearest
dsq.config.json, overridden by the flags. Bad JSON: FILE:LINE:COL: error: message at
/json/pointer on stderr, exit 1. A file that cannot be read: one line, exit 2.

Options:
  --expr                    the input is an expression
${PRINT_FLAG_HELP}
  -h, --help                show this help
`;

/**
 * Text the parser cannot read back is no text form: a tree whose text would nest deeper than
 * the parser's limit (the same DEFAULT_MAX_DEPTH for every entry point) is an error here,
 * though the JSON is valid (`dsq normalize` reads it).
 */
function checkTextDepth(node: Node, source: JsonValue, text: string): void {
  if (textDepth(node) <= DEFAULT_MAX_DEPTH) return;
  const span = source.span;
  throw new DsqError(
    [{
      code: 'print/nesting-too-deep',
      severity: 'error',
      message: `nesting deeper than ${DEFAULT_MAX_DEPTH} levels: no text form`,
      pointer: source.pointer,
      ...(span ? { span } : {}),
      hint: `dsq text nests at most ${DEFAULT_MAX_DEPTH} levels (parentheses, calls, CASE, subqueries, prefix operators); the JSON is valid and dsq normalize reads it`,
    }],
    text,
  );
}

export const decompileCommand: Command = {
  name: 'decompile',
  summary: 'print spec JSON (select objects, SELECT actions, expressions) as formatted dsq text',
  help: HELP,
  options: { expr: { type: 'boolean' }, ...PRINT_FLAG_OPTIONS },
  async run({ positionals, values, io }) {
    if (positionals.length > 1) throw new UsageError(`give one FILE (or - for standard input); got ${positionals.length}`);
    const flags = printFlags(values);
    const file = positionals[0];
    const input = await readInput(io, file);
    let options;
    try {
      const start = file === undefined || file === '-' ? io.cwd : dirname(resolve(io.cwd, file));
      options = mergePrintOptions(await loadConfig(start), flags);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      io.stderr(`${err.format()}\n`);
      return 2;
    }
    try {
      const value = readSpecJson(input.text);
      const cx = { source: input.text };
      let nodes: Node[];
      if (values.expr === true) nodes = [expressionFromValue(value, cx)];
      else nodes = statementsFromValue(value, cx);
      const sources: JsonValue[] = values.expr !== true && value.type === 'array' ? value.items : [value];
      nodes.forEach((node, i) => checkTextDepth(node, sources[i] as JsonValue, input.text));
      const text = nodes.map((n) => print(n, options)).join(';\n\n');
      io.stdout(text.length > 0 ? `${text}\n` : '');
      return 0;
    } catch (err) {
      if (!(err instanceof DsqError)) throw err;
      io.stderr(`${err.format(input.name)}\n`);
      return 1;
    }
  },
};
