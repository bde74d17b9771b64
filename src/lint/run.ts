import type { Node, Select, Statement } from '../ast/nodes.js';
import { visit } from '../ast/walk.js';
import type { Span } from '../diagnostic/span.js';
import type { Schema } from '../schema/index.js';
import type { ActiveRule } from './config.js';
import { buildScope, type Clause, type SelectScope } from './scope.js';
import { SUPPRESSION_RULE_ID, checkDirectives } from './rules/suppression-comment.js';
import { applySuppressions, readDirectives } from './suppress.js';
import type { LintDiagnostic, LintDocument, Report, RuleContext, RuleVisitor } from './types.js';

type AnyHandler = (node: Node) => void;

interface Frame {
  readonly node: Node;
  /** Nearest select strictly above the node. */
  readonly select: Select | null;
  readonly clause: Clause | null;
  /** Every select strictly above the node, outermost first (shared between frames of one select). */
  readonly selects: readonly Select[];
}

/** Which part of `select` holds its direct child `child`. */
function clauseOf(select: Select, child: Node): Clause {
  if (select.where === child) return 'where';
  if (select.having === child) return 'having';
  if (select.limit === child) return 'limit';
  if (select.offset === child) return 'offset';
  if (select.from === child) return 'from';
  if (child.kind === 'result_column') return 'columns';
  if (child.kind === 'order_term') return 'order';
  // The only other children of a select are its GROUP BY expressions (no O(n) search: GROUP BY may be long).
  return 'group';
}

/**
 * Runs the active rules over a parsed document: every rule's visitor is called in ONE walk of
 * each statement (src/ast/walk.ts `visit`), then suppression comments are applied.
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
  const stack: Frame[] = [];
  const scopeCache = new Map<Select, SelectScope>();
  let statement: Statement | null = null;
  let statementSpan: Span | null = null;

  const spanOf = (node: Node): Span | null => {
    const own = doc.spans.get(node);
    if (own) return own;
    for (let i = stack.length - 1; i >= 0; i--) {
      const s = doc.spans.get((stack[i] as Frame).node);
      if (s) return s;
    }
    return statementSpan;
  };
  const scope = (select: Select): SelectScope => {
    let s = scopeCache.get(select);
    if (!s) {
      s = buildScope(select, schema);
      scopeCache.set(select, s);
    }
    return s;
  };

  const enter = new Map<string, AnyHandler[]>();
  const leave = new Map<string, AnyHandler[]>();
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
      ancestors: () => stack.slice(0, -1).map((f) => f.node),
      enclosingSelect: () => stack[stack.length - 1]?.select ?? null,
      clause: () => stack[stack.length - 1]?.clause ?? null,
      scope,
      scopes: () => {
        const selects = stack[stack.length - 1]?.selects ?? [];
        const out: SelectScope[] = [];
        for (let i = selects.length - 1; i >= 0; i--) out.push(scope(selects[i] as Select));
        return out;
      },
      spanOf,
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
        });
      },
    };
    const visitor = rule.create(context) as Record<string, AnyHandler | undefined> & RuleVisitor;
    for (const [key, handler] of Object.entries(visitor)) {
      if (typeof handler !== 'function') continue;
      if (key === 'file') fileHooks.push(handler as () => void);
      else if (key.endsWith(':exit')) push(leave, key.slice(0, -5), handler as AnyHandler);
      else push(enter, key, handler as AnyHandler);
    }
  }

  for (const hook of fileHooks) hook();
  for (const { node, span } of doc.statements) {
    statement = node;
    statementSpan = span;
    scopeCache.clear();
    stack.length = 0;
    visit(node, {
      enter(n, parent, depth) {
        stack.length = depth;
        const up = stack[depth - 1];
        const frame: Frame =
          parent && parent.kind === 'select'
            ? { node: n, select: parent, clause: clauseOf(parent, n), selects: [...(up?.selects ?? []), parent] }
            : { node: n, select: up?.select ?? null, clause: up?.clause ?? null, selects: up?.selects ?? [] };
        stack.push(frame);
        const handlers = enter.get(n.kind);
        if (handlers) for (const h of handlers) h(n);
      },
      leave(n, _parent, depth) {
        stack.length = depth + 1;
        const handlers = leave.get(n.kind);
        if (handlers) for (const h of handlers) h(n);
      },
    });
  }

  const directives = readDirectives(doc.comments);
  const { kept, used } = applySuppressions(dedupe(found), directives);
  const directiveRule = rules.find((a) => a.rule.meta.id === SUPPRESSION_RULE_ID);
  if (directiveRule) kept.push(...checkDirectives(directives, used, directiveRule.severity, registry, new Set(rules.map((a) => a.rule.meta.id))));
  return kept.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end || a.code.localeCompare(b.code));
}

function push(map: Map<string, AnyHandler[]>, key: string, handler: AnyHandler): void {
  const list = map.get(key);
  if (list) list.push(handler);
  else map.set(key, [handler]);
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
