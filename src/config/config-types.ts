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

/** The allowed line widths, for `"width"` and `--width` alike. */
export const WIDTH_RANGE = { min: 20, max: 1000 } as const;
/** The allowed indentation (spaces per level), for `"indent"` and `--indent` alike. */
export const INDENT_RANGE = { min: 0, max: 16 } as const;
/** How keywords are written: `preserve` keeps each one as the source spells it. */
export const KEYWORD_CASES = ['upper', 'lower', 'preserve'] as const;
/** How function names are written (`COUNT`, `count`, or as the source spells each call). */
export const FUNCTION_CASES = KEYWORD_CASES;

/**
 * The two case settings, described once: dsq.config.json's JSON Schema and the Prettier plugin's
 * options both read this (each choice with an example of what it writes).
 */
export const CASE_SETTINGS = {
  keywordCase: {
    what: 'Case of keywords',
    choices: { upper: 'SELECT ... FROM ...', lower: 'select ... from ...', preserve: 'each keyword as written' },
  },
  functionCase: {
    what: 'Case of function names',
    choices: { upper: 'COUNT(*)', lower: 'count(*)', preserve: 'each call as written' },
  },
} as const satisfies Record<'keywordCase' | 'functionCase', { what: string; choices: Record<(typeof KEYWORD_CASES)[number], string> }>;

/** The layout settings `dsq fmt`, `dsq decompile` and the Prettier plugin read. */
export interface LayoutSettings {
  readonly width?: number;
  readonly keywordCase?: (typeof KEYWORD_CASES)[number];
  readonly functionCase?: (typeof FUNCTION_CASES)[number];
  readonly indent?: number;
  /** Indent with tabs (one per level) instead of `indent` spaces. */
  readonly useTabs?: boolean;
}

/** Gitignore patterns from a config (`"ignore"`), matched against paths relative to `base` (the config's folder). */
export interface IgnorePatterns {
  readonly base: string;
  readonly patterns: readonly string[];
}

/** What an entry of `"overrides"` may set for the files it matches. */
export interface OverrideSettings extends LayoutSettings {
  readonly schema?: string;
  readonly rules?: Record<string, RuleSetting>;
}

/** An entry of `"overrides"`: settings for the files matching `files` (globs relative to `base`) and none of `excludedFiles`. */
export interface ConfigOverride {
  readonly base: string;
  readonly files: readonly string[];
  readonly excludedFiles: readonly string[];
  readonly settings: OverrideSettings;
}

/** `"gen"`: what `dsq gen` reads and writes when no files are given. Paths resolved against the config's folder (`base`). */
export interface GenSettings {
  readonly base: string;
  /** Files, folders or globs of query files, relative to `base`. */
  readonly include?: readonly string[];
  /** The module to write (absolute). */
  readonly out?: string;
  /** The schema (absolute). */
  readonly schema?: string;
  /** Where the module imports dsq's runtime from. */
  readonly import?: string;
}

/** The settings of a `dsq.config.json` (several merged: see config.ts). */
export interface DsqConfig extends LayoutSettings {
  /** Path of a schema file, resolved against the config file's directory. */
  readonly schema?: string;
  readonly rules?: Record<string, RuleSetting>;
  readonly ignore?: readonly IgnorePatterns[];
  readonly overrides?: readonly ConfigOverride[];
  readonly gen?: GenSettings;
  /** The base of the rule pages' links: a rule's page is this, the rule id and `.md`. */
  readonly docsUrl?: string;
  /** This config is the last: the folders above it are not searched. */
  readonly root?: boolean;
  /** The nearest config file these settings came from (absent when none was found). */
  readonly configPath?: string;
  /** Every config file merged, nearest first (absent when none was found). */
  readonly configPaths?: readonly string[];
}

/** The layout settings of a config alone (what the formatter reads), without the unset ones. */
export function layoutOf(config: DsqConfig): LayoutSettings {
  return {
    ...(config.width !== undefined ? { width: config.width } : {}),
    ...(config.indent !== undefined ? { indent: config.indent } : {}),
    ...(config.keywordCase !== undefined ? { keywordCase: config.keywordCase } : {}),
    ...(config.functionCase !== undefined ? { functionCase: config.functionCase } : {}),
    ...(config.useTabs !== undefined ? { useTabs: config.useTabs } : {}),
  };
}

/** A JSON Schema fragment (draft-07). */
export type JsonSchema = Readonly<Record<string, unknown>>;
