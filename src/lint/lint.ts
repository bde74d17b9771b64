import type { Statement } from '../ast/nodes.js';
import type { Schema } from '../schema/index.js';
import { parseDocument, type ParseOptions } from '../syntax/index.js';
import { DsqError } from '../diagnostic/diagnostic.js';
import { applyFixes, fixInKeywordCase } from './fix.js';
import { lintWithRules } from './lint-with.js';
import { RULES } from './registry.js';
import type { LintDiagnostic, LintDocument, Rule, RulesConfig } from './rule-api.js';

export interface LintOptions {
  /** The database definitions (src/schema `readSchema`); the schema rules stay silent without. */
  readonly schema?: Schema | null;
  /** Severities and options by rule id, as `rules` in dsq.config.json. Unknown ids are an error. */
  readonly rules?: RulesConfig;
  /** Parser options (nesting limit). */
  readonly parse?: ParseOptions;
  /** The rules to run (default: every registered rule). */
  readonly registry?: readonly Rule[];
}

export interface LintResult {
  /** Every finding, sorted by position: code = rule id, severity, message, span (line/column/endLine/endColumn), hint, fix. */
  readonly diagnostics: readonly LintDiagnostic[];
  readonly errorCount: number;
  readonly warningCount: number;
  /** Infos: advice (the spec's defaults, permanent writes), never a reason to fail. */
  readonly infoCount: number;
  /** How many findings carry a fix. */
  readonly fixableCount: number;
  /** True when the parser reported syntax errors (then `--fix` leaves the file alone). */
  readonly syntaxErrors: boolean;
}

/** Lints a document the parser (or a test) produced. Throws DsqError for a bad rules configuration. */
export function lintDocument(doc: LintDocument, options: LintOptions = {}): LintResult {
  return lintWithRules(doc, options.registry ?? RULES, options);
}

/** Lints dsq text: parses it (recovering from syntax errors) and runs every rule in one walk per statement. */
export function lint(text: string, options: LintOptions = {}): LintResult {
  return lintDocument(parseDocument(text, options.parse), options);
}

const NO_SPAN = { start: 0, end: 0, line: 1, column: 1, endLine: 1, endColumn: 1 } as const;

/**
 * Lints statements that did not come from text (the JSON reader, the builder): every finding
 * is placed at line 1, column 1, and the rules that read source text (empty-string) stay silent.
 */
export function lintStatements(statements: readonly Statement[], options: LintOptions = {}): LintResult {
  return lintDocument(
    { text: '', statements: statements.map((node) => ({ node, span: NO_SPAN })), spans: new WeakMap(), comments: [], diagnostics: [] },
    options,
  );
}

export interface FixResult {
  /** The text after the fixes (the input unchanged when nothing applied or the text has syntax errors). */
  readonly text: string;
  /** How many fixes were applied over all passes. */
  readonly applied: number;
  /** How many passes applied fixes. */
  readonly passes: number;
  /** The findings of the final text (what is left: `result.fixableCount` is 0 unless the passes ran out). */
  readonly result: LintResult;
}

export interface FixOptions extends LintOptions {
  /** The case of the keywords the fixes write (`IS NULL`), as the file's `keywordCase` (default upper). */
  readonly keywordCase?: 'upper' | 'lower' | 'preserve';
  /**
   * Tidies the text after each pass that applied fixes (the CLI formats it); a fix can then
   * reveal another finding, which the next pass fixes. Throwing a DsqError (or returning text
   * with syntax errors) keeps the untidied text.
   */
  readonly format?: (text: string) => string;
}

/** The most fix passes: a fix can reveal another finding, but not forever. */
export const MAX_FIX_PASSES = 5;

/**
 * Applies the safe fixes until no fixable finding is left (at most MAX_FIX_PASSES passes,
 * re-linting after each, tidying with `format` when given). Every fix offered was checked to
 * parse (see lintDocument). Never changes a text with syntax errors, and never keeps a pass
 * that would introduce one. Without `format` only what the fixes change changes: `dsq lint
 * --fix` and the language server's "fix all" both run this.
 */
export function fixText(text: string, options: FixOptions = {}): FixResult {
  let current = text;
  let result = lint(current, options);
  let applied = 0;
  let passes = 0;
  while (passes < MAX_FIX_PASSES && !result.syntaxErrors && result.fixableCount > 0) {
    const keywordCase = options.keywordCase ?? 'upper';
    const text = current;
    const next = applyFixes(
      current,
      keywordCase === 'upper' ? result.diagnostics : result.diagnostics.map((d) => (d.fix ? { ...d, fix: fixInKeywordCase(d.fix, text, keywordCase) } : d)),
    );
    if (next.applied === 0 || next.text === current) break;
    let nextText = next.text;
    let nextResult = lint(nextText, options);
    if (nextResult.syntaxErrors) break;
    if (options.format !== undefined) {
      const tidy = tidied(nextText, options);
      if (tidy !== null) {
        nextText = tidy.text;
        nextResult = tidy.result;
      }
    }
    current = nextText;
    result = nextResult;
    applied += next.applied;
    passes++;
  }
  return { text: current, applied, passes, result };
}

/** The text tidied by options.format and its findings, or null when that fails or breaks it. */
function tidied(text: string, options: FixOptions): { text: string; result: LintResult } | null {
  let out: string;
  try {
    out = (options.format as (text: string) => string)(text);
  } catch (err) {
    if (err instanceof DsqError) return null;
    throw err;
  }
  if (out === text) return null;
  const result = lint(out, options);
  return result.syntaxErrors ? null : { text: out, result };
}
