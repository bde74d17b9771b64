import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lint, type LintOptions } from '../../src/lint/lint.js';
import type { LintDiagnostic } from '../../src/lint/rule-api.js';
import { findRule } from '../../src/lint/registry.js';
import { readSchema, type Schema } from '../../src/schema/index.js';

export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

export const SCHEMA: Schema = readSchema(readFileSync(fixture('schema.json'), 'utf8'));

/** The findings of one rule. */
export function findings(text: string, rule: string, options: LintOptions = {}): LintDiagnostic[] {
  return lint(text, { ...turnedOn(rule), ...options }).diagnostics.filter((d) => d.code === rule);
}

/** Lint options that turn a rule on when it is off by default (as its page says to), else none. */
export function turnedOn(rule: string): LintOptions {
  return findRule(rule)?.meta.severity === 'off' ? { rules: { [rule]: 'info' } } : {};
}

/** `line:col` of each finding of a rule. */
export function positions(text: string, rule: string, options: LintOptions = {}): string[] {
  return findings(text, rule, options).map((d) => `${d.span.line}:${d.span.column}`);
}
