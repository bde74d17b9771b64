import { KINDS, NODE_KINDS, type KindRole } from '../ast/kinds.js';
import type { NodeKind } from '../ast/nodes.js';

/**
 * The spec JSON's names for the node kinds, gathered from the kind table (src/ast/kinds.ts
 * `json`): the full forms' `"type"` names with their aliases, and the `$` shorthand keys. The
 * reader and the writer both read them, so the two agree on every spelling.
 */

/** The `"type"` names of a role's full forms, in the table's order, each once (`column` is two kinds'). */
function typesOf(role: KindRole): string[] {
  const out: string[] = [];
  for (const kind of NODE_KINDS) {
    const type = KINDS[kind].json.type;
    if (KINDS[kind].role === role && type !== null && !out.includes(type)) out.push(type);
  }
  return out;
}

/** The spec's short aliases of a role's `"type"` names (`dt` → `datetime`, `ts` → `table_system`). */
function aliasesOf(role: KindRole): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const kind of NODE_KINDS) {
    const { type, typeAliases } = KINDS[kind].json;
    if (KINDS[kind].role === role && type !== null) for (const a of typeAliases) out[a] = type;
  }
  return out;
}

/** The kinds written with each `"type"` name (and alias) in a role: usually one; `column` is two. */
function kindsByType(role: KindRole): ReadonlyMap<string, readonly NodeKind[]> {
  const out = new Map<string, NodeKind[]>();
  for (const kind of NODE_KINDS) {
    const { type, typeAliases } = KINDS[kind].json;
    if (KINDS[kind].role !== role || type === null) continue;
    for (const name of [type, ...typeAliases]) out.set(name, [...(out.get(name) ?? []), kind]);
  }
  return out;
}

/** Full-form expression types (`null`, ..., `select`, `unary`), and their aliases. */
export const EXPR_TYPES: readonly string[] = typesOf('expr');
export const EXPR_TYPE_ALIASES = aliasesOf('expr');
export const EXPR_KINDS_BY_TYPE = kindsByType('expr');

/** Source types (`table`, `table_system`, ...), and their aliases (`ts`, `td`). */
export const SOURCE_TYPES: readonly string[] = typesOf('source');
export const SOURCE_TYPE_ALIASES = aliasesOf('source');
export const SOURCE_KINDS_BY_TYPE = kindsByType('source');

/** The prefix of a function's shorthand key (`$$POW`). */
export const FUNCTION_PREFIX = '$$';

/** The expression kinds written with each `$` key: usually one; `$-` is binary and unary minus, `$in` a list and a subquery. */
export const EXPR_KINDS_BY_KEY: ReadonlyMap<string, readonly NodeKind[]> = (() => {
  const out = new Map<string, NodeKind[]>();
  for (const kind of NODE_KINDS) {
    if (KINDS[kind].role !== 'expr') continue;
    for (const key of KINDS[kind].json.shorthand) out.set(key, [...(out.get(key) ?? []), kind]);
  }
  return out;
})();

/** Every shorthand key (for "did you mean"): the forms' keys, the operators', and `$$<function>`. */
export const ALL_SHORTHAND_KEYS: readonly string[] = [
  ...[...EXPR_KINDS_BY_KEY.keys()].filter((k) => k !== FUNCTION_PREFIX && !isOperatorKey(k)),
  ...[...EXPR_KINDS_BY_KEY.keys()].filter(isOperatorKey),
  `${FUNCTION_PREFIX}<function>`,
];

function isOperatorKey(key: string): boolean {
  return (EXPR_KINDS_BY_KEY.get(key) ?? []).some((k) => k === 'binary' || k === 'unary');
}

/**
 * The function name a `$$name` key reads as. Keys are normalised (trimmed, white space folded,
 * compared case-insensitively), so the name is the normalised key upper-cased.
 */
export function functionNameOfKey(normalisedKey: string): string {
  return normalisedKey.slice(FUNCTION_PREFIX.length).toUpperCase();
}

/** The `$` key of a binary or unary operator (`$and`, `$=`, `$not`). */
export function operatorKey(op: string): string {
  return `$${op}`;
}
