import type { Expr, Select } from '../ast/index.js';

/**
 * Brands that let the one value-to-node converter (values.ts) recognise builder objects
 * without importing their classes (which import the converter).
 */
export const EXPRESSION = Symbol.for('dsq.builder.expression');
export const QUERY = Symbol.for('dsq.builder.query');
export const SOURCE = Symbol.for('dsq.builder.source');
export const IDENT = Symbol.for('dsq.builder.ident');

export interface ExpressionLike {
  readonly [EXPRESSION]: true;
  readonly node: Expr;
}

export interface QueryLike {
  readonly [QUERY]: true;
  /** The select object (a query with SELECT action options cannot be nested). */
  toSelectAst(): Select;
}

export function isExpressionLike(value: unknown): value is ExpressionLike {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[EXPRESSION] === true;
}

export function isQueryLike(value: unknown): value is QueryLike {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[QUERY] === true;
}
