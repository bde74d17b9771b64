import type { DataAction, FieldExpr, FieldValue } from '../ast/data-actions.js';
import type { Node, Select, Statement } from '../ast/nodes.js';
import type { Visitor } from '../ast/walk.js';
import type { Diagnostic } from '../diagnostic/diagnostic.js';
import type { Span } from '../diagnostic/span.js';
import type { Schema } from '../schema/index.js';
import type { ActionScope, Clause, SelectScope } from './scope.js';

import type { RuleLevel, RuleSetting, RuleSeverity } from '../config/config.js';

/** The rule levels (src/config/config.ts, where they are written once). */
export type { RuleLevel, RuleSetting, RuleSeverity };
/** A rule's entry in dsq.config.json (src/config/config.ts `RuleSetting`). */
export type RuleConfig = RuleSetting;
export type RulesConfig = Readonly<Record<string, RuleSetting>>;

/** One replacement of source text: `[start, end)` (0-based UTF-16 offsets) becomes `text`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A correction of a finding, as text edits on the linted source: a finding's certain `fix`, or one of its `suggestions`. */
export interface Fix {
  readonly description: string;
  readonly edits: readonly TextEdit[];
}

/** A lint finding: a diagnostic whose `code` is the rule id, always with a span. */
export interface LintDiagnostic extends Diagnostic {
  readonly code: string;
  readonly severity: RuleSeverity;
  readonly span: Span;
  /** The one certain correction: `dsq lint --fix` and the editor's "fix all" apply it. */
  readonly fix?: Fix;
  /**
   * Corrections that are likely but not certain (the "did you mean" names of unknown-field and
   * unknown-database): the editor offers each as a quick fix; `--fix` and "fix all" never apply them.
   */
  readonly suggestions?: readonly Fix[];
}

/** The kind of value a rule option holds (checked when the configuration is read). */
export type OptionType = 'string[]' | 'boolean' | 'number' | 'record<number>';

export interface RuleMeta {
  /** kebab-case, unique; the name used in config, suppression comments and reports. */
  readonly id: string;
  /** The default: a severity, or `off` for a rule a project turns on (`local-run-choice`). */
  readonly severity: RuleLevel;
  readonly docs: {
    /** One sentence: what the rule finds. */
    readonly description: string;
  };
  /** True when findings carry a fix that `--fix` applies. */
  readonly fixable: boolean;
  /** True when the rule needs a schema (`--schema` or `schema` in dsq.config.json); silent without. */
  readonly needsSchema?: boolean;
  /** Options the rule accepts in `[severity, { ... }]`, by name. */
  readonly options?: Readonly<Record<string, OptionType>>;
}

/** What a rule reports: a message, where (a node or a span), and optionally a hint and a fix. */
export interface Report {
  readonly message: string;
  readonly node?: Node;
  readonly span?: Span;
  readonly hint?: string;
  readonly fix?: Fix;
  /** Quick fixes to offer, none applied by `--fix` (LintDiagnostic `suggestions`). */
  readonly suggestions?: readonly Fix[];
}

/** What a rule sees while the runner walks a statement. */
export interface RuleContext {
  readonly ruleId: string;
  /** The rule's options from the configuration (empty when none were given). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The linted source text ('' when the statement did not come from text). */
  readonly text: string;
  /** The diagnostics of the parser for the whole file (syntax errors), recovered ones included. */
  readonly parseDiagnostics: readonly Diagnostic[];
  /** The schema, when one was given. */
  readonly schema: Schema | null;
  /** The statement being walked. */
  statement(): Statement;
  /** The nodes above the current one, root first (the current node not included). O(depth): keep it off hot paths. */
  ancestors(): readonly Node[];
  /** The nearest select strictly above the current node, or null at the top. */
  enclosingSelect(): Select | null;
  /** The part of `enclosingSelect()` the current node lies in. */
  clause(): Clause | null;
  /** Names and sources of a select (computed once per select). */
  scope(select: Select): SelectScope;
  /** The databases a data action reads or writes, as its WHERE and field names see them (computed once per action). */
  actionScope(action: DataAction): ActionScope;
  /**
   * The scopes the current node is in, innermost first: of the selects above it, and of the data
   * action above it when the node lies in a part of it that sees its records (its WHERE, records
   * specifier, SET, record expressions: src/lint/scope.ts ACTION_SCOPE_KEYS).
   */
  scopes(): readonly (SelectScope | ActionScope)[];
  /** Where a node stands in the source (falls back to its nearest located ancestor). */
  spanOf(node: Node): Span | null;
  /**
   * Where one name-holding property of a node stands, when the parser recorded it: `fields/0`
   * of FETCH RECORDS, `columns/name` of INSERT ... VALUES (the column list's name), `file` of
   * UPDATE (`FILE '...'`). Null otherwise (fall back to `spanOf(node)`).
   */
  spanOfProperty(node: Node, property: string): Span | null;
  /**
   * Where the name of a field value or field expression at or under the current node is written:
   * in VALUES, the column list's name (every row's value shares it); elsewhere (SET `a = 1`,
   * `RECORDS (a = 1)`, `KEY(a = 1)`) the first token of the node. Null when it has no text.
   */
  spanOfFieldName(node: FieldValue | FieldExpr): Span | null;
  /** The source text of a node, when it came from text. */
  sourceOf(node: Node): string | null;
  report(report: Report): void;
}

/**
 * A rule's visitor: the walker's (src/ast/walk.ts `Visitor`: handlers by node kind, a function
 * or `{ enter, leave }`, and `enter`/`leave` for every node; `false` from an enter skips the
 * subtree for this rule only), and `file`, called once per file before any statement is walked.
 */
export type RuleVisitor = Visitor & {
  readonly file?: () => void;
};

/** A lint rule, ESLint style: metadata and a factory of visitors, run in one walk with every other rule. */
export interface Rule {
  readonly meta: RuleMeta;
  create(context: RuleContext): RuleVisitor;
}

/** A comment of the source (the parser's `Comment`). */
export interface SourceComment {
  readonly kind: 'line' | 'block';
  readonly text: string;
  readonly span: Span;
}

/**
 * What the linter reads: the parser's `ParsedDocument` (src/syntax `parseDocument`) fits this
 * shape; tests may also build one from ASTs.
 */
export interface LintDocument {
  readonly text: string;
  readonly statements: readonly { readonly node: Statement; readonly span: Span }[];
  /** Statements with errors that still have a tree (ParsedDocument.recovered): the rules run on those without syntax errors too. */
  readonly recovered?: readonly { readonly node: Statement; readonly span: Span; readonly syntax: boolean }[];
  readonly spans: WeakMap<Node, Span>;
  readonly comments: readonly SourceComment[];
  readonly diagnostics: readonly Diagnostic[];
}
