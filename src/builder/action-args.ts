import type { DelimitedRecords, FieldExpr, FieldLiteral, FieldValue, FileRef, KeySpec, RecordData, RecordsSpecifier } from '../ast/data-actions.js';
import { fieldKey, foldName } from '../ast/data-actions.js';
import type { Expr, OrderTerm, SingularSpec, Specifier } from '../ast/nodes.js';
import { isExpressionLike, ordered, type ExpressionLike } from './brand.js';
import { argumentError, describeValue } from './errors.js';
import { and, col, fn, lit, not, or, ref } from './functions.js';
import { numberText, toCondition, toExpr, toName, toSpecifier, wholeNumberText, type SpecArg } from './values.js';
import type { ActionContext } from './action-fields.js';
import { makeExpressionBuilder } from './eb.js';

/**
 * The arguments of the data-action builders turned into nodes: records specifiers, databases,
 * records and their field values, files, whole numbers, flags, conditions, order terms.
 */

/** What a callback of `.where(...)` or `.set(...)` gets: the expression helpers. */
export const helpers = Object.freeze({ col, ref, lit, fn, and, or, not });
export type Helpers = typeof helpers;

/** A condition: an expression (`col('a').eq(1)`) or an expression node. */
export type Condition = ExpressionLike | Expr;
export type ConditionArg = Condition | ((h: Helpers) => Condition);

/** A records specifier argument: an id, a name, a condition (where), `recordKey({...})`, `spec.all()`, or an array of them. */
export type RecordsArg = SpecArg | KeySpec | readonly (SpecArg | KeySpec)[];

/** The key specifiers recordKey() made: only those are taken as specifiers (a node-shaped object from outside is a value, never syntax). */
const madeKeys = new WeakSet<object>();

/** A `recordKey({...})` specifier, with the field names it gives (type-only: the typed actions check they are the database's key fields). */
export type RecordKey<N extends string = string> = KeySpec & { readonly __keyFields?: N };

/** `{"type": "key", "key": {...}}`: a record by the values of its key fields. */
export function recordKey<const K extends Readonly<Record<string, unknown>>>(key: K): RecordKey<keyof K & string> {
  if (typeof key !== 'object' || key === null || Array.isArray(key))
    throw argumentError(`recordKey() takes an object of key field values, got ${describeValue(key)}`);
  const entries = Object.entries(key);
  if (entries.length === 0) throw argumentError('recordKey() needs the value of every key field, got an empty object');
  const spec: KeySpec = Object.freeze({
    kind: 'spec_key',
    key: entries.map(([f, v]) => ({ kind: 'field_value', field: fieldName(f), value: literal(v, `the key field ${f}`) }) as const),
  });
  madeKeys.add(spec);
  return spec;
}

export function fieldName(name: string): string {
  const folded = foldName(name);
  if (folded === '') throw argumentError(`a field name must not be empty, got ${JSON.stringify(name)}`);
  return folded;
}

function isKeySpec(v: unknown): v is KeySpec {
  return typeof v === 'object' && v !== null && madeKeys.has(v);
}

export function toRecords(value: unknown, what: string): RecordsSpecifier {
  if (isKeySpec(value)) return value;
  if (Array.isArray(value)) {
    const items: SingularSpec[] = value.map((item, i) => {
      if (isKeySpec(item)) return item;
      const s = toSpecifier(item, `item ${i + 1} of ${what}`);
      if (s.kind === 'spec_all' || s.kind === 'spec_array')
        throw argumentError(`item ${i + 1} of ${what} must be an id, a name, a condition or recordKey(...)`);
      return s;
    });
    return { kind: 'spec_array', items };
  }
  return toSpecifier(value, what);
}

export function toDatabase(value: unknown, what: string): Specifier {
  return toSpecifier(value, what);
}

/** A literal field value: a number, a string ('' is null), true, false, null. */
export function literal(value: unknown, what: string): FieldLiteral {
  if (value === null || value === '') return { kind: 'null' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'number' || typeof value === 'bigint') return { kind: 'number', value: numberText(value, what) };
  if (typeof value === 'string') return { kind: 'string', value };
  throw argumentError(`${what} must be a number, a string, true, false or null, got ${describeValue(value)}`);
}

/** A value of a record or of `.set()`: a literal, or an expression (which goes to `expressions`). */
export function cell(field: string, value: unknown, what: string): FieldValue | FieldExpr {
  if (value === undefined) throw argumentError(`${what} is undefined: leave the field out, or pass null for NULL`);
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') {
    return { kind: 'field_value', field, value: literal(value, what) };
  }
  return { kind: 'field_expr', field, e: toExpr(value, what) };
}

export function toFile(value: unknown, what: string): FileRef {
  if (typeof value === 'string') return { kind: 'file_ref', form: 'object', value: toName(value, what) };
  if (typeof value === 'object' && value !== null) {
    const { type, content } = value as { type?: unknown; content?: unknown };
    if ((type === 'text' || type === 'base64') && typeof content === 'string' && content !== '') return { kind: 'file_ref', form: type, value: content };
  }
  throw argumentError(`${what} must be an object id (a string), { type: 'text', content } or { type: 'base64', content }, got ${describeValue(value)}`);
}

/** Delimiter-separated records as the spec's JSON has them: `{ type: 'dsv' | 'csv' | 'tsv', file, delimiter?, quote? }` (dsv needs a delimiter). */
export type DelimitedArg =
  | { readonly type: 'csv' | 'tsv'; readonly file: FileArgValue; readonly delimiter?: string | null; readonly quote?: string | null }
  | { readonly type: 'dsv'; readonly file: FileArgValue; readonly delimiter: string; readonly quote?: string | null };
/** A binary object: an uploaded object id, or `{ type: 'text' | 'base64', content }`. */
export type FileArgValue = string | { readonly type: 'text' | 'base64'; readonly content: string };

export function toDelimited(value: unknown, what: string): DelimitedRecords {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw argumentError(`${what} must be { type: 'csv' | 'tsv' | 'dsv', file, delimiter?, quote? }, got ${describeValue(value)}`);
  }
  const { type, file, delimiter = null, quote = null, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) throw argumentError(`${what} has an unknown property "${extra[0]}": it takes type, file, delimiter and quote`);
  if (type !== 'dsv' && type !== 'csv' && type !== 'tsv') throw argumentError(`type of ${what} must be 'csv', 'tsv' or 'dsv', got ${describeValue(type)}`);
  const text = (v: unknown, key: string): string | null => {
    if (v === null || v === undefined) return null;
    if (typeof v !== 'string' || v === '') throw argumentError(`${key} of ${what} must be a non-empty string, got ${describeValue(v)}`);
    return v;
  };
  const d = text(delimiter, 'delimiter');
  if (type === 'dsv' && d === null)
    throw argumentError(`${what}: dsv records need a delimiter (the spec: "required for dsv"); csv defaults to a comma, tsv to a tab`);
  return { kind: 'delimited_records', format: type, file: toFile(file, `file of ${what}`), delimiter: d, quote: text(quote, 'quote') };
}

/** A record object (field → value; `expressions`, `tags`, `file` as the spec's record has them). */
export function toRecord(value: unknown, what: string): RecordData {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isExpressionLike(value)) {
    throw argumentError(`${what} must be a record object (field names to values), got ${describeValue(value)}`);
  }
  const values: FieldValue[] = [];
  const expressions: FieldExpr[] = [];
  let file: FileRef | null = null;
  let tags: string[] | null = null;
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue; // the spec's rule 7: undefined is an absent key
    const k = fieldKey(key);
    if (k === 'tags') {
      if (v === null) continue;
      if (!Array.isArray(v) || v.some((t) => typeof t !== 'string' || t === ''))
        throw argumentError(`tags of ${what} must be an array of non-empty strings, got ${describeValue(v)}`);
      tags = [...(v as string[])];
    } else if (k === 'file') {
      if (v !== null) file = toFile(v, `file of ${what}`);
    } else if (k === 'expressions') {
      if (typeof v !== 'object' || v === null) throw argumentError(`expressions of ${what} must be an object of field names to expressions`);
      for (const [f, e] of Object.entries(v)) expressions.push({ kind: 'field_expr', field: fieldName(f), e: toExpr(e, `expressions.${f} of ${what}`) });
    } else {
      const c = cell(fieldName(key), v, `${key} of ${what}`);
      if (c.kind === 'field_value') values.push(c);
      else expressions.push(c);
    }
  }
  return { kind: 'record', values, expressions, file, tags };
}

export function whole(value: unknown, what: string, min0: boolean): string | null {
  if (value === null) return null;
  const text = wholeNumberText(value, what);
  if (min0 && text.startsWith('-')) throw argumentError(`${what} must be at least 0, got ${text}`);
  return text;
}

export function flag(value: unknown, what: string): boolean | null {
  if (value === null) return null;
  if (typeof value !== 'boolean') throw argumentError(`${what} must be true, false or null, got ${describeValue(value)}`);
  return value;
}

export function condition(arg: ConditionArg, what: string, ctx: ActionContext): Expr {
  const value = typeof arg === 'function' ? (arg as (h: unknown) => Condition)(makeExpressionBuilder(ctx.fields)) : arg;
  return toCondition(value, what);
}

export function orderTerm(term: unknown, direction: unknown, what: string): OrderTerm {
  if (direction !== 'asc' && direction !== 'desc') throw argumentError(`the direction of ${what} is 'asc' or 'desc', got ${describeValue(direction)}`);
  if (ordered.has(term)) return term.node;
  if (typeof term === 'string') return { kind: 'order_term', e: { kind: 'column', path: toName(term, what) }, order: direction };
  return { kind: 'order_term', e: toExpr(term, what), order: direction };
}

export const names = (list: readonly unknown[], what: string) => list.map((n, i) => toName(n, `item ${i + 1} of ${what}`));
