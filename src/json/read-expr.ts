import { withArticle } from '../diagnostic/article.js';
import { when } from '../ast/make.js';
import type { Expr, ExprKind, WhenClause } from '../ast/nodes.js';
import { didYouMean } from './error.js';
import { Parts, describe, done, expectObject, fail, prop, quoteText, unknownName, type Cx, type Step } from './parts.js';
import { EXPR_READERS, type FullReader, type ShorthandReader } from './read-expr-kinds.js';
import { ALL_SHORTHAND_KEYS, EXPR_KINDS_BY_KEY, EXPR_KINDS_BY_TYPE, EXPR_TYPES, EXPR_TYPE_ALIASES, FUNCTION_PREFIX } from './spelling.js';
import type { JsonMember, JsonObject, JsonValue } from './value.js';

/**
 * Reads one expression: JSON null, a number, a string, a `$` shorthand object or a full
 * `{"type": ...}` object. Child expressions and selects are returned as needs (see parts.ts).
 */
export function readExpr(v: JsonValue, cx: Cx): Step<Expr> {
  switch (v.type) {
    case 'null':
      return done<Expr>({ kind: 'null' });
    case 'number':
      return done<Expr>({ kind: 'number', value: v.text });
    case 'string':
      return done<Expr>({ kind: 'string', value: v.value });
    case 'boolean':
      return fail(cx, 'wrong-type', `${v.value} is not an expression: the spec's expressions have no booleans`, v, 'write 1 or 0, or a comparison');
    case 'undefined':
      return fail(cx, 'wrong-type', 'undefined is not an expression', v, 'leave the property out, or write null');
    case 'array':
      return fail(cx, 'wrong-type', `an array is not an expression`, v, 'for a list of values use {"$in": [e, [values...]]}');
    case 'object':
      if (v.member('type')) return readFullExpr(v, cx);
      if (v.members.length === 1 && (v.members[0] as JsonMember).key.startsWith('$')) return readShorthand(v.members[0] as JsonMember, v, cx);
      if (v.members.some((m) => m.key.startsWith('$'))) {
        return fail(
          cx,
          'wrong-shape',
          `a "$" shorthand object has exactly one property, got ${v.members.length}: ${v.members.map((m) => `"${m.rawKey}"`).join(', ')}`,
          v,
        );
      }
      return fail(
        cx,
        'missing-property',
        `expected an expression: an object needs "type" or a single "$" shorthand property, got ${describe(v)}`,
        v,
        v.members.length === 0 && v.undefinedKeys !== null ? 'give the property an expression (null for NULL), or leave the whole object out' : undefined,
      );
  }
}

/**
 * Reads a `$` shorthand: the kind table (src/ast/kinds.ts) says which kinds are written with
 * the key; where several are (`$-`: binary and unary minus; `$in`: a list and a subquery), the
 * first whose `accepts` takes the value reads it, else the first (it reports what is wrong).
 */
function readShorthand(m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  const key = m.key;
  const kinds = key.startsWith(FUNCTION_PREFIX) ? EXPR_KINDS_BY_KEY.get(FUNCTION_PREFIX) : EXPR_KINDS_BY_KEY.get(key);
  if (kinds !== undefined) {
    // (A loop, not a list of readers and a search with a closure: this runs for most values of a document.)
    let first: ShorthandReader | undefined;
    for (const k of kinds) {
      const reader = EXPR_READERS[k as ExprKind].shorthand as ShorthandReader;
      first ??= reader;
      if (reader.accepts?.(m.value) ?? true) return reader.read(m, obj, cx);
    }
    return (first as ShorthandReader).read(m, obj, cx);
  }
  return fail(
    cx,
    'unknown-operator',
    `unknown shorthand operator ${quoteText(m.rawKey)}${didYouMean(key, ALL_SHORTHAND_KEYS)}`,
    m,
    `shorthand keys are ${ALL_SHORTHAND_KEYS.slice(0, -1).join(' ')} and ${FUNCTION_PREFIX}FUNCTION`,
  );
}

/**
 * Reads a full form: the kind table says which kinds have the `"type"` (or its alias); where
 * two do (`column`: a system column, or a database column when there is "database"), the
 * first whose `accepts` takes the object reads it.
 */
function readFullExpr(obj: JsonObject, cx: Cx): Step<Expr> {
  const t = prop(obj, 'type');
  if (t.type !== 'string') fail(cx, 'wrong-type', `"type" must be a string naming an expression type, got ${describe(t)}`, t);
  const kinds = EXPR_KINDS_BY_TYPE.get(t.value);
  if (kinds === undefined) {
    const known = [...EXPR_TYPES, ...Object.keys(EXPR_TYPE_ALIASES)];
    return fail(cx, 'unknown-type', `${unknownName('expression type', t)}${didYouMean(t.value, known)}; expected one of ${EXPR_TYPES.join(', ')}`, t);
  }
  const readers = kinds.map((k) => EXPR_READERS[k as ExprKind].full as FullReader);
  const reader = readers.find((r) => r.accepts?.(obj) ?? true) ?? (readers[0] as FullReader);
  return readFullWith(reader, obj, t.value, cx);
}

/** A full form `{"type": <type>, ...}` read by one kind's full reader (messages name it `a "<type>" expression`). */
export function readFullWith(reader: FullReader, obj: JsonObject, type: string, cx: Cx): Step<Expr> {
  const what = `${withArticle(`"${type}"`)} expression`;
  const p = new Parts(cx);
  const props = (allowed: readonly string[], required: readonly string[] = allowed) => p.props(obj, what, ['type', ...allowed], required);
  return reader.read({ obj, cx, props, p });
}

/** One `{"when": e, "then": e}` arm of a case. */
export function readWhen(v: JsonValue, cx: Cx): Step<WhenClause> {
  const obj = expectObject(cx, v, 'a case arm {"when": ..., "then": ...}');
  const p = new Parts(cx);
  p.props(obj, 'a case arm', ['when', 'then'], ['when', 'then']);
  const w = p.one('expr', obj.get('when'));
  const then = p.one('expr', obj.get('then'));
  return p.step((r) => when(w(r), then(r)));
}
