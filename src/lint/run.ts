import type { DataAction, FieldExpr, FieldValue } from '../ast/data-actions.js';
import type { Node, Select, Statement } from '../ast/nodes.js';
import { visit, visitInParallel, type Visitor, type VisitInfo } from '../ast/walk.js';
import type { Span } from '../diagnostic/span.js';
import type { Schema } from '../schema/index.js';
import type { ActiveRule } from './config.js';
import { existingFieldKey } from '../syntax/field-spans.js';
import { tokenize } from '../syntax/index.js';
import { buildOwnerScope, scopeOwnerOf, type ActionScope, type Clause, type ScopeOwner, type SelectScope } from './scope.js';
import { SUPPRESSION_RULE_ID, checkDirectives } from './rules/suppression-comment.js';
import { applySuppressions, readDirectives, unknownDirectives } from './suppress.js';
import type { LintDiagnostic, LintDocument, Report, RuleContext } from './rule-api.js';

/** Where the walk is, for the rules' context: the nearest select above and the part of it the node is in. */
interface Frame {
  /** Nearest select strictly above the node. */
  readonly select: Select | null;
  readonly clause: Clause | null;
  /**
   * Every select and data action whose scope the node is in, outermost first (shared between
   * frames of one owner): the selects strictly above it, and a data action above it when the
   * node lies in a part that sees its records (src/lint/scope.ts ACTION_SCOPE_KEYS).
   */
  readonly owners: readonly ScopeOwner[];
}

const TOP: Frame = { select: null, clause: null, owners: [] };

/**
 * Runs the active rules over a parsed document: every rule's visitor is called in ONE walk of
 * each statement (src/ast/walk.ts `visit` and `visitInParallel`: a rule that skips a subtree
 * skips it for itself only), then suppression comments are applied.
 * Returns the findings sorted by position.
 */
export function runRules(
  doc: LintDocument,
  rules: readonly ActiveRule[],
  schema: Schema | null,
  /** Every rule id that exists (for suppression comments naming unknown rules). */
  registry: ReadonlySet<string> = new Set(rules.map((a) => a.rule.meta.id)),
): LintDiagnostic[] {
  const found: LintDiagnostic[] = [];
  /** The frame of each node on the path from the statement to the node being visited. */
  const frames: Frame[] = [];
  let position: VisitInfo | null = null;
  let current: Node | null = null;
  const frame = (): Frame => (position === null ? TOP : (frames[position.depth] ?? TOP));
  // Keeps `frames` and `position` up to date: the first visitor of the walk.
  const tracker: Visitor = {
    enter(node, info) {
      position = info;
      current = node;
      const up = info.depth > 0 ? (frames[info.depth - 1] as Frame) : TOP;
      const parent = info.parent;
      const owner = parent === null ? null : scopeOwnerOf(parent, info.key);
      frames[info.depth] =
        owner === null
          ? up
          : owner.kind === 'select'
            ? { select: owner, clause: info.key as Clause, owners: [...up.owners, owner] }
            : { select: up.select, clause: up.clause, owners: [...up.owners, owner] };
      frames.length = info.depth + 1;
    },
    leave(node, info) {
      position = info;
      current = node;
      frames.length = info.depth + 1;
    },
  };
  const scopeCache = new Map<ScopeOwner, SelectScope | ActionScope>();
  let statement: Statement | null = null;
  let statementSpan: Span | null = null;

  const spanOf = (node: Node): Span | null => {
    const own = doc.spans.get(node);
    if (own) return own;
    if (position === null || current === null) return statementSpan;
    // The node being visited, or the nearest located node above it.
    const here = doc.spans.get(current);
    if (here) return here;
    const above = position.ancestors();
    for (let i = above.length - 1; i >= 0; i--) {
      const s = doc.spans.get(above[i] as Node);
      if (s) return s;
    }
    return statementSpan;
  };
  const scopeOf = (owner: ScopeOwner): SelectScope | ActionScope => {
    let s = scopeCache.get(owner);
    if (!s) {
      s = buildOwnerScope(owner, schema);
      scopeCache.set(owner, s);
    }
    return s;
  };
  const propertySpan = (node: Node, property: string): Span | null => {
    const key = existingFieldKey(node, property);
    return key === undefined ? null : (doc.spans.get(key) ?? null);
  };
  const fieldNameSpan = (node: FieldValue | FieldExpr): Span | null => {
    // In VALUES the name stands in the column list, apart from each row's value: the action
    // holds its span (src/syntax/write-rules.ts), one for all the rows.
    const owner = frame().owners.at(-1);
    const column = owner === undefined || owner.kind === 'select' ? null : propertySpan(owner, `columns/${node.field}`);
    if (column !== null) return column;
    // Elsewhere the node's span starts with the name.
    const own = doc.spans.get(node);
    const name = own === undefined ? undefined : tokenize(doc.text.slice(own.start, own.end))[0];
    return own === undefined || name === undefined ? null : leadingSpan(own, name.image);
  };
  const scope = (select: Select): SelectScope => scopeOf(select) as SelectScope;
  const actionScope = (action: DataAction): ActionScope => scopeOf(action) as ActionScope;

  const visitors: Visitor[] = [tracker];
  const fileHooks: (() => void)[] = [];
  for (const active of rules) {
    const { rule, severity, options } = active;
    const context: RuleContext = {
      ruleId: rule.meta.id,
      options,
      text: doc.text,
      parseDiagnostics: doc.diagnostics,
      schema,
      statement: () => statement as Statement,
      ancestors: () => (position === null ? [] : position.ancestors()),
      enclosingSelect: () => frame().select,
      clause: () => frame().clause,
      scope,
      actionScope,
      scopes: () => {
        const owners = frame().owners;
        const out: (SelectScope | ActionScope)[] = [];
        for (let i = owners.length - 1; i >= 0; i--) out.push(scopeOf(owners[i] as ScopeOwner));
        return out;
      },
      spanOf,
      spanOfProperty: propertySpan,
      spanOfFieldName: fieldNameSpan,
      sourceOf: (node) => {
        const s = doc.spans.get(node);
        return s ? doc.text.slice(s.start, s.end) : null;
      },
      report: (r: Report) => {
        const span = r.span ?? (r.node ? spanOf(r.node) : null) ?? statementSpan;
        if (!span) return;
        found.push({
          code: rule.meta.id,
          severity,
          message: r.message,
          span,
          ...(r.hint ? { hint: r.hint } : {}),
          ...(r.fix ? { fix: r.fix } : {}),
          ...(r.suggestions && r.suggestions.length > 0 ? { suggestions: r.suggestions } : {}),
        });
      },
    };
    const { file, ...visitor } = rule.create(context);
    if (file) fileHooks.push(file);
    visitors.push(visitor);
  }

  for (const hook of fileHooks) hook();
  for (const { node, span } of lintedStatements(doc)) {
    statement = node;
    statementSpan = span;
    scopeCache.clear();
    frames.length = 0;
    // Every rule in one walk (src/ast/walk.ts), the tracker first.
    visit(node, visitInParallel(visitors));
    position = null;
    current = null;
  }

  const directives = readDirectives(doc.comments);
  const { kept, used } = applySuppressions(dedupe(found), directives);
  const directiveRule = rules.find((a) => a.rule.meta.id === SUPPRESSION_RULE_ID);
  if (directiveRule)
    kept.push(
      ...checkDirectives(directives, used, directiveRule.severity, registry, new Set(rules.map((a) => a.rule.meta.id)), unknownDirectives(doc.comments)),
    );
  return kept.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end || a.code.localeCompare(b.code));
}

/**
 * The statements the rules run on, in text order: every valid one, and every one that reads as
 * a statement but breaks a spec rule (its other findings are not hidden by that error). A tree
 * recovered from syntax errors holds stand-ins for what is missing: no rule runs on it.
 */
function lintedStatements(doc: LintDocument): readonly { readonly node: Statement; readonly span: Span }[] {
  const spec = (doc.recovered ?? []).filter((r) => !r.syntax);
  if (spec.length === 0) return doc.statements;
  return [...doc.statements, ...spec].sort((a, b) => a.span.start - b.span.start);
}

/** A node object shared by two places of a tree is walked twice; report its findings once. */
function dedupe(list: readonly LintDiagnostic[]): LintDiagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.code}\u0000${d.span.start}\u0000${d.span.end}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The span of `image` written at the start of `span`. */
function leadingSpan(span: Span, image: string): Span {
  const end = span.start + image.length;
  const breaks = image.match(/\r\n|\r|\n/g);
  if (breaks === null) return { ...span, end, endLine: span.line, endColumn: span.column + image.length };
  const last = breaks[breaks.length - 1] as string;
  return { ...span, end, endLine: span.line + breaks.length, endColumn: image.length - (image.lastIndexOf(last) + last.length) + 1 };
}
