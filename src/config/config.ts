import { stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { DsqError, capDiagnostics, hasErrors, type Diagnostic, type Result, type Span } from '../diagnostic/index.js';
import { describe } from '../json/parts.js';
import { readJsonText } from '../json/read-text.js';
import { decodeUtf8 } from '../diagnostic/utf8.js';
import type { JsonValue } from '../json/value.js';
import { readFileBytes, type UnreadableFileError } from './read-file.js';
import type { ConfigOverride, DsqConfig } from './config-types.js';
import { readSettings } from './settings.js';

export {
  FUNCTION_CASES,
  layoutOf,
  INDENT_RANGE,
  KEYWORD_CASES,
  RULE_LEVELS,
  WIDTH_RANGE,
  type ConfigOverride,
  type DsqConfig,
  type GenSettings,
  type IgnorePatterns,
  type JsonSchema,
  type LayoutSettings,
  type OverrideSettings,
  type RuleLevel,
  type RuleSetting,
  type RuleSeverity,
} from './config-types.js';
export { CONFIG_SETTINGS, OVERRIDE_SETTINGS } from './settings.js';
export { configJsonSchema } from './config-schema.js';

export const CONFIG_FILE = 'dsq.config.json';

/** A config file that cannot be read: a DsqError that knows the file. */
export class ConfigError extends DsqError {
  constructor(
    diagnostics: readonly Diagnostic[],
    source: string | undefined,
    readonly path: string,
  ) {
    super(diagnostics, source);
  }

  override format(): string {
    return super.format(this.path);
  }
}

/**
 * The settings that apply to files in the folder of `startPath` (a file or a folder): the
 * nearest `dsq.config.json` there or above, merged with those further up until one says
 * `"root": true` (the nearer wins; `rules` merge by rule, `ignore` and `overrides` add up).
 * No config file gives `{}`. A config file that cannot be read or has errors throws a
 * `ConfigError` with all its diagnostics. The `overrides` are kept, to be applied per file by
 * `configForFile`.
 */
export async function loadConfig(startPath: string): Promise<DsqConfig> {
  return configOf(await loadConfigResult(startPath));
}

/** Reads exactly one config file (`--config FILE`: no search, no merge): `named` as on the command line. */
export async function loadConfigFile(path: string): Promise<DsqConfig> {
  return configOf(await readConfigFile(resolve(path), true));
}

function configOf(result: ConfigResult): DsqConfig {
  if (result.value === undefined || hasErrors(result.diagnostics)) throw new ConfigError(result.diagnostics, result.source, result.path ?? CONFIG_FILE);
  return result.value;
}

/** What `loadConfigResult` gives: the config when it has no error, every diagnostic, and the file (with its text) when one was found. */
export interface ConfigResult extends Result<DsqConfig> {
  /** The config file read (the nearest), or the one with the errors; absent when none was found. */
  readonly path?: string;
  /** Its text (for code frames), when it could be read. */
  readonly source?: string;
}

/**
 * `loadConfig` without throwing: the merged settings, or the diagnostics of the first config
 * file (nearest first) that cannot be read or has an error (an unreadable file, bad UTF-8, bad
 * JSON, bad settings), all of them.
 */
export async function loadConfigResult(startPath: string): Promise<ConfigResult> {
  let dir = resolve(startPath);
  try {
    if (!(await stat(dir)).isDirectory()) dir = dirname(dir);
  } catch {
    dir = dirname(dir);
  }
  const found: { value: DsqConfig; path: string; source?: string; diagnostics: readonly Diagnostic[] }[] = [];
  for (;;) {
    const result = await readConfigFile(join(dir, CONFIG_FILE), false);
    if (result.path !== undefined) {
      if (result.value === undefined || hasErrors(result.diagnostics)) return result;
      found.push({
        value: result.value,
        path: result.path,
        diagnostics: result.diagnostics,
        ...(result.source !== undefined ? { source: result.source } : {}),
      });
      if (result.value.root === true) break;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (found.length === 0) return { value: {}, diagnostics: [] };
  const nearest = found[0] as (typeof found)[number];
  const merged = found.map((f) => f.value).reduceRight((parent, child) => mergeConfigs(parent, child));
  return {
    value: { ...merged, configPath: nearest.path, configPaths: found.map((f) => f.path) },
    diagnostics: found.flatMap((f) => f.diagnostics),
    path: nearest.path,
    ...(nearest.source !== undefined ? { source: nearest.source } : {}),
  };
}

/** One file: no `path` when there is none (ENOENT) and it was not named. */
async function readConfigFile(candidate: string, named: boolean): Promise<ConfigResult> {
  let bytes: Buffer;
  try {
    // A regular file only, at most 64 MiB: a config that is a pipe or a link to a device is refused, never read.
    bytes = await readFileBytes(candidate, { named });
  } catch (err) {
    const code = (err as UnreadableFileError).code;
    if (!named && (code === 'ENOENT' || code === 'ENOTDIR')) return { diagnostics: [] };
    return {
      diagnostics: [{ code: 'config/unreadable', severity: 'error', message: `cannot read the config file: ${(err as Error).message}` }],
      path: candidate,
    };
  }
  let text: string;
  try {
    text = decodeUtf8(bytes);
  } catch (err) {
    if (err instanceof DsqError) return { diagnostics: err.diagnostics, path: candidate, ...(err.source !== undefined ? { source: err.source } : {}) };
    throw err;
  }
  const result = parseConfigResult(text, candidate);
  if (result.value?.overrides !== undefined && result.value.overrides.length > 0) await loadGlobs();
  return {
    ...result,
    ...(result.value !== undefined ? { value: { ...result.value, configPaths: [candidate] } } : {}),
    path: candidate,
    source: withoutBom(text),
  };
}

/** A parent's settings under a child's: the child's win, rules merge by rule, ignore patterns and overrides add up (the parent's first). */
export function mergeConfigs(parent: DsqConfig, child: DsqConfig): DsqConfig {
  const out: Record<string, unknown> = { ...parent, ...child };
  if (parent.rules !== undefined && child.rules !== undefined) out.rules = { ...parent.rules, ...child.rules };
  if (parent.ignore !== undefined && child.ignore !== undefined) out.ignore = [...parent.ignore, ...child.ignore];
  if (parent.overrides !== undefined && child.overrides !== undefined) out.overrides = [...parent.overrides, ...child.overrides];
  return out as DsqConfig;
}

/**
 * The settings for one file: `config` with each of its `overrides` whose `files` match the
 * file (and no `excludedFiles` do) applied in order, the later winning, rules merged by rule.
 * A glob without a `/` matches the file's name in any folder; others match the path relative
 * to the folder of the config that holds the override.
 */
export function configForFile(config: DsqConfig, file: string): DsqConfig {
  const overrides = config.overrides ?? [];
  let out: DsqConfig = config;
  for (const o of overrides) if (overrideMatches(o, file)) out = mergeConfigs(out, o.settings);
  return out;
}

const matchers = new WeakMap<ConfigOverride, { files: (p: string) => boolean; excluded: (p: string) => boolean }>();

function overrideMatches(o: ConfigOverride, file: string): boolean {
  const rel = relative(o.base, resolve(file));
  if (rel === '' || rel.startsWith('..') || resolve(rel) === rel) return false;
  let m = matchers.get(o);
  if (m === undefined) {
    m = { files: globsMatcher(o.files), excluded: globsMatcher(o.excludedFiles) };
    matchers.set(o, m);
  }
  const posix = rel.split(sep).join('/');
  return m.files(posix) && !m.excluded(posix);
}

/**
 * picomatch, imported when a config file with `overrides` is read (a config without them, the
 * usual case, and `dsq compile` of one file never load it). Every config reaches
 * `configForFile` through `readConfigFile`, so it is there when an override is matched.
 */
let picomatch: typeof import('picomatch') | undefined;
async function loadGlobs(): Promise<void> {
  picomatch ??= (await import('picomatch')).default;
}

/** A test of a `/`-separated relative path: a glob without `/` matches the file's name in any folder, one with `/` the whole path. */
function globsMatcher(globs: readonly string[]): (path: string) => boolean {
  const byName = globs.filter((g) => !g.includes('/'));
  const byPath = globs.filter((g) => g.includes('/'));
  if (picomatch === undefined) throw new Error('internal: an override was matched before its config file was read');
  const name = byName.length === 0 ? () => false : picomatch(byName, { dot: true });
  const path = byPath.length === 0 ? () => false : picomatch(byPath, { dot: true });
  return (p) => path(p) || name(p.slice(p.lastIndexOf('/') + 1));
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Read and check the text of a config file at `path` (for messages and relative paths).
 * Throws a `ConfigError` with every diagnostic; `parseConfigResult` gives them without throwing.
 */
export function parseConfig(text: string, path: string): DsqConfig {
  const result = parseConfigResult(text, path);
  if (result.value === undefined || hasErrors(result.diagnostics)) throw new ConfigError(result.diagnostics, withoutBom(text), path);
  return result.value;
}

/**
 * `parseConfig` without throwing. The text is read by the spec JSON reader in strict mode (no
 * trailing comma, no `undefined`: other tools read the file too), which keeps every number's
 * text exactly and knows where each value is: every problem of the file is reported at once,
 * with its line, column and JSON pointer: a JSON error (`"width": 1e400` names 1e400, a
 * duplicate key is an error rather than silently the last one), then every bad setting.
 */
export function parseConfigResult(text: string, path: string): Result<DsqConfig> {
  const read = readJsonText(withoutBom(text), { strict: true });
  const problems: Diagnostic[] = [...read.diagnostics];
  const value = read.value;
  if (value === undefined) return { diagnostics: problems };
  const bad = (at: JsonValue, message: string, expected: string, span: Span | null = at.span) => {
    // A value the JSON reader already reported is not reported again.
    if (read.bad.has(at.pointer)) return;
    problems.push({ code: 'config/invalid', severity: 'error', message, pointer: at.pointer, ...(span ? { span } : {}), expected });
  };
  if (value.type !== 'object') {
    bad(value, `the config must be a JSON object, got ${describe(value)}`, 'an object');
    return { diagnostics: problems };
  }
  const out: { -readonly [K in keyof DsqConfig]: DsqConfig[K] } = { configPath: path };
  readSettings(value.members, { base: dirname(path), bad }, out);
  if (hasErrors(problems)) return { diagnostics: capDiagnostics(problems) };
  return { value: out, diagnostics: problems };
}
