import { dirname, resolve } from 'node:path';
import { ConfigError, loadConfig, type DsqConfig } from '../config/index.js';
import { readFile } from 'node:fs/promises';
import { DsqError, type Diagnostic } from '../diagnostic/diagnostic.js';
import { decodeUtf8 } from '../diagnostic/utf8.js';
import { readSpecJson } from '../json/read-text.js';
import type { JsonValue } from '../json/value.js';
import type { Span } from '../diagnostic/span.js';
import { capDiagnostic } from '../diagnostic/quote.js';
import { findFiles, GlobSyntaxError, writeFileSafely } from './files.js';
import { FileError, readTextFile, textOf } from './io.js';
import { fixText, lint, type LintOptions, type LintResult } from '../lint/lint.js';
import type { LintDiagnostic } from '../lint/rule-api.js';
import { RULES } from '../lint/registry.js';
import { formatTextWith, REPORTERS, REPORT_FORMATS, type FileReport, type ReportFormat } from '../lint/report/index.js';
import { format } from '../print/index.js';
import { readSchema, type Schema } from '../schema/index.js';
import { UsageError, type Command, type Io } from './command.js';

const HELP = `Usage: dsq lint [options] FILE|GLOB|DIR...

Finds mistakes in .dsq files: syntax errors, unknown functions, misplaced aggregates, = NULL,
reversed BETWEEN bounds and more; with a schema also unknown databases, fields and type clashes.
Directories are searched for *.dsq (node_modules skipped). "-" reads standard input.
Prints file:line:col: severity: message (rule-id) and a summary. Exit 1 when there is an error;
exit 2 for a usage error or when a file could not be read or written (one line each, after the
report; the other files are still linted).

Options:
  --format FORMAT   text (default), json, sarif (SARIF 2.1.0) or github (workflow annotations)
  --schema FILE     database definitions as JSON (what the schema action returns); overrides
                    "schema" in dsq.config.json
  --fix             apply the safe fixes, then format the file, and write it (as dsq fmt
                    --write does: atomically, links, mode and owner kept, read-only files
                    refused); files with syntax errors or bytes that are not UTF-8 are
                    never written
  --fix-dry-run     print the fixed text instead of writing it (the report goes to stderr)
  --list-rules      list every rule with its default severity
  -h, --help        show this help

Configuration: dsq.config.json, found upward from each file: { "schema": "schema.json",
"rules": { "rule-id": "off" | "info" | "warning" | "error" | ["error", { options }] } }.
Suppress findings with -- dsq-disable-next-line rule-id[, rule-id] or
/* dsq-disable rule-id */ ... /* dsq-enable */ (no ids: every rule). Rules: docs/rules/<id>.md.
`;

interface FileOutcome {
  readonly report: FileReport;
  /** The fixed text to print for --fix-dry-run. */
  readonly fixed?: string;
}

export const lintCommand: Command = {
  name: 'lint',
  help: HELP,
  options: {
    format: { type: 'string' },
    schema: { type: 'string' },
    fix: { type: 'boolean' },
    'fix-dry-run': { type: 'boolean' },
    'list-rules': { type: 'boolean' },
  },
  async run({ positionals, values, io }) {
    if (values['list-rules']) {
      const width = Math.max(...RULES.map((r) => r.meta.id.length));
      for (const r of RULES) {
        const notes = [r.meta.severity, r.meta.fixable ? 'fixable' : '', r.meta.needsSchema ? 'schema' : ''].filter(Boolean).join(', ');
        io.stdout(`${r.meta.id.padEnd(width)}  ${notes.padEnd(25)} ${r.meta.docs.description}\n`);
      }
      return 0;
    }
    const formatName = (values.format ?? 'text') as string;
    if (!(REPORT_FORMATS as readonly string[]).includes(formatName)) {
      throw new UsageError(`--format must be one of ${REPORT_FORMATS.join(', ')}; got "${formatName}"`);
    }
    if (positionals.length === 0) throw new UsageError('give the files, globs or directories to lint');
    const fix = values.fix === true || values['fix-dry-run'] === true;
    const dryRun = values['fix-dry-run'] === true;

    const problems: string[] = [];
    const files = positionals.includes('-') ? null : await listFiles(positionals, io, problems);
    const cliSchema = typeof values.schema === 'string' ? await loadSchema(resolve(io.cwd, values.schema), values.schema) : undefined;
    const outcomes: (FileOutcome | null)[] = [];
    const configs = new Map<string, Promise<{ config: DsqConfig; options: LintOptions }>>();
    const optionsFor = (path: string) => {
      const dir = dirname(path);
      let p = configs.get(dir);
      if (!p) {
        p = settings(dir, cliSchema);
        configs.set(dir, p);
      }
      return p;
    };

    if (files === null) {
      if (positionals.length > 1) throw new UsageError('"-" (standard input) cannot be combined with other files');
      const input = await io.readStdin();
      const { config, options } = await optionsFor(resolve(io.cwd, 'stdin.dsq'));
      outcomes.push(await lintInput('<stdin>', null, () => textOf(input), options, config, { fix, dryRun: true }, problems));
    } else {
      for (const f of files) {
        const { config, options } = await optionsFor(f.path);
        outcomes.push(await lintInput(f.shown, f.path, () => readTextFile(f.path, f.shown), options, config, { fix, dryRun }, problems));
      }
    }

    // What a message quotes is capped (a 100,000-character name gives a short line).
    const reports = outcomes.flatMap((o) => (o === null ? [] : [{ ...o.report, diagnostics: o.report.diagnostics.map(capDiagnostic) }]));
    const output = formatName === 'text' ? formatTextWith(reports, problems.length) : REPORTERS[formatName as ReportFormat](reports);
    if (dryRun || (fix && files === null)) {
      const several = outcomes.length > 1;
      for (const o of outcomes) {
        if (o?.fixed === undefined) continue;
        io.stdout(several ? `-- ${o.report.file}\n${o.fixed}` : o.fixed);
      }
      io.stderr(output);
    } else io.stdout(output);
    // A file that could not be read or written: one line each, after the report; exit 2.
    for (const line of problems) io.stderr(`dsq lint: ${line}\n`);
    if (problems.length > 0) return 2;
    return reports.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
  },
};

async function listFiles(args: readonly string[], io: Io, problems: string[]) {
  try {
    const found = await findFiles(args, io.cwd);
    problems.push(...found.problems);
    return found.files;
  } catch (err) {
    if (err instanceof GlobSyntaxError) throw new UsageError(err.message);
    throw err;
  }
}

/**
 * Reads and lints one input. A file that cannot be read or written adds a line to `problems`
 * (and gives no report: null); text that is not UTF-8 is reported as an error at its line and
 * column, and never rewritten.
 */
async function lintInput(
  shown: string,
  path: string | null,
  read: () => string | Promise<string>,
  options: LintOptions,
  config: DsqConfig,
  mode: { fix: boolean; dryRun: boolean },
  problems: string[],
): Promise<FileOutcome | null> {
  let text: string;
  try {
    text = await read();
  } catch (err) {
    if (err instanceof FileError) {
      problems.push(err.message);
      return null;
    }
    if (err instanceof DsqError) {
      const diagnostics = err.diagnostics.map((d): LintDiagnostic => ({ ...d, severity: 'error', span: d.span ?? { start: 0, end: 0, line: 1, column: 1, endLine: 1, endColumn: 1 } }));
      return { report: { file: shown, diagnostics } };
    }
    throw err;
  }
  const outcome = lintOne(text, options, config, mode);
  if (!mode.dryRun && path !== null && outcome.write !== undefined) {
    try {
      await writeFileSafely(path, outcome.write, shown);
    } catch (err) {
      if (!(err instanceof FileError)) throw err;
      problems.push(err.message);
      // The fixes were not saved: report the file as it is.
      return { report: { file: shown, diagnostics: lint(text, options).diagnostics } };
    }
  }
  return { report: { file: shown, diagnostics: outcome.diagnostics }, ...(mode.dryRun ? { fixed: outcome.fixed } : {}) };
}

async function loadSchema(path: string, shown: string): Promise<Schema> {
  let text: string;
  try {
    text = await readTextFile(path, shown);
  } catch (err) {
    if (err instanceof FileError) throw new UsageError(`cannot read the schema file ${shown}: ${err.message.replace(/^cannot read .*?: /, '')}`);
    if (err instanceof DsqError) throw new UsageError(`the schema file ${shown} is not valid:\n${err.format(shown)}`);
    throw err;
  }
  try {
    return readSchema(text);
  } catch (err) {
    if (err instanceof DsqError) throw new UsageError(`the schema file ${shown} is not valid:\n${err.format(shown)}`);
    throw err;
  }
}

/** The configuration that applies in a directory: rules and schema (the --schema file wins). */
async function settings(dir: string, cliSchema: Schema | undefined): Promise<{ config: DsqConfig; options: LintOptions }> {
  let config: DsqConfig;
  try {
    config = await loadConfig(dir);
  } catch (err) {
    // A bad config file is no usage error: it is reported with its line and column (main.ts), exit 2.
    throw err;
  }
  let schema: Schema | null = cliSchema ?? null;
  if (!cliSchema && config.schema) {
    try {
      schema = await loadSchema(config.schema, config.schema);
    } catch (err) {
      // The config named it: a config error placed at "schema" (a --schema file is a usage error).
      if (err instanceof UsageError && config.configPath !== undefined) throw await placedProblems(config.configPath, [{ code: 'config/invalid', severity: 'error', message: err.message }], () => ['schema']);
      throw err;
    }
  }
  const options: LintOptions = { schema, ...(config.rules ? { rules: config.rules } : {}) };
  // A bad rules configuration is reported once, before any file is linted.
  try {
    lint('', options);
  } catch (err) {
    if (err instanceof DsqError && config.configPath !== undefined) throw await placedRuleProblems(err, config.configPath);
    throw err;
  }
  return { config, options };
}

/**
 * The linter's problems with a config's rules (an unknown rule, bad options), each placed at
 * its rule in the file: the name for an unknown rule, else the setting; with its JSON pointer.
 */
function placedRuleProblems(err: DsqError, path: string): Promise<ConfigError> {
  return placedProblems(path, err.diagnostics, (d) => {
    const quoted = /"((?:[^"\\]|\\.)*)"/.exec(d.message);
    return quoted ? ['rules', JSON.parse(`"${quoted[1]}"`) as string] : null;
  });
}

/**
 * Problems found with what a config file says, placed in the file: `keys` gives the path of
 * member names to the value each problem is about (or null); an unknown rule is placed at its
 * name, anything else at the value; each with its JSON pointer.
 */
async function placedProblems(path: string, problems: readonly Diagnostic[], keys: (d: Diagnostic) => readonly string[] | null): Promise<ConfigError> {
  let source: string | undefined;
  let root: JsonValue | null = null;
  try {
    source = decodeUtf8(await readFile(path));
    if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
    root = readSpecJson(source);
  } catch {
    // (The file was read a moment ago; should it fail now, the problems go without a place.)
  }
  const diagnostics = problems.map((d): Diagnostic => {
    let at: { value: JsonValue; keySpan: Span | null } | undefined;
    for (const key of keys(d) ?? []) {
      const parent: JsonValue | null = at === undefined ? root : at.value;
      at = parent?.type === 'object' ? parent.members.find((m) => m.rawKey === key) : undefined;
      if (at === undefined) break;
    }
    if (at === undefined || keys(d) === null) return { ...d, code: 'config/invalid' };
    const span = d.code === 'lint/unknown-rule' ? at.keySpan : at.value.span;
    return { ...d, code: 'config/invalid', pointer: at.value.pointer, ...(span ? { span } : {}) };
  });
  return new ConfigError(diagnostics, source, path);
}

/** Lints (and with --fix, fixes) one text: the findings, the fixed text, and the text to write when it changed. */
function lintOne(
  text: string,
  options: LintOptions,
  config: DsqConfig,
  mode: { fix: boolean; dryRun: boolean },
): { diagnostics: LintResult['diagnostics']; fixed: string; write?: string } {
  if (!mode.fix) return { diagnostics: lint(text, options).diagnostics, fixed: text };
  // The fixes are plain text edits (comments untouched); the formatter tidies the layout after
  // each pass, and passes go on until no fixable finding is left (src/lint fixText).
  const layout = {
    ...(config.width !== undefined ? { width: config.width } : {}),
    ...(config.keywordCase !== undefined ? { keywordCase: config.keywordCase } : {}),
    ...(config.indent !== undefined ? { indent: config.indent } : {}),
  };
  const fixed = fixText(text, { ...options, format: (t) => format(t, layout) });
  const finalText = fixed.text;
  const result: LintResult = fixed.result;
  const write = finalText !== text && !result.syntaxErrors ? finalText : undefined;
  return { diagnostics: result.diagnostics, fixed: finalText, ...(write !== undefined ? { write } : {}) };
}
