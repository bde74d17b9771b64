import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { layoutOf, type DsqConfig } from '../config/index.js';
import { placedProblems, placedRuleProblems } from './config-places.js';
import { DsqError } from '../diagnostic/diagnostic.js';
import { capDiagnostic } from '../diagnostic/quote.js';
import { writeFileSafely, type FoundFile } from './files.js';
import { FileError, readTextFile, textOf } from './io.js';
import { fixText, lint, type LintOptions, type LintResult } from '../lint/lint.js';
import type { LintDiagnostic } from '../lint/rule-api.js';
import { RULES } from '../lint/registry.js';
import { REPORTERS, REPORT_FORMATS, ruleUrl, type FileReport, type ReportFormat, type ReportOptions } from '../lint/report/index.js';
import { rulesDocsDir } from '../lsp/docs.js';
import { format } from '../print/index.js';
import type { Schema } from '../schema/index.js';
import { UsageError, type Command, type CommandContext, type Io } from './command.js';
import { loadSchema } from './schema-file.js';
import { colorFor, paintReport } from './color.js';
import { CONFIG_FLAG_HELP, CONFIG_FLAG_OPTIONS, Configs, PRINT_CONFIG_HELP, PRINT_CONFIG_OPTION, printConfig } from './config-flags.js';
import { FILE_FLAG_HELP, FILE_FLAG_OPTIONS, findInputs, notDsqText, stdinFilepath } from './file-args.js';

const HELP = `Usage: dsq lint [options] FILE|GLOB|DIR...

Finds mistakes in .dsq files: syntax errors, unknown functions, misplaced aggregates, = NULL,
reversed BETWEEN bounds and more; with a schema also unknown databases, fields and type clashes.
Directories are searched for *.dsq (node_modules, dot-directories and what .gitignore,
.dsqignore and "ignore" in dsq.config.json name are skipped). "-" reads standard input.
Prints file:line:col: severity: message (rule-id) and a summary with a link to the rule pages.
Exit 1 when there is an error (or more warnings than --max-warnings); exit 2 for a usage error
or when a file could not be read or written (one line each, after the report; the other files
are still linted).

Options:
  --format FORMAT   text (default), json, sarif (SARIF 2.1.0), github (workflow annotations),
                    junit (JUnit XML) or gitlab (GitLab Code Quality)
  --schema FILE     database definitions as JSON (what the schema action returns); overrides
                    "schema" in dsq.config.json
  --quiet           report errors only (warnings and infos are neither shown nor counted)
  --max-warnings N  exit 1 when there are more than N warnings (--max-warnings 0: none allowed)
  --fix             apply the safe fixes and write the file: only what the fixes change
                    changes (as the editor's quick fixes do), keywords in the configured case;
                    written as dsq fmt --write writes (atomically, links, mode and owner kept,
                    read-only files and files changed by another program meanwhile refused);
                    files with syntax errors or bytes that are not UTF-8 are never written
  --reformat        with --fix: format the fixed files too (dsq check --write does both)
  --fix-dry-run     print the fixed text instead of writing it (the report goes to stderr)
  --stdin-filepath PATH
                    lint standard input as the file PATH: its config, overrides and ignore
                    files apply, and the report names it
  --list-rules      list every rule with its default severity (--format json: with its page)
${CONFIG_FLAG_HELP}
${PRINT_CONFIG_HELP}
${FILE_FLAG_HELP}
  -h, --help        show this help

Configuration: dsq.config.json, found upward from each file: { "schema": "schema.json",
"rules": { "rule-id": "off" | "info" | "warning" | "error" | ["error", { options }] } }.
Suppress findings with -- dsq-disable-next-line rule-id[, rule-id], a trailing
-- dsq-disable-line rule-id, or /* dsq-disable rule-id */ ... /* dsq-enable */ (no ids: every
rule). Each rule has a page: docs/rules/<id>.md ("docsUrl" in dsq.config.json sets the links).
`;

interface FileOutcome {
  readonly report: FileReport;
  /** The fixed text to print for --fix-dry-run. */
  readonly fixed?: string;
}

/** What `dsq lint` and `dsq check` do with each file. */
export interface LintMode {
  readonly fix: boolean;
  /** Print the fixed text rather than writing it. */
  readonly dryRun: boolean;
  /** Format the text after the fixes (--reformat; dsq check --write). */
  readonly reformat: boolean;
}

export const lintCommand: Command = {
  name: 'lint',
  help: HELP,
  options: {
    format: { type: 'string' },
    schema: { type: 'string' },
    quiet: { type: 'boolean' },
    'max-warnings': { type: 'string' },
    fix: { type: 'boolean' },
    reformat: { type: 'boolean' },
    'fix-dry-run': { type: 'boolean' },
    'stdin-filepath': { type: 'string' },
    'list-rules': { type: 'boolean' },
    ...CONFIG_FLAG_OPTIONS,
    ...PRINT_CONFIG_OPTION,
    ...FILE_FLAG_OPTIONS,
  },
  async run(ctx) {
    const { positionals, values, io } = ctx;
    const formatName = (values.format ?? 'text') as string;
    if (!(REPORT_FORMATS as readonly string[]).includes(formatName)) {
      throw new UsageError(`--format must be one of ${REPORT_FORMATS.join(', ')}; got "${formatName}"`);
    }
    const configs = new Configs(values, io.cwd);
    if (values['list-rules']) return listRules(formatName, io, await docsUrlOf(configs, io));
    if (typeof values['print-config'] === 'string') {
      io.stdout(await printConfig(values['print-config'], configs, io.cwd));
      return 0;
    }
    const maxWarnings = maxWarningsOf(values['max-warnings']);
    const stdinPath = stdinFilepath(ctx);
    if (positionals.length === 0 && stdinPath === null) throw new UsageError('give the files, globs or directories to lint');
    const fix = values.fix === true || values['fix-dry-run'] === true;
    if (values.reformat === true && !fix) throw new UsageError('--reformat formats the files --fix writes: give it with --fix');
    const dryRun = values['fix-dry-run'] === true;
    const mode: LintMode = { fix, dryRun, reformat: values.reformat === true };
    const stdin = stdinPath !== null || positionals.includes('-');
    if (stdin && positionals.some((p) => p !== '-')) throw new UsageError('"-" (standard input) cannot be combined with other files');

    const problems: string[] = [];
    const notes: string[] = [];
    const session = new LintSession(
      configs,
      typeof values.schema === 'string' ? await loadSchema(resolve(io.cwd, values.schema), values.schema, io) : undefined,
    );
    const outcomes: (FileOutcome | null)[] = [];
    if (stdin) {
      const input = await io.readStdin();
      const shown = stdinPath?.shown ?? '<stdin>';
      const path = stdinPath?.path ?? resolve(io.cwd, 'stdin.dsq');
      const inputs = await findInputs([], ctx, configs);
      const notDsq = notDsqText(shown);
      if (notDsq !== null) problems.push(notDsq);
      else if (stdinPath !== null && (await inputs.ignore.ignored(path, io.cwd)))
        notes.push(`${shown} is ignored (.gitignore, .dsqignore, --ignore-path or "ignore" in dsq.config.json): not linted`);
      else {
        const { config, options } = await session.settingsFor(path);
        outcomes.push(await lintInput(shown, null, () => textOf(input), options, config, { ...mode, dryRun: true }, problems, notes));
      }
    } else {
      const inputs = await findInputs(positionals, ctx, configs);
      problems.push(...inputs.problems);
      for (const f of inputs.files) outcomes.push(await lintFile(f, io, session, mode, problems, notes));
    }

    // What a message quotes is capped (a 100,000-character name gives a short line).
    const quiet = values.quiet === true;
    const reports = outcomes.flatMap((o) =>
      o === null ? [] : [{ ...o.report, diagnostics: o.report.diagnostics.filter((d) => !quiet || d.severity === 'error').map(capDiagnostic) }],
    );
    const reportOptions: ReportOptions = { docsUrl: await docsUrlOf(configs, io), failed: problems.length };
    const toStderr = dryRun || (fix && stdin);
    let output = REPORTERS[formatName as ReportFormat](reports, reportOptions);
    if (formatName === 'text' && colorFor(values, io, toStderr ? 'stderr' : 'stdout')) output = paintReport(output);
    if (toStderr) {
      const several = outcomes.length > 1;
      for (const o of outcomes) {
        if (o?.fixed === undefined) continue;
        io.stdout(several ? `-- ${o.report.file}\n${o.fixed}` : o.fixed);
      }
      io.stderr(output);
    } else io.stdout(output);
    for (const line of notes) io.stderr(`dsq lint: ${line}\n`);
    // A file that could not be read or written: one line each, after the report; exit 2.
    for (const line of problems) io.stderr(`dsq lint: ${line}\n`);
    if (problems.length > 0) return 2;
    const warnings = reports.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === 'warning').length, 0);
    if (maxWarnings !== null && warnings > maxWarnings) {
      io.stderr(`dsq lint: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${maxWarnings} allows\n`);
      return 1;
    }
    return reports.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
  },
};

function maxWarningsOf(value: CommandContext['values'][string]): number | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value))
    throw new UsageError(`--max-warnings takes a whole number of warnings (0 or more); got "${String(value)}"`);
  return Number(value);
}

/** `--list-rules`: a line per rule, or with --format json each rule's id, default severity, whether it fixes and needs a schema, description and page. */
function listRules(formatName: string, io: Io, docsUrl: string | undefined): number {
  if (formatName === 'json') {
    const rules = RULES.map((r) => ({
      id: r.meta.id,
      severity: r.meta.severity,
      fixable: r.meta.fixable,
      needsSchema: r.meta.needsSchema === true,
      description: r.meta.docs.description,
      ...(docsUrl !== undefined ? { docsUrl: ruleUrl({ docsUrl }, r.meta.id) } : {}),
    }));
    io.stdout(`${JSON.stringify(rules, null, 2)}\n`);
    return 0;
  }
  if (formatName !== 'text') throw new UsageError(`--list-rules prints text or json; got --format ${formatName}`);
  const width = Math.max(...RULES.map((r) => r.meta.id.length));
  for (const r of RULES) {
    const notes = [r.meta.severity, r.meta.fixable ? 'fixable' : '', r.meta.needsSchema ? 'schema' : ''].filter(Boolean).join(', ');
    io.stdout(`${r.meta.id.padEnd(width)}  ${notes.padEnd(25)} ${r.meta.docs.description}\n`);
  }
  return 0;
}

/**
 * The base of the rule pages' links: `"docsUrl"` of the config that applies in the current
 * folder (or --config), else the pages shipped in the package (a file URL), else none.
 */
export async function docsUrlOf(configs: Configs, io: Io): Promise<string | undefined> {
  const config = await configs.forDir(io.cwd);
  if (config.docsUrl !== undefined) return config.docsUrl.endsWith('/') || config.docsUrl.endsWith('=') ? config.docsUrl : `${config.docsUrl}/`;
  const dir = rulesDocsDir();
  return dir === null ? undefined : `${pathToFileURL(dir).href}/`;
}

/** Reads and lints one found file. */
export function lintFile(f: FoundFile, io: Io, session: LintSession, mode: LintMode, problems: string[], notes: string[]): Promise<FileOutcome | null> {
  const notDsq = notDsqText(f.shown);
  if (notDsq !== null) {
    problems.push(notDsq);
    return Promise.resolve(null);
  }
  return session
    .settingsFor(f.path)
    .then(({ config, options }) =>
      lintInput(f.shown, f.path, () => readTextFile(f.path, f.shown, f.named ? io : null), options, config, mode, problems, notes),
    );
}

/**
 * Reads and lints one input. A file that cannot be read or written adds a line to `problems`
 * (and gives no report: null); text that is not UTF-8 is reported as an error at its line and
 * column, and never rewritten; a file --fix leaves alone for its syntax errors adds a line to
 * `notes`.
 */
async function lintInput(
  shown: string,
  path: string | null,
  read: () => string | Promise<string>,
  options: LintOptions,
  config: DsqConfig,
  mode: LintMode,
  problems: string[],
  notes: string[],
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
      const diagnostics = err.diagnostics.map(
        (d): LintDiagnostic => ({ ...d, severity: 'error', span: d.span ?? { start: 0, end: 0, line: 1, column: 1, endLine: 1, endColumn: 1 } }),
      );
      return { report: { file: shown, diagnostics } };
    }
    throw err;
  }
  const outcome = lintText(text, options, config, mode);
  if (mode.fix && outcome.syntaxErrors)
    notes.push(
      `${shown} has syntax errors: --fix left it ${mode.dryRun || path === null ? 'as it was' : 'unwritten'} (fix them, then run dsq lint --fix again)`,
    );
  if (!mode.dryRun && path !== null && outcome.write !== undefined) {
    try {
      await writeFileSafely(path, outcome.write, shown, { unchanged: text });
    } catch (err) {
      if (!(err instanceof FileError)) throw err;
      problems.push(err.message);
      // The fixes were not saved: report the file as it is.
      return { report: { file: shown, diagnostics: lint(text, options).diagnostics } };
    }
  }
  return { report: { file: shown, diagnostics: outcome.diagnostics }, ...(mode.dryRun ? { fixed: outcome.fixed } : {}) };
}

/**
 * The lint settings of each file (its config with the overrides that match it, and the
 * schema: --schema wins over the config's), each distinct set read and checked once: a bad
 * rules setting or schema is reported before any file is linted, placed in its config file.
 */
export class LintSession {
  private readonly bySettings = new Map<string, Promise<LintOptions>>();
  private readonly schemas = new Map<string, Promise<Schema>>();

  constructor(
    private readonly configs: Configs,
    private readonly cliSchema: Schema | undefined,
  ) {}

  async settingsFor(path: string): Promise<{ config: DsqConfig; options: LintOptions }> {
    const config = await this.configs.forFile(path, dirname(path));
    const key = JSON.stringify([config.schema ?? null, config.rules ?? null]);
    let options = this.bySettings.get(key);
    if (!options) {
      options = this.read(config);
      this.bySettings.set(key, options);
    }
    return { config, options: await options };
  }

  private async read(config: DsqConfig): Promise<LintOptions> {
    let schema: Schema | null = this.cliSchema ?? null;
    if (!this.cliSchema && config.schema) {
      const path = config.schema;
      let loading = this.schemas.get(path);
      if (!loading) {
        loading = loadSchema(path, path, null);
        this.schemas.set(path, loading);
      }
      try {
        schema = await loading;
      } catch (err) {
        // The config named it: a config error placed at "schema" (a --schema file is a usage error).
        if (err instanceof UsageError && config.configPaths !== undefined)
          throw await placedProblems(config.configPaths, [{ code: 'config/invalid', severity: 'error', message: err.message }], () => [['schema']]);
        throw err;
      }
    }
    const options: LintOptions = { schema, ...(config.rules ? { rules: config.rules } : {}) };
    // A bad rules configuration is reported once, before any file is linted.
    try {
      lint('', options);
    } catch (err) {
      if (err instanceof DsqError && config.configPaths !== undefined) throw await placedRuleProblems(err, config.configPaths);
      throw err;
    }
    return options;
  }
}

/** Lints (and with --fix, fixes) one text: the findings, the fixed text, the text to write when it changed, and whether it has syntax errors. */
export function lintText(
  text: string,
  options: LintOptions,
  config: DsqConfig,
  mode: LintMode,
): { diagnostics: LintResult['diagnostics']; fixed: string; write?: string; syntaxErrors: boolean } {
  if (!mode.fix) {
    const result = lint(text, options);
    return { diagnostics: result.diagnostics, fixed: text, syntaxErrors: result.syntaxErrors };
  }
  // The fixes are plain text edits (comments untouched), with keywords in the configured case;
  // passes go on until no fixable finding is left (src/lint fixText). Formatted only when asked.
  const layout = layoutOf(config);
  const fixed = fixText(text, {
    ...options,
    keywordCase: config.keywordCase ?? 'upper',
    ...(mode.reformat ? { format: (t: string) => format(t, layout) } : {}),
  });
  const finalText = fixed.text;
  const result: LintResult = fixed.result;
  const write = finalText !== text && !result.syntaxErrors ? finalText : undefined;
  return { diagnostics: result.diagnostics, fixed: finalText, syntaxErrors: result.syntaxErrors, ...(write !== undefined ? { write } : {}) };
}
