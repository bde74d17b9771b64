import type { Expr } from '../../ast/nodes.js';
import { descendants } from '../../ast/walk.js';
import { lastSegment } from '../scope.js';
import { nameText } from '../source-scan.js';
import type { Rule } from '../rule-api.js';

/**
 * In WHERE a bare name is a source column, never a result alias (only ORDER BY, GROUP BY and
 * HAVING capture aliases). A bare name in WHERE equal to a result alias of the same select is
 * probably meant as the alias; the fix writes ALIAS(name). Not reported: an alias made from the
 * column of the same name (`name COLLATE NOCASE AS name`), since that column is what is meant. `COLUMN(name)` says "the column" and
 * is not reported; with a schema, names that are real source columns are not reported.
 */
export const aliasAsColumn: Rule = {
  meta: {
    id: 'alias-as-column',
    severity: 'warning',
    docs: { description: 'Reports a bare name in WHERE that equals a result alias (it is read as a source column); the fix writes ALIAS(name).' },
    fixable: true,
  },
  create(context) {
    return {
      column(node) {
        if (context.clause() !== 'where' || node.path.includes('.') || node.path.includes(':')) return;
        const select = context.enclosingSelect();
        if (!select) return;
        const scope = context.scope(select);
        const columns = scope.aliases.get(node.path.toLowerCase());
        const target = columns?.[0];
        if (!target) return;
        // `name COLLATE NOCASE AS name`: the alias is made from the column of that name, which is meant.
        if (usesColumnNamed(target.e, node.path)) return;
        const text = context.sourceOf(node);
        if (text !== null && /^column\s*\(/i.test(text)) return;
        if (scope.sources.some((s) => s.columns?.has(node.path.toLowerCase()))) return;
        const span = context.spanOf(node);
        const replacement = `ALIAS(${nameText(node.path)})`;
        context.report({
          node,
          message: `${node.path} in WHERE is read as a source column, but it is the alias of a result column; write ${replacement} to use the alias (or COLUMN(${nameText(node.path)}) for the column).`,
          ...(span && text !== null ? { fix: { description: `write ${replacement}`, edits: [{ start: span.start, end: span.end, text: replacement }] } } : {}),
        });
      },
    };
  },
};

function usesColumnNamed(e: Expr, name: string): boolean {
  const lower = name.toLowerCase();
  return descendants(e).some((n) => n.kind === 'column' && lastSegment(n.path).toLowerCase() === lower);
}
