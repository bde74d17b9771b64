import { RULE_LEVELS } from '../config/config.js';
import { DsqError, type Diagnostic } from '../diagnostic/diagnostic.js';
import { didYouMean } from '../diagnostic/suggest.js';
import type { OptionType, Rule, RuleConfig, RuleLevel, RuleSeverity, RulesConfig } from './rule-api.js';

/** A rule as it will run: its severity and options after the configuration is applied. */
export interface ActiveRule {
  readonly rule: Rule;
  readonly severity: RuleSeverity;
  readonly options: Readonly<Record<string, unknown>>;
}

const SETTINGS: ReadonlySet<string> = new Set(RULE_LEVELS);

function optionProblem(type: OptionType, value: unknown): string | null {
  switch (type) {
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? null : 'an array of strings';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'true or false';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'a number';
    case 'record<number>':
      return typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0)
        ? null
        : 'an object of names to whole numbers';
  }
}

/**
 * Applies a `rules` configuration to the registry: every rule at its default severity unless
 * configured. Unknown rule ids, bad severities and bad options are errors (a DsqError listing
 * every problem), never ignored.
 */
export function resolveRules(registry: readonly Rule[], config: RulesConfig | undefined): ActiveRule[] {
  const problems: Diagnostic[] = [];
  const byId = new Map(registry.map((r) => [r.meta.id, r]));
  const settings = new Map<string, { severity: RuleLevel; options: Record<string, unknown> }>();
  for (const [id, raw] of Object.entries(config ?? {})) {
    const rule = byId.get(id);
    if (!rule) {
      problems.push({
        code: 'lint/unknown-rule',
        severity: 'error',
        message: `Unknown lint rule "${id}" in the configuration${didYouMean(id, byId.keys())}.`,
        hint: 'Run `dsq lint --list-rules` to see every rule id.',
      });
      continue;
    }
    const [setting, options] = Array.isArray(raw) ? (raw as readonly [unknown, unknown]) : [raw as RuleConfig, {}];
    if (typeof setting !== 'string' || !SETTINGS.has(setting)) {
      problems.push({
        code: 'lint/bad-rule-config',
        severity: 'error',
        message: `Rule "${id}": the severity must be "off", "info", "warning" or "error", or an array [severity, options]; got ${JSON.stringify(raw)}.`,
      });
      continue;
    }
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      problems.push({ code: 'lint/bad-rule-config', severity: 'error', message: `Rule "${id}": the options must be an object.` });
      continue;
    }
    const known = rule.meta.options ?? {};
    for (const [name, value] of Object.entries(options as Record<string, unknown>)) {
      // (Own options only: `constructor`, `toString`, `__proto__` are no option of any rule.)
      const type = Object.hasOwn(known, name) ? known[name] : undefined;
      if (!type) {
        const names = Object.keys(known);
        problems.push({
          code: 'lint/bad-rule-config',
          severity: 'error',
          message: `Rule "${id}" has no option "${name}" (${names.length ? `options: ${names.join(', ')}` : 'it takes no options'}).`,
        });
        continue;
      }
      const want = optionProblem(type, value);
      if (want) problems.push({ code: 'lint/bad-rule-config', severity: 'error', message: `Rule "${id}": option "${name}" must be ${want}.` });
    }
    settings.set(id, { severity: setting as RuleLevel, options: options as Record<string, unknown> });
  }
  if (problems.length > 0) throw new DsqError(problems);
  const out: ActiveRule[] = [];
  for (const rule of registry) {
    const s = settings.get(rule.meta.id);
    const severity = s ? s.severity : rule.meta.severity;
    if (severity === 'off') continue;
    out.push({ rule, severity, options: s?.options ?? {} });
  }
  return out;
}
