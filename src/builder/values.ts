import { rowsProblem } from '../spec/check.js';
import {
  EXPR_KINDS, NULL, checkDateTimeText, checkNumber, isWholeNumber,
  type DateTimeKind, type Expr, type IdSpec, type NameSpec, type Source, type Specifier, type WhereSpec,
} from '../ast/index.js';
import { DsqError } from '../diagnostic/index.js';
import { SOURCE, isExpressionLike, isQueryLike, type ExpressionLike } from './brand.js';

/**
 * The one place where the builder turns user arguments into AST nodes. Builders never
 * construct literal nodes themselves.
 *
 * Values: number → number literal (exact text; must be finite, whole numbers in the signed
 * 64-bit range); bigint → number literal (exact); string → string literal ('' is null, the
 * spec's JSON rule 1); null → null; Date → datetime by epoch milliseconds; a builder
 * expression or an AST expression node → itself; a query → a scalar subquery. Booleans,
 * undefined, arrays and other objects are rejected with a TypeError: the AST has no boolean
 * literal, and arrays are only IN lists (`.in([...])`).
 */
export type Value = number | bigint | string | null | Date;

const EXPR_KIND_SET: ReadonlySet<string> = new Set(EXPR_KINDS);

function invalid(message: string): DsqError {
  return new DsqError([{ code: 'builder/invalid-value', severity: 'error', message }]);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value)})`;
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `${typeof value} ${String(value)}`;
}

/** Exact number text of a JS number or bigint, validated under the spec's rule 6. */
export function numberText(value: number | bigint, what = 'a number'): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw invalid(`${what} must be finite, got ${value}`);
  const text = typeof value === 'bigint' ? value.toString() : Object.is(value, -0) ? '0' : String(value);
  const check = checkNumber(text);
  if (!check.ok) throw invalid(`${what}: ${check.reason}`);
  return text;
}

/** Exact whole-number text (for ids, epoch milliseconds, rows). */
export function wholeNumberText(value: number | bigint, what: string): string {
  if (typeof value !== 'number' && typeof value !== 'bigint') throw new TypeError(`${what} must be a whole number, got ${describe(value)}`);
  const text = numberText(value, what);
  if (!isWholeNumber(text)) throw invalid(`${what} must be a whole number, got ${text}`);
  return text;
}

/** Any value or expression to an expression node. */
export function toExpr(value: unknown, what = 'a value'): Expr {
  if (isExpressionLike(value)) return value.node;
  if (isQueryLike(value)) return { kind: 'subquery', select: value.toSelectAst() };
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return { kind: 'number', value: numberText(value, what) };
    case 'string':
      return value === '' ? NULL : { kind: 'string', value };
    case 'boolean':
      throw new TypeError(
        `${what} is the boolean ${value}, and the Data Service's expressions have no boolean literal: compare with 1 or 0, or pass a condition`,
      );
    case 'undefined':
      throw new TypeError(`${what} is undefined: pass null for NULL`);
    default:
      break;
  }
  if (value === null) return NULL;
  if (value instanceof Date) return dateValue(value, what);
  if (isExprNode(value)) return value;
  if (Array.isArray(value)) throw new TypeError(`${what} is an array: an array is only a value list, as in .in([...])`);
  throw new TypeError(`${what} must be a number, bigint, string, null, Date or expression, got ${describe(value)}`);
}

function isExprNode(value: unknown): value is Expr {
  return typeof value === 'object' && value !== null && EXPR_KIND_SET.has((value as { kind?: unknown }).kind as string);
}

function dateValue(date: Date, what: string): Expr {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw invalid(`${what} is an invalid Date`);
  return { kind: 'datetime', form: 'ms', value: String(ms) };
}

/** A datetime literal: epoch milliseconds (number, bigint, Date) or ISO text, validated. */
export function datetimeNode(value: string | number | bigint | Date): Expr {
  if (value instanceof Date) return dateValue(value, 'datetime()');
  if (typeof value === 'string') return { kind: 'datetime', form: 'iso', value: checkedText('datetime', value) };
  return { kind: 'datetime', form: 'ms', value: wholeNumberText(value, 'datetime() epoch milliseconds') };
}

/** A local date, time or datetime literal, validated against the spec's syntax. */
export function localNode(kind: Exclude<DateTimeKind, 'datetime'>, text: string): Expr {
  return { kind, value: checkedText(kind, text) };
}

function checkedText(kind: DateTimeKind, text: unknown): string {
  if (typeof text !== 'string') throw new TypeError(`${kind} text must be a string, got ${describe(text)}`);
  const reason = checkDateTimeText(kind, text);
  if (reason !== null) throw invalid(reason); // the spec check's reason (src/ast/datetime.ts), as text and JSON give it
  return text;
}

/** A condition: an expression builder or node (values are not conditions). */
export function toCondition(value: unknown, what = 'a condition'): Expr {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    throw new TypeError(`${what} must be an expression such as col('a').eq(1), got ${describe(value)}`);
  }
  return toExpr(value, what);
}

/** A name: a non-empty string. */
export function toName(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`${what} must be a non-empty string, got ${describe(value)}`);
  return value;
}

export type SingularSpecArg = number | bigint | string | IdSpec | NameSpec | WhereSpec | ExpressionLike;
/**
 * Specifier arguments: number/bigint → id, string → name, an expression → where, an array →
 * array of singular specifiers, a specifier node (from `spec.*`) → itself.
 */
export type SpecArg = SingularSpecArg | Specifier | readonly SingularSpecArg[];

const SPEC_KINDS: ReadonlySet<string> = new Set(['spec_all', 'spec_id', 'spec_name', 'spec_where', 'spec_array']);

export function toSpecifier(value: unknown, what = 'a specifier'): Specifier {
  if (Array.isArray(value)) {
    return {
      kind: 'spec_array',
      items: value.map((item, i) => {
        const s = toSpecifier(item, `${what}[${i}]`);
        if (s.kind === 'spec_all' || s.kind === 'spec_array') throw new TypeError(`${what}[${i}] must be an id, a name or a where specifier`);
        return s;
      }),
    };
  }
  if (typeof value === 'number' || typeof value === 'bigint') return { kind: 'spec_id', id: wholeNumberText(value, `${what} id`) };
  if (typeof value === 'string') return { kind: 'spec_name', name: toName(value, `${what} name`) };
  if (typeof value === 'object' && value !== null && SPEC_KINDS.has((value as { kind?: unknown }).kind as string)) return value as Specifier;
  if (isExpressionLike(value)) return { kind: 'spec_where', where: value.node };
  throw new TypeError(`${what} must be an id (number), a name (string), an expression (where), an array of those, or spec.all(), got ${describe(value)}`);
}

/**
 * Source arguments: a string → table by path (with the alias given beside it); a source
 * builder (`table()`, `systemTable()`, `databaseTable()`, joins) → its node; a query → a
 * subquery source (the spec gives it no alias); a source node → itself.
 */
export function toSource(value: unknown, alias: string | null = null, what = 'a source'): Source {
  if (typeof value === 'string') return { kind: 'table', table: toName(value, `${what} table path`), alias: alias === null ? null : toName(alias, 'an alias') };
  if (alias !== null) throw new TypeError(`${what}: an alias goes with a table name; give table(path, alias), systemTable(name, alias) or databaseTable(spec, name, alias) instead`);
  if (isQueryLike(value)) return { kind: 'select_source', select: value.toSelectAst() };
  if (typeof value === 'object' && value !== null) {
    const node = (value as Record<symbol, unknown>)[SOURCE];
    if (node !== undefined) return node as Source;
    if (SOURCE_KINDS.has((value as { kind?: unknown }).kind as string)) return value as Source;
  }
  throw new TypeError(`${what} must be a table path (string), a source from table()/systemTable()/databaseTable(), or a query, got ${describe(value)}`);
}

const SOURCE_KINDS: ReadonlySet<string> = new Set(['table', 'table_system', 'table_database', 'join', 'select_source']);

/** Rows per packet for the SELECT action: a whole number. */
export function rowsText(value: number | bigint): string {
  const text = wholeNumberText(value, 'rows');
  const problem = rowsProblem(text); // the spec check's message (src/spec/check.ts)
  if (problem !== null) throw invalid(problem);
  return text;
}

/** A flag of the SELECT action. */
export function toFlag(value: unknown, what: string): boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'boolean') throw new TypeError(`${what} must be true or false, got ${describe(value)}`);
  return value;
}
