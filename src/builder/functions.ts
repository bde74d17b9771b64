import type { AllSpec, Expr, IdSpec, NameSpec, Specifier, WhenClause, WhereSpec } from '../ast/index.js';
import { type SPEC_FUNCTIONS, arityProblem, type SpecFunctionName } from '../spec/functions.js';
import { nestedSelect, type QueryLike } from './brand.js';
import { argumentError } from './errors.js';
import { Expression, type ColumnExpression } from './expression.js';
import type { CondValue } from './type-messages.js';
import type { LastSegment } from './query-scope.js';
import type {
  AnyExpression,
  Condition,
  DateTime,
  ExprNode,
  Expression_,
  IsAny,
  LocalDate,
  LocalDateTime,
  LocalTime,
  NullOf,
  Numeric,
  Operand,
  ScalarQuery,
  ValueOf,
} from './typing.js';
import {
  datetimeNode,
  localNode,
  own,
  toCondition,
  toExpr,
  toName,
  toSpecifier,
  wholeNumberText,
  type SingularSpecArg,
  type SpecArg,
  type Value,
} from './values.js';

/**
 * A column by its path string (`amount`, `o.amount`, `sales.orders@trash.amount`, `photo:size`).
 * Untyped (its value type is `any` unless given): inside a typed query use the callback's
 * `col`, which checks the name and knows the type.
 */
export function col<T = any, const N extends string = string>(path: N): ColumnExpression<T, LastSegment<N>> {
  return new Expression<T>({ kind: 'column', path: toName(path, 'argument 1 (the column path) of col()') }) as ColumnExpression<T, LastSegment<N>>;
}

/** A reference to a result-column alias or a source column name (`ALIAS(name)`); untyped (see `col`). */
export function ref<T = any, const N extends string = string>(name: N): ColumnExpression<T, N> {
  return new Expression<T>({ kind: 'alias', name: toName(name, 'argument 1 (the alias name) of ref()') }) as ColumnExpression<T, N>;
}

/** A literal (or any value the builder accepts) as an expression: `lit(5)` is a number, `lit(new Date())` a datetime. */
export function lit<const V extends Value | Expr>(value: V): Expression<V extends Expr ? any : ValueOf<V>> {
  return new Expression(toExpr(value, 'argument 1 of lit()'));
}

/** A system parameter column (`SYSTEM_COLUMN(table, column)`). */
export function systemColumn(table: string, column: string): Expression<any> {
  return new Expression({
    kind: 'system_column',
    table: toName(table, 'argument 1 (the table) of systemColumn()'),
    column: toName(column, 'argument 2 (the column) of systemColumn()'),
  });
}

/** A database column (`DATABASE_COLUMN(database, table, column)`): specifiers for database and column. */
export function databaseColumn(database: SpecArg, table: string, column: SpecArg): Expression<any> {
  return new Expression({
    kind: 'database_column',
    database: toSpecifier(database, 'argument 1 (the database) of databaseColumn()'),
    table: toName(table, 'argument 2 (the table) of databaseColumn()'),
    column: toSpecifier(column, 'argument 3 (the column) of databaseColumn()'),
  });
}

/** Specifier constructors, for the cases the plain-value shorthand cannot say. */
export const spec = Object.freeze({
  all: (): AllSpec => own({ kind: 'spec_all' }),
  id: (id: number | bigint): IdSpec => own({ kind: 'spec_id', id: wholeNumberText(id, 'argument 1 of spec.id()') }),
  name: (name: string): NameSpec => own({ kind: 'spec_name', name: toName(name, 'argument 1 of spec.name()') }),
  where: (condition: Condition): WhereSpec => own({ kind: 'spec_where', where: toCondition(condition, 'argument 1 of spec.where()') }),
  array: (...items: SingularSpecArg[]): Specifier => toSpecifier(items, 'the arguments of spec.array()'),
});

// ---------------------------------------------------------------------------------------
// Logic

function fold<R>(op: 'and' | 'or', conditions: readonly Condition[]): Expression<R> {
  if (conditions.length === 0) throw argumentError(`${op}() needs at least one condition`);
  let acc = toCondition(conditions[0], `argument 1 of ${op}()`);
  for (let i = 1; i < conditions.length; i++) acc = own({ kind: 'binary', op, e1: acc, e2: toCondition(conditions[i], `argument ${i + 1} of ${op}()`) });
  return new Expression<R>(acc);
}

/** The value of AND / OR / NOT over conditions: a condition, null when an input may be null. */
export type Logic<C extends readonly unknown[]> = boolean | NullOf<ValueOf<C[number]>>;

/** `a AND b AND c` (left fold, as the parser reads it). */
export const and = <const C extends readonly [unknown, ...unknown[]]>(...conditions: { [I in keyof C]: CondValue<C[I], 'and()'> }): Expression<Logic<C>> =>
  fold('and', conditions as readonly Condition[]);
/** `a OR b OR c` (left fold). */
export const or = <const C extends readonly [unknown, ...unknown[]]>(...conditions: { [I in keyof C]: CondValue<C[I], 'or()'> }): Expression<Logic<C>> =>
  fold('or', conditions as readonly Condition[]);
export const not = <const C>(condition: CondValue<C, 'not()'>): Expression<Logic<[C]>> =>
  new Expression({ kind: 'unary', op: 'not', e: toCondition(condition, 'argument 1 of not()') });

export const exists = (query: QueryLike): Expression<boolean> => new Expression({ kind: 'exists', select: nestedSelect(query, 'argument 1 of exists()') });
export const notExists = (query: QueryLike): Expression<boolean> => not(exists(query));

/** The value of a query used as a value: its one column's type, or null (no row). */
export type ScalarOf<Q> = Q extends ScalarQuery<infer T> ? (unknown extends T ? any : T | null) : any;
/** A query that may be used as a value: one result column (a query with more is an error that says so). */
export type OneColumn<Q> = Q extends { readonly __scalar?: infer T }
  ? IsAny<T> extends true
    ? Q
    : [T] extends [TooManyColumns]
      ? TooManyColumnsMessage
      : Q
  : Q;
export interface TooManyColumns {
  readonly tooManyColumns: true;
}
export type TooManyColumnsMessage = 'a query used as a value (scalar, IN, a comparison) must select exactly one column';

/** A scalar subquery: the first column of the first row (null when there is no row). */
export const scalar = <const Q extends QueryLike>(query: OneColumn<Q>): Expression<ScalarOf<Q>> =>
  new Expression({ kind: 'subquery', select: nestedSelect(query, 'argument 1 of scalar()') });

// ---------------------------------------------------------------------------------------
// Datetime literals (validated against the spec's datetime syntax)

/** An instant: ISO text (offset optional; UTC assumed without), epoch milliseconds, or a Date. */
export const datetime = (value: string | number | bigint | Date): Expression<DateTime> => new Expression(datetimeNode(value));
export const localDateTime = (text: string): Expression<LocalDateTime> => new Expression(localNode('localdatetime', text));
export const localDate = (text: string): Expression<LocalDate> => new Expression(localNode('localdate', text));
export const localTime = (text: string): Expression<LocalTime> => new Expression(localNode('localtime', text));

// ---------------------------------------------------------------------------------------
// Functions

type Arg = AnyExpression | Value;
/** A numeric argument: a number, a bigint, null, or an expression of a numeric value. */
type NumArg = Numeric | null | Expression_<Numeric | null> | ScalarQuery<Numeric | null> | ExprNode;

type Tuple<N extends number, T, Acc extends T[] = []> = Acc['length'] extends N ? Acc : Tuple<N, T, [...Acc, T]>;
/** The arguments the spec's function table gives a function: a fixed count, or one or more (`n`). */
type ArgsOf<F> = F extends { readonly args: 'n' } ? [Arg, ...Arg[]] : F extends { readonly args: infer N extends number } ? Tuple<N, Arg> : Arg[];
/** The arguments of `fn(name, ...)`: as the spec's table says for a listed name (in any case), any for others. */
export type FnArgs<N extends string> = Uppercase<N> extends SpecFunctionName ? ArgsOf<(typeof SPEC_FUNCTIONS)[Uppercase<N>]> : Arg[];

function call<T>(name: string, args: readonly unknown[]): Expression<T> {
  // The same check (and message) as the parser and the JSON reader: src/spec/functions.ts.
  const problem = arityProblem(name, args.length);
  if (problem !== null) throw argumentError(problem);
  return new Expression<T>({ kind: 'function', name, args: args.map((a, i) => toExpr(a, `argument ${i + 1} of ${name}()`)) });
}

type V<A> = ValueOf<A>;
/** An aggregate over numbers: the numbers' type (a bigint stays a bigint), null over no rows. */
type Agg<A> = IsAny<V<A>> extends true ? any : (NonNullable<V<A>> extends bigint ? bigint : number) | null;
/** A float aggregate (AVG, STDDEV, VAR): a number, null over no rows. */
type FloatAgg<A> = IsAny<V<A>> extends true ? any : number | null;
/** MIN / MAX: the argument's type, null over no rows. */
type Extreme<A> = IsAny<V<A>> extends true ? any : V<A> | null;
/** A numeric function of numbers: a number, null when an argument may be. */
type NumFn<A extends readonly unknown[]> = IsAny<V<A[number]>> extends true ? any : number | NullOf<V<A[number]>>;

/** The spec's functions by helper name (camelCase of the table's name): each helper's arity is checked below against the table. */
// (Rest parameters: a JavaScript caller passing too few or too many gets the arity message, not a later one.)
const helpers = {
  count: (...args: [value: Arg]): Expression<number> => call('COUNT', args),
  countDistinct: (...args: [first: Arg, ...rest: Arg[]]): Expression<number> => call('COUNT_DISTINCT', args),
  avg: <A extends NumArg>(...args: [value: A]): Expression<FloatAgg<A>> => call('AVG', args),
  avgDistinct: <A extends NumArg>(...args: [value: A]): Expression<FloatAgg<A>> => call('AVG_DISTINCT', args),
  sum: <A extends NumArg>(...args: [value: A]): Expression<Agg<A>> => call('SUM', args),
  sumDistinct: <A extends NumArg>(...args: [value: A]): Expression<Agg<A>> => call('SUM_DISTINCT', args),
  min: <A extends Arg>(...args: [value: A]): Expression<Extreme<A>> => call('MIN', args),
  max: <A extends Arg>(...args: [value: A]): Expression<Extreme<A>> => call('MAX', args),
  bitAnd: <A extends NumArg>(...args: [value: A]): Expression<Agg<A>> => call('BIT_AND', args),
  bitOr: <A extends NumArg>(...args: [value: A]): Expression<Agg<A>> => call('BIT_OR', args),
  bitXor: <A extends NumArg>(...args: [value: A]): Expression<Agg<A>> => call('BIT_XOR', args),
  ceil: <A extends NumArg>(...args: [value: A]): Expression<FloatAgg<A>> => call('CEIL', args),
  floor: <A extends NumArg>(...args: [value: A]): Expression<FloatAgg<A>> => call('FLOOR', args),
  stddevPop: <A extends NumArg>(...args: [value: A]): Expression<FloatAgg<A>> => call('STDDEV_POP', args),
  stddevSamp: <A extends NumArg>(...args: [value: A]): Expression<FloatAgg<A>> => call('STDDEV_SAMP', args),
  varPop: <A extends NumArg>(...args: [value: A]): Expression<FloatAgg<A>> => call('VAR_POP', args),
  varSamp: <A extends NumArg>(...args: [value: A]): Expression<FloatAgg<A>> => call('VAR_SAMP', args),
  pow: <A extends NumArg, B extends NumArg>(...args: [base: A, exponent: B]): Expression<NumFn<[A, B]>> => call('POW', args),
  truncate: <A extends NumArg, B extends NumArg>(...args: [value: A, digits: B]): Expression<NumFn<[A, B]>> => call('TRUNCATE', args),
};

// Compile-time check: one helper per row of the spec's table, taking the table's argument count.
type Camel<S extends string> = S extends `${infer H}_${infer R}` ? `${Lowercase<H>}${Capitalize<Camel<R>>}` : Lowercase<S>;
type HelperArity = { [K in SpecFunctionName as Camel<K>]: ArgsOf<(typeof SPEC_FUNCTIONS)[K]>['length'] };
type Helpers = typeof helpers;
type ArityOfHelpers = { [K in keyof HelperArity]: K extends keyof Helpers ? Parameters<Helpers[K]>['length'] : 'missing' };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const helpersMatchTable: Same<ArityOfHelpers, HelperArity> = true;
void helpersMatchTable;

/**
 * `fn(name, ...args)` calls a function by the exact name given (the parser upper-cases
 * unquoted names, so `pow(2, 3)` in text is `fn('POW', 2, 3)` here, or `fn.pow(2, 3)`).
 * A function of the spec's table takes the table's argument count (`fn('POW', 2)` is a type
 * error, and an argument error (DsqError) at run time); other names take any.
 * The spec's functions have helpers: `fn.count(x)`, `fn.countAll()` (COUNT(*)),
 * `fn.countDistinct(a, b)`, `fn.avgDistinct(x)`, `fn.sumDistinct(x)`, ...
 */
export const fn = Object.assign(
  <T = any, N extends string = string>(name: N, ...args: FnArgs<N>): Expression<T> => call<T>(toName(name, 'argument 1 (the function name) of fn()'), args),
  { countAll: (): Expression<number> => new Expression({ kind: 'count_rows' }) },
  helpers,
);

// ---------------------------------------------------------------------------------------
// CASE

/** The base of a CASE without one (each WHEN is a condition). */
export interface NoBase {
  readonly noBase: true;
}

/**
 * A CASE under construction: add arms with `.when()`, finish with `.else()` or `.end()`. `T`
 * is the union of the THEN values so far; `B` the base's type (`caseOf`), whose WHEN values must
 * compare with it, or `NoBase` (`caseWhen`), whose WHENs are conditions.
 */
export class CaseBuilder<out T = any, B = NoBase> {
  declare readonly __type?: T;
  constructor(
    private readonly base: Expr | null,
    private readonly arms: readonly WhenClause[],
  ) {
    // (A JavaScript caller's arguments: the arms are checked with the CASE node, when it is built.)
    if (!Array.isArray(arms)) throw argumentError('argument 2 of new CaseBuilder() must be an array of "when" nodes; start a CASE with caseWhen() or caseOf()');
    Object.freeze(this);
  }

  /** With a base (`caseOf`): `when` is a value compared to it; without, a condition. */
  when<const W, const R extends Arg>(
    when: IsAny<B> extends true ? Operand<B> : [B] extends [NoBase] ? CondValue<W, '.when()'> : Operand<B>,
    then: R,
  ): CaseBuilder<T | ValueOf<R>, B> {
    const w = (this.base === null ? toCondition : toExpr)(when, 'argument 1 (WHEN) of .when()'); // without a base, WHEN is a condition
    return new CaseBuilder(this.base, [...this.arms, own({ kind: 'when', when: w, then: toExpr(then, 'argument 2 (THEN) of .when()') })]);
  }

  /** `ELSE value END`: the union of the THEN values and this one. */
  else<const R extends Arg>(otherwise: R): Expression<T | ValueOf<R>> {
    return this.build(toExpr(otherwise, 'argument 1 of .else()'));
  }

  /** `END` without ELSE: null when no arm matches. */
  end(): Expression<T | null> {
    return this.build(null);
  }

  private build<R>(otherwise: Expr | null): Expression<R> {
    if (this.arms.length === 0) throw argumentError('a CASE needs at least one .when(...) arm');
    return new Expression<R>({ kind: 'case', base: this.base, cases: this.arms, else: otherwise });
  }
}

/** `CASE WHEN cond THEN value ... END`: its value is the union of its branches. */
export const caseWhen = <const C, const R extends Arg>(condition: CondValue<C, 'caseWhen()'>, then: R): CaseBuilder<ValueOf<R>> =>
  new CaseBuilder<never>(null, []).when(condition as Condition, then);
/** `CASE base WHEN value THEN value ... END`: each WHEN value must compare with the base. */
export const caseOf = <const A extends Arg>(base: A): CaseBuilder<never, [A] extends [never] ? any : ValueOf<A>> =>
  new CaseBuilder(toExpr(base, 'argument 1 of caseOf()'), []);
