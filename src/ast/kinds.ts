import type { Expr, ExprKind, Node, NodeKind, Source, Specifier, Statement } from './nodes.js';
import type { DataAction, DataActionKind, FetchAction } from './data-actions.js';
import type { SystemAction, SystemActionKind } from './system-actions.js';
import { PRIMARY, type Operator } from './operators.js';
import { ACTION_KINDS } from './kinds-actions.js';
import { SYSTEM_KINDS } from './kinds-system.js';
import { ADMIN_KINDS } from './kinds-admin.js';
import { STRUCT_KINDS } from './kinds-struct.js';
import { EXPRESSION_KINDS } from './kinds-expressions.js';
import { SELECT_KINDS } from './kinds-select.js';
import type { KindRole, KindSpec } from './kind-spec.js';
import { isChildField, type Field } from './field-checks.js';

export type { ChildKey, FieldsOf, JsonSpelling, KindRole, KindSpec } from './kind-spec.js';

/**
 * One declaration per node kind: everything a part of dsq needs to know about a kind, written
 * once. Each entry says
 * - `role`: where a node of the kind may stand (an expression, a source, a statement...);
 * - `fields`: every property of its nodes, in order (source order, the spec JSON's order):
 *   for each, the child role and shape or the value check, its JSON key and whether JSON
 *   requires it (field-checks.ts). The compiler checks that each property is declared, a
 *   node-valued one as a child field. The walker's children, the validator's and checked
 *   copies' field lists (fields.ts), the JSON reader's and writer's property tables of the
 *   data actions and the test arbitraries are derived from it;
 * - `json`: how the spec's JSON spells it (the full form's `"type"`, the `$` shorthand keys,
 *   the plain JSON value of its short form, the `"action"` of an action), read by the JSON
 *   reader and writer (src/json);
 * - `keyword`: the word that writes it in dsq text, where one does (`DATE '...'`,
 *   `SYSTEM_TABLE(...)`), read by the parser and the printer;
 * - `operator`: the operator it is in dsq text (src/ast/operators.ts: level, operand levels,
 *   words), null for the kinds that are not operators;
 * - `make`: its constructor (plain objects, src/ast/objects.ts; no checks: validation lives at
 *   the edges).
 *
 * Every consumer that treats kinds one by one (walker, JSON reader and writer, printer, spec
 * check, validator, lint's scope, the test arbitraries) is a `Record<NodeKind, ...>` checked by
 * the compiler, so a new kind (a CAST expression; a FETCH action) does not build until every
 * part handles it (tsc's part of `npm test`; test/ast/kinds.test.ts checks the made nodes at run time).
 *
 * The entries live in three files by what they declare: kinds-expressions.ts, kinds-select.ts
 * (specifiers, sources, the select object) and kinds-actions.ts; their shape is kind-spec.ts.
 */
export const KINDS = {
  ...EXPRESSION_KINDS,
  ...SELECT_KINDS,
  ...ACTION_KINDS,
  ...ADMIN_KINDS,
  ...SYSTEM_KINDS,
  ...STRUCT_KINDS,
} as const satisfies { readonly [K in NodeKind]: KindSpec<K> };

type FetchKind = FetchAction['kind'];

/** The kinds whose role is `R`. */
type KindsWithRole<R extends KindRole> = { [K in NodeKind]: (typeof KINDS)[K]['role'] extends R ? K : never }[NodeKind];
type SameKinds<A, B> = [Exclude<A, B> | Exclude<B, A>] extends [never] ? true : false;
// The roles agree with the unions of nodes.ts: an expression kind is in `Expr`, a source in `Source`...
const rolesAgree: [
  SameKinds<KindsWithRole<'expr'>, ExprKind>,
  SameKinds<KindsWithRole<'source'>, Source['kind']>,
  SameKinds<KindsWithRole<'specifier'>, Specifier['kind']>,
  SameKinds<KindsWithRole<'select' | 'action'>, Statement['kind']>,
] = [true, true, true, true];
void rolesAgree;

/**
 * A table keyed by node kind for lookups on hot paths (each node the parser marks): a
 * dictionary without a prototype. V8 finds a kind's entry in it 2x to 3x faster than in a Map
 * or in an object literal of the hundred kinds (measured: 20 ns against 50 and 70 a lookup).
 */
export function kindTable<V>(entries: Iterable<readonly [string, V]>): { readonly [kind: string]: V | undefined } {
  const table = Object.create(null) as Record<string, V>;
  for (const [kind, value] of entries) table[kind] = value;
  return table;
}

/** Every node kind, in the table's order. */
export const NODE_KINDS: readonly NodeKind[] = Object.keys(KINDS) as NodeKind[];

/** The kinds of a role, in the table's order. */
export function kindsOf(role: KindRole): NodeKind[] {
  return NODE_KINDS.filter((k) => KINDS[k].role === role);
}

/** The expression kinds (role `expr`). */
export const EXPR_KINDS: readonly ExprKind[] = kindsOf('expr') as ExprKind[];

const EXPR_KIND_SET: ReadonlySet<string> = new Set(EXPR_KINDS);

export function isExpr(node: Node): node is Expr {
  return EXPR_KIND_SET.has(node.kind);
}

/** The data actions (src/ast/data-actions.ts): every action but the SELECT action, in the table's order. */
export const DATA_ACTION_KINDS: readonly DataActionKind[] = NODE_KINDS.filter(
  (k) => KINDS[k].role === 'action' && k !== 'select_action' && (Object.hasOwn(ACTION_KINDS, k) || Object.hasOwn(ADMIN_KINDS, k)),
) as DataActionKind[];
/** DOWNLOAD, the task and thread actions, the system actions (kinds-system.ts) and the struct actions (kinds-struct.ts), in the table's order. */
export const SYSTEM_ACTION_KINDS: readonly SystemActionKind[] = NODE_KINDS.filter(
  (k) => KINDS[k].role === 'action' && (Object.hasOwn(SYSTEM_KINDS, k) || Object.hasOwn(STRUCT_KINDS, k)),
) as SystemActionKind[];
const SYSTEM_ACTION_SET: ReadonlySet<string> = new Set(SYSTEM_ACTION_KINDS);
export function isSystemAction(node: { readonly kind: string }): node is SystemAction {
  return SYSTEM_ACTION_SET.has(node.kind);
}
const DATA_ACTION_SET: ReadonlySet<string> = new Set(DATA_ACTION_KINDS);
export function isDataAction(node: { readonly kind: string }): node is DataAction {
  return DATA_ACTION_SET.has(node.kind);
}

/** The FETCH kinds: the actions with a `"fetch"` type (`json.fetch`), in the table's order. */
export const FETCH_KINDS: readonly FetchKind[] = NODE_KINDS.filter((k) => KINDS[k].json.fetch !== null) as FetchKind[];
/** The spec's fetch types (`"records"`, `"seqs"`, ...), in the table's order. */
export const FETCH_TYPES: readonly string[] = FETCH_KINDS.map((k) => KINDS[k].json.fetch as string);
/** The FETCH kind of a spec fetch type (`"seqs"`), or undefined. */
export function fetchKindOf(type: string): FetchKind | undefined {
  return FETCH_KINDS.find((k) => KINDS[k].json.fetch === type);
}
/** The dsq word of a FETCH kind: its fetch type in upper case (`FETCH PREF_DEFS`). */
export function fetchWord(kind: FetchKind): string {
  return (KINDS[kind].json.fetch as string).toUpperCase();
}

/** The kinds that stand at the top of a document: selects and actions. */
export const STATEMENT_KINDS: readonly Statement['kind'][] = NODE_KINDS.filter(
  (k) => KINDS[k].role === 'select' || KINDS[k].role === 'action',
) as Statement['kind'][];

/**
 * The words a statement starts with: SELECT, then each data action kind's keyword, in the
 * table's order (FETCH, INSERT, REPLACE, SET, UPDATE, DELETE, ...). The parser's statement
 * dispatch, its messages and the language server's completion read it.
 */
export const STATEMENT_WORDS: readonly string[] = [
  KINDS.select.keyword,
  ...new Set([...DATA_ACTION_KINDS, ...SYSTEM_ACTION_KINDS].map((k) => KINDS[k].keyword as string)),
];
/** The words that start a data action (FETCH, the writes, the administrative actions). */
export const DATA_ACTION_WORDS: readonly string[] = [...new Set(DATA_ACTION_KINDS.map((k) => KINDS[k].keyword as string))];

/*
 * The tables below are Maps by kind: the walker and the printer ask them of every node, and a
 * Map lookup by a kind (an interned string) is cheaper than a property of KINDS, an object of
 * some 130 keys read with a different key each time (precedenceOf was 1.5% of format's profile).
 */

/** Each kind's child properties, in order: its fields that hold nodes (the walker's table). */
const CHILD_KEYS: ReadonlyMap<string, readonly string[]> = new Map(
  NODE_KINDS.map((kind) => [
    kind,
    Object.entries(KINDS[kind].fields as Readonly<Record<string, Field>>)
      .filter(([, f]) => isChildField(f))
      .map(([key]) => key),
  ]),
);

/** The child properties of a kind, in source order (the walker's table, derived from `fields`). */
export function childKeys(kind: NodeKind): readonly string[] {
  return CHILD_KEYS.get(kind) as readonly string[];
}

/** The kinds that are operators in dsq text, with how each finds its operator. */
const OPERATOR_OF: ReadonlyMap<string, (node: Node) => Operator> = new Map(
  NODE_KINDS.flatMap((kind) => {
    const operator = KINDS[kind].operator as ((node: Node) => Operator) | null;
    return operator === null ? [] : [[kind, operator] as const];
  }),
);

/** The operator a node is in dsq text, or null for a primary (a literal, a name, a call, CASE, a subquery...). */
export function operatorOf(node: Node): Operator | null {
  const operator = OPERATOR_OF.get(node.kind);
  return operator === undefined ? null : operator(node);
}

/** The precedence level an expression has in dsq text (src/ast/operators.ts); everything that is not an operator is primary. */
export function precedenceOf(e: Node): number {
  const operator = OPERATOR_OF.get(e.kind);
  return operator === undefined ? PRIMARY : operator(e).level;
}
