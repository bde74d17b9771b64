import { dirname, resolve } from 'node:path';
import { ConfigError, type DsqConfig } from '../config/index.js';
import { DsqError } from '../diagnostic/diagnostic.js';
import { capDiagnostic } from '../diagnostic/quote.js';
import type { LintDiagnostic } from '../lint/rule-api.js';
import { REPORTERS, REPORT_FORMATS, type FileReport, type ReportFormat } from '../lint/report/index.js';
import { format, type PrintOptions } from '../print/index.js';
import { UsageError, type Command } from './command.js';
import { colorFor, paintReport } from './color.js';
import { CONFIG_FLAG_HELP, CONFIG_FLAG_OPTIONS, Configs } from './config-flags.js';
import { FILE_FLAG_HELP, FILE_FLAG_OPTIONS, findInputs, notDsqText } from './file-args.js';
import { writeFileSafely } from './files.js';
import { FileError, readTextFile } from './io.js';
import { docsUrlOf, LintSession, lintText } from './lint.js';
import { mergePrintOptions, PRINT_FLAG_HELP, PRINT_FLAG_OPTIONS, printFlags } from './print-flags.js';
import { readSchema } from '../schema/index.js';
import { readText } from './param-flags.js';

const HELP = `Usage: dsq check [--write] [options] [FILE|GLOB|DIR...]

Checks dsq files in one run, with one exit code: the layout, as dsq fmt --check does, and the
lint rules, as dsq lint does. A file that is not formatted is one finding, "format", at its
first line that differs. Without files: the current folder (walked as dsq fmt walks one,
ignore files and "ignore" in dsq.config.json applied). --write applies the safe fixes, then
formats, and writes each file that changes (as dsq fmt --write writes); what is left is
reported.

Options:
  --write           fix and format the files, then report what is left
  --format FORMAT   the report: text (default), json, sarif, github, junit or gitlab
  --schema FILE     database definitions for the schema rules (default: "schema" in
                    dsq.config.json)
  --quiet           report errors only (warnings and infos are neither shown nor counted)
  --max-warnings N  exit 1 when there are more than N warnings
${PRINT_FLAG_HELP}
${CONFIG_FLAG_HELP}
${FILE_FLAG_HELP}
  -h, --help        show this help

Exit codes: 0 every file formatted and no lint error, 1 a file not formatted, a lint error or
more warnings than --max-warnings, 2 a usage error or a file that could not be read or written.
`;

/** The finding of a file that is not formatted: not a lint rule, so no rule page. */
export const FORMAT_FINDING = 'format';

export const checkCommand: Command = {
  name: 'check',
  help: HELP,
  options: {
    write: { type: 'boolean' },
    format: { type: 'string' },
    schema: { type: 'string' },
    quiet: { type: 'boolean' },
    'max-warnings': { type: 'string' },
    ...PRINT_FLAG_OPTIONS,
    ...CONFIG_FLAG_OPTIONS,
    ...FILE_FLAG_OPTIONS,
  },
  async run(ctx) {
    const { positionals, values, io } = ctx;
    const formatName = (values.format ?? 'text') as string;
    if (!(REPORT_FORMATS as readonly string[]).includes(formatName))
      throw new UsageError(`--format must be one of ${REPORT_FORMATS.join(', ')}; got "${formatName}"`);
    const maxWarnings = values['max-warnings'];
    if (maxWarnings !== undefined && (typeof maxWarnings !== 'string' || !/^\d{1,9}$/.test(maxWarnings)))
      throw new UsageError(`--max-warnings takes a whole number of warnings (0 or more); got "${String(maxWarnings)}"`);
    if (positionals.includes('-')) throw new UsageError('dsq check reads files; for standard input use dsq fmt - or dsq lint -');
    const write = values.write === true;
    const flags = printFlags(values);
    const configs = new Configs(values, io.cwd);
    const schemaFlag = values.schema;
    let cliSchema;
    if (typeof schemaFlag === 'string') {
      const text = await readText(resolve(io.cwd, schemaFlag), schemaFlag, io);
      try {
        cliSchema = readSchema(text);
      } catch (err) {
        if (err instanceof DsqError)
          throw new UsageError(`the schema file ${schemaFlag} is not valid:\n${new DsqError(err.diagnostics, text).format(schemaFlag)}`);
        throw err;
      }
    }
    const session = new LintSession(configs, cliSchema);
    const inputs = await findInputs(positionals.length === 0 ? ['.'] : positionals, ctx, configs);
    const problems: string[] = [...inputs.problems];
    const reports: FileReport[] = [];
    const reported = new Set<string>();
    for (const file of inputs.files) {
      const notDsq = notDsqText(file.shown);
      if (notDsq !== null) {
        problems.push(notDsq);
        continue;
      }
      let config: DsqConfig;
      let layout: PrintOptions;
      let settings;
      try {
        settings = await session.settingsFor(file.path);
        config = settings.config;
        layout = mergePrintOptions(await configs.forFile(file.path, dirname(file.path)), flags);
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        if (!reported.has(err.path)) io.stderr(`${err.format()}\n`);
        reported.add(err.path);
        problems.push(`${file.shown}: not checked (its config file has errors)`);
        continue;
      }
      let text: string;
      try {
        text = await readTextFile(file.path, file.shown, file.named ? io : null);
      } catch (err) {
        if (err instanceof FileError) problems.push(err.message);
        else if (err instanceof DsqError)
          reports.push({
            file: file.shown,
            diagnostics: err.diagnostics.map(
              (d): LintDiagnostic => ({ ...d, severity: 'error', span: d.span ?? { start: 0, end: 0, line: 1, column: 1, endLine: 1, endColumn: 1 } }),
            ),
          });
        else throw err;
        continue;
      }
      // The lint rules (with --write: the fixes, then the formatter), then the layout.
      const linted = lintText(text, settings.options, { ...config, ...layout }, { fix: write, dryRun: false, reformat: write });
      let current = linted.fixed;
      if (write && !linted.syntaxErrors) {
        try {
          current = format(current, layout);
        } catch (err) {
          if (!(err instanceof DsqError)) throw err;
        }
      }
      const diagnostics = [...linted.diagnostics];
      if (write && current !== text) {
        try {
          await writeFileSafely(file.path, current, file.shown, { unchanged: text });
          io.stderr(`dsq check: wrote ${file.shown}\n`);
        } catch (err) {
          if (!(err instanceof FileError)) throw err;
          problems.push(err.message);
          current = text;
        }
      }
      if (!linted.syntaxErrors) {
        const finding = formatFinding(current, layout);
        if (finding !== null) diagnostics.push(finding);
      }
      reports.push({ file: file.shown, diagnostics: diagnostics.sort((a, b) => a.span.start - b.span.start) });
    }
    const quiet = values.quiet === true;
    const shown = reports.map((r) => ({ ...r, diagnostics: r.diagnostics.filter((d) => !quiet || d.severity === 'error').map(capDiagnostic) }));
    let output = REPORTERS[formatName as ReportFormat](shown, { docsUrl: await docsUrlOf(configs, io), failed: problems.length });
    if (formatName === 'text' && colorFor(values, io, 'stdout')) output = paintReport(output);
    io.stdout(output);
    for (const line of problems) io.stderr(`dsq check: ${line}\n`);
    if (problems.length > 0) return 2;
    const warnings = shown.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === 'warning').length, 0);
    if (typeof maxWarnings === 'string' && warnings > Number(maxWarnings)) {
      io.stderr(`dsq check: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${maxWarnings} allows\n`);
      return 1;
    }
    return shown.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
  },
};

/** "format" at the first line that formatting changes, or null when the text is formatted. */
function formatFinding(text: string, layout: PrintOptions): LintDiagnostic | null {
  let out: string;
  try {
    out = format(text, layout);
  } catch (err) {
    if (err instanceof DsqError) return null;
    throw err;
  }
  if (out === text) return null;
  let at = 0;
  while (at < text.length && at < out.length && text[at] === out[at]) at++;
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const line = text.slice(0, start).split('\n').length;
  const end = text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start);
  return {
    code: FORMAT_FINDING,
    severity: 'error',
    message: 'The file is not formatted (this is the first line that changes); run dsq check --write or dsq fmt --write.',
    span: { start, end, line, column: 1, endLine: line, endColumn: end - start + 1 },
  };
}
