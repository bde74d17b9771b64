import { KINDS } from '../ast/kinds.js';
import type { JoinOp, JoinSource, Node, Source, Specifier } from '../ast/nodes.js';
import { concat, group, hanging, line, verbatim, type Doc } from './doc/doc.js';
import { branch, leaf, list, NO_CAPTURE, parens, type Ctx, type Env, type LayoutFn } from './engine.js';
import { asAlias, quoteString, writeName, writePath } from './names.js';
import { tokenize } from '../syntax/index.js';

/** True in the database position of a data action (src/print/action-layout.ts, DATABASE). */
const isDatabase = (ctx: Ctx) => ctx.database === true;

const JOIN_TEXT: Readonly<Record<JoinOp, string>> = {
  join: 'JOIN',
  inner: 'INNER JOIN',
  left: 'LEFT JOIN',
  left_outer: 'LEFT OUTER JOIN',
  cross: 'CROSS JOIN',
};

function withAlias(doc: Doc, alias: string | null, env: Env): Doc {
  return alias === null ? doc : hanging([doc, line, asAlias(env.options.kw('AS'), alias)], 1);
}

/**
 * The sources of a left-leaning join chain and the operators between them, found without
 * recursion, and the inner joins: inner[i] is the join ending with source i.
 */
function chain(node: JoinSource): { sources: Source[]; ops: JoinOp[]; inner: JoinSource[] } {
  const sources: Source[] = [node.s2];
  const ops: JoinOp[] = [node.op];
  const inner: JoinSource[] = [];
  let cur: Source = node.s1;
  while (cur.kind === 'join') {
    inner.push(cur);
    sources.push(cur.s2);
    ops.push(cur.op);
    cur = cur.s1;
  }
  sources.push(cur);
  return { sources: sources.reverse(), ops: ops.reverse(), inner: inner.reverse() };
}

const NO_NODES: readonly Node[] = Object.freeze([]);

/**
 * True when the source joined `left` and `right` with a comma alone (`FROM a o, b c`), not CROSS
 * JOIN. False when printing a tree alone.
 */
function commaWritten(left: Source, right: Source, env: Env): boolean {
  const leftAt = env.at?.(left);
  const leftText = env.written?.(left);
  const rightAt = env.at?.(right);
  if (env.text === undefined || leftAt === undefined || leftText === undefined || rightAt === undefined) return false;
  const from = leftAt + leftText.length;
  if (plainComma(env.text, from, rightAt)) return true;
  // A comment in between: CROSS JOIN, where comments have their places (after a comma they would move).
  const between = tokenize(env.text.slice(from, rightAt));
  return between.length === 1 && (between[0] as { type: string }).type === 'Comma';
}

/** True when `text` from `from` to `to` is one comma among spaces, tabs and line breaks (most `FROM a, b`): known without tokenizing. */
function plainComma(text: string, from: number, to: number): boolean {
  let commas = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) commas++;
    else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return commas === 1;
}

const join: LayoutFn<'join'> = (node, ctx, env) => {
  const { sources, ops, inner } = chain(node);
  return branch({
    children: sources,
    build: (docs) => {
      const parts: Doc[] = [docs[0] as Doc];
      for (let i = 1; i < sources.length; i++) {
        let d = docs[i] as Doc;
        // A join on the right is grouped explicitly; every join on the left is the chain itself.
        if (sources[i]?.kind === 'join') d = parens(d);
        // The join ending with source i prints its comments around that source.
        const j = inner[i - 1];
        if (j !== undefined && env.hasComments(j)) d = env.decorate(j, d, NO_NODES);
        const op = ops[i - 1] as JoinOp;
        // `FROM a, b` stays a comma (the same cross join), as written.
        if (op === 'cross' && commaWritten(sources[i - 1] as Source, sources[i] as Source, env)) parts.push(',', line, d);
        else parts.push(line, env.options.kw(JOIN_TEXT[op]), ' ', d);
      }
      return group(parts);
    },
  });
};

/** Layouts of the source kinds. */
export const SOURCE_LAYOUTS = {
  table: (node, _c, env) => {
    const path = writePath(node.table);
    const doc = path ?? concat([env.options.kw(KINDS.table.keyword), '(', verbatim(quoteString(node.table)), ')']);
    return leaf(withAlias(doc, node.alias, env));
  },
  table_system: (node, _c, env) => leaf(withAlias(list(`${env.options.kw(KINDS.table_system.keyword)}(`, [writeName(node.table)], ')'), node.alias, env)),
  table_database: (node, ctx, env) =>
    branch({
      children: [node.database],
      build: ([db]) => withAlias(list(`${env.options.kw(KINDS.table_database.keyword)}(`, [db as Doc, writeName(node.table)], ')'), node.alias, env),
    }),
  join,
  select_source: (node, ctx) => branch({ children: [node.select], build: ([s]) => parens(s as Doc) }),
} satisfies { readonly [K in Source['kind']]: LayoutFn<K> };

/** Layouts of the specifier kinds. */
export const SPECIFIER_LAYOUTS = {
  spec_all: (_n, _c, env) => leaf(env.options.kw(KINDS.spec_all.keyword)),
  spec_id: (node) => leaf(node.id),
  // A data action's database (ctx.database) is written as a path where it is one: `FROM shop.orders`.
  spec_name: (node, ctx) => leaf((isDatabase(ctx) ? writePath(node.name) : null) ?? verbatim(quoteString(node.name))),
  // A write's (or FETCH LOGS') `WHERE e` is a clause (ctx.whereClause, action-layout.ts); a database `(WHERE e)`.
  spec_where: (node, ctx, env) => {
    const kw = env.options.kw(KINDS.spec_where.keyword);
    if (ctx.whereClause === true) return branch({ children: [node.where], ctx: NO_CAPTURE, build: (docs) => hanging([kw, line, docs[0] as Doc], 1) });
    return branch({
      children: [node.where],
      ctx: isDatabase(ctx) ? NO_CAPTURE : ctx,
      build: ([w]) => (isDatabase(ctx) ? parens(concat([kw, ' ', w as Doc])) : concat([kw, ' ', w as Doc])),
    });
  },
  spec_array: (node, ctx) => branch({ children: node.items, ctx: isDatabase(ctx) ? NO_CAPTURE : ctx, build: (docs) => list('[', docs, ']') }),
} satisfies { readonly [K in Specifier['kind']]: LayoutFn<K> };
