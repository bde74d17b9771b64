import { NULL, type BinaryOp, type Expr, type OrderTerm, type ResultColumn } from '../ast/index.js';
import { toJson, type ToJsonOptions } from '../json/index.js';
import { print, type PrintOptions } from '../print/index.js';
import { EXPRESSION, aliased, expressions, isQueryLike, nestedSelect, ordered, type ExpressionLike } from './brand.js';
import type { Arith, Comparable, ExprNode, Expression_, IsAny, NullOf, Numeric, Operand, PlainText, ScalarQuery, ValueOf } from './typing.js';
import type { CondSelf, CondValue } from './type-messages.js';
import { denseItems, own, toCondition, toExpr, toName } from './values.js';

/**
 * An immutable expression builder wrapping one AST expression. `T` is the value type the
 * expression yields (from a schema: `number | null`, `PlainText`, `DateTime`, `boolean` for a
 * condition; `any` when untyped). Every method returns a new builder; the wrapped node is
 * never changed. Operands are checked against `T` (see typing.ts): numbers beside numbers,
 * text beside text, a datetime beside a `Date` or another datetime; arithmetic needs numbers,
 * `like` text, `and`/`or`/`not` conditions. A result may be null when an input may be.
 */
export class Expression<out T = unknown> implements ExpressionLike, Expression_<T> {
  declare readonly __type?: T;
  readonly [EXPRESSION] = true as const;
  /** The expression node: always one dsq checked, frozen (a node that is not is checked first and copied). */
  readonly node: Expr;

  /** Prefer the builder functions (`col`, `lit`, ...) or `fromAst(node)` for a hand-built node. */
  constructor(node: Expr) {
    this.node = own(node, 'expr');
    expressions.add(this);
    Object.freeze(this);
  }

  toAst(): Expr {
    return this.node;
  }

  /** The expression as dsq text. */
  toText(options?: PrintOptions): string {
    return print(this.node, options);
  }

  /** The expression as the service's JSON expression. */
  toJson(options?: ToJsonOptions): string {
    return toJson(this.node, options);
  }

  private bin<R>(op: BinaryOp, other: unknown, what: string): Expression<R> {
    return new Expression<R>({ kind: 'binary', op, e1: this.node, e2: toExpr(other, `argument 1 of .${what}()`) });
  }

  private not_<R>(e: Expr): Expression<R> {
    return new Expression<R>({ kind: 'unary', op: 'not', e });
  }

  // Comparison
  eq<S, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Cmp<S, V>> {
    return this.bin('=', value, 'eq');
  }
  ne<S, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Cmp<S, V>> {
    return this.bin('!=', value, 'ne');
  }
  gt<S, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Cmp<S, V>> {
    return this.bin('>', value, 'gt');
  }
  gte<S, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Cmp<S, V>> {
    return this.bin('>=', value, 'gte');
  }
  lt<S, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Cmp<S, V>> {
    return this.bin('<', value, 'lt');
  }
  lte<S, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Cmp<S, V>> {
    return this.bin('<=', value, 'lte');
  }
  /** `x IS y` (never null) */
  is<S>(this: Expression<S>, value: Operand<S>): Expression<boolean> {
    return this.bin('is', value, 'is');
  }
  /** `x IS NOT y` (not of is) */
  isNot<S>(this: Expression<S>, value: Operand<S>): Expression<boolean> {
    return this.not_(this.bin('is', value, 'isNot').node);
  }
  isNull(): Expression<boolean> {
    return new Expression({ kind: 'binary', op: 'is', e1: this.node, e2: NULL });
  }
  /** `x IS NOT NULL` (not of `x IS NULL`, as the parser reads it) */
  isNotNull(): Expression<boolean> {
    return this.not_(this.isNull().node);
  }
  /** `x LIKE pattern`, for text. */
  like<S extends PlainText | null>(this: Expression<S>, pattern: TextOperand): Expression<boolean | NullOf<S>> {
    return this.bin('like', pattern, 'like');
  }
  notLike<S extends PlainText | null>(this: Expression<S>, pattern: TextOperand): Expression<boolean | NullOf<S>> {
    return this.not_(this.like(pattern).node);
  }
  /** `x REGEXP pattern`, for text. */
  regexp<S extends PlainText | null>(this: Expression<S>, pattern: TextOperand): Expression<boolean | NullOf<S>> {
    return this.bin('regexp', pattern, 'regexp');
  }
  notRegexp<S extends PlainText | null>(this: Expression<S>, pattern: TextOperand): Expression<boolean | NullOf<S>> {
    return this.not_(this.regexp(pattern).node);
  }
  between<S>(this: Expression<S>, min: Operand<S>, max: Operand<S>): Expression<boolean | NullOf<S>> {
    return new Expression({
      kind: 'between',
      e: this.node,
      min: toExpr(min, 'argument 1 (min) of .between()'),
      max: toExpr(max, 'argument 2 (max) of .between()'),
    });
  }
  notBetween<S>(this: Expression<S>, min: Operand<S>, max: Operand<S>): Expression<boolean | NullOf<S>> {
    return this.not_(this.between(min, max).node);
  }
  /** `x IN (values...)` for an array (possibly empty), `x IN (SELECT ...)` for a query of one column of a fitting type. */
  in<S>(this: Expression<S>, values: readonly Operand<S>[] | InQuery<S>): Expression<boolean | NullOf<S>> {
    if (isQueryLike(values)) return new Expression({ kind: 'in_select', e: this.node, select: nestedSelect(values, 'argument 1 of .in()') });
    const items = denseItems(values, 'argument 1 of .in()', 'an array of values or a query');
    return new Expression({ kind: 'in', e: this.node, values: items.map((v, i) => toExpr(v, `item ${i + 1} of argument 1 of .in()`)) });
  }
  notIn<S>(this: Expression<S>, values: readonly Operand<S>[] | InQuery<S>): Expression<boolean | NullOf<S>> {
    return this.not_(this.in(values).node);
  }

  // Logic (conditions only; the `this` type says so when it is not one, see CondSelf)
  and<S, const V>(this: CondSelf<S, '.and()'>, other: CondValue<V, '.and()'>): Expression<boolean | NullOf<S> | NullOf<ValueOf<V>>> {
    return new Expression({ kind: 'binary', op: 'and', e1: (this as ExpressionLike).node, e2: toCondition(other, 'argument 1 of .and()') });
  }
  or<S, const V>(this: CondSelf<S, '.or()'>, other: CondValue<V, '.or()'>): Expression<boolean | NullOf<S> | NullOf<ValueOf<V>>> {
    return new Expression({ kind: 'binary', op: 'or', e1: (this as ExpressionLike).node, e2: toCondition(other, 'argument 1 of .or()') });
  }
  not<S>(this: CondSelf<S, '.not()'>): Expression<boolean | NullOf<S>> {
    return new Expression({ kind: 'unary', op: 'not', e: (this as ExpressionLike).node });
  }

  // Arithmetic and bits (numbers only)
  add<S extends Numeric | null, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Arith<S, ValueOf<V>>> {
    return this.bin('+', value, 'add');
  }
  sub<S extends Numeric | null, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Arith<S, ValueOf<V>>> {
    return this.bin('-', value, 'sub');
  }
  mul<S extends Numeric | null, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Arith<S, ValueOf<V>>> {
    return this.bin('*', value, 'mul');
  }
  /** Division: a number (never a bigint) */
  div<S extends Numeric | null, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Quotient<S, ValueOf<V>>> {
    return this.bin('/', value, 'div');
  }
  mod<S extends Numeric | null, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Arith<S, ValueOf<V>>> {
    return this.bin('%', value, 'mod');
  }
  bitAnd<S extends Numeric | null, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Arith<S, ValueOf<V>>> {
    return this.bin('&', value, 'bitAnd');
  }
  bitOr<S extends Numeric | null, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Arith<S, ValueOf<V>>> {
    return this.bin('|', value, 'bitOr');
  }
  shl<S extends Numeric | null, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Arith<S, ValueOf<V>>> {
    return this.bin('<<', value, 'shl');
  }
  shr<S extends Numeric | null, V extends Operand<S>>(this: Expression<S>, value: V): Expression<Arith<S, ValueOf<V>>> {
    return this.bin('>>', value, 'shr');
  }
  neg<S extends Numeric | null>(this: Expression<S>): Expression<S> {
    return new Expression({ kind: 'unary', op: '-', e: this.node });
  }
  bitNot<S extends Numeric | null>(this: Expression<S>): Expression<S> {
    return new Expression({ kind: 'unary', op: '~', e: this.node });
  }

  /** `x COLLATE name`, for text. */
  collate<S extends PlainText | null>(this: Expression<S>, collation: string): Expression<S> {
    return new Expression({ kind: 'collate', e: this.node, collation: toName(collation, 'argument 1 (the collation) of .collate()') });
  }

  /** A result column with an alias. */
  as<A extends string>(alias: A): Aliased<A, T> {
    return new Aliased(alias, this.node);
  }

  asc(): Ordered {
    return new Ordered({ kind: 'order_term', e: this.node, order: 'asc' });
  }
  desc(): Ordered {
    return new Ordered({ kind: 'order_term', e: this.node, order: 'desc' });
  }
}

/** The value of a division: a number. */
export type Quotient<S, V> = IsAny<S> extends true ? any : number | NullOf<S> | NullOf<V>;

/** The value of a comparison: a condition, null when either side may be null. */
export type Cmp<S, V> = boolean | NullOf<S> | NullOf<ValueOf<V>>;

/** A pattern for LIKE / REGEXP: text. */
export type TextOperand = string | Expression_<PlainText | null> | ExprNode;

/** A query for `IN (SELECT ...)`: one column whose type fits S. */
export type InQuery<S> = ScalarQuery<Comparable<S> | null>;

/**
 * A column reference (`col('o.amount')`): an expression that, selected without `.as()`, is
 * named after the column (`amount`), as the service names it. Other expressions need `.as()`.
 */
export interface ColumnExpression<out T, out N extends string> extends Expression<T> {
  readonly __column: N;
}

/** A result column: an expression with an alias (`expr AS alias`). */
export class Aliased<A extends string = string, T = unknown> {
  declare readonly __type?: T;
  readonly node: ResultColumn;

  constructor(
    readonly alias: A,
    e: Expr,
  ) {
    this.node = own({ kind: 'result_column', e, alias: toName(alias, 'argument 1 (the alias) of .as()') }, 'result_column');
    aliased.add(this);
    Object.freeze(this);
  }

  toAst(): ResultColumn {
    return this.node;
  }
}

/** An order term (`expr ASC|DESC`). */
export class Ordered {
  readonly node: OrderTerm;

  constructor(node: OrderTerm) {
    this.node = own(node, 'order_term');
    ordered.add(this);
    Object.freeze(this);
  }

  toAst(): OrderTerm {
    return this.node;
  }
}
