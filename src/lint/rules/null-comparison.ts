import type { Binary } from '../../ast/nodes.js';
import { findToken } from '../source-scan.js';
import type { Fix, Rule, RuleContext } from '../rule-api.js';

const COMPARISONS: ReadonlySet<string> = new Set(['=', '!=', '<', '<=', '>', '>=']);

/** `x = NULL`, `x != NULL` (and `x < NULL` ...) are never true: NULL compares unknown with everything. */
export const nullComparison: Rule = {
  meta: {
    id: 'null-comparison',
    severity: 'error',
    docs: { description: 'Reports `= NULL`, `!= NULL` and `<`, `<=`, `>`, `>=` NULL (never true); the fix writes IS NULL / IS NOT NULL.' },
    fixable: true,
  },
  create(context) {
    return {
      binary(node) {
        if (!COMPARISONS.has(node.op)) return;
        if (node.e1.kind !== 'null' && node.e2.kind !== 'null') return;
        const what = nullText(node, context);
        if (node.op !== '=' && node.op !== '!=') {
          context.report({ node, message: `A comparison with ${node.op} ${what} is never true (NULL is unknown, not a value); to test for NULL use IS NULL.` });
          return;
        }
        const is = node.op === '=' ? 'IS NULL' : 'IS NOT NULL';
        const fix = nullFix(node, context);
        context.report({
          node,
          message: `A comparison with ${node.op} ${what} is never true (NULL is unknown, not a value); use ${is}.`,
          ...(fix ? { fix } : {}),
        });
      },
    };
  },
};

/** How the NULL operand was written: `NULL`, or `''` (which the service reads as NULL). */
function nullText(node: Binary, context: RuleContext): string {
  const operand = node.e2.kind === 'null' ? node.e2 : node.e1;
  const span = context.spanOf(operand);
  const written = span ? context.text.slice(span.start, span.end) : '';
  return written === "''" ? "'' (the service reads '' as NULL)" : 'NULL';
}

/** Replace the operator by IS / IS NOT (`<>` too: it is `!=`). */
function nullFix(node: Binary, context: RuleContext): Fix | undefined {
  const left = context.spanOf(node.e1);
  const right = context.spanOf(node.e2);
  const own = context.spanOf(node);
  if (!left || !right || !own || left === own || right === own || left.end > right.start) return undefined;
  const op = findToken(context.text, left.end, right.start, ['!=', '<>', '=']);
  if (!op) return undefined;
  if ((op.token === '=') !== (node.op === '=')) return undefined;
  const word = op.token === '=' ? 'IS' : 'IS NOT';
  const space = (c: string | undefined) => (c === undefined || /\s/.test(c) ? '' : ' ');
  const text = `${space(context.text[op.start - 1])}${word}${space(context.text[op.end])}`;
  return { description: `write ${word}`, edits: [{ start: op.start, end: op.end, text }] };
}
