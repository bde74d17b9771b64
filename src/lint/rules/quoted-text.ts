import type { ColumnRef, Expr } from '../../ast/nodes.js';
import { fieldCategory } from '../../schema/index.js';
import { resolveColumn, resolveDatabaseColumn } from '../schema-columns.js';
import type { Rule, RuleContext } from '../rule-api.js';
import { COMPARISONS, comparedPairs } from '../compared.js';

/** Comparisons whose sides are values (a quoted name there may be meant as text). */

/** A name written as one double-quoted identifier (`"paid"`), not a path (`"a b".c`). */
const QUOTED_NAME = /^"(?:[^"]|"")*"$/;

/**
 * A double-quoted name that looks like text: in SQL readers' habits `"paid"` may be meant as the
 * string 'paid', but in dsq (as in standard SQL) double quotes make a name. Reported when the
 * name holds white space or a `%` (text or a LIKE pattern, rarely a column), unless it is
 * compared with a text literal; and, with a schema, when no column of that name is in scope and
 * it is compared with a text field. `dsq compile` gives the same warning (it runs this rule).
 */
export const quotedText: Rule = {
  meta: {
    id: 'quoted-text',
    severity: 'warning',
    docs: { description: 'Reports a double-quoted name that looks like text (double quotes make a name; text takes single quotes).' },
    fixable: false,
  },
  create(context) {
    const check = (side: Expr, other: Expr) => {
      const finding = quotedTextFinding(context, side, other);
      if (finding !== null) context.report({ node: side, ...finding });
    };
    return comparedPairs(check);
  },
};

/** What this rule says about `side` compared with `other`, or null. */
function quotedTextFinding(context: RuleContext, side: Expr, other: Expr): { message: string; hint: string } | null {
  if (side.kind !== 'column') return null;
  const source = context.sourceOf(side);
  if (source === null || !QUOTED_NAME.test(source)) return null;
  const name = side.path;
  const resolved = resolveColumn(context, side, context.scopes());
  // A column the schema (or a subquery's column list) knows is a column, whatever it is called.
  if (resolved.status === 'field' || resolved.status === 'known') return null;
  const hint = `for text use single quotes: '${name.replace(/'/g, "''")}'`;
  if (/[\s%]/.test(name) && !isText(other)) return { message: `"${name}" is a column name (double quotes), but looks like text.`, hint };
  const field = resolved.status === 'unknown-field' ? textField(context, other) : null;
  if (field === null) return null;
  return { message: `"${name}" is a column name (double quotes), but no column "${name}" is in scope and it is compared with the text field ${field}.`, hint };
}

/**
 * True when this rule reports the column (`unknown-field` then leaves it alone: one finding per
 * mistake, the one that says what was likely meant).
 */
export function quotedTextClaims(context: RuleContext, node: ColumnRef): boolean {
  const parent = context.ancestors().at(-1);
  if (parent === undefined) return false;
  const others: Expr[] = [];
  if (parent.kind === 'binary' && COMPARISONS.has(parent.op)) others.push(parent.e1 === node ? parent.e2 : parent.e1);
  else if (parent.kind === 'between' && parent.e !== node) others.push(parent.e);
  else if (parent.kind === 'in' && parent.e !== node) others.push(parent.e);
  return others.some((other) => quotedTextFinding(context, node, other) !== null);
}

function isText(e: Expr): boolean {
  return e.kind === 'string';
}

/** The name of the text field `e` is, when the schema says it is one. */
function textField(context: RuleContext, e: Expr): string | null {
  const r = e.kind === 'column' ? resolveColumn(context, e, context.scopes()) : e.kind === 'database_column' ? resolveDatabaseColumn(context, e) : null;
  if (r?.status !== 'field') return null;
  return fieldCategory(r.field.type) === 'string' ? r.field.name : null;
}
