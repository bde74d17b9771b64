import { withArticle } from '../diagnostic/article.js';
import type { Expr } from '../ast/nodes.js';
import { NULL } from '../ast/index.js';
import { checkDateTimeText } from '../ast/datetime.js';
import { checkNumber } from '../ast/numbers.js';
import { checkNode } from '../ast/checked.js';
import { DsqError } from '../diagnostic/index.js';
import { describeValue } from '../builder/errors.js';
import { toExpr } from '../builder/values.js';
import type { ParamType } from '../schema/param-types.js';

/**
 * A parameter's value converted by its type into the literal it binds to (a checked literal
 * node that bindParams takes as it is), or, for an untyped parameter, the value itself (bound
 * as any template value is). Shared by `dsq compile --param` (text), `--params-file` (JSON
 * values) and the functions `dsq gen` writes (JS values), so the three give the same JSON.
 *
 * - `string`: a string (`''` is NULL); numbers are not strings.
 * - `integer`, `number`: a JS number or bigint, or number text (exact: every digit kept);
 *   `integer` must be whole.
 * - `datetime`: a Date, epoch milliseconds (number, bigint or digits), or ISO text.
 * - `localdate`, `localtime`, `localdatetime`: ISO text of that kind.
 * - null is NULL for every type. For a list parameter, each item is converted.
 */
export function convertParam(value: unknown, type: ParamType | null, what: string): unknown {
  if (value === null) return NULL;
  if (type === null) return value;
  switch (type) {
    case 'string':
      if (typeof value !== 'string') throw invalid(`${what} is a string parameter, got ${describeValue(value)}`);
      return value;
    case 'integer':
    case 'number':
      return numberLiteral(value, type === 'integer', what);
    case 'datetime':
      if (value instanceof Date) return toExpr(value, what);
      if (typeof value === 'number' || typeof value === 'bigint') return numberLiteral(value, true, `${what} (epoch milliseconds)`, 'datetime');
      if (typeof value === 'string') {
        if (/^-?\d+$/.test(value)) return numberLiteral(value, true, `${what} (epoch milliseconds)`, 'datetime');
        return dateTimeLiteral('datetime', value, what);
      }
      throw invalid(`${what} is a datetime parameter (a Date, ISO text or epoch milliseconds), got ${describeValue(value)}`);
    case 'localdate':
    case 'localtime':
    case 'localdatetime':
      if (typeof value !== 'string') throw invalid(`${what} is ${withArticle(type)} parameter (ISO text), got ${describeValue(value)}`);
      return dateTimeLiteral(type, value, what);
  }
}

/** A list parameter's items, each converted (a single value is a list of one). */
export function convertList(value: unknown, type: ParamType | null, what: string): unknown {
  if (!Array.isArray(value)) return convertParam(value, type, what);
  return value.map((item, i) => convertParam(item, type, `item ${i + 1} of ${what}`));
}

const invalid = (message: string) => new DsqError([{ code: 'params/invalid-value', severity: 'error', message }]);

function numberLiteral(value: unknown, whole: boolean, what: string, as: 'number' | 'datetime' = 'number'): Expr {
  let text: string;
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw invalid(`${what} must be a finite number, got ${value}`);
    text = typeof value === 'bigint' ? value.toString() : Object.is(value, -0) ? '0' : String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw invalid(`${what} is a number parameter, got ${describeValue(value)}`);
  }
  const check = checkNumber(text);
  if (!check.ok) throw invalid(`${what} is a number parameter: ${check.reason}`);
  if (whole && !check.whole) throw invalid(`${what} must be a whole number, got ${text}`);
  if (as === 'datetime') return checkNode<Expr>({ kind: 'datetime', form: 'ms', value: text });
  return checkNode<Expr>({ kind: 'number', value: text });
}

function dateTimeLiteral(kind: 'datetime' | 'localdate' | 'localtime' | 'localdatetime', text: string, what: string): Expr {
  const reason = checkDateTimeText(kind, text);
  if (reason !== null) throw invalid(`${what}: ${reason}`);
  return checkNode<Expr>(kind === 'datetime' ? { kind, form: 'iso', value: text } : { kind, value: text });
}
