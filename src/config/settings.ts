import { resolve } from 'node:path';
import type { Span } from '../diagnostic/index.js';
import { describe } from '../json/parts.js';
import type { JsonValue } from '../json/value.js';
import {
  RULE_LEVELS,
  WIDTH_RANGE,
  INDENT_RANGE,
  KEYWORD_CASES,
  FUNCTION_CASES,
  CASE_SETTINGS,
  type ConfigOverride,
  type DsqConfig,
  type GenSettings,
  type JsonSchema,
  type RuleLevel,
  type RuleSetting,
} from './config-types.js';

/**
 * The settings of `dsq.config.json`, written once: each entry reads and checks its value, and
 * says what it holds as a JSON Schema fragment. The config reader (config.ts) reads a file with
 * this table, and the JSON Schema shipped with the package (dsq.config.schema.json, written by
 * `configJsonSchema` through `npm run config-schema`) lists exactly these keys, so an editor's
 * completion and dsq agree on what a config may say.
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** What a setting's reader is given. */
export interface ReadContext {
  /** The config file's folder: relative paths and patterns are relative to it. */
  readonly base: string;
  /** Report a bad value: its message and what was expected (at the value, or at `span`). */
  readonly bad: (at: JsonValue, message: string, expected: string, span?: Span | null) => void;
}

export interface Setting {
  /** One line for the JSON Schema's description. */
  readonly description: string;
  /** The value's JSON Schema. */
  readonly schema: JsonSchema;
  /** It may be set in an entry of `"overrides"` too. */
  readonly inOverrides: boolean;
  readonly read: (v: JsonValue, cx: ReadContext, out: Mutable<DsqConfig>) => void;
}

/** A whole number in [min, max] (also written `100.0` or `1e2`), or null. */
function wholeIn(v: JsonValue, min: number, max: number): number | null {
  if (v.type !== 'number' || !v.whole) return null;
  const n = Number(v.text);
  return n >= min && n <= max ? n : null;
}

const quoteList = (items: readonly string[]) =>
  `${items
    .slice(0, -1)
    .map((i) => `"${i}"`)
    .join(', ')} or "${items[items.length - 1]}"`;

function wholeSetting(name: 'width' | 'indent', range: { readonly min: number; readonly max: number }, description: string): Setting {
  const expected = `a whole number from ${range.min} to ${range.max}`;
  return {
    description,
    schema: { type: 'integer', minimum: range.min, maximum: range.max },
    inOverrides: true,
    read: (v, cx, out) => {
      const n = wholeIn(v, range.min, range.max);
      if (n !== null) out[name] = n;
      else cx.bad(v, `"${name}" must be ${expected}, got ${describe(v)}`, expected);
    },
  };
}

function choiceSetting<K extends 'keywordCase' | 'functionCase'>(name: K, choices: readonly string[], description: string): Setting {
  return {
    description,
    schema: { enum: [...choices] },
    inOverrides: true,
    read: (v, cx, out) => {
      if (v.type === 'string' && choices.includes(v.value)) out[name] = v.value as DsqConfig[K];
      else cx.bad(v, `"${name}" must be ${quoteList(choices)}, got ${describe(v)}`, quoteList(choices));
    },
  };
}

function caseSetting(name: keyof typeof CASE_SETTINGS, choices: readonly string[]): Setting {
  const { what, choices: notes } = CASE_SETTINGS[name];
  return choiceSetting(name, choices, `${what}: upper (default), lower, or preserve (${notes.preserve}).`);
}

/** A non-empty string, or null after reporting it. */
function pathOf(v: JsonValue, name: string, cx: ReadContext): string | null {
  if (v.type === 'string' && v.value !== '') return v.value;
  cx.bad(v, `"${name}" must be a path (a non-empty string), got ${describe(v)}`, 'a path (a non-empty string)');
  return null;
}

/** Strings, or one string; null after reporting it. */
function stringsOf(v: JsonValue, name: string, cx: ReadContext, what: string): string[] | null {
  const items = v.type === 'array' ? v.items : [v];
  const out: string[] = [];
  for (const item of items) {
    if (item.type === 'string' && item.value !== '') out.push(item.value);
    else {
      cx.bad(item, `"${name}" must be ${what} (non-empty strings), got ${describe(item)}`, what);
      return null;
    }
  }
  if (v.type === 'array' && out.length === 0) {
    cx.bad(v, `"${name}" must list at least one ${what.replace(/^an? (array of )?/, '')}, got an empty array`, what);
    return null;
  }
  return out;
}

export const STRINGS_SCHEMA = {
  oneOf: [
    { type: 'string', minLength: 1 },
    { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
  ],
};

export const RULE_SETTING_SCHEMA = {
  oneOf: [{ enum: [...RULE_LEVELS] }, { type: 'array', items: [{ enum: [...RULE_LEVELS] }, { type: 'object' }], minItems: 2, maxItems: 2 }],
};

/** The settings of a config file, by key, in the order the JSON Schema lists them. */
export const CONFIG_SETTINGS = {
  $schema: {
    description: 'The JSON Schema of this file (for editors); dsq does not read it.',
    schema: { type: 'string' },
    inOverrides: false,
    read: (v, cx) => {
      if (v.type !== 'string') cx.bad(v, `"$schema" must be a URL or path (a string), got ${describe(v)}`, 'a string');
    },
  },
  root: {
    description: 'This is the top config: dsq.config.json files in the folders above are not read (without it, they are merged, the nearer winning).',
    schema: { type: 'boolean' },
    inOverrides: false,
    read: (v, cx, out) => {
      if (v.type === 'boolean') out.root = v.value;
      else cx.bad(v, `"root" must be true or false, got ${describe(v)}`, 'true or false');
    },
  },
  width: wholeSetting('width', WIDTH_RANGE, 'Line width the formatter fits statements into (default 80).'),
  keywordCase: caseSetting('keywordCase', KEYWORD_CASES),
  functionCase: caseSetting('functionCase', FUNCTION_CASES),
  indent: wholeSetting('indent', INDENT_RANGE, 'Spaces per indentation level (default 2).'),
  useTabs: {
    description: 'Indent with one tab per level instead of spaces.',
    schema: { type: 'boolean' },
    inOverrides: true,
    read: (v, cx, out) => {
      if (v.type === 'boolean') out.useTabs = v.value;
      else cx.bad(v, `"useTabs" must be true or false, got ${describe(v)}`, 'true or false');
    },
  },
  schema: {
    description:
      "The database definitions (what the service's schema action returns), relative to this file: the linter's schema rules, dsq gen and dsq compile read it.",
    schema: { type: 'string', minLength: 1 },
    inOverrides: true,
    read: (v, cx, out) => {
      const path = pathOf(v, 'schema', cx);
      if (path !== null) out.schema = resolve(cx.base, path);
    },
  },
  rules: {
    description: 'Lint rules by id: "off", "info", "warning", "error", or [level, { options }].',
    schema: { type: 'object', additionalProperties: RULE_SETTING_SCHEMA },
    inOverrides: true,
    read: (v, cx, out) => {
      out.rules = readRules(v, cx);
    },
  },
  ignore: {
    description: 'Files and folders the folder walks and globs of dsq fmt, lint, check and gen pass over: gitignore patterns, relative to this file.',
    schema: { type: 'array', items: { type: 'string', minLength: 1 } },
    inOverrides: false,
    read: (v, cx, out) => {
      if (v.type !== 'array') {
        cx.bad(v, `"ignore" must be an array of gitignore patterns (strings), got ${describe(v)}`, 'an array of gitignore patterns (strings)');
        return;
      }
      if (v.items.length === 0) {
        out.ignore = [];
        return;
      }
      const patterns = stringsOf(v, 'ignore', cx, 'an array of gitignore patterns');
      if (patterns !== null) out.ignore = [{ base: cx.base, patterns }];
    },
  },
  overrides: {
    description:
      'Settings for some files: [{ "files": glob or globs, "excludedFiles"?: ..., and any of width, keywordCase, functionCase, indent, useTabs, schema, rules }]. Globs are relative to this file (one without a / matches the file name in any folder); later entries win.',
    schema: {}, // filled in by configJsonSchema: the override settings are this table's
    inOverrides: false,
    read: (v, cx, out) => {
      out.overrides = readOverrides(v, cx);
    },
  },
  gen: {
    description:
      'What dsq gen reads and writes when given no files: { "include": files, folders or globs, "out": the module, "schema"?: the schema, "import"?: where it imports dsq from }, relative to this file.',
    schema: {
      type: 'object',
      properties: {
        include: { ...STRINGS_SCHEMA, description: 'Query files, folders or globs.' },
        out: { type: 'string', minLength: 1, description: 'The TypeScript module to write.' },
        schema: { type: 'string', minLength: 1, description: 'The schema (default: "schema" of this config).' },
        import: { type: 'string', minLength: 1, description: "Where the module imports dsq's runtime from (default dsq)." },
      },
      additionalProperties: false,
    },
    inOverrides: false,
    read: (v, cx, out) => {
      const gen = readGen(v, cx);
      if (gen !== null) out.gen = gen;
    },
  },
  docsUrl: {
    description: "The base of the links to the rule pages in lint reports (a rule's page is this, its id and .md); default: the pages shipped in the package.",
    schema: { type: 'string', minLength: 1 },
    inOverrides: false,
    read: (v, cx, out) => {
      if (v.type === 'string' && v.value !== '') out.docsUrl = v.value;
      else cx.bad(v, `"docsUrl" must be a URL (a non-empty string), got ${describe(v)}`, 'a URL (a non-empty string)');
    },
  },
} satisfies Record<string, Setting>;

export type SettingName = keyof typeof CONFIG_SETTINGS;
export const SETTINGS: ReadonlyMap<string, Setting> = new Map(Object.entries(CONFIG_SETTINGS));
export const SETTING_NAMES = [...SETTINGS.keys()];
/** The settings an entry of `"overrides"` may hold. */
export const OVERRIDE_SETTINGS: readonly string[] = SETTING_NAMES.filter((k) => (SETTINGS.get(k) as Setting).inOverrides);

/** A key for a message: quoted, and shortened when it is long. */
export function quoteKey(key: string): string {
  return JSON.stringify(key.length > 60 ? `${key.slice(0, 40)}…${key.slice(-10)}` : key);
}

/** Reads the members of a config object (the file, or an override's settings with `allowed`) into `out`. */
export function readSettings(
  members: Extract<JsonValue, { type: 'object' }>['members'],
  cx: ReadContext,
  out: Mutable<DsqConfig>,
  allowed: readonly string[] = SETTING_NAMES,
  skip: readonly string[] = [],
): void {
  for (const member of members) {
    const key = member.rawKey;
    if (skip.includes(key)) continue;
    const setting = allowed.includes(key) ? SETTINGS.get(key) : undefined;
    if (setting !== undefined) {
      setting.read(member.value, cx, out);
      continue;
    }
    const near = allowed.find((s) => s.toLowerCase() === key.trim().toLowerCase());
    const inTop = allowed !== SETTING_NAMES && SETTINGS.has(key);
    const expected = near ? `"${near}"` : [...allowed, ...skip].join(', ');
    const message = inTop
      ? `${quoteKey(key)} cannot be set in "overrides" (an override sets ${allowed.join(', ')})`
      : `unknown setting ${quoteKey(key)} (expected ${near ? expected : oneOf([...allowed, ...skip])})`;
    cx.bad(member.value, message, expected, member.keySpan);
  }
}

const oneOf = (items: readonly string[]) => `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

function readRules(v: JsonValue, cx: ReadContext): Record<string, RuleSetting> {
  const rules: Record<string, RuleSetting> = {};
  const levels: readonly string[] = RULE_LEVELS;
  const expected = '"off", "info", "warning", "error" or [level, { options }]';
  if (v.type !== 'object') {
    cx.bad(
      v,
      `"rules" must be an object of rule names to "off", "info", "warning", "error" or [level, options], got ${describe(v)}`,
      `an object of rule names to ${expected}`,
    );
    return rules;
  }
  for (const member of v.members) {
    const name = member.rawKey;
    const setting = member.value;
    if (name === '__proto__') {
      cx.bad(setting, 'rule "__proto__" is not a rule name', 'a rule name');
      continue;
    }
    if (setting.type === 'string' && levels.includes(setting.value)) {
      rules[name] = setting.value as RuleLevel;
      continue;
    }
    if (setting.type === 'array' && setting.items.length === 2) {
      const [level, options] = setting.items as [JsonValue, JsonValue];
      if (level.type === 'string' && levels.includes(level.value) && options.type === 'object') {
        rules[name] = [level.value as RuleLevel, plainOf(options) as Record<string, unknown>];
        continue;
      }
    }
    cx.bad(setting, `rule ${quoteKey(name)} must be ${expected}, got ${describe(setting)}`, expected);
  }
  return rules;
}

function readOverrides(v: JsonValue, cx: ReadContext): ConfigOverride[] {
  const out: ConfigOverride[] = [];
  const what = 'an array of { "files": globs, ...settings }';
  if (v.type !== 'array') {
    cx.bad(v, `"overrides" must be ${what}, got ${describe(v)}`, what);
    return out;
  }
  for (const item of v.items) {
    if (item.type !== 'object') {
      cx.bad(item, `an entry of "overrides" must be an object { "files": globs, ...settings }, got ${describe(item)}`, 'an object');
      continue;
    }
    const filesMember = item.members.find((m) => m.rawKey === 'files');
    const excludedMember = item.members.find((m) => m.rawKey === 'excludedFiles');
    if (filesMember === undefined) {
      cx.bad(item, 'an entry of "overrides" needs "files": the globs of the files it applies to', '"files"');
      continue;
    }
    const files = stringsOf(filesMember.value, 'files', cx, 'a glob or an array of globs');
    const excludedFiles = excludedMember === undefined ? [] : stringsOf(excludedMember.value, 'excludedFiles', cx, 'a glob or an array of globs');
    const settings: Mutable<DsqConfig> = {};
    readSettings(item.members, cx, settings, OVERRIDE_SETTINGS, ['files', 'excludedFiles']);
    if (files !== null && excludedFiles !== null) out.push({ base: cx.base, files, excludedFiles, settings });
  }
  return out;
}

function readGen(v: JsonValue, cx: ReadContext): GenSettings | null {
  if (v.type !== 'object') {
    cx.bad(v, `"gen" must be an object { "include": ..., "out": ..., "schema"?: ..., "import"?: ... }, got ${describe(v)}`, 'an object');
    return null;
  }
  const gen: Mutable<GenSettings> = { base: cx.base };
  for (const member of v.members) {
    const val = member.value;
    switch (member.rawKey) {
      case 'include': {
        const include = stringsOf(val, 'include', cx, 'a file, folder or glob, or an array of them');
        if (include !== null) gen.include = include;
        break;
      }
      case 'out': {
        const path = pathOf(val, 'out', cx);
        if (path !== null) gen.out = resolve(cx.base, path);
        break;
      }
      case 'schema': {
        const path = pathOf(val, 'schema', cx);
        if (path !== null) gen.schema = resolve(cx.base, path);
        break;
      }
      case 'import':
        if (val.type === 'string' && val.value !== '') gen.import = val.value;
        else cx.bad(val, `"import" must be a module name (a non-empty string), got ${describe(val)}`, 'a module name');
        break;
      default:
        cx.bad(
          val,
          `unknown setting ${quoteKey(member.rawKey)} in "gen" (expected include, out, schema or import)`,
          'include, out, schema or import',
          member.keySpan,
        );
    }
  }
  return gen;
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
      if (v.type === 'array')
        made.set(
          v,
          v.items.map((c) => made.get(c)),
        );
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
