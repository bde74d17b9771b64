import type { Expr, OrderTerm, ResultColumn, Select, WholeOrParam } from '../ast/index.js';
import { aliased, ordered } from './brand.js';
import { argumentError, describeValue } from './errors.js';
import type { FieldLists } from './runtime-scope.js';
import { own, rowsText, toExpr, toFlag, toName } from './values.js';

/**
 * What a `SelectQuery` (query.ts) holds, and the parts of it its methods compute from their
 * arguments: result columns, order terms, SELECT action options, and the select with the names
 * given to GROUP BY and ORDER BY resolved.
 */

/** SELECT action options (`OPTIONS (ROWS = 500, USE_STRINGS = TRUE, ECHO = FALSE)`). */
export interface ActionOptions {
  readonly rows?: number | bigint | null;
  readonly useStrings?: boolean | null;
  readonly echo?: boolean | null;
}

/**
 * What a query's type records of its SELECT action (the last parameter of `SelectQuery`):
 * `false` none, a select object (it may stand as a subquery, an IN list, a FROM source);
 * `'options'` a SELECT action (a whole statement only); `true` one with `useStrings` (every
 * value of its rows a string). A union (after `$if`) means either.
 */
export type ActionMark = boolean | 'options';

/** The mark after `.options(options)` on a query marked `Str`. */
export type OptionsMark<Str extends ActionMark, UseStrings> = UseStrings extends true
  ? true
  : UseStrings extends false | null
    ? 'options'
    : Str extends false
      ? 'options'
      : Str;

/** What a query with `.options(...)` is where a select object is needed (type-only: `nestedSelect` says it at run time). */
export type OptionsMessage =
  'a query with .options(...) is a whole statement (a SELECT action), not a subquery, an IN list or a FROM source: drop the options with .withoutOptions()';

const OPTION_KEYS: ReadonlySet<string> = new Set(['rows', 'useStrings', 'echo']);

export interface ActionState {
  readonly rows: WholeOrParam | null;
  readonly useStrings: boolean | null;
  readonly echo: boolean | null;
}

/**
 * What a query holds: its select node, whose parts each call replaces; which GROUP BY and
 * ORDER BY entries were given as names (a name is a result alias when the select has one by
 * that name when the query is built, else a column, as in text); the SELECT action options;
 * the field lists of the schema, when the builder was given them (for `selectAll(source)`);
 * and where the query started.
 */
export interface State {
  readonly select: Select;
  readonly namedGroup: readonly boolean[];
  readonly namedOrder: readonly boolean[];
  readonly action: ActionState | null;
  readonly fields: FieldLists | null;
  /**
   * Whether the builder started the query (`selectFrom`, `query()`): then `toAst()` checks its
   * selects as lint checks text (src/spec/select-checks.ts). A query started from a tree
   * (`fromAst`, `queryFromJson`, the template) keeps what the parser and reader accept, so
   * `fromAst(tree).toAst()` is the tree.
   */
  readonly built: boolean;
}

export const EMPTY_SELECT: Select = own({
  kind: 'select',
  distinct: false,
  columns: 'all',
  from: null,
  where: null,
  group: [],
  having: null,
  order: [],
  limit: null,
  offset: null,
});

/** The states query.ts made: the constructor takes no other (it is no way in for hand-built parts; `fromAst` is). */
export const madeStates = new WeakSet<State>();
export const made = (state: State): State => {
  madeStates.add(state);
  return state;
};

/** The result columns `.select(...items)` adds (`eb`: the expression builder its callbacks get). */
export function selectedColumns(items: readonly unknown[], eb: () => unknown): ResultColumn[] {
  const list: unknown[] = [];
  const add = (arg: unknown, what: string) => {
    if (typeof arg === 'function') {
      const built = (arg as (eb: unknown) => unknown)(eb());
      if (!Array.isArray(built)) throw argumentError(`the callback of .select() must return an array of columns, got ${describeValue(built)}`);
      built.forEach((b, i) => list.push([b, `item ${i + 1} of the array the callback of .select() returned`]));
    } else if (Array.isArray(arg)) {
      arg.forEach((b, i) => {
        if (Array.isArray(b) || typeof b === 'function') throw argumentError(`item ${i + 1} of ${what} is ${describeValue(b)}: column arrays do not nest`);
        list.push([b, `item ${i + 1} of ${what}`]);
      });
    } else list.push([arg, what]);
  };
  items.forEach((arg, i) => add(arg, `argument ${i + 1} of .select()`));
  if (list.length === 0) throw argumentError('select() needs at least one column; use selectAll() for SELECT *');
  return (list as [unknown, string][]).map(([arg, what]): ResultColumn => {
    if (aliased.has(arg)) return arg.node;
    const e: Expr = typeof arg === 'string' ? own({ kind: 'column', path: toName(arg, what) }) : toExpr(arg, what);
    return own({ kind: 'result_column', e, alias: null });
  });
}

/** The ORDER BY entry `.orderBy(term, direction)` adds. */
export function orderEntry(term: unknown, direction: unknown): OrderTerm {
  if (direction !== 'asc' && direction !== 'desc')
    throw argumentError(`argument 2 (the direction) of .orderBy() is 'asc' or 'desc', got ${describeValue(direction)}`);
  if (ordered.has(term)) return term.node;
  if (typeof term === 'string')
    return own({ kind: 'order_term', e: own({ kind: 'column', path: toName(term, 'argument 1 of .orderBy()') }), order: direction });
  return own({ kind: 'order_term', e: toExpr(term, 'argument 1 of .orderBy()'), order: direction });
}

/** The SELECT action options after `.options(options)` (merged with the earlier ones). */
export function mergedOptions(before: ActionState | null, options: ActionOptions): ActionState {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw argumentError(`argument 1 of .options() must be an object { rows, useStrings, echo }, got ${describeValue(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key))
      throw argumentError(`argument 1 of .options() has an unknown option ${JSON.stringify(key)}; the options are rows, useStrings and echo`);
  }
  const prev = before ?? { rows: null, useStrings: null, echo: null };
  return {
    rows: options.rows === undefined ? prev.rows : options.rows === null ? null : rowsText(options.rows),
    useStrings: options.useStrings === undefined ? prev.useStrings : toFlag(options.useStrings, 'useStrings of .options()'),
    echo: options.echo === undefined ? prev.echo : toFlag(options.echo, 'echo of .options()'),
  };
}

/** The select of a state, with ORDER BY / GROUP BY names resolved against its aliases. */
export function resolvedSelect(state: State): Select {
  const { select, namedGroup, namedOrder } = state;
  if (!namedGroup.includes(true) && !namedOrder.includes(true)) return select;
  const aliases = resultAliases(select);
  const resolve = (e: Expr): Expr => (e.kind === 'column' && aliases.has(e.path) ? own({ kind: 'alias', name: e.path }) : e);
  return own({
    ...select,
    group: select.group.map((g, i) => (namedGroup[i] ? resolve(g) : g)),
    order: select.order.map((o, i) => {
      if (!namedOrder[i]) return o;
      const e = resolve(o.e);
      return e === o.e ? o : own({ kind: 'order_term', e, order: o.order });
    }),
  });
}

/** The result aliases of a select. */
export function resultAliases(select: Select): Set<string> {
  return new Set(select.columns === 'all' ? [] : select.columns.flatMap((c) => (c.alias === null ? [] : [c.alias])));
}
