import type { BinaryOp } from '../ast/nodes.js';
import { specFunction } from '../spec/functions.js';
import type { CallValue } from '../ast/kind-spec.js';

/**
 * The value types of the operators, CASE and the spec's functions, as TypeScript type text, by
 * the typed builder's rules (src/builder/expression.ts `Arith`, `Quotient`, `Cmp`;
 * functions.ts `Agg`, `FloatAgg`, `Extreme`, `NumFn`, `Logic`, CaseBuilder), so a row `dsq
 * gen` writes is the row the builder infers for the same query. A type is a union written
 * `A | B | null`; `unknown` (a value nothing types) makes the result `unknown`.
 */

/** The members of a union type's text (`number | null` → number, null). */
function members(t: string): string[] {
  return t
    .split('|')
    .map((m) => m.trim())
    .filter((m) => m !== '');
}

/** A union of types, each member once, in order, `null` last; `unknown` when any is. */
export function union(types: readonly string[]): string {
  if (types.some((t) => t === 'unknown')) return 'unknown';
  const out: string[] = [];
  let nullable = false;
  for (const t of types) {
    for (const m of members(t)) {
      if (m === 'null') nullable = true;
      else if (!out.includes(m)) out.push(m);
    }
  }
  if (nullable) out.push('null');
  return out.length === 0 ? 'never' : out.join(' | ');
}

/** True when a value of this type may be null. */
export const mayBeNull = (t: string): boolean => members(t).includes('null');
/** The type without null (`number | null` → `number`). */
const nonNull = (t: string): string =>
  members(t)
    .filter((m) => m !== 'null')
    .join(' | ');
const NUMERIC: ReadonlySet<string> = new Set(['number', 'bigint']);
const isNumeric = (t: string) => {
  const m = nonNull(t);
  return m !== '' && members(m).every((x) => NUMERIC.has(x));
};
/** `T | null` when any of `of` may be null. */
const orNullIf = (t: string, of: readonly string[]) => union([t, ...of.filter(mayBeNull).map(() => 'null')]);

const ARITH: ReadonlySet<BinaryOp> = new Set(['+', '-', '*', '%', '&', '|', '<<', '>>']);
const COMPARE: ReadonlySet<BinaryOp> = new Set(['=', '!=', '>', '>=', '<', '<=']);

/** A binary operator's value type from its operands' types. */
export function binaryType(op: BinaryOp, left: string, right: string): string {
  // Conditions: null when an operand may be (an untyped operand, as the builder's `any`, adds no null).
  if (op === 'is') return 'boolean';
  if (COMPARE.has(op) || op === 'and' || op === 'or') return orNullIf('boolean', [left, right]);
  // LIKE / REGEXP: null when the text may be.
  if (op === 'like' || op === 'regexp') return orNullIf('boolean', [left]);
  if (left === 'unknown' || right === 'unknown') return 'unknown';
  const operands = [left, right].filter((t) => t !== 'null');
  if (!operands.every(isNumeric)) return 'unknown';
  // Division: a number. Arithmetic: a bigint stays a bigint with whole operands (Arith).
  if (op === '/') return orNullIf('number', [left, right]);
  if (ARITH.has(op)) {
    const base = nonNull(left) === 'bigint' && (right === 'null' || isNumeric(right)) ? 'bigint' : 'number';
    return orNullIf(base, [left, right]);
  }
  return 'unknown';
}

/** A unary operator's value type: NOT a condition; `-` and `~` the operand's numeric type. */
export function unaryType(op: 'not' | '-' | '~', operand: string): string {
  if (op === 'not') return orNullIf('boolean', [operand]);
  if (operand === 'unknown') return 'unknown';
  return isNumeric(operand) || operand === 'null' ? operand : 'unknown';
}

/** CASE: the union of its THEN values and ELSE; null too without ELSE (no arm may match). */
export function caseType(thens: readonly string[], otherwise: string | null): string {
  return union([...thens, otherwise ?? 'null']);
}

/**
 * A function of the spec's table from its arguments' types, by the table's `result`
 * (src/spec/functions.ts; null for a name the table does not list, or an argument nothing
 * types: `unknown`): COUNT a number; SUM and the bit aggregates the numbers' type (bigint over
 * bigints); AVG, STDDEV, VAR, CEIL, FLOOR a number; MIN and MAX the argument's type; an
 * aggregate may be null (no rows), POW and TRUNCATE only when an argument may be.
 */
export function functionType(name: string, args: readonly string[]): string {
  const f = specFunction(name);
  if (f === undefined) return 'unknown';
  if (f.result === 'whole') return 'number';
  if (args.some((a) => a === 'unknown')) return 'unknown';
  const arg = args[0] ?? 'unknown';
  switch (f.result) {
    case 'argument':
      return union([arg, 'null']);
    case 'numeric':
      return union([nonNull(arg) === 'bigint' ? 'bigint' : 'number', 'null']);
    case 'number':
      if (f.aggregate) return 'number | null';
      return args.every((a) => isNumeric(a) || a === 'null') ? orNullIf('number', args) : 'unknown';
  }
}

const CALL_TYPES: Readonly<Record<CallValue['type'], string>> = { string: 'string', number: 'number', integer: 'number', boolean: 'boolean' };

/**
 * An expression call (src/ast/kind-spec.ts `CallValue`) from its arguments' types: its entry's
 * type, or null too when the entry says it may be null or an argument may be.
 */
export function callType(value: CallValue, args: readonly string[]): string {
  const type = CALL_TYPES[value.type];
  return value.nullable ? union([type, 'null']) : orNullIf(type, args);
}
