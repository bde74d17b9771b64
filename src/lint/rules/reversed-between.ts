import type { Expr } from '../../ast/nodes.js';
import { compareNumbers } from '../../ast/numbers.js';
import type { Rule } from '../rule-api.js';

/**
 * `x BETWEEN a AND b` with literal bounds where a > b: no value lies between them. Numbers are
 * compared exactly; strings by UTF-16 code units (the service's collation may differ, so only
 * clear cases count); dates, times and datetimes when both are written in the same shape.
 */
export const reversedBetween: Rule = {
  meta: {
    id: 'reversed-between',
    severity: 'warning',
    docs: { description: 'Reports BETWEEN whose literal lower bound is greater than its upper bound (never true).' },
    fixable: false,
  },
  create(context) {
    return {
      between(node) {
        if (compareLiterals(node.min, node.max) !== 1) return;
        const low = context.sourceOf(node.min) ?? '';
        const high = context.sourceOf(node.max) ?? '';
        context.report({
          node,
          message: `BETWEEN ${low} AND ${high} is never true: the lower bound is greater than the upper one; write BETWEEN ${high} AND ${low}.`.replace(
            / {2,}/g,
            ' ',
          ),
        });
      },
    };
  },
};

/** The shape of a date/time text: digits replaced, so only same-shape texts are compared as text. */
const shape = (text: string) => text.replace(/[0-9]/g, '9');

/** -1, 0, 1 for two literals of the same comparable kind; null when they cannot be compared safely. */
export function compareLiterals(a: Expr, b: Expr): -1 | 0 | 1 | null {
  if (a.kind === 'number' && b.kind === 'number') return compareNumbers(a.value, b.value);
  if (a.kind === 'string' && b.kind === 'string') return a.value === b.value ? 0 : a.value < b.value ? -1 : 1;
  if (a.kind === 'datetime' && b.kind === 'datetime') {
    if (a.form === 'ms' && b.form === 'ms') return compareNumbers(a.value, b.value);
    if (a.form === 'iso' && b.form === 'iso') return sameShapeCompare(a.value, b.value);
    return null;
  }
  if ((a.kind === 'localdate' || a.kind === 'localtime' || a.kind === 'localdatetime') && a.kind === b.kind) {
    return sameShapeCompare(a.value, b.value);
  }
  return null;
}

function sameShapeCompare(x: string, y: string): -1 | 0 | 1 | null {
  if (shape(x) !== shape(y)) return null;
  // Same shape: the offsets (if any) must also be equal for text order to be time order.
  const offset = (t: string) => /(Z|[+-]\d[\d:.]*)$/.exec(t.slice(10))?.[0] ?? '';
  if (offset(x) !== offset(y)) return null;
  return x === y ? 0 : x < y ? -1 : 1;
}
