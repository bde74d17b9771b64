import { dirname } from 'node:path';
import { ConfigError, layoutOf, loadConfig, type DsqConfig } from '../config/config.js';
import { readFileBytes } from '../config/read-file.js';
import { decodeUtf8 } from '../diagnostic/utf8.js';
import { DsqError, type Diagnostic as DsqDiagnostic } from '../diagnostic/diagnostic.js';
import { lint, type LintOptions } from '../lint/lint.js';
import { readSchema } from '../schema/read.js';
import type { PrintOptions } from '../print/options.js';
import type { Schema } from '../schema/definitions.js';

/** A config or schema file that could not be used, with what is wrong in it. */
export interface SettingsProblem {
  /** The file at fault. */
  readonly file: string;
  /** One line for the documents that depend on it. */
  readonly summary: string;
  /** The problems, with spans in that file when known. */
  readonly diagnostics: readonly DsqDiagnostic[];
}

/** What applies to one document: from the nearest dsq.config.json, as the CLI reads it. */
export interface DocumentSettings {
  readonly configPath: string | null;
  readonly schemaPath: string | null;
  readonly schema: Schema | null;
  readonly lint: LintOptions;
  readonly print: PrintOptions;
  readonly keywordCase: 'upper' | 'lower' | 'preserve';
  readonly problems: readonly SettingsProblem[];
}

export const DEFAULT_SETTINGS: DocumentSettings = {
  configPath: null,
  schemaPath: null,
  schema: null,
  lint: {},
  print: {},
  keywordCase: 'upper',
  problems: [],
};

/**
 * Settings per directory, read once and kept until `invalidate` (a config or schema file
 * changed). A bad config or schema never stops the server: the document is linted with what
 * could be read, and the problem is reported.
 */
export class SettingsStore {
  private readonly byDir = new Map<string, Promise<DocumentSettings>>();
  private readonly schemas = new Map<string, Promise<{ schema: Schema } | { problem: SettingsProblem }>>();

  /** The settings of a document by its file path (null for a document that is not a file). */
  get(path: string | null, fallbackDir: string | null): Promise<DocumentSettings> {
    const dir = path !== null ? dirname(path) : fallbackDir;
    if (dir === null) return Promise.resolve(DEFAULT_SETTINGS);
    let found = this.byDir.get(dir);
    if (!found) {
      found = this.read(dir);
      this.byDir.set(dir, found);
    }
    return found;
  }

  /** Forget everything read: the next `get` reads the files again. */
  invalidate(): void {
    this.byDir.clear();
    this.schemas.clear();
  }

  private async read(dir: string): Promise<DocumentSettings> {
    let config: DsqConfig;
    try {
      config = await loadConfig(dir);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      return {
        ...DEFAULT_SETTINGS,
        configPath: err.path,
        problems: [{ file: err.path, summary: `${err.path} is not a valid dsq config: ${err.diagnostics[0]?.message ?? ''}`, diagnostics: err.diagnostics }],
      };
    }
    const problems: SettingsProblem[] = [];
    let schema: Schema | null = null;
    if (config.schema !== undefined) {
      const loaded = await this.schema(config.schema);
      if ('schema' in loaded) schema = loaded.schema;
      else problems.push(loaded.problem);
    }
    let lintOptions: LintOptions = { schema, ...(config.rules ? { rules: config.rules } : {}) };
    // A bad rules setting (an unknown rule, a bad option) is reported; the defaults apply meanwhile.
    try {
      lint('', lintOptions);
    } catch (err) {
      if (!(err instanceof DsqError)) throw err;
      const file = config.configPath ?? dir;
      problems.push({ file, summary: `${file}: bad "rules": ${err.diagnostics.map((d) => d.message).join('; ')}`, diagnostics: err.diagnostics });
      lintOptions = { schema };
    }
    return {
      configPath: config.configPath ?? null,
      schemaPath: config.schema ?? null,
      schema,
      lint: lintOptions,
      // Every layout setting, as dsq fmt reads them (functionCase and useTabs too).
      print: layoutOf(config),
      keywordCase: config.keywordCase ?? 'upper',
      problems,
    };
  }

  private schema(path: string): Promise<{ schema: Schema } | { problem: SettingsProblem }> {
    let found = this.schemas.get(path);
    if (!found) {
      found = (async () => {
        let text: string;
        try {
          // A regular file only, at most 64 MiB, strictly UTF-8 (src/config/read-file.ts): as the CLI reads it.
          text = decodeUtf8(await readFileBytes(path));
        } catch (err) {
          if (err instanceof DsqError)
            return { problem: { file: path, summary: `${path} is not valid UTF-8: ${err.diagnostics[0]?.message ?? ''}`, diagnostics: err.diagnostics } };
          const message = `cannot read the schema file: ${(err as Error).message}`;
          return { problem: { file: path, summary: message, diagnostics: [{ code: 'schema/unreadable', severity: 'error', message }] } };
        }
        try {
          return { schema: readSchema(text) };
        } catch (err) {
          if (!(err instanceof DsqError)) throw err;
          return { problem: { file: path, summary: `${path} is not a valid schema: ${err.diagnostics[0]?.message ?? ''}`, diagnostics: err.diagnostics } };
        }
      })();
      this.schemas.set(path, found);
    }
    return found;
  }
}
