import { withArticle } from '../diagnostic/article.js';
import { checkedTree, rowsProblem } from '../spec/check.js';
import { NULL, type DateTimeKind, type Expr, type IdSpec, type NameSpec, type Node, type Source, type Specifier, type WhereSpec } from '../ast/index.js';
import { checkDateTimeText } from '../ast/datetime.js';
import { checkNumber, isWholeNumber } from '../ast/numbers.js';
import { checkedCopy, checkNode, isChecked } from '../ast/checked.js';
import { kindFits, type Role } from '../ast/validate.js';
import { isExpressionLike, isQueryLike, nestedSelect, sources, type ExpressionLike } from './brand.js';
import { argumentError, describeValue, invalidValue } from './errors.js';

/**
 * The one place where the builder turns user arguments into AST nodes. Builders never
 * construct literal nodes themselves.
 *
 * Values: number → number literal (exact text; must be finite, whole numbers in the signed
 * 64-bit range); bigint → number literal (exact); string → string literal ('' is null, the
 * spec's JSON rule 1); null → null; Date → datetime by epoch milliseconds; a builder
 * expression → its node; a query → a scalar subquery; an AST node dsq checked (src/ast/checked.ts:
 * the root of a tree from the parser or the JSON reader, a node of `fromAst`'s tree, of the
 * builder or of the AST constructors; each frozen) → itself. Nothing else is syntax: any other
 * object, even one shaped like a node (`{ kind: 'column', ... }` from `JSON.parse`), is a
 * DsqError (code builder/invalid-argument) that names the argument's position and what is
 * accepted. Booleans, undefined and arrays (outside `.in([...])`) are argument errors too: the
 * AST has no boolean literal.
 *
 * `what` names the position in messages: `argument 1 of .eq()`, `template value 3`.
 */
export type Value = number | bigint | string | null | Date;

const VALUE_ACCEPTS = 'a number, bigint, string, null, Date, expression or query';

/** Exact number text of a JS number or bigint, validated under the spec's rule 6. */
export function numberText(value: number | bigint, what = 'a number'): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw invalidValue(`${what} must be finite, got ${value}`);
  const text = typeof value === 'bigint' ? value.toString() : Object.is(value, -0) ? '0' : String(value);
  const check = checkNumber(text);
  if (!check.ok) throw invalidValue(`${what}: ${check.reason}`);
  return text;
}

/** Exact whole-number text (for ids, epoch milliseconds, rows). */
export function wholeNumberText(value: unknown, what: string): string {
  if (typeof value !== 'number' && typeof value !== 'bigint') throw argumentError(`${what} must be a whole number, got ${describeValue(value)}`);
  const text = numberText(value, what);
  if (!isWholeNumber(text)) throw invalidValue(`${what} must be a whole number, got ${text}`);
  return text;
}

/** Any value or expression to an expression node. */
export function toExpr(value: unknown, what: string): Expr {
  if (isExpressionLike(value)) return value.node;
  if (isQueryLike(value)) return own({ kind: 'subquery', select: nestedSelect(value, what) });
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return leaf({ kind: 'number', value: numberText(value, what) });
    case 'string':
      return value === '' ? NULL : leaf({ kind: 'string', value });
    case 'boolean':
      throw argumentError(
        `${what} is the boolean ${value}, and the Data Service's expressions have no boolean literal: compare with 1 or 0, or pass a condition`,
      );
    case 'undefined':
      throw argumentError(`${what} is undefined: pass null for NULL`);
    default:
      break;
  }
  if (value === null) return NULL;
  if (value instanceof Date) return dateValue(value, what);
  if (Array.isArray(value)) throw argumentError(`${what} is an array: an array is only a value list, as in .in([...])`);
  return checkedNode<Expr>(value, 'expr', what, VALUE_ACCEPTS);
}

/**
 * An AST node argument: only one dsq checked is syntax. Anything else is an argument error naming
 * the position, what it accepts, and (for a node-shaped object) the way in for other trees.
 */
function checkedNode<T extends Node>(value: unknown, role: Role, what: string, accepts: string): T {
  if (isChecked(value)) {
    if (!kindFits(value.kind, role)) throw argumentError(`${what} must be ${accepts}, got ${withArticle(`"${value.kind}"`)} node`);
    return value as T;
  }
  let kind: unknown;
  try {
    kind = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined;
  } catch {
    kind = undefined;
  }
  if (typeof kind === 'string') {
    throw argumentError(
      `${what} is ${describeValue(value)} that dsq did not make or check, so it is not taken as syntax (values never become syntax): pass ${accepts}; a node built by hand, or a part of a parsed tree, goes through fromAst(node) first`,
    );
  }
  throw argumentError(`${what} must be ${accepts}, got ${describeValue(value)}`);
}

function dateValue(date: Date, what: string): Expr {
  let ms: number;
  try {
    ms = Date.prototype.getTime.call(date);
  } catch {
    throw argumentError(`${what} is not a real Date (its prototype is Date's, but it was not made by new Date())`);
  }
  if (Number.isNaN(ms)) throw invalidValue(`${what} is an invalid Date`);
  return leaf({ kind: 'datetime', form: 'ms', value: String(ms) });
}

/** A leaf node whose value was checked right here (numberText, checkedText, toName...): checked, frozen. */
const leaf = <T extends Node>(node: T): T => checkNode(node);

/**
 * A node the builder made from checked parts: a checked, frozen copy (src/ast/checked.ts). When
 * a part is not checked (a node handed to `new Expression(node)`, never one builder code makes)
 * the whole node is checked as `fromAst` checks it.
 */
export function own<T extends Node>(node: T, role: Role = 'node'): T {
  if (isChecked(node)) {
    if (!kindFits(node.kind, role))
      throw argumentError(
        `expected ${role === 'expr' ? 'an expression' : withArticle(role.replace('_', ' '))} node, got ${withArticle(`"${node.kind}"`)} node`,
      );
    return node;
  }
  // A fresh node of builder code, or a node object given to a builder constructor: either way a
  // copy is checked and kept (the object given is never registered: changing it later changes nothing).
  const copy = checkedCopy(node);
  if (copy !== null && kindFits(copy.kind, role)) return copy;
  return checkedTree(node, role) as T;
}

export { checkedTree };

/** A datetime literal: epoch milliseconds (number, bigint, Date) or ISO text, validated. */
export function datetimeNode(value: unknown): Expr {
  if (value instanceof Date) return dateValue(value, 'the argument of datetime()');
  if (typeof value === 'string') return leaf({ kind: 'datetime', form: 'iso', value: checkedText('datetime', value) });
  if (typeof value !== 'number' && typeof value !== 'bigint') {
    throw argumentError(`the argument of datetime() must be ISO text, epoch milliseconds (a number or bigint) or a Date, got ${describeValue(value)}`);
  }
  return leaf({ kind: 'datetime', form: 'ms', value: wholeNumberText(value, 'datetime() epoch milliseconds') });
}

/** A local date, time or datetime literal, validated against the spec's syntax. */
export function localNode(kind: Exclude<DateTimeKind, 'datetime'>, text: unknown): Expr {
  return leaf({ kind, value: checkedText(kind, text) });
}

function checkedText(kind: DateTimeKind, text: unknown): string {
  if (typeof text !== 'string') throw argumentError(`${kind} text must be a string, got ${describeValue(text)}`);
  const reason = checkDateTimeText(kind, text);
  if (reason !== null) throw invalidValue(reason); // the spec check's reason (src/ast/datetime.ts), as text and JSON give it
  return text;
}

/** A condition: an expression builder or node (values are not conditions). */
export function toCondition(value: unknown, what: string): Expr {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    throw argumentError(`${what} must be a condition, an expression such as col('a').eq(1), got ${describeValue(value)}`);
  }
  return toExpr(value, what);
}

/** A name: a non-empty string. */
export function toName(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw argumentError(`${what} must be a non-empty string, got ${describeValue(value)}`);
  return value;
}

export type SingularSpecArg = number | bigint | string | IdSpec | NameSpec | WhereSpec | ExpressionLike;
/**
 * Specifier arguments: number/bigint → id, string → name, an expression → where, an array →
 * array of singular specifiers, a specifier node (from `spec.*`) → itself.
 */
export type SpecArg = SingularSpecArg | Specifier | readonly SingularSpecArg[];

const SPEC_ACCEPTS = 'an id (number), a name (string), an expression (where), an array of those, or spec.all()';

export function toSpecifier(value: unknown, what: string): Specifier {
  if (Array.isArray(value)) {
    const items: (IdSpec | NameSpec | WhereSpec)[] = [];
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) throw argumentError(`${what} is a sparse array: it has no item ${i + 1}`);
      const item: unknown = value[i];
      if (Array.isArray(item))
        throw argumentError(`item ${i + 1} of ${what} is an array: specifier arrays do not nest (an item is an id, a name or a where specifier)`);
      const s = toSpecifier(item, `item ${i + 1} of ${what}`);
      if (s.kind === 'spec_all' || s.kind === 'spec_array') throw argumentError(`item ${i + 1} of ${what} must be an id, a name or a where specifier`);
      items.push(s);
    }
    return own({ kind: 'spec_array', items });
  }
  if (typeof value === 'number' || typeof value === 'bigint') return leaf({ kind: 'spec_id', id: wholeNumberText(value, `${what} (an id)`) });
  if (typeof value === 'string') return leaf({ kind: 'spec_name', name: toName(value, `${what} (a name)`) });
  if (isExpressionLike(value)) return own({ kind: 'spec_where', where: value.node });
  return checkedNode<Specifier>(value, 'spec', what, SPEC_ACCEPTS);
}

const SOURCE_ACCEPTS = 'a table path (string), a source from table()/systemTable()/databaseTable(), or a query';

/**
 * Source arguments: a string → table by path (with the alias given beside it); a source
 * builder (`table()`, `systemTable()`, `databaseTable()`, joins) → its node; a query → a
 * subquery source (the spec gives it no alias); a source node dsq made → itself.
 */
export function toSource(value: unknown, alias: unknown, what: string): Source {
  if (typeof value === 'string') {
    return own({
      kind: 'table',
      table: toName(value, `${what} (a table path)`),
      alias: alias === null || alias === undefined ? null : toName(alias, 'an alias'),
    });
  }
  if (alias !== null && alias !== undefined) {
    throw argumentError(
      `${what}: an alias goes with a table name; give table(path, alias), systemTable(name, alias) or databaseTable(spec, name, alias) instead`,
    );
  }
  if (isQueryLike(value)) return own({ kind: 'select_source', select: nestedSelect(value, what) });
  if (sources.has(value)) return value.node;
  return checkedNode<Source>(value, 'source', what, SOURCE_ACCEPTS);
}

/** Rows per packet for the SELECT action: a whole number. */
export function rowsText(value: unknown): string {
  const text = wholeNumberText(value, 'rows of .options()');
  const problem = rowsProblem(text); // the spec check's message (src/spec/check.ts)
  if (problem !== null) throw invalidValue(problem);
  return text;
}

/** A flag of the SELECT action. */
export function toFlag(value: unknown, what: string): boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'boolean') throw argumentError(`${what} must be true or false, got ${describeValue(value)}`);
  return value;
}

/** A list argument: a real array without holes (a sparse array is an error, not a shorter list). */
export function denseItems(value: unknown, what: string, expected: string): readonly unknown[] {
  if (!Array.isArray(value)) throw argumentError(`${what} must be ${expected}, got ${describeValue(value)}`);
  for (let i = 0; i < value.length; i++) {
    if (!(i in value)) throw argumentError(`${what} is a sparse array: it has no item ${i + 1} (write null for NULL)`);
  }
  return value;
}
