/**
 * `dsq/lint`: the linter. Rules over parsed dsq text, suppression comments, fixes and reports
 * (docs/rules/<id>.md), and the types a rule is written with. Names are listed one by one: the
 * spec tables the language server reads (functions, record attributes, database tables), the fix
 * pass limit and the reporters' table are how the linter works inside, imported from their files.
 */
export type {
  Fix,
  LintDiagnostic,
  LintDocument,
  OptionType as LintOptionType,
  Report as LintFinding,
  Rule as LintRule,
  RuleConfig as LintRuleConfig,
  RuleContext as LintRuleContext,
  RuleMeta as LintRuleMeta,
  RuleSeverity as LintSeverity,
  RulesConfig as LintRulesConfig,
  RuleVisitor as LintRuleVisitor,
  SourceComment,
  TextEdit,
} from './rule-api.js';
export { lint, lintDocument, lintStatements, fixText, type LintOptions, type LintResult, type FixResult, type FixOptions } from './lint.js';
export { applyFixes } from './fix.js';
export { RULES as LINT_RULES, findRule as findLintRule } from './registry.js';
export {
  REPORT_FORMATS as LINT_REPORT_FORMATS,
  formatReport as formatLintReport,
  type FileReport as LintFileReport,
  type ReportFormat as LintReportFormat,
} from './report/index.js';
