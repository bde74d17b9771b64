import type { Node, NodeKind, NodeOfKind, Param } from './nodes.js';
import type { DataAction } from './data-actions.js';
import type { Operator } from './operators.js';
import type { ChildField, ValueField } from './field-checks.js';

/**
 * The shape of an entry of the kind table (src/ast/kinds.ts) and the helpers its parts
 * (kinds-expressions.ts, kinds-select.ts, kinds-actions.ts) write entries with.
 */

/** Where a node may stand. Statements are selects and actions. */
export type KindRole = 'expr' | 'when' | 'specifier' | 'result_column' | 'order_term' | 'source' | 'select' | 'action' | 'action_part';

/** The spec JSON's spelling of a kind. */
export interface JsonSpelling {
  /** The full form's `"type"` (null: the kind has none), and the spec's short aliases of it (`dt`, `ts`, ...). */
  readonly type: string | null;
  readonly typeAliases: readonly string[];
  /** The `$` keys of its shorthand: one, or every operator's (`$and`, `$=`, ...); `$$` is the prefix of a function's. */
  readonly shorthand: readonly string[];
  /** The plain JSON value its short form is (a number is `5`, a table `"orders"`), or null. */
  readonly plain: 'null' | 'number' | 'string' | 'boolean' | 'array' | null;
  /** The `"action"` of an action (`"select"`, `"fetch"`, `"update"`), or null. */
  readonly action: string | null;
  /** The `"fetch"` of a FETCH action (`"records"`), or null. */
  readonly fetch: string | null;
}

/** The properties of a node that hold child nodes (a node, a list of nodes, null, or `'all'`). */
export type ChildKey<N> = {
  [P in keyof N]-?: P extends 'kind' ? never : N[P] extends Node | null | 'all' | readonly Node[] ? P : Param extends N[P] ? P : never;
}[keyof N] &
  string;

/**
 * A kind's fields, one entry per property of its node but `kind`, in the order the node is
 * built, its JSON object written and its children walked: a property holding nodes is a
 * `ChildField`, any other a `ValueField` (field-checks.ts).
 */
export type FieldsOf<K extends NodeKind> = {
  readonly [F in Exclude<keyof NodeOfKind<K>, 'kind'>]-?: F extends ChildKey<NodeOfKind<K>> ? ChildField : ValueField;
};

export interface KindSpec<K extends NodeKind> {
  readonly role: KindRole;
  readonly fields: FieldsOf<K>;
  readonly json: JsonSpelling;
  readonly keyword: string | null;
  readonly operator: ((node: NodeOfKind<K>) => Operator) | null;
  /** The kind's constructor. An expression kind's takes its fields in their order (the JSON reader of its full form calls it so: src/json/read-expr-kinds.ts `fullByFields`). */
  readonly make: (...args: never[]) => NodeOfKind<K>;
  /** Absent, or the kind is written `KEYWORD(a, b)` (its `keyword`): see `CallForm`. */
  readonly call?: CallForm<Exclude<keyof NodeOfKind<K>, 'kind'> & string>;
}

/**
 * A kind written like a call, `KEYWORD(a, b)`: its entry's `keyword`, then `args`, the fields
 * written between the parentheses, in order (a child field prints as its node, a name as a
 * name). The printer's layout comes from it (src/print/expressions.ts `callLayout`).
 *
 * A call whose fields are all expressions (`e: E`) and that says what its value is (`value`)
 * is an *expression call*: everything else about it comes from the entry too. The parser reads
 * it by the generic call rule (src/syntax/node-helpers.ts `callNode`: the keyword, `(`, the
 * expressions, `)`; its `make` takes them in `args` order), the diagrams' grammar by its plain
 * call (`name(...)`), its kind example is `SELECT KEYWORD(a, ...)` (src/syntax/kind-examples.ts),
 * its type (dsq gen, parameter inference) and its SQL for `dsq run` come from `value`, and the
 * spec check has no rule for it but its fields' (src/spec/check.ts).
 */
export interface CallForm<F extends string = string> {
  readonly args: readonly F[];
  readonly value?: CallValue;
  /** What it is, in one line, for a person (the language server's hover shows it under the form `KEYWORD(args)`). */
  readonly description: string;
}

/** What an expression call gives: its type, whether it may be null, its SQL for `dsq run`. */
export interface CallValue {
  /** The type of its value: `number` any number, `integer` a whole number. */
  readonly type: 'string' | 'number' | 'integer' | 'boolean';
  /** True: it may be null whatever its arguments are; false: it is null only when an argument may be. */
  readonly nullable: boolean;
  /**
   * Its SQL in a local run (src/sql/expressions.ts), `%0`, `%1`, ... standing for its arguments'
   * SQL (`"NULLIF(%0, '')"`), or null: it cannot run locally (a clear error says so).
   */
  readonly sql: string | null;
}

export const NO_SPELLING = { type: null, typeAliases: [], shorthand: [], plain: null, action: null, fetch: null } as const;
/** A kind's spelling: what is given, the rest none (literal types kept: `KINDS.spec_all.json.type` is `'all'`). */
export const json = <const S extends Partial<JsonSpelling>>(spelling: S): Omit<typeof NO_SPELLING, keyof S> & S => ({ ...NO_SPELLING, ...spelling });

/** The constructor of a data action: its parts as given (the spec's defaults are null: data-actions.ts). */
export const action =
  <K extends DataAction['kind']>(kind: K) =>
  (parts: Omit<NodeOfKind<K>, 'kind'>): NodeOfKind<K> =>
    ({ kind, ...parts }) as NodeOfKind<K>;
