import type { Node, WholeOrParam } from '../ast/nodes.js';
import { concat, group, indent, line, type Doc } from './doc/doc.js';
import { branch, list, type Ctx, type Env, type Layout } from './engine.js';
import { writeName } from './names.js';

/**
 * The pieces the data-action layouts share (fetch-layouts.ts, write-layouts.ts): the contexts
 * parts print in, clauses and statements, the children cursor, OPTIONS, paging, and the
 * records clause.
 */

/** Contexts the action parts print in. */
export const DATABASE: Ctx = Object.freeze({ capture: null, database: true });
export const BARE_VALUE: Ctx = Object.freeze({ capture: null, bareValue: true });
export const PLAIN: Ctx = Object.freeze({ capture: null });

export function clause(keyword: string, content: Doc): Doc {
  return group([keyword, indent([line, content])]);
}

/** Clauses of a statement: `head` then each on its own line when the whole does not fit. */
export function statement(head: Doc, clauses: readonly Doc[]): Doc {
  const parts: Doc[] = [head];
  for (const c of clauses) parts.push(line, c);
  return group(parts);
}

/** Children with their contexts, and a cursor over their docs. */
export class Kids {
  readonly nodes: Node[] = [];
  readonly ctxs: Ctx[] = [];
  add(node: Node | null, ctx: Ctx = PLAIN): boolean {
    if (node === null) return false;
    this.nodes.push(node);
    this.ctxs.push(ctx);
    return true;
  }
  addAll(nodes: readonly Node[], ctx: Ctx = PLAIN): number {
    for (const n of nodes) this.add(n, ctx);
    return nodes.length;
  }
  layout(build: (take: () => Doc, takeN: (n: number) => Doc[]) => Doc): Layout {
    return branch({
      children: this.nodes,
      ctxs: this.ctxs,
      build: (docs) => {
        let i = 0;
        return build(
          () => docs[i++] as Doc,
          (n) => {
            const out = docs.slice(i, i + n) as Doc[];
            i += n;
            return out;
          },
        );
      },
    });
  }
}

export function optionsClause(env: Env, options: readonly (readonly [string, boolean | null])[]): Doc | null {
  const kw = env.options.kw;
  const set = options.filter(([, v]) => v !== null).map(([name, v]) => `${kw(name)} = ${kw(v ? 'TRUE' : 'FALSE')}`);
  return set.length === 0 ? null : list(`${kw('OPTIONS')} (`, set, ')');
}

export function commaList(items: readonly Doc[]): Doc {
  const parts: Doc[] = [];
  items.forEach((d, i) => {
    if (i > 0) parts.push(',', line);
    parts.push(d);
  });
  return group(parts);
}

export const names = (items: readonly string[]) => list('(', items.map(writeName), ')');

export interface Paging {
  readonly order: readonly Node[];
  readonly limit: WholeOrParam | null;
  readonly offset: WholeOrParam | null;
}

/** The children of ORDER BY, LIMIT, OFFSET: the order terms, and a parameter standing for LIMIT or OFFSET (`LIMIT :n`). */
export function addPaging(k: Kids, n: Paging): void {
  k.addAll(n.order);
  if (typeof n.limit === 'object') k.add(n.limit);
  if (typeof n.offset === 'object') k.add(n.offset);
}

/** Whole-number text as written, or the next child's doc (a parameter). */
export function wholeDoc(v: WholeOrParam, take: () => Doc): Doc {
  return typeof v === 'string' ? v : take();
}

/** ORDER BY, LIMIT, OFFSET clauses (their children are the next ones: addPaging). */
export function pagingClauses(n: Paging, env: Env, take: () => Doc, takeN: (k: number) => Doc[]): Doc[] {
  const kw = env.options.kw;
  const out: Doc[] = [];
  if (n.order.length > 0) out.push(clause(kw('ORDER BY'), commaList(takeN(n.order.length))));
  if (n.limit !== null) out.push(concat([kw('LIMIT'), ' ', wholeDoc(n.limit, take)]));
  if (n.offset !== null) out.push(concat([kw('OFFSET'), ' ', wholeDoc(n.offset, take)]));
  return out;
}

export const fetchHead = (env: Env, count: boolean | null, type: string) =>
  `${env.options.kw('FETCH')} ${count === true ? `${env.options.kw('COUNT')} ` : ''}${env.options.kw(type)}`;
/** COUNT = TRUE prints as FETCH COUNT; an explicit false goes in OPTIONS. */
export const countOption = (count: boolean | null) => (count === false ? false : null);

/** Where a where specifier is a clause of its own (`WHERE e` of a write or FETCH LOGS: sources.ts prints it so). */
export const WHERE_CLAUSE: Ctx = Object.freeze({ capture: null, whereClause: true });

/**
 * `WHERE e` for a where specifier, `RECORDS spec` otherwise (`RECORDS ALL`: every record, said
 * in so many words). The where specifier prints the clause itself: its comments go around it.
 * From text, the ALL the parser made where neither RECORDS nor WHERE was written prints as
 * nothing: writing `RECORDS ALL` for the user would silence write-without-where.
 */
export function recordsClause(n: { records: Node }, k: Kids, env: Env): (take: () => Doc, env: Env) => Doc | null {
  const records = n.records;
  if (records.kind === 'spec_all' && env.at !== undefined && env.at(records) === undefined) return () => null;
  if (records.kind === 'spec_where') {
    k.add(records, WHERE_CLAUSE);
    return (take) => take();
  }
  k.add(records);
  return (take, env) => clause(env.options.kw('RECORDS'), take());
}
