import type { Node } from '../ast/nodes.js';
import { DsqError, formatDiagnostic, type Diagnostic } from '../diagnostic/diagnostic.js';
import { toJson, type JsonForm } from '../json/to-json.js';
import { parseDocument, parseExpression } from '../syntax/index.js';
import { UsageError, type Command } from './command.js';
import { readInput } from './io.js';

const HELP = `Usage: dsq compile [FILE|-] [--form short|full] [--expr] [--indent N]

Compiles dsq text to the Data Service's JSON: a select object, or a SELECT action for a
statement with OPTIONS (...). A file of several statements (separated by ';') prints a JSON
array, in order. Reads standard input when FILE is "-" or absent. Bad input: every error as
FILE:LINE:COL: error: message with a code frame on stderr, nothing on stdout, exit 1.

Options:
  --form short|full  short (default): the "$" shorthand; full: every {"type": ...} form
  --expr             the input is one expression, not statements
  --indent N         spaces per level, 0 for one compact line (default 2)
  -h, --help         show this help
`;

/** A JSON array of already-serialised values, indented like toJson's output. */
function jsonArray(items: readonly string[], indent: number): string {
  if (indent === 0) return `[${items.join(',')}]`;
  if (items.length === 0) return '[]';
  const pad = ' '.repeat(indent);
  // toJson escapes line breaks inside strings, so every '\n' here is a layout line break.
  return `[\n${items.map((item) => pad + item.split('\n').join(`\n${pad}`)).join(',\n')}\n]`;
}

export const compileCommand: Command = {
  name: 'compile',
  summary: 'compile dsq text to the service JSON (select objects, SELECT actions)',
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
    const options = { form: form as JsonForm, indent: Number(indentText) };

    let input: { text: string; name: string };
    try {
      input = await readInput(io, positionals[0]);
    } catch (err) {
      io.stderr(`dsq compile: cannot read ${positionals[0]}: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
    const report = (diagnostics: readonly Diagnostic[]) => {
      if (diagnostics.length > 0) io.stderr(`${diagnostics.map((d) => formatDiagnostic(d, input.text, input.name)).join('\n')}\n`);
    };
    if (values.expr === true) {
      try {
        io.stdout(`${toJson(parseExpression(input.text), options)}\n`);
        return 0;
      } catch (err) {
        if (!(err instanceof DsqError)) throw err;
        report(err.diagnostics);
        return 1;
      }
    }
    const doc = parseDocument(input.text);
    const errors = doc.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) {
      report(errors);
      return 1;
    }
    if (doc.statements.length === 0) {
      report([{ code: 'syntax/no-statement', severity: 'error', message: 'expected a statement (SELECT ...), found the end of the input', span: doc.lineIndex.span(input.text.length, input.text.length) }]);
      return 1;
    }
    report(doc.diagnostics);
    const nodes: Node[] = doc.statements.map((s) => s.node);
    const out = nodes.length === 1 ? toJson(nodes[0] as Node, options) : jsonArray(nodes.map((n) => toJson(n, options)), options.indent);
    io.stdout(`${out}\n`);
    return 0;
  },
};
