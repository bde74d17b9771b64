import type { Node, Select } from '../ast/nodes.js';
import { concat, group, indent, line, type Doc } from './doc/doc.js';
import { list, NO_CAPTURE, parens, type Ctx, type LayoutFn } from './engine.js';
import { writeAlias } from './names.js';
import { termNeedsParens } from './operands.js';

/** `KEYWORD content`, the content on its own indented line when the clause does not fit. */
function clause(keyword: string, content: Doc): Doc {
  return group([keyword, indent([line, content])]);
}

/** `item, item` of `count` items from `from`, one per line when the list does not fit. */
function commaList(items: readonly Doc[], from: number, count: number): Doc {
  const parts: Doc[] = [];
  for (let i = from; i < from + count; i++) {
    if (i > from) parts.push(',', line);
    parts.push(items[i] as Doc);
  }
  return group(parts);
}

/** A GROUP BY item or an order term: a number in parentheses (`termNeedsParens`), every other expression as is. */
function term(node: Node, doc: Doc): Doc {
  return termNeedsParens(node) ? parens(doc) : doc;
}

/** The aliases a bare name in ORDER BY, GROUP BY and HAVING refers to. */
function aliasesOf(node: Select): Ctx {
  if (node.columns === 'all') return NO_CAPTURE;
  const names = new Set<string>();
  for (const c of node.columns) if (c.alias !== null) names.add(c.alias);
  return names.size === 0 ? NO_CAPTURE : { capture: names };
}

const select: LayoutFn<'select'> = (node, outer, env) => {
  const kw = env.options.kw;
  const own = aliasesOf(node);
  const kids: Node[] = [];
  const ctxs: Ctx[] = [];
  const add = (n: Node | null, c: Ctx) => {
    if (n === null) return;
    kids.push(n);
    ctxs.push(c);
  };
  if (node.columns !== 'all') for (const c of node.columns) add(c, NO_CAPTURE);
  add(node.from, NO_CAPTURE);
  add(node.where, NO_CAPTURE);
  for (const g of node.group) add(g, own);
  add(node.having, own);
  for (const o of node.order) add(o, own);
  add(node.limit, NO_CAPTURE);
  add(node.offset, NO_CAPTURE);
  const last = outer.lastClause;
  if (last !== undefined) for (const n of last.nodes) add(n, NO_CAPTURE);
  return {
    children: kids,
    ctxs,
    build: (docs) => {
      let i = 0;
      const take = (count: number): Doc => {
        const doc = commaList(docs, i, count);
        i += count;
        return doc;
      };
      const head = node.distinct ? `${kw('SELECT')} ${kw('DISTINCT')}` : kw('SELECT');
      // The clauses with a line between them, built as one part list.
      const parts: Doc[] = [node.columns === 'all' ? concat([head, ' *']) : clause(head, take(node.columns.length))];
      if (node.from) parts.push(line, clause(kw('FROM'), docs[i++] as Doc));
      if (node.where) parts.push(line, clause(kw('WHERE'), docs[i++] as Doc));
      if (node.group.length > 0) {
        const items = node.group.map((g, k) => term(g, docs[i + k] as Doc));
        i += items.length;
        parts.push(line, clause(kw('GROUP BY'), commaList(items, 0, items.length)));
      }
      if (node.having) parts.push(line, clause(kw('HAVING'), docs[i++] as Doc));
      if (node.order.length > 0) parts.push(line, clause(kw('ORDER BY'), take(node.order.length)));
      if (node.limit) parts.push(line, clause(kw('LIMIT'), docs[i++] as Doc));
      if (node.offset) parts.push(line, clause(kw('OFFSET'), docs[i++] as Doc));
      if (last !== undefined) parts.push(line, last.build(docs.slice(i)));
      return group(parts);
    },
  };
};

const selectAction: LayoutFn<'select_action'> = (node, ctx, env) => {
  const kw = env.options.kw;
  const rows = node.rows;
  const flags: string[] = [];
  if (node.useStrings !== null) flags.push(`${kw('USE_STRINGS')} = ${kw(node.useStrings ? 'TRUE' : 'FALSE')}`);
  if (node.echo !== null) flags.push(`${kw('ECHO')} = ${kw(node.echo ? 'TRUE' : 'FALSE')}`);
  // OPTIONS is the select's last clause: on its line when the statement fits, else on its own.
  // `ROWS = :n`: the parameter is a node the select prints with its own (its comments with it).
  const nodes: Node[] = rows !== null && typeof rows === 'object' ? [rows] : [];
  const build = (docs: readonly Doc[]): Doc => {
    const options: Doc[] = rows === null ? [] : [concat([kw('ROWS'), ' = ', typeof rows === 'string' ? rows : (docs[0] as Doc)])];
    return list(`${kw('OPTIONS')} (`, [...options, ...flags], ')');
  };
  return {
    children: [node.select],
    ctx: { ...ctx, lastClause: { nodes, build } },
    build: ([s]) => s as Doc,
  };
};

/** Layouts of the select-level kinds. */
export const SELECT_LAYOUTS = {
  select,
  select_action: selectAction,
  result_column: (node, ctx, env) => ({
    children: [node.e],
    build: ([e]) => (node.alias === null ? (e as Doc) : group([e as Doc, indent([line, env.options.kw('AS'), ' ', writeAlias(node.alias)])])),
  }),
  order_term: (node, ctx, env) => ({
    children: [node.e],
    build: ([e]) => (node.order === 'desc' ? group([term(node.e, e as Doc), indent([line, env.options.kw('DESC')])]) : term(node.e, e as Doc)),
  }),
} satisfies { readonly [K in 'select' | 'select_action' | 'result_column' | 'order_term']: LayoutFn<K> };
