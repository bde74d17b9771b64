import { KINDS } from '../ast/kinds.js';
import { between, binary, fn, foldLeft, inList, unary } from '../ast/make.js';
import type { BinaryOp, Expr, Select, UnaryOp } from '../ast/nodes.js';
import { OPERATORS } from '../ast/operators.js';
import { Parts, describe, expectArray, fail, type Cx, type Step } from './parts.js';
import { FUNCTION_PREFIX, functionNameOfKey } from './spelling.js';
import type { JsonMember, JsonObject, JsonValue } from './value.js';

/**
 * The `$` shorthand forms whose value holds child expressions or a select: operators (`$and`,
 * `$-`, `$not`), functions (`$$name`), `$between`, `$in`, `$exists` and `$select`.
 */

export function readBinaryShorthand(m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  const op = m.key.slice(1) as BinaryOp;
  if (m.value.type !== 'array') {
    fail(cx, 'wrong-type', `"${m.rawKey}" takes an array of two or more expressions, got ${describe(m.value)}`, m.value);
  }
  const items = m.value.items;
  const p = new Parts(cx);
  // Too few operands is reported, and those there are still read.
  if (items.length < 2) p.problem('operand-count', `"${m.rawKey}" takes two or more expressions, got ${items.length}`, obj);
  const operands = p.list('expr', items);
  return p.step((r) => {
    const es = operands(r);
    if (OPERATORS.binary[op].nary === 'fold') return foldLeft(op, es);
    if (es.length === 2) return binary(op, es[0] as Expr, es[1] as Expr);
    // Comparisons with 3+ operands: the first compared with each further one, ANDed.
    const first = es[0] as Expr;
    return foldLeft(
      'and',
      es.slice(1).map((e): Expr => binary(op, first, e)),
    );
  });
}

export function readUnaryShorthand(m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  const op = m.key.slice(1) as UnaryOp;
  if (m.value.type === 'array') fail(cx, 'operand-count', `"${m.rawKey}" takes a single expression (not an array)`, obj);
  const p = new Parts(cx);
  const e = p.one('expr', m.value);
  return p.step((r) => unary(op, e(r)));
}

export function readFunctionShorthand(m: JsonMember, _obj: JsonObject, cx: Cx): Step<Expr> {
  const name = functionNameOfKey(m.key);
  const p = new Parts(cx);
  if (name === '') p.problem('wrong-shape', `a function shorthand "${FUNCTION_PREFIX}name" needs a name after "${FUNCTION_PREFIX}"`, m);
  const args = p.list(
    'expr',
    p.attempt(() => expectArray(cx, m.value, `the arguments of "${m.rawKey}"`), []),
  );
  return p.step((r) => fn(name, args(r)));
}

export function readBetweenShorthand(m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  const items = expectArray(cx, m.value, `"${m.rawKey}": [e, min, max]`);
  const p = new Parts(cx);
  if (items.length !== 3) {
    // Reported; the expressions there are still read.
    p.problem('operand-count', `"${m.rawKey}" takes exactly 3 expressions (e, min, max), got ${items.length}`, obj);
    p.list('expr', items);
    return p.step(() => null as never);
  }
  const [a, b, c] = items as [JsonValue, JsonValue, JsonValue];
  const e = p.one('expr', a);
  const min = p.one('expr', b);
  const max = p.one('expr', c);
  return p.step((r) => between(e(r), min(r), max(r)));
}

/** `"$in": [e, [values...]]` or `[e, select]`: the list form reads both (and says what else it got). */
export function readInShorthand(m: JsonMember, obj: JsonObject, cx: Cx): Step<Expr> {
  const items = expectArray(cx, m.value, `"${m.rawKey}": [e, [values...]] or [e, select]`);
  const p = new Parts(cx);
  if (items.length !== 2) {
    // Reported; the expression and the list there are still read.
    p.problem('operand-count', `"${m.rawKey}" takes exactly 2 items (an expression, then an array of values or a select object), got ${items.length}`, obj);
  }
  const [e, list] = items as [JsonValue | undefined, JsonValue | undefined];
  const left = p.optional('expr', e);
  if (list === undefined) return p.step(() => null as never);
  if (list.type === 'array') {
    const values = p.list('expr', list.items);
    return p.step((r) => inList(left(r) as Expr, values(r)));
  }
  if (list.type === 'object') {
    const select = p.one('select', list);
    return p.step((r) => KINDS.in_select.make(left(r) as Expr, select(r)));
  }
  p.problem('wrong-type', `the second item of "${m.rawKey}" must be an array of values or a select object, got ${describe(list)}`, list);
  return p.step(() => null as never);
}

/** A shorthand whose value is one select object (`$exists`, `$select`). */
export const selectShorthand =
  (make: (select: Select) => Expr) =>
  (m: JsonMember, _obj: JsonObject, cx: Cx): Step<Expr> => {
    const p = new Parts(cx);
    const select = p.one('select', m.value);
    return p.step((r) => make(select(r)));
  };
