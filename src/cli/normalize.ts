import { DsqError } from '../diagnostic/diagnostic.js';
import { expressionFromValue, statementFromValue } from '../json/from-json.js';
import { readSpecJson } from '../json/read-text.js';
import { toJson, type JsonForm } from '../json/to-json.js';
import type { Node } from '../ast/nodes.js';
import { UsageError, type Command } from './command.js';
import { readInput } from './io.js';

const HELP = `Usage: dsq normalize [FILE|-] [--form short|full] [--expr] [--indent N]

Validates spec JSON (a select object or a SELECT action; with --expr an expression) under the
spec's JSON rules and prints it back in one canonical form, then a newline. Reads standard
input when FILE is "-" or absent. Bad input: FILE:LINE:COL: error: message at /json/pointer on
stderr, nothing on stdout, exit 1.

Options:
  --form short|full  short (default): the "$" shorthand wherever it reads back the same, with
                     chains of one operator as one array; full: every {"type": ...} form
  --expr             the input is an expression, not a select object or action
  --indent N         spaces per level, 0 for one compact line (default 2)
  -h, --help         show this help
`;

export const normalizeCommand: Command = {
  name: 'normalize',
  summary: 'validate spec JSON and print it in the short ($) or full ({"type"}) form',
  help: HELP,
  options: {
    form: { type: 'string' },
    expr: { type: 'boolean' },
    indent: { type: 'string' },
  },
  async run({ positionals, values, io }) {
    const form = (values.form ?? 'short') as string;
    if (form !== 'short' && form !== 'full') throw new UsageError(`--form must be short or full; got "${form}"`);
    const indentText = (values.indent ?? '2') as string;
    if (!/^\d{1,2}$/.test(indentText) || Number(indentText) > 16) {
      throw new UsageError(`--indent must be a whole number from 0 to 16; got "${indentText}"`);
    }
    if (positionals.length > 1) throw new UsageError(`give one FILE (or - for standard input); got ${positionals.length}`);

    let input: { text: string; name: string };
    try {
      input = await readInput(io, positionals[0]);
    } catch (err) {
      io.stderr(`dsq normalize: cannot read ${positionals[0]}: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
    try {
      const value = readSpecJson(input.text);
      const cx = { source: input.text };
      const node: Node = values.expr === true ? expressionFromValue(value, cx) : statementFromValue(value, cx);
      io.stdout(`${toJson(node, { form: form as JsonForm, indent: Number(indentText) })}\n`);
      return 0;
    } catch (err) {
      if (!(err instanceof DsqError)) throw err;
      io.stderr(`${err.format(input.name)}\n`);
      return 1;
    }
  },
};
