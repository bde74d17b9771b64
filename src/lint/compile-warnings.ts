import type { Diagnostic } from '../diagnostic/diagnostic.js';
import type { Schema } from '../schema/index.js';
import { lintWithRules } from './lint-with.js';
import type { LintDocument, Rule, RulesConfig } from './rule-api.js';
import { quotedText } from './rules/quoted-text.js';
import { unknownFunction } from './rules/unknown-function.js';

/**
 * The rules `dsq compile` runs and shows as warnings: text that compiles but may not say what was
 * meant (a double-quoted name that looks like text; a function outside the spec's table, with
 * "did you mean"). They are lint's own rules, so compile and lint say the same thing; this module
 * imports only them (not the registry of every rule), so `dsq compile` loads no other rule.
 */
export const COMPILE_RULES: readonly Rule[] = [quotedText, unknownFunction];

/**
 * The warnings `dsq compile` shows for a parsed document: COMPILE_RULES, each with its setting
 * in `rules` ("off" silences it; options such as unknown-function's `allow` apply). A finding
 * is a warning here whatever its lint severity (the text compiles).
 */
export function compileWarnings(doc: LintDocument, options: { readonly schema?: Schema | null; readonly rules?: RulesConfig } = {}): Diagnostic[] {
  const rules: RulesConfig = Object.fromEntries(
    COMPILE_RULES.flatMap((rule) => {
      const own = options.rules?.[rule.meta.id];
      return own === undefined ? [] : [[rule.meta.id, own]];
    }),
  );
  const found = lintWithRules(doc, COMPILE_RULES, { schema: options.schema ?? null, rules }).diagnostics;
  return found.map((d) => ({ ...d, severity: 'warning' as const }));
}
