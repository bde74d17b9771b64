/** The linter: rules over parsed dsq text, suppression comments, fixes and reports (docs/rules/<id>.md). */
export type {
  Fix, LintDiagnostic, LintDocument, OptionType as LintOptionType, Report as LintFinding, Rule as LintRule,
  RuleConfig as LintRuleConfig, RuleContext as LintRuleContext, RuleMeta as LintRuleMeta, RuleSeverity as LintSeverity,
  RulesConfig as LintRulesConfig, RuleVisitor as LintRuleVisitor, SourceComment, TextEdit,
} from './rule-api.js';
export {
  lint, lintDocument, lintStatements, fixText, quotedTextWarnings, MAX_FIX_PASSES, type LintOptions, type LintResult, type FixResult, type FixOptions,
} from './lint.js';
export { applyFixes } from './fix.js';
export { RULES as LINT_RULES, findRule as findLintRule } from './registry.js';
export {
  REPORTERS as LINT_REPORTERS, REPORT_FORMATS as LINT_REPORT_FORMATS, formatReport as formatLintReport,
  type FileReport as LintFileReport, type ReportFormat as LintReportFormat,
} from './report/index.js';
// For tools (the language server): the spec's function table, record attributes and database tables.
export { FUNCTIONS, functionInfo, type FunctionInfo } from './functions.js';
export { ATTRIBUTES as RECORD_ATTRIBUTES } from './scope.js';
export { DATABASE_TABLES } from './schema-paths.js';
