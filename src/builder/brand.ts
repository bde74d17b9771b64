import type { Expr, OrderTerm, ResultColumn, Query, Select, Source } from '../ast/index.js';
import { argumentError, describeValue } from './errors.js';

/**
 * Brands that let the one value-to-node converter (values.ts) recognise builder objects
 * without importing their classes (which import the converter). A brand is a private class
 * field stamped on the objects a builder class constructs: an object cannot claim to be an
 * expression or a query by carrying a property (JSON data never can; code cannot either). (AST
 * nodes are told apart by src/ast/checked.ts, the set of checked trees.) The symbols are for the types only (nominal typing of
 * `ExpressionLike` and `QueryLike`).
 */
export const EXPRESSION: unique symbol = Symbol('dsq.builder.expression');
export const QUERY: unique symbol = Symbol('dsq.builder.query');

export interface ExpressionLike {
  readonly [EXPRESSION]: true;
  readonly node: Expr;
}

export interface QueryLike {
  readonly [QUERY]: true;
  /** The select object (without any SELECT action options). */
  toSelectAst(): Select;
  /** The statement: a select object, or a SELECT action when options were set. */
  toAst(): Query;
}

interface Brand<T> {
  /** Stamps an object its class has just constructed. */
  add<O extends object>(o: O): O;
  has(v: unknown): v is T;
}

/** Its constructor returns the object it is given: a derived class stamps its private fields on it. */
class Adopt {
  constructor(o: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the point of Adopt: a derived class stamps its private field on the object given
    return o;
  }
}

function brand<T extends object>(): Brand<T> {
  // A new class per brand: each has its own private name.
  class Stamp extends Adopt {
    #branded = true;
    static add<O extends object>(o: O): O {
      if (!(#branded in o)) new Stamp(o);
      return o;
    }
    static has(v: unknown): v is T {
      return typeof v === 'object' && v !== null && #branded in v;
    }
  }
  return { add: (o) => Stamp.add(o), has: (v): v is T => Stamp.has(v) };
}

export const expressions = brand<ExpressionLike>();
export const queries = brand<QueryLike>();
export const sources = brand<{ readonly node: Source }>();
export const idents = brand<{ readonly name: string }>();
export const aliased = brand<{ readonly node: ResultColumn }>();
export const ordered = brand<{ readonly node: OrderTerm }>();

export const isExpressionLike = expressions.has;
export const isQueryLike = queries.has;

/**
 * The select object of a query going inside another one (a scalar subquery, an IN or EXISTS
 * subquery, a FROM source). A query with SELECT action options is an error there: the
 * options belong to the action, and would otherwise be dropped without a word.
 */
export function nestedSelect(query: unknown, what: string): Select {
  if (!isQueryLike(query)) throw argumentError(`${what} must be a query (selectFrom(...), dsq\`SELECT ...\`), got ${describeValue(query)}`);
  const statement = query.toAst();
  if (statement.kind === 'select_action') {
    throw argumentError(
      `${what} is a query with .options(...): SELECT action options (ROWS, USE_STRINGS, ECHO) apply only to the whole statement, not to a subquery, an IN list or a FROM source; drop them with .withoutOptions()`,
    );
  }
  return statement;
}
