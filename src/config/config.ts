import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { DsqError, LineIndex, type Diagnostic, type Span } from '../diagnostic/index.js';
import { describe } from '../json/parts.js';
import { readSpecJson } from '../json/read-text.js';
import { decodeUtf8 } from '../diagnostic/utf8.js';
import type { JsonValue } from '../json/value.js';

/**
 * Rule levels, written once: the config reader (here), lint's rule settings (src/lint/config.ts)
 * and their types (src/lint/types.ts) all read these.
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
 * nearest one above it, and read it. No config file gives `{}`.
 */
export async function loadConfig(startPath: string): Promise<DsqConfig> {
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
      bytes = await readFile(candidate);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        throw new ConfigError([{ code: 'config/unreadable', severity: 'error', message: `cannot read the config file: ${(err as Error).message}` }], undefined, candidate);
      }
    }
    if (bytes !== null) {
      let text: string;
      try {
        text = decodeUtf8(bytes);
      } catch (err) {
        if (err instanceof DsqError) throw new ConfigError(err.diagnostics, err.source, candidate);
        throw err;
      }
      return parseConfig(text, candidate);
    }
    const parent = dirname(dir);
    if (parent === dir) return {};
    dir = parent;
  }
}

const KEYWORD_CASES = ['upper', 'lower', 'preserve'];
const LEVELS: readonly string[] = RULE_LEVELS;
const SETTINGS = ['width', 'keywordCase', 'indent', 'schema', 'rules'];

/**
 * Read and check the text of a config file at `path` (for messages and the schema path).
 *
 * The text must be strict JSON (`JSON.parse`); it is then read again with the spec JSON reader,
 * which keeps every number's text exactly and knows where each value is, so a bad value is
 * reported as written (`"width": 1e400` names 1e400, not `null`) with its line, column and
 * pointer, and a duplicate key is an error rather than silently the last one.
 */
export function parseConfig(text: string, path: string): DsqConfig {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let plain: unknown;
  try {
    plain = JSON.parse(source);
  } catch (err) {
    throw new ConfigError([jsonDiagnostic(source, (err as Error).message)], source, path);
  }
  let value: JsonValue;
  try {
    value = readSpecJson(source);
  } catch (err) {
    if (err instanceof DsqError) throw new ConfigError(err.diagnostics.map((d) => ({ ...d, code: 'config/invalid' })), source, path);
    throw err;
  }
  const problems: Diagnostic[] = [];
  const bad = (at: JsonValue, message: string, span: Span | null = at.span) =>
    problems.push({ code: 'config/invalid', severity: 'error', message, pointer: at.pointer, ...(span ? { span } : {}) });
  if (value.type !== 'object') {
    bad(value, `the config must be a JSON object, got ${describe(value)}`);
    throw new ConfigError(problems, source, path);
  }
  const out: { -readonly [K in keyof DsqConfig]: DsqConfig[K] } = { configPath: path };
  for (const member of value.members) {
    const v = member.value;
    switch (member.rawKey) {
      case 'width': {
        const n = wholeIn(v, 20, 1000);
        if (n !== null) out.width = n;
        else bad(v, `"width" must be a whole number from 20 to 1000, got ${describe(v)}`);
        break;
      }
      case 'indent': {
        const n = wholeIn(v, 0, 16);
        if (n !== null) out.indent = n;
        else bad(v, `"indent" must be a whole number from 0 to 16, got ${describe(v)}`);
        break;
      }
      case 'keywordCase':
        if (v.type === 'string' && KEYWORD_CASES.includes(v.value)) out.keywordCase = v.value as DsqConfig['keywordCase'];
        else bad(v, `"keywordCase" must be "upper", "lower" or "preserve", got ${describe(v)}`);
        break;
      case 'schema':
        if (v.type === 'string') out.schema = resolve(dirname(path), v.value);
        else bad(v, `"schema" must be a path (a non-empty string), got ${describe(v)}`);
        break;
      case 'rules':
        out.rules = checkRules(v, (plain as Record<string, unknown>).rules, bad);
        break;
      default: {
        const near = SETTINGS.find((s) => s.toLowerCase() === member.rawKey.trim().toLowerCase());
        bad(v, `unknown setting ${quoteKey(member.rawKey)} (expected ${near ? `"${near}"` : 'width, keywordCase, indent, schema or rules'})`, member.keySpan);
      }
    }
  }
  if (problems.length > 0) throw new ConfigError(problems, source, path);
  return out;
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

function checkRules(v: JsonValue, plain: unknown, bad: (at: JsonValue, message: string) => void): Record<string, RuleSetting> {
  const rules: Record<string, RuleSetting> = {};
  if (v.type !== 'object') {
    bad(v, `"rules" must be an object of rule names to "off", "info", "warning", "error" or [level, options], got ${describe(v)}`);
    return rules;
  }
  const plainRules = plain as Record<string, unknown>;
  for (const member of v.members) {
    const name = member.rawKey;
    const setting = member.value;
    if (name === '__proto__') {
      bad(setting, 'rule "__proto__" is not a rule name');
      continue;
    }
    if (setting.type === 'string' && LEVELS.includes(setting.value)) {
      rules[name] = setting.value as RuleLevel;
      continue;
    }
    if (setting.type === 'array' && setting.items.length === 2) {
      const [level, options] = setting.items as [JsonValue, JsonValue];
      if (level.type === 'string' && LEVELS.includes(level.value) && options.type === 'object') {
        rules[name] = [level.value as RuleLevel, (plainRules[name] as unknown[])[1] as Record<string, unknown>];
        continue;
      }
    }
    bad(setting, `rule ${quoteKey(name)} must be "off", "info", "warning", "error" or [level, { options }], got ${describe(setting)}`);
  }
  return rules;
}

/** A JSON.parse error as a diagnostic with the line and column of the position it names. */
function jsonDiagnostic(text: string, message: string): Diagnostic {
  const index = new LineIndex(text);
  const m = /position (\d+)/.exec(message);
  const offset = m ? Math.min(Number(m[1]), text.length) : text.length;
  const clean = message.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/s, '');
  return {
    code: 'config/bad-json',
    severity: 'error',
    message: `the config file is not valid JSON: ${clean}`,
    span: index.span(offset, Math.min(offset + 1, text.length)),
  };
}
