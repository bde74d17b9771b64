import type {
  AliasRef, Between, Binary, BinaryOp, Case, ColumnRef, Expr, FunctionCall, InList, NullLit, NumberLit,
  OrderTerm, ResultColumn, Select, SelectAction, StringLit, TableSource, Unary, UnaryOp, WhenClause,
} from './nodes.js';
import { markTrusted } from './trust.js';

/**
 * Small constructors for the common nodes, so every producer (JSON reader, parser, builder,
 * tests) builds identical shapes. They do not validate: validation lives at the edges. These
 * are the producers' own (the parser and the JSON reader check their input, then mark the whole
 * tree trusted: src/ast/trust.ts); the package exports the same constructors from
 * constructors.ts, which also mark what they build when its parts are valid.
 */

/** The one null node (trusted, shared by every tree). */
export const NULL: NullLit = Object.freeze(markTrusted<NullLit>({ kind: 'null' }));

export const num = (value: string | number | bigint): NumberLit => ({ kind: 'number', value: String(value) });
export const str = (value: string): StringLit => ({ kind: 'string', value });
export const col = (path: string): ColumnRef => ({ kind: 'column', path });
export const alias = (name: string): AliasRef => ({ kind: 'alias', name });
export const binary = (op: BinaryOp, e1: Expr, e2: Expr): Binary => ({ kind: 'binary', op, e1, e2 });
export const unary = (op: UnaryOp, e: Expr): Unary => ({ kind: 'unary', op, e });
export const between = (e: Expr, min: Expr, max: Expr): Between => ({ kind: 'between', e, min, max });
export const fn = (name: string, args: readonly Expr[]): FunctionCall => ({ kind: 'function', name, args });
export const inList = (e: Expr, values: readonly Expr[]): InList => ({ kind: 'in', e, values });
export const when = (w: Expr, then: Expr): WhenClause => ({ kind: 'when', when: w, then });
export const caseExpr = (base: Expr | null, cases: readonly WhenClause[], otherwise: Expr | null): Case => ({
  kind: 'case',
  base,
  cases,
  else: otherwise,
});
export const resultColumn = (e: Expr, aliasName: string | null = null): ResultColumn => ({
  kind: 'result_column',
  e,
  alias: aliasName,
});
export const orderTerm = (e: Expr, order: 'asc' | 'desc' = 'asc'): OrderTerm => ({ kind: 'order_term', e, order });
export const table = (name: string, aliasName: string | null = null): TableSource => ({
  kind: 'table',
  table: name,
  alias: aliasName,
});

/** A select object with the spec's defaults for every part not given. */
export function select(parts: Partial<Omit<Select, 'kind'>> = {}): Select {
  return {
    kind: 'select',
    distinct: parts.distinct ?? false,
    columns: parts.columns ?? 'all',
    from: parts.from ?? null,
    where: parts.where ?? null,
    group: parts.group ?? [],
    having: parts.having ?? null,
    order: parts.order ?? [],
    limit: parts.limit ?? null,
    offset: parts.offset ?? null,
  };
}

export function selectAction(
  sel: Select,
  options: { rows?: string | null; useStrings?: boolean | null; echo?: boolean | null } = {},
): SelectAction {
  return {
    kind: 'select_action',
    select: sel,
    rows: options.rows ?? null,
    useStrings: options.useStrings ?? null,
    echo: options.echo ?? null,
  };
}

/** Left fold of two or more operands with one operator: `a op b op c` as `(a op b) op c`. */
export function foldLeft(op: BinaryOp, operands: readonly Expr[]): Expr {
  let acc = operands[0] as Expr;
  for (let i = 1; i < operands.length; i++) acc = binary(op, acc, operands[i] as Expr);
  return acc;
}
