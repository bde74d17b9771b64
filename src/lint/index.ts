export type {
  Fix, LintDiagnostic, LintDocument, OptionType, Report, Rule, RuleConfig, RuleContext, RuleMeta, RuleSeverity,
  RuleSetting, RulesConfig, RuleVisitor, SourceComment, TextEdit,
} from './types.js';
export { lint, lintDocument, fixText, MAX_FIX_PASSES, type LintOptions, type LintResult, type FixResult } from './lint.js';
export { applyFixes } from './fix.js';
export { RULES, findRule } from './registry.js';
export { resolveRules, type ActiveRule } from './config.js';
export { readDirectives, applySuppressions, type Directive } from './suppress.js';
export { FUNCTIONS, functionInfo, isAggregate, type FunctionInfo } from './functions.js';
export type { Clause, SelectScope, SourceInfo } from './scope.js';
export { formatText, formatJson, formatSarif, formatGithub, REPORTERS, REPORT_FORMATS, type FileReport, type ReportFormat } from './report/index.js';
