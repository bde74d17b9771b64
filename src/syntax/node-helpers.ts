import type { DateTimeKind, Expr } from '../ast/index.js';
import { dateTimeProblem } from '../ast/datetime.js';
import { checkNumber, isWholeNumber, smallNumber } from '../ast/numbers.js';
import { AliasNode, ColumnNode, CountRowsNode, DatetimeNode, FunctionNode, LocaldateNode, LocaldatetimeNode, LocaltimeNode, NullNode } from '../ast/objects.js';
import { EXPR_CALL_BY_KEYWORD, type ExprCall } from '../ast/kinds-expressions.js';
import { normalizeNumber, quotedNameValue, stringValue } from './literals.js';
import * as T from './tokens.js';
import { MISSING, idx, isAlias, type ParserState } from './parser-state.js';

const QUOTED = idx(T.QuotedIdentifier);
const NUMBER = idx(T.NumberLiteral);
const LPAREN = idx(T.LParen);

/**
 * The node-building helpers every rule uses, over the cursor of parser-state.ts: names (quoted
 * or not), numbers (checked against the spec's range), datetime literals, column or alias
 * references, calls (checking `*` and DISTINCT), and a number where SQL reads a column
 * position.
 */

export function nameOf(p: ParserState, i: number): string {
  if (i === MISSING) return '';
  if (p.types[i] === QUOTED) {
    const value = quotedNameValue(p.image(i));
    if (value === '') p.report('syntax/empty-name', 'a name cannot be empty ("")', i);
    return value;
  }
  return p.image(i);
}

export function numberText(p: ParserState, i: number, negative: boolean): string {
  if (i === MISSING || p.types[i] !== NUMBER) return '0';
  const image = p.image(i);
  // Fast path: up to 15 digits before and after the point is valid JSON number text as written, in range.
  if (smallNumber(image) !== 0) return negative ? `-${image}` : image;
  const text = (negative ? '-' : '') + normalizeNumber(image);
  const check = checkNumber(text);
  // The span is the number as the message quotes it: from its '-' (the token before) when it has one.
  if (!check.ok) p.report('syntax/invalid-number', check.reason, negative ? i - 1 : i, i);
  return text;
}

export function wholeNumberText(p: ParserState, i: number, negative: boolean, what: string): string {
  const text = numberText(p, i, negative);
  if (i !== MISSING && p.types[i] === NUMBER && !isWholeNumber(text)) {
    p.report('syntax/expected-integer', `${what} must be a whole number, found ${text}`, negative ? i - 1 : i, i);
  }
  return text;
}

/**
 * `ORDER BY 2`, `GROUP BY 1`, `ORDER BY -1`: SQL reads a bare number there as a result
 * column's position, but the spec's order term and group item are expressions, so the select
 * object would order or group by the constant. An error, with the column meant when the
 * number names one of `columns` (how the SELECT wrote them). A number in parentheses, `(2)`,
 * is the constant on purpose (and how the printer writes one).
 */
export function columnPosition(p: ParserState, e: Expr, start: number, clause: 'ORDER BY' | 'GROUP BY', columns: readonly string[] | null): void {
  if (e.kind !== 'number' || p.typeOf(start) === LPAREN) return;
  const verb = clause === 'ORDER BY' ? 'order' : 'group';
  const position = /^[1-9][0-9]{0,5}$/.test(e.value) ? Number(e.value) : 0;
  const meant = columns === null || position === 0 ? undefined : columns[position - 1];
  const hint =
    meant !== undefined && meant !== ''
      ? `write the column: ${clause} ${meant}`
      : `write the ${columns === null ? 'field' : 'column or expression'} to ${verb} by; to ${verb} by the number itself, write it in parentheses: (${e.value})`;
  const term = clause === 'ORDER BY' ? 'order term' : 'group item';
  p.report(
    'syntax/column-position',
    `${clause} ${e.value} would ${verb} by the number ${e.value}, not by a result column: dsq has no column positions (the spec's ${term} is an expression)`,
    start,
    p.last(),
    hint,
  );
}

/** An unqualified name in ORDER BY / GROUP BY / HAVING equal to a result alias is an alias reference. */
export function nameRef(p: ParserState, path: string, single: boolean, start: number): Expr {
  const scope = p.scopes[p.scopes.length - 1];
  if (single && scope?.active && isAlias(scope, path)) return p.mark(new AliasNode(path), start);
  return p.mark(new ColumnNode(path), start);
}

/** `DATE '...'` and the like: `literal` is the string (or, wrongly, the double-quoted name) after the word `start`. */
export function datetime(p: ParserState, kind: DateTimeKind, literal: number, start: number): Expr {
  const word = p.image(start).toUpperCase();
  const quoted = p.types[literal] === QUOTED;
  const text = quoted ? quotedNameValue(p.image(literal)) : stringValue(p.image(literal));
  if (quoted) {
    p.report(
      'syntax/quoted-text',
      `expected a string in single quotes after ${word}, found the double-quoted name ${p.image(literal)}`,
      literal,
      literal,
      `double quotes make a name; write ${word} '${text.replace(/'/g, "''")}'`,
      'a string in single quotes',
    );
  } else {
    const problem = dateTimeProblem(kind, text);
    if (problem) p.report('syntax/invalid-datetime', problem.message, literal, literal, undefined, problem.expected);
  }
  const node: Expr =
    kind === 'datetime'
      ? new DatetimeNode('iso', text)
      : kind === 'localdate'
        ? new LocaldateNode(text)
        : kind === 'localtime'
          ? new LocaltimeNode(text)
          : new LocaldatetimeNode(text);
  return p.mark(node, start);
}

/**
 * A call's node, checking `*` and DISTINCT; `complete` when its arguments were read without a
 * syntax error. A bare name that is an expression call's keyword (src/ast/kind-spec.ts
 * `CallForm`: `NAME(e, ...)` of the kind table) makes a node of that kind; a quoted name is
 * always a function (`"NAME"(e)`).
 */
export function callNode(p: ParserState, name: number, distinct: number, star: number, args: Expr[], complete: boolean): Expr {
  const written = p.image(name);
  const quoted = p.types[name] === QUOTED;
  const upper = quoted ? nameOf(p, name) : written.toUpperCase();
  if (star !== MISSING) {
    if (quoted || upper !== 'COUNT' || distinct !== MISSING) {
      p.report('syntax/star-argument', `'*' is an argument only in COUNT(*), found ${written}(${distinct !== MISSING ? 'DISTINCT ' : ''}*)`, star);
    }
    return p.mark(new CountRowsNode(), name);
  }
  if (distinct !== MISSING) {
    if (quoted || !(upper === 'COUNT' || upper === 'AVG' || upper === 'SUM')) {
      p.report('syntax/distinct-argument', `DISTINCT is allowed only in COUNT, AVG and SUM, found ${written}(DISTINCT ...)`, distinct);
    } else if (args.length === 0 && complete) {
      p.report('syntax/distinct-argument', `expected an expression after DISTINCT in ${upper}(DISTINCT ...)`, distinct, distinct, undefined, 'an expression');
    }
    return p.mark(new FunctionNode(`${upper}_DISTINCT`, args), name);
  }
  const form = quoted ? undefined : EXPR_CALL_BY_KEYWORD.get(upper);
  if (form !== undefined) return p.mark(exprCallNode(p, form, name, args, complete), name);
  return p.mark(new FunctionNode(upper, args), name);
}

/**
 * An expression call's node from its arguments (`make` takes them in `args` order). A wrong
 * count is an error (the spec's, as a function's: `NAME takes exactly 1 argument (e), got 2`);
 * a missing argument is a placeholder, and arguments past the last are left out of the tree.
 */
function exprCallNode(p: ParserState, form: ExprCall, name: number, args: readonly Expr[], complete: boolean): Expr {
  const n = form.args.length;
  if (args.length !== n && complete) {
    const expected = `exactly ${n} argument${n === 1 ? '' : 's'}${n === 0 ? '' : ` (${form.args.join(', ')})`}`;
    p.report('spec/function-arity', `${form.keyword} takes ${expected}, got ${args.length}`, name, p.last());
  }
  const given: Expr[] = [];
  for (let i = 0; i < n; i++) given.push(args[i] ?? p.placeholder(new NullNode()));
  return form.make(...given);
}
