import { BINARY_OPS, UNARY_OPS, type BinaryOp, type UnaryOp } from '../ast/nodes.js';

/**
 * The spec's `$` shorthand keys and full-form type names, shared by the reader and the
 * writer so the two agree on every spelling.
 */

/** `$and`, `$=`, `$<<`, ...: a binary operator's shorthand key is `$` and the operator. */
export const binaryKey = (op: BinaryOp): string => `$${op}`;
/** `$not`, `$-`, `$~`. */
export const unaryKey = (op: UnaryOp): string => `$${op}`;

export const BINARY_BY_KEY: ReadonlyMap<string, BinaryOp> = new Map(BINARY_OPS.map((op) => [binaryKey(op), op]));
export const UNARY_BY_KEY: ReadonlyMap<string, UnaryOp> = new Map(UNARY_OPS.map((op) => [unaryKey(op), op]));

/** The other shorthand keys (values: what each holds, for messages). */
export const OTHER_SHORTHAND = ['$dt', '$ldt', '$ld', '$lt', '$col', '$alias', '$between', '$exists', '$in', '$select'] as const;

export const ALL_SHORTHAND_KEYS: readonly string[] = [...OTHER_SHORTHAND, ...BINARY_BY_KEY.keys(), ...UNARY_BY_KEY.keys(), '$$<function>'];

/** Full-form expression types, with the spec's short aliases mapped to the long names. */
export const EXPR_TYPES = [
  'null', 'number', 'string', 'datetime', 'localdatetime', 'localdate', 'localtime', 'column', 'alias', 'between',
  'binary', 'case', 'collate', 'count_rows', 'exists', 'function', 'in', 'in_select', 'select', 'unary',
] as const;
export type ExprType = (typeof EXPR_TYPES)[number];

export const EXPR_TYPE_ALIASES: Readonly<Record<string, ExprType>> = { dt: 'datetime', ldt: 'localdatetime', ld: 'localdate', lt: 'localtime' };

export const SOURCE_TYPES = ['table', 'table_system', 'table_database', 'join', 'select'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
export const SOURCE_TYPE_ALIASES: Readonly<Record<string, SourceType>> = { ts: 'table_system', td: 'table_database' };

/**
 * The function name a `$$name` key reads as. Keys are normalised (trimmed, white space folded,
 * compared case-insensitively), so the name is the normalised key upper-cased.
 */
export function functionNameOfKey(normalisedKey: string): string {
  return normalisedKey.slice(2).toUpperCase();
}
