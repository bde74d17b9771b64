import { FETCH_KINDS } from '../../ast/kinds.js';
import type { Expr, Node } from '../../ast/nodes.js';
import { isWholeNumber } from '../../ast/numbers.js';
import { fieldCategory } from '../../schema/index.js';
import { CHOICES } from '../../spec/run-choices.js';
import type { Rule, RuleContext, RuleVisitor } from '../rule-api.js';
import { resolveColumn, resolveDatabaseColumn } from '../schema-columns.js';

/** The FETCH kinds a local run answers from its data; the others answer an empty array there. */
const LOCAL_FETCHES: ReadonlySet<string> = new Set(['fetch_records', 'fetch_multirecords', 'fetch_pseudorecords']);

/** An operand that is a whole number: a whole literal, a COUNT, or (with a schema) a whole-number field. */
function whole(context: RuleContext, e: Expr): boolean {
  switch (e.kind) {
    case 'number':
      return isWholeNumber(e.value);
    case 'count_rows':
      return true;
    case 'function':
      return /^count(_distinct)?$/i.test(e.name);
    case 'unary':
      return e.op === '-' && whole(context, e.e);
    case 'column':
    case 'database_column': {
      const r = e.kind === 'column' ? resolveColumn(context, e, context.scopes()) : resolveDatabaseColumn(context, e);
      if (r.status !== 'field') return false;
      const category = fieldCategory(r.field.type);
      return category === 'integer' || category === 'bigint';
    }
    default:
      return false;
  }
}

/**
 * The choices `dsq run` makes where the spec is silent and that can surprise (spec/run-choices.ts,
 * the entries with a `warn`): off by default, for the files of a project that runs its queries
 * locally; `dsq run` says the same once per run whatever the setting.
 */
export const localRunChoice: Rule = {
  meta: {
    id: 'local-run-choice',
    severity: 'off',
    docs: {
      description:
        'Reports what relies on a choice `dsq run` makes where the spec is silent and that can surprise: LEFT JOIN without a condition, `/` of two whole numbers, FETCH of resources a local run has none of.',
    },
    fixable: false,
  },
  create(context) {
    const fetch = (node: Node) => context.report({ node, message: `A local run: ${CHOICES.otherFetches.warn}.` });
    // A quotient rounded on purpose (`FLOOR(a / b)`, the advice itself) is not reported.
    const rounded = new WeakSet<Node>();
    const visitors: RuleVisitor = {
      function(node) {
        if (/^(floor|ceil|truncate|round)$/i.test(node.name) && node.args[0] !== undefined) rounded.add(node.args[0]);
      },
      join(node) {
        if (node.op === 'left' || node.op === 'left_outer') context.report({ node, message: `A local run: ${CHOICES.leftJoin.warn}.` });
      },
      binary(node) {
        if (node.op === '/' && !rounded.has(node) && whole(context, node.e1) && whole(context, node.e2))
          context.report({ node, message: `A local run: ${CHOICES.division.warn}.` });
      },
    };
    return { ...visitors, ...Object.fromEntries(FETCH_KINDS.filter((k) => !LOCAL_FETCHES.has(k)).map((k) => [k, fetch])) };
  },
};
