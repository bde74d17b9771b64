import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ConfigError, loadConfig, type DsqConfig } from '../config/index.js';
import { DsqError } from '../diagnostic/diagnostic.js';
import { FileArgumentError, findFiles, writeFileAtomically } from './files.js';
import { fixText, lint, type LintOptions, type LintResult } from '../lint/lint.js';
import { RULES } from '../lint/registry.js';
import { REPORTERS, REPORT_FORMATS, type FileReport, type ReportFormat } from '../lint/report/index.js';
import { format } from '../print/index.js';
import { readSchema, type Schema } from '../schema/index.js';
import { UsageError, type Command, type Io } from './command.js';

const HELP = `Usage: dsq lint [options] FILE|GLOB|DIR...

Finds mistakes in .dsq files: syntax errors, unknown functions, misplaced aggregates, = NULL,
reversed BETWEEN bounds and more; with a schema also unknown databases, fields and type clashes.
Directories are searched for *.dsq (node_modules skipped). "-" reads standard input.
Prints file:line:col: severity: message (rule-id) and a summary. Exit 1 when there is an error.

Options:
  --format FORMAT   text (default), json, sarif (SARIF 2.1.0) or github (workflow annotations)
  --schema FILE     database definitions as JSON (what the schema action returns); overrides
                    "schema" in dsq.config.json
  --fix             apply the safe fixes, then format the file, and write it (atomically);
                    files with syntax errors are never written
  --fix-dry-run     print the fixed text instead of writing it (the report goes to stderr)
  --list-rules      list every rule with its default severity
  -h, --help        show this help

Configuration: dsq.config.json, found upward from each file: { "schema": "schema.json",
"rules": { "rule-id": "off" | "warning" | "error" | ["error", { options }] } }.
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
  summary: 'find mistakes in .dsq files (text, json, sarif, github output; --fix)',
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

    const files = positionals.includes('-') ? null : await listFiles(positionals, io);
    const cliSchema = typeof values.schema === 'string' ? await loadSchema(resolve(io.cwd, values.schema), values.schema) : undefined;
    const outcomes: FileOutcome[] = [];
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
      const text = await io.readStdin();
      const { config, options } = await optionsFor(resolve(io.cwd, 'stdin.dsq'));
      outcomes.push(await lintOne('<stdin>', null, text, options, config, { fix, dryRun: true }));
    } else {
      for (const f of files) {
        const text = await readFile(f.path, 'utf8');
        const { config, options } = await optionsFor(f.path);
        outcomes.push(await lintOne(f.shown, f.path, text, options, config, { fix, dryRun }));
      }
    }

    const reports = outcomes.map((o) => o.report);
    const output = REPORTERS[formatName as ReportFormat](reports);
    if (dryRun || (fix && files === null)) {
      const several = outcomes.length > 1;
      for (const o of outcomes) {
        if (o.fixed === undefined) continue;
        io.stdout(several ? `-- ${o.report.file}\n${o.fixed}` : o.fixed);
      }
      io.stderr(output);
    } else io.stdout(output);
    return reports.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
  },
};

async function listFiles(args: readonly string[], io: Io) {
  try {
    return await findFiles(args, io.cwd);
  } catch (err) {
    if (err instanceof FileArgumentError) throw new UsageError(err.message);
    throw err;
  }
}

async function loadSchema(path: string, shown: string): Promise<Schema> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new UsageError(`cannot read the schema file ${shown}`);
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
    if (err instanceof ConfigError) throw new UsageError(`bad configuration:\n${err.format()}`);
    throw err;
  }
  let schema: Schema | null = cliSchema ?? null;
  if (!cliSchema && config.schema) schema = await loadSchema(config.schema, config.schema);
  const options: LintOptions = { schema, ...(config.rules ? { rules: config.rules } : {}) };
  // A bad rules configuration is reported once, before any file is linted.
  try {
    lint('', options);
  } catch (err) {
    if (err instanceof DsqError) {
      const where = config.configPath ? ` in ${config.configPath}` : '';
      throw new UsageError(`bad lint configuration${where}:\n${err.diagnostics.map((d) => `  ${d.message}`).join('\n')}`);
    }
    throw err;
  }
  return { config, options };
}

async function lintOne(
  shown: string,
  path: string | null,
  text: string,
  options: LintOptions,
  config: DsqConfig,
  mode: { fix: boolean; dryRun: boolean },
): Promise<FileOutcome> {
  if (!mode.fix) return { report: { file: shown, diagnostics: lint(text, options).diagnostics } };
  const fixed = fixText(text, options);
  let finalText = fixed.text;
  let result: LintResult = fixed.result;
  if (fixed.applied > 0) {
    // The fixes are plain text edits (comments untouched); the formatter then tidies the layout.
    // Should it refuse the text, the fixed text is kept as it is rather than losing the fixes.
    try {
      const formatted = format(fixed.text, {
        ...(config.width !== undefined ? { width: config.width } : {}),
        ...(config.keywordCase !== undefined ? { keywordCase: config.keywordCase } : {}),
        ...(config.indent !== undefined ? { indent: config.indent } : {}),
      });
      const formattedResult = lint(formatted, options);
      if (!formattedResult.syntaxErrors) {
        finalText = formatted;
        result = formattedResult;
      }
    } catch (err) {
      if (!(err instanceof DsqError)) throw err;
    }
  }
  if (!mode.dryRun && path !== null && finalText !== text && !result.syntaxErrors) await writeFileAtomically(path, finalText);
  return { report: { file: shown, diagnostics: result.diagnostics }, ...(mode.dryRun ? { fixed: finalText } : {}) };
}

