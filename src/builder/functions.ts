import type { AllSpec, Expr, IdSpec, NameSpec, Specifier, WhenClause, WhereSpec } from '../ast/index.js';
import { SPEC_FUNCTIONS, arityProblem, type SpecFunctionName } from '../spec/functions.js';
import { nestedSelect, type QueryLike } from './brand.js';
import { argumentError } from './errors.js';
import { Expression } from './expression.js';
import type { AnyExpression, Condition } from './typing.js';
import {
  datetimeNode, localNode, own, toCondition, toExpr, toName, toSpecifier, wholeNumberText, type SingularSpecArg, type SpecArg, type Value,
} from './values.js';

/** A column by its path string (`amount`, `o.amount`, `sales.orders@trash.amount`, `photo:size`). */
export function col<T = unknown>(path: string): Expression<T> {
  return new Expression<T>({ kind: 'column', path: toName(path, 'argument 1 (the column path) of col()') });
}

/** A reference to a result-column alias or a source column name (`ALIAS(name)`). */
export function ref<T = unknown>(name: string): Expression<T> {
  return new Expression<T>({ kind: 'alias', name: toName(name, 'argument 1 (the alias name) of ref()') });
}

/** A literal (or any value the builder accepts) as an expression. */
export function lit<T extends Value>(value: T | Expr): Expression<T> {
  return new Expression<T>(toExpr(value, 'argument 1 of lit()'));
}

/** A system parameter column (`SYSTEM_COLUMN(table, column)`). */
export function systemColumn(table: string, column: string): Expression {
  return new Expression({ kind: 'system_column', table: toName(table, 'argument 1 (the table) of systemColumn()'), column: toName(column, 'argument 2 (the column) of systemColumn()') });
}

/** A database column (`DATABASE_COLUMN(database, table, column)`): specifiers for database and column. */
export function databaseColumn(database: SpecArg, table: string, column: SpecArg): Expression {
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

function fold(op: 'and' | 'or', conditions: readonly Condition[]): Expression<boolean> {
  if (conditions.length === 0) throw argumentError(`${op}() needs at least one condition`);
  let acc = toCondition(conditions[0], `argument 1 of ${op}()`);
  for (let i = 1; i < conditions.length; i++) acc = own({ kind: 'binary', op, e1: acc, e2: toCondition(conditions[i], `argument ${i + 1} of ${op}()`) });
  return new Expression(acc);
}

/** `a AND b AND c` (left fold, as the parser reads it). */
export const and = (...conditions: Condition[]): Expression<boolean> => fold('and', conditions);
/** `a OR b OR c` (left fold). */
export const or = (...conditions: Condition[]): Expression<boolean> => fold('or', conditions);
export const not = (condition: Condition): Expression<boolean> => new Expression({ kind: 'unary', op: 'not', e: toCondition(condition, 'argument 1 of not()') });

export const exists = (query: QueryLike): Expression<boolean> => new Expression({ kind: 'exists', select: nestedSelect(query, 'argument 1 of exists()') });
export const notExists = (query: QueryLike): Expression<boolean> => not(exists(query));
/** A scalar subquery: the first column of the first row. */
export const scalar = <T = unknown>(query: QueryLike): Expression<T> => new Expression<T>({ kind: 'subquery', select: nestedSelect(query, 'argument 1 of scalar()') });

// ---------------------------------------------------------------------------------------
// Datetime literals (validated against the spec's datetime syntax)

/** An instant: ISO text (offset optional; UTC assumed without), epoch milliseconds, or a Date. */
export const datetime = (value: string | number | bigint | Date): Expression<string> => new Expression(datetimeNode(value));
export const localDateTime = (text: string): Expression<string> => new Expression(localNode('localdatetime', text));
export const localDate = (text: string): Expression<string> => new Expression(localNode('localdate', text));
export const localTime = (text: string): Expression<string> => new Expression(localNode('localtime', text));

// ---------------------------------------------------------------------------------------
// Functions

type Arg = AnyExpression | Value;

type Tuple<N extends number, T, Acc extends T[] = []> = Acc['length'] extends N ? Acc : Tuple<N, T, [...Acc, T]>;
/** The arguments the spec's function table gives a function: a fixed count, or one or more (`n`). */
type ArgsOf<F> = F extends { readonly args: 'n' } ? [Arg, ...Arg[]] : F extends { readonly args: infer N extends number } ? Tuple<N, Arg> : Arg[];
/** The arguments of `fn(name, ...)`: as the spec's table says for a listed name (in any case), any for others. */
export type FnArgs<N extends string> = Uppercase<N> extends SpecFunctionName ? ArgsOf<(typeof SPEC_FUNCTIONS)[Uppercase<N>]> : Arg[];

function call<T>(name: string, args: readonly Arg[]): Expression<T> {
  // The same check (and message) as the parser and the JSON reader: src/spec/functions.ts.
  const problem = arityProblem(name, args.length);
  if (problem !== null) throw argumentError(problem);
  return new Expression<T>({ kind: 'function', name, args: args.map((a, i) => toExpr(a, `argument ${i + 1} of ${name}()`)) });
}

/** The spec's functions by helper name (camelCase of the table's name): each helper's arity is checked below against the table. */
// (Rest parameters: a JavaScript caller passing too few or too many gets the arity message, not a later one.)
const helpers = {
  count: (...args: [value: Arg]) => call<number>('COUNT', args),
  countDistinct: (...args: [first: Arg, ...rest: Arg[]]) => call<number>('COUNT_DISTINCT', args),
  avg: (...args: [value: Arg]) => call<number | null>('AVG', args),
  avgDistinct: (...args: [value: Arg]) => call<number | null>('AVG_DISTINCT', args),
  sum: (...args: [value: Arg]) => call<number | null>('SUM', args),
  sumDistinct: (...args: [value: Arg]) => call<number | null>('SUM_DISTINCT', args),
  min: <T>(...args: [value: Expression<T> | Arg]) => call<T | null>('MIN', args),
  max: <T>(...args: [value: Expression<T> | Arg]) => call<T | null>('MAX', args),
  bitAnd: (...args: [value: Arg]) => call<number | null>('BIT_AND', args),
  bitOr: (...args: [value: Arg]) => call<number | null>('BIT_OR', args),
  bitXor: (...args: [value: Arg]) => call<number | null>('BIT_XOR', args),
  ceil: (...args: [value: Arg]) => call<number | null>('CEIL', args),
  floor: (...args: [value: Arg]) => call<number | null>('FLOOR', args),
  stddevPop: (...args: [value: Arg]) => call<number | null>('STDDEV_POP', args),
  stddevSamp: (...args: [value: Arg]) => call<number | null>('STDDEV_SAMP', args),
  varPop: (...args: [value: Arg]) => call<number | null>('VAR_POP', args),
  varSamp: (...args: [value: Arg]) => call<number | null>('VAR_SAMP', args),
  pow: (...args: [base: Arg, exponent: Arg]) => call<number>('POW', args),
  truncate: (...args: [value: Arg, digits: Arg]) => call<number>('TRUNCATE', args),
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
 * error, and a TypeError at run time); other names take any.
 * The spec's functions have helpers: `fn.count(x)`, `fn.countAll()` (COUNT(*)),
 * `fn.countDistinct(a, b)`, `fn.avgDistinct(x)`, `fn.sumDistinct(x)`, ...
 */
export const fn = Object.assign(
  <T = unknown, N extends string = string>(name: N, ...args: FnArgs<N>): Expression<T> => call<T>(toName(name, 'argument 1 (the function name) of fn()'), args),
  { countAll: (): Expression<number> => new Expression({ kind: 'count_rows' }) },
  helpers,
);

// ---------------------------------------------------------------------------------------
// CASE

/** A CASE under construction: add arms with `.when()`, finish with `.else()` or `.end()`. */
export class CaseBuilder {
  constructor(
    private readonly base: Expr | null,
    private readonly arms: readonly WhenClause[],
  ) {
    // (A JavaScript caller's arguments: the arms are checked with the CASE node, when it is built.)
    if (!Array.isArray(arms)) throw argumentError('argument 2 of new CaseBuilder() must be an array of "when" nodes; start a CASE with caseWhen() or caseOf()');
    Object.freeze(this);
  }

  /** With a base (`caseOf`): `when` is a value compared to it; without, a condition. */
  when(when: Arg, then: Arg): CaseBuilder {
    const w = (this.base === null ? toCondition : toExpr)(when, 'argument 1 (WHEN) of .when()'); // without a base, WHEN is a condition
    return new CaseBuilder(this.base, [...this.arms, own({ kind: 'when', when: w, then: toExpr(then, 'argument 2 (THEN) of .when()') })]);
  }

  else<T = unknown>(otherwise: Arg): Expression<T> {
    return this.build(toExpr(otherwise, 'argument 1 of .else()'));
  }

  end<T = unknown>(): Expression<T> {
    return this.build(null);
  }

  private build<T>(otherwise: Expr | null): Expression<T> {
    if (this.arms.length === 0) throw argumentError('a CASE needs at least one .when(...) arm');
    return new Expression<T>({ kind: 'case', base: this.base, cases: this.arms, else: otherwise });
  }
}

/** `CASE WHEN cond THEN value ... END` */
export const caseWhen = (condition: Condition, then: Arg): CaseBuilder => new CaseBuilder(null, []).when(condition, then);
/** `CASE base WHEN value THEN value ... END` */
export const caseOf = (base: Arg): CaseBuilder => new CaseBuilder(toExpr(base, 'argument 1 of caseOf()'), []);
