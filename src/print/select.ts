import type { Node, OrderTerm, ResultColumn, Select } from '../ast/nodes.js';
import { concat, group, hanging, line, type Doc } from './doc/doc.js';
import { Branch, branch, list, NO_CAPTURE, nodeBranch, parens, type Ctx, type Env, type LayoutFn } from './engine.js';
import { leafDoc } from './expressions.js';
import { asAlias } from './names.js';
import { termNeedsParens } from './operands.js';

/** `KEYWORD content`, the content on its own indented line when the clause does not fit. */
function clause(keyword: string, content: Doc): Doc {
  return hanging([keyword, line, content], 1);
}

/** `item, item` of `count` items from `from`, one per line when the list does not fit. */
function commaList(items: readonly Doc[], from: number, count: number): Doc {
  if (count === 1) return group(items[from] as Doc);
  const parts = new Array<Doc>(3 * count - 2);
  let p = 0;
  for (let i = from; i < from + count; i++) {
    if (i > from) {
      parts[p++] = ',';
      parts[p++] = line;
    }
    parts[p++] = items[i] as Doc;
  }
  return group(parts);
}

/** `doc` into `parts` at `p`, after a line when it is not the first; the next free index. (No closure per select.) */
function put(parts: Doc[], p: number, doc: Doc): number {
  let at = p;
  if (at > 0) parts[at++] = line;
  parts[at++] = doc;
  return at;
}

/** A GROUP BY item or an order term: a number in parentheses (`termNeedsParens`), every other expression as is. */
function term(node: Node, doc: Doc): Doc {
  return termNeedsParens(node) ? parens(doc) : doc;
}

/** The aliases a bare name in ORDER BY, GROUP BY and HAVING refers to. */
function aliasesOf(node: Select): Ctx {
  const columns = node.columns;
  if (columns === 'all') return NO_CAPTURE;
  let names: Set<string> | null = null;
  // Indexed loops: the tree's lists are frozen, and `for...of` over them allocates.
  for (let i = 0; i < columns.length; i++) {
    const alias = (columns[i] as (typeof columns)[number]).alias;
    if (alias !== null) (names ??= new Set()).add(alias);
  }
  return names === null ? NO_CAPTURE : { capture: names };
}

/** What a select's branch builds from (engine.ts `Branch`): one object, no closures per select. */
interface SelectData {
  readonly node: Select;
  readonly last: Ctx['lastClause'];
}

/** A select's branch: its children and their contexts in arrays of the exact size. */
function selectBranch(node: Select, env: Env, last: Ctx['lastClause']): Branch {
  const columns = node.columns === 'all' ? 0 : node.columns.length;
  const count =
    columns +
    (node.from === null ? 0 : 1) +
    (node.where === null ? 0 : 1) +
    node.group.length +
    (node.having === null ? 0 : 1) +
    node.order.length +
    (node.limit === null ? 0 : 1) +
    (node.offset === null ? 0 : 1) +
    (last === undefined ? 0 : last.nodes.length);
  const kids = new Array<Node>(count);
  let k = 0;
  if (node.columns !== 'all') for (let i = 0; i < columns; i++) kids[k++] = node.columns[i] as Node;
  if (node.from !== null) kids[k++] = node.from;
  if (node.where !== null) kids[k++] = node.where;
  const captured = k;
  for (let i = 0; i < node.group.length; i++) kids[k++] = node.group[i] as Node;
  if (node.having !== null) kids[k++] = node.having;
  for (let i = 0; i < node.order.length; i++) kids[k++] = node.order[i] as Node;
  const uncaptured = k;
  if (node.limit !== null) kids[k++] = node.limit;
  if (node.offset !== null) kids[k++] = node.offset;
  if (last !== undefined) for (let i = 0; i < last.nodes.length; i++) kids[k++] = last.nodes[i] as Node;
  // GROUP BY, HAVING and ORDER BY (from `captured` to `uncaptured`) in the aliases' context;
  // the children's contexts only where some differ, else all in NO_CAPTURE.
  const own = captured === uncaptured ? NO_CAPTURE : aliasesOf(node);
  const ctxs = own === NO_CAPTURE ? undefined : new Array<Ctx>(count).fill(NO_CAPTURE).fill(own, captured, uncaptured);
  const data: SelectData = { node, last };
  return new Branch(kids, data, env, selectDoc, NO_CAPTURE, ctxs, undefined, undefined) as Branch;
}

function selectDoc({ node, last }: SelectData, docs: readonly Doc[], env: Env): Doc {
  const kw = env.options.kw;
  let i = 0;
  const head = node.distinct ? `${kw('SELECT')} ${kw('DISTINCT')}` : kw('SELECT');
  // The clauses with a line between them, built as one part list of the exact size.
  const clauses =
    1 +
    (node.from === null ? 0 : 1) +
    (node.where === null ? 0 : 1) +
    (node.group.length > 0 ? 1 : 0) +
    (node.having === null ? 0 : 1) +
    (node.order.length > 0 ? 1 : 0) +
    (node.limit === null ? 0 : 1) +
    (node.offset === null ? 0 : 1) +
    (last === undefined ? 0 : 1);
  const parts = new Array<Doc>(2 * clauses - 1);
  let p = 0;
  if (node.columns === 'all') p = put(parts, p, concat([head, ' *']));
  else {
    p = put(parts, p, clause(head, commaList(docs, i, node.columns.length)));
    i += node.columns.length;
  }
  if (node.from !== null) p = put(parts, p, clause(kw('FROM'), docs[i++] as Doc));
  if (node.where !== null) p = put(parts, p, clause(kw('WHERE'), docs[i++] as Doc));
  if (node.group.length > 0) {
    const items = new Array<Doc>(node.group.length);
    for (let k = 0; k < items.length; k++) items[k] = term(node.group[k] as Node, docs[i + k] as Doc);
    i += items.length;
    p = put(parts, p, clause(kw('GROUP BY'), commaList(items, 0, items.length)));
  }
  if (node.having !== null) p = put(parts, p, clause(kw('HAVING'), docs[i++] as Doc));
  if (node.order.length > 0) {
    p = put(parts, p, clause(kw('ORDER BY'), commaList(docs, i, node.order.length)));
    i += node.order.length;
  }
  if (node.limit !== null) p = put(parts, p, clause(kw('LIMIT'), docs[i++] as Doc));
  if (node.offset !== null) p = put(parts, p, clause(kw('OFFSET'), docs[i++] as Doc));
  if (last !== undefined) p = put(parts, p, last.build(docs.slice(i)));
  return group(parts);
}

const select: LayoutFn<'select'> = (node, outer, env) => selectBranch(node, env, outer.lastClause);

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
  return branch({
    children: [node.select],
    ctx: { ...ctx, lastClause: { nodes, build } },
    build: ([s]) => s as Doc,
  });
};

/** `e AS alias` from the doc of its expression (`resultColumn` as a nodeBranch's build, from its children's docs). */
function resultColumnOf(node: ResultColumn, e: Doc, env: Env): Doc {
  return node.alias === null ? e : hanging([e, line, asAlias(env.options.kw('AS'), node.alias)], 1);
}
const resultColumn = (node: ResultColumn, docs: readonly Doc[], env: Env): Doc => resultColumnOf(node, docs[0] as Doc, env);

/** `e DESC` from the doc of its expression (`orderTerm` from its children's docs). */
function orderTermOf(node: OrderTerm, doc: Doc, env: Env): Doc {
  const e = term(node.e, doc);
  return node.order === 'desc' ? hanging([e, line, env.options.kw('DESC')], 1) : e;
}
const orderTerm = (node: OrderTerm, docs: readonly Doc[], env: Env): Doc => orderTermOf(node, docs[0] as Doc, env);

/** Layouts of the select-level kinds. */
export const SELECT_LAYOUTS = {
  select,
  select_action: selectAction,
  // A name or literal (most result columns and order terms): the doc at once (no branch to walk).
  result_column: (node, ctx, env) => {
    const e = leafDoc(node.e, ctx, env);
    return e === undefined ? nodeBranch([node.e], node, env, resultColumn) : resultColumnOf(node, e, env);
  },
  order_term: (node, ctx, env) => {
    const e = leafDoc(node.e, ctx, env);
    return e === undefined ? nodeBranch([node.e], node, env, orderTerm) : orderTermOf(node, e, env);
  },
} satisfies { readonly [K in 'select' | 'select_action' | 'result_column' | 'order_term']: LayoutFn<K> };
