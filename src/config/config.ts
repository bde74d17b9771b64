import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { DsqError, capDiagnostics, hasErrors, type Diagnostic, type Result, type Span } from '../diagnostic/index.js';
import { describe } from '../json/parts.js';
import { readJsonText } from '../json/read-text.js';
import { decodeUtf8 } from '../diagnostic/utf8.js';
import type { JsonValue } from '../json/value.js';
import { readFileBytes, type UnreadableFileError } from './read-file.js';

/**
 * Rule levels, written once: the config reader (here), lint's rule settings (src/lint/config.ts)
 * and their types (src/lint/rule-api.ts) all read these.
 */
export const RULE_LEVELS = ['off', 'info', 'warning', 'error'] as const;
/** The severity a rule runs at. */
export type RuleSeverity = Exclude<(typeof RULE_LEVELS)[number], 'off'>;
/** A severity, or `off`. */
export type RuleLevel = (typeof RULE_LEVELS)[number];
/** A rule's entry in dsq.config.json: a level, or a level with the rule's options. */
export type RuleSetting = RuleLevel | readonly [RuleLevel, Record<string, unknown>];

/** The settings of a `dsq.config.json`. */
export interface DsqConfig {
  readonly width?: number;
  readonly keywordCase?: 'upper' | 'lower' | 'preserve';
  readonly indent?: number;
  /** Path of a schema file, resolved against the config file's directory. */
  readonly schema?: string;
  readonly rules?: Record<string, RuleSetting>;
  /** The config file these settings came from (absent when none was found). */
  readonly configPath?: string;
}

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
 * Find `dsq.config.json` in the directory of `startPath` (a file or a directory) or the
 * nearest one above it, and read it. No config file gives `{}`. A config file that cannot be
 * read or has errors throws a `ConfigError` with all its diagnostics.
 */
export async function loadConfig(startPath: string): Promise<DsqConfig> {
  const result = await loadConfigResult(startPath);
  if (result.value === undefined || hasErrors(result.diagnostics)) throw new ConfigError(result.diagnostics, result.source, result.path ?? CONFIG_FILE);
  return result.value;
}

/** What `loadConfigResult` gives: the config when it has no error, every diagnostic, and the file (with its text) when one was found. */
export interface ConfigResult extends Result<DsqConfig> {
  /** The config file read; absent when none was found. */
  readonly path?: string;
  /** Its text (for code frames), when it could be read. */
  readonly source?: string;
}

/** `loadConfig` without throwing: the nearest config file's diagnostics (an unreadable file, bad UTF-8, bad JSON, bad settings), all of them. */
export async function loadConfigResult(startPath: string): Promise<ConfigResult> {
  let dir = resolve(startPath);
  try {
    if (!(await stat(dir)).isDirectory()) dir = dirname(dir);
  } catch {
    dir = dirname(dir);
  }
  for (;;) {
    const candidate = join(dir, CONFIG_FILE);
    let bytes: Buffer | null = null;
    try {
      // A regular file only, at most 64 MiB: a config that is a pipe or a link to a device is refused, never read.
      bytes = await readFileBytes(candidate);
    } catch (err) {
      const code = (err as UnreadableFileError).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        return { diagnostics: [{ code: 'config/unreadable', severity: 'error', message: `cannot read the config file: ${(err as Error).message}` }], path: candidate };
      }
    }
    if (bytes !== null) {
      let text: string;
      try {
        text = decodeUtf8(bytes);
      } catch (err) {
        if (err instanceof DsqError) return { diagnostics: err.diagnostics, path: candidate, ...(err.source !== undefined ? { source: err.source } : {}) };
        throw err;
      }
      const source = withoutBom(text);
      return { ...parseConfigResult(text, candidate), path: candidate, source };
    }
    const parent = dirname(dir);
    if (parent === dir) return { value: {}, diagnostics: [] };
    dir = parent;
  }
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const KEYWORD_CASES = ['upper', 'lower', 'preserve'];
const LEVELS: readonly string[] = RULE_LEVELS;
const SETTINGS = ['width', 'keywordCase', 'indent', 'schema', 'rules'];

/**
 * Read and check the text of a config file at `path` (for messages and the schema path).
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
  for (const member of value.members) {
    const v = member.value;
    switch (member.rawKey) {
      case 'width': {
        const n = wholeIn(v, 20, 1000);
        if (n !== null) out.width = n;
        else bad(v, `"width" must be a whole number from 20 to 1000, got ${describe(v)}`, 'a whole number from 20 to 1000');
        break;
      }
      case 'indent': {
        const n = wholeIn(v, 0, 16);
        if (n !== null) out.indent = n;
        else bad(v, `"indent" must be a whole number from 0 to 16, got ${describe(v)}`, 'a whole number from 0 to 16');
        break;
      }
      case 'keywordCase':
        if (v.type === 'string' && KEYWORD_CASES.includes(v.value)) out.keywordCase = v.value as DsqConfig['keywordCase'];
        else bad(v, `"keywordCase" must be "upper", "lower" or "preserve", got ${describe(v)}`, '"upper", "lower" or "preserve"');
        break;
      case 'schema':
        if (v.type === 'string') out.schema = resolve(dirname(path), v.value);
        else bad(v, `"schema" must be a path (a non-empty string), got ${describe(v)}`, 'a path (a non-empty string)');
        break;
      case 'rules':
        out.rules = checkRules(v, bad);
        break;
      default: {
        const near = SETTINGS.find((s) => s.toLowerCase() === member.rawKey.trim().toLowerCase());
        const expected = near ? `"${near}"` : 'width, keywordCase, indent, schema or rules';
        bad(v, `unknown setting ${quoteKey(member.rawKey)} (expected ${expected})`, expected, member.keySpan);
      }
    }
  }
  if (hasErrors(problems)) return { diagnostics: capDiagnostics(problems) };
  return { value: out, diagnostics: problems };
}

/** A whole number in [min, max] (also written `100.0` or `1e2`), or null. */
function wholeIn(v: JsonValue, min: number, max: number): number | null {
  if (v.type !== 'number' || !v.whole) return null;
  const n = Number(v.text);
  return n >= min && n <= max ? n : null;
}

/** A key for a message: quoted, and shortened when it is long. */
function quoteKey(key: string): string {
  return JSON.stringify(key.length > 60 ? `${key.slice(0, 40)}…${key.slice(-10)}` : key);
}

function checkRules(v: JsonValue, bad: (at: JsonValue, message: string, expected: string) => void): Record<string, RuleSetting> {
  const rules: Record<string, RuleSetting> = {};
  const expected = '"off", "info", "warning", "error" or [level, { options }]';
  if (v.type !== 'object') {
    bad(v, `"rules" must be an object of rule names to "off", "info", "warning", "error" or [level, options], got ${describe(v)}`, `an object of rule names to ${expected}`);
    return rules;
  }
  for (const member of v.members) {
    const name = member.rawKey;
    const setting = member.value;
    if (name === '__proto__') {
      bad(setting, 'rule "__proto__" is not a rule name', 'a rule name');
      continue;
    }
    if (setting.type === 'string' && LEVELS.includes(setting.value)) {
      rules[name] = setting.value as RuleLevel;
      continue;
    }
    if (setting.type === 'array' && setting.items.length === 2) {
      const [level, options] = setting.items as [JsonValue, JsonValue];
      if (level.type === 'string' && LEVELS.includes(level.value) && options.type === 'object') {
        rules[name] = [level.value as RuleLevel, plainOf(options) as Record<string, unknown>];
        continue;
      }
    }
    bad(setting, `rule ${quoteKey(name)} must be ${expected}, got ${describe(setting)}`, expected);
  }
  return rules;
}

/**
 * A JSON value as plain JS data (a rule's options): numbers as JS numbers, keys as written,
 * `""` as the empty string. Iterative: any depth.
 */
function plainOf(root: JsonValue): unknown {
  const made = new Map<JsonValue, unknown>();
  const stack: { v: JsonValue; done: boolean }[] = [{ v: root, done: false }];
  while (stack.length > 0) {
    const top = stack.pop() as { v: JsonValue; done: boolean };
    const v = top.v;
    if (v.type === 'array' || v.type === 'object') {
      if (!top.done) {
        stack.push({ v, done: true });
        const children = v.type === 'array' ? v.items : v.members.map((m) => m.value);
        for (const c of children) stack.push({ v: c, done: false });
        continue;
      }
      if (v.type === 'array') made.set(v, v.items.map((c) => made.get(c)));
      else {
        const o: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
        for (const m of v.members) o[m.rawKey] = made.get(m.value);
        made.set(v, { ...o });
      }
      continue;
    }
    made.set(v, v.type === 'null' ? (v.fromEmptyString ? '' : null) : v.type === 'number' ? Number(v.text) : v.type === 'undefined' ? undefined : v.value);
  }
  return made.get(root);
}
