import type { ActionPart, DataActionKind, FetchFollows, FetchKeys, FetchPrefs, FieldExpr, FieldValue, RecordData, RecordsWrite, RemoveAction } from '../ast/actions.js';
import type { Node, WholeOrParam } from '../ast/nodes.js';
import { concat, group, indent, line, verbatim, type Doc } from './doc/doc.js';
import { leaf, list, parens, type Ctx, type Env, type Layout, type LayoutFn } from './engine.js';
import { quoteString, writeName } from './names.js';

/**
 * How the data actions print (grammar/reference.md, "Data actions"): each property in the one
 * text form the parser reads back to the same node. Clauses go on one line when the statement
 * fits, else one per line, as for SELECT.
 */

/** Contexts the action parts print in. */
const DATABASE: Ctx = Object.freeze({ capture: null, database: true });
const BARE_VALUE: Ctx = Object.freeze({ capture: null, bareValue: true });
const PLAIN: Ctx = Object.freeze({ capture: null });

function clause(keyword: string, content: Doc): Doc {
  return group([keyword, indent([line, content])]);
}

/** Clauses of a statement: `head` then each on its own line when the whole does not fit. */
function statement(head: Doc, clauses: readonly Doc[]): Doc {
  const parts: Doc[] = [head];
  for (const c of clauses) parts.push(line, c);
  return group(parts);
}

/** Children with their contexts, and a cursor over their docs. */
class Kids {
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
    return {
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
    };
  }
}

function optionsClause(env: Env, options: readonly (readonly [string, boolean | null])[]): Doc | null {
  const kw = env.options.kw;
  const set = options.filter(([, v]) => v !== null).map(([name, v]) => `${kw(name)} = ${kw(v ? 'TRUE' : 'FALSE')}`);
  return set.length === 0 ? null : list(`${kw('OPTIONS')} (`, set, ')');
}

function commaList(items: readonly Doc[]): Doc {
  const parts: Doc[] = [];
  items.forEach((d, i) => {
    if (i > 0) parts.push(',', line);
    parts.push(d);
  });
  return group(parts);
}

const names = (items: readonly string[]) => list('(', items.map(writeName), ')');

interface Paging {
  readonly order: readonly Node[];
  readonly limit: WholeOrParam | null;
  readonly offset: WholeOrParam | null;
}

/** The children of ORDER BY, LIMIT, OFFSET: the order terms, and a parameter standing for LIMIT or OFFSET (`LIMIT :n`). */
function addPaging(k: Kids, n: Paging): void {
  k.addAll(n.order);
  if (typeof n.limit === 'object') k.add(n.limit);
  if (typeof n.offset === 'object') k.add(n.offset);
}

/** Whole-number text as written, or the next child's doc (a parameter). */
export function wholeDoc(v: WholeOrParam, take: () => Doc): Doc {
  return typeof v === 'string' ? v : take();
}

/** ORDER BY, LIMIT, OFFSET clauses (their children are the next ones: addPaging). */
function pagingClauses(n: Paging, env: Env, take: () => Doc, takeN: (k: number) => Doc[]): Doc[] {
  const kw = env.options.kw;
  const out: Doc[] = [];
  if (n.order.length > 0) out.push(clause(kw('ORDER BY'), commaList(takeN(n.order.length))));
  if (n.limit !== null) out.push(concat([kw('LIMIT'), ' ', wholeDoc(n.limit, take)]));
  if (n.offset !== null) out.push(concat([kw('OFFSET'), ' ', wholeDoc(n.offset, take)]));
  return out;
}

const fetchHead = (env: Env, count: boolean | null, type: string) => `${env.options.kw('FETCH')} ${count === true ? `${env.options.kw('COUNT')} ` : ''}${env.options.kw(type)}`;
/** COUNT = TRUE prints as FETCH COUNT; an explicit false goes in OPTIONS. */
const countOption = (count: boolean | null) => (count === false ? false : null);

const fetchRecords: LayoutFn<'fetch_records'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  k.add(n.database, DATABASE);
  const hasRecords = k.add(n.records);
  const hasWhere = k.add(n.where);
  addPaging(k, n);
  return k.layout((take, takeN) => {
    let head: Doc = fetchHead(env, n.count, 'RECORDS');
    if (n.fields !== null) head = concat([head, ' ', kw('FIELDS'), ' ', names(n.fields)]);
    if (n.attributes !== null) head = concat([head, ' ', kw('ATTRIBUTES'), ' ', names(n.attributes)]);
    const clauses: Doc[] = [clause(kw('FROM'), take())];
    if (hasRecords) clauses.push(clause(kw('RECORDS'), take()));
    if (hasWhere) clauses.push(clause(kw('WHERE'), take()));
    clauses.push(...pagingClauses(n, env, take, takeN));
    const options = optionsClause(env, [['CHILDREN', n.children], ['COUNT', countOption(n.count)]]);
    if (options) clauses.push(options);
    return statement(head, clauses);
  });
};

const fetchMultirecords: LayoutFn<'fetch_multirecords'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  k.add(n.databases, DATABASE);
  const hasWhere = k.add(n.where);
  addPaging(k, n);
  return k.layout((take, takeN) => {
    const clauses: Doc[] = [clause(kw('FROM'), take())];
    if (hasWhere) clauses.push(clause(kw('WHERE'), take()));
    clauses.push(...pagingClauses(n, env, take, takeN));
    const options = optionsClause(env, [['CHILDREN', n.children], ['COUNT', countOption(n.count)]]);
    if (options) clauses.push(options);
    return statement(fetchHead(env, n.count, 'MULTIRECORDS'), clauses);
  });
};

const fetchPseudorecords: LayoutFn<'fetch_pseudorecords'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  k.add(n.select);
  const hasWhere = k.add(n.where);
  addPaging(k, n);
  return k.layout((take, takeN) => {
    const clauses: Doc[] = [clause(kw('FROM'), parens(take()))];
    if (hasWhere) clauses.push(clause(kw('WHERE'), take()));
    clauses.push(...pagingClauses(n, env, take, takeN));
    const options = optionsClause(env, [['COUNT', countOption(n.count)]]);
    if (options) clauses.push(options);
    return statement(fetchHead(env, n.count, 'PSEUDORECORDS'), clauses);
  });
};

const fetchTasks: LayoutFn<'fetch_tasks'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  const hasUser = k.add(n.user);
  const hasWhere = k.add(n.where);
  addPaging(k, n);
  return k.layout((take, takeN) => {
    const clauses: Doc[] = [];
    if (n.from !== null) clauses.push(`${kw('FROM')} ${n.from}`);
    if (hasUser) clauses.push(clause(kw('USER'), take()));
    if (n.text !== null) clauses.push(concat([kw('TEXT'), ' ', verbatim(quoteString(n.text))]));
    if (hasWhere) clauses.push(clause(kw('WHERE'), take()));
    clauses.push(...pagingClauses(n, env, take, takeN));
    const options = optionsClause(env, [['COUNT', countOption(n.count)]]);
    if (options) clauses.push(options);
    return statement(fetchHead(env, n.count, 'TASKS'), clauses);
  });
};

const fetchUsers: LayoutFn<'fetch_users'> = (n, _c, env) => {
  const k = new Kids();
  const hasUsers = k.add(n.users);
  addPaging(k, n);
  return k.layout((take, takeN) => {
    const head: Doc = hasUsers ? clause(`${env.options.kw('FETCH')} ${env.options.kw('USERS')}`, take()) : `${env.options.kw('FETCH')} ${env.options.kw('USERS')}`;
    return statement(head, pagingClauses(n, env, take, takeN));
  });
};

/** FETCH CRONS, PREF_DEFS, SEQS: the words alone. */
const bareFetch = (word: string) => (_n: Node, _c: Ctx, env: Env): Layout => leaf(`${env.options.kw('FETCH')} ${env.options.kw(word)}`);

/** FETCH [COUNT] FOLLOWS|KEYS [USER spec], FETCH PREFS [USER spec]. */
function userFetch(word: string) {
  return (n: FetchFollows | FetchKeys | FetchPrefs, _c: Ctx, env: Env): Layout => {
    const k = new Kids();
    const hasUser = k.add(n.user);
    const count = 'count' in n ? n.count : null;
    return k.layout((take) => {
      const clauses: Doc[] = [];
      if (hasUser) clauses.push(clause(env.options.kw('USER'), take()));
      const options = 'count' in n ? optionsClause(env, [['COUNT', countOption(count)]]) : null;
      if (options) clauses.push(options);
      return statement(fetchHead(env, count, word), clauses);
    });
  };
}

const fetchLogs: LayoutFn<'fetch_logs'> = (n, _c, env) => {
  const k = new Kids();
  k.add(n.database, DATABASE);
  const records = recordsClause(n, k);
  return k.layout((take) => {
    const head = concat([fetchHead(env, null, 'LOGS'), ' ', env.options.kw('FROM'), ' ', take()]);
    const r = records(take, env);
    return statement(head, r ? [r] : []);
  });
};

const fetchNotifications: LayoutFn<'fetch_notifications'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  const hasUser = k.add(n.user);
  return k.layout((take) => {
    const clauses: Doc[] = [];
    if (hasUser) clauses.push(clause(kw('USER'), take()));
    if (n.type !== null) clauses.push(concat([kw('TYPE'), ' ', verbatim(quoteString(n.type))]));
    const options = optionsClause(env, [['SEEN', n.seen]]);
    if (options) clauses.push(options);
    return statement(fetchHead(env, null, 'NOTIFICATIONS'), clauses);
  });
};

const fetchPosts: LayoutFn<'fetch_posts'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  const hasWall = n.wallType !== null && k.add(n.wall, n.wallType === 'database' || n.wallType === 'record' ? DATABASE : PLAIN);
  const hasRecord = hasWall && k.add(n.wallRecord);
  return k.layout((take) => {
    const clauses: Doc[] = [];
    if (hasWall) {
      const on = n.wallType === 'group' ? 'ON GROUP' : n.wallType === 'user' ? 'ON USER' : 'ON DATABASE';
      clauses.push(clause(kw(on), hasRecord ? concat([take(), ' ', kw('RECORD'), ' ', take()]) : take()));
    }
    if (n.post !== null) clauses.push(`${kw('POST')} ${n.post}`);
    const options = optionsClause(env, [['FOLLOWING', n.following], ['THREADS', n.threads], ['CHILDREN', n.children], ['RECORDS', n.records]]);
    if (options) clauses.push(options);
    return statement(fetchHead(env, null, 'POSTS'), clauses);
  });
};

const fetchUserSubscriptions: LayoutFn<'fetch_user_subscriptions'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  const hasTeam = k.add(n.team);
  const hasUser = k.add(n.user);
  return k.layout((take) => {
    const clauses: Doc[] = [];
    if (hasTeam) clauses.push(clause(kw('TEAM'), take()));
    if (hasUser) clauses.push(clause(kw('USER'), take()));
    return statement(fetchHead(env, null, 'USER_SUBSCRIPTIONS'), clauses);
  });
};

// ---------------------------------------------------------------------------------------
// Records data

/** The field order of a record written as one VALUES row: values, expressions, tags, file. */
function columnsOf(r: RecordData): string[] {
  const out = [...r.values.map((v) => v.field), ...r.expressions.map((e) => e.field)];
  if (r.tags !== null) out.push('tags');
  if (r.file !== null) out.push('file');
  return out;
}

/**
 * The one column list of `INSERT ... (columns) VALUES` when every record can be a row of it
 * and reads back the same (its literals and its expressions each in their own order); else null.
 */
export function valuesColumns(records: readonly RecordData[]): string[] | null {
  const first = records[0];
  if (first === undefined) return null;
  const columns = columnsOf(first);
  if (columns.length === 0 || new Set(columns.map((c) => c.toLowerCase())).size !== columns.length) return null;
  const position = new Map(columns.map((c, i) => [c, i]));
  for (const r of records) {
    const own = columnsOf(r);
    if (own.length !== columns.length || own.some((c) => !position.has(c))) return null;
    const ascending = (fields: readonly { field: string }[]) => fields.every((f, i) => i === 0 || (position.get(f.field) as number) > (position.get((fields[i - 1] as { field: string }).field) as number));
    if (!ascending(r.values) || !ascending(r.expressions)) return null;
  }
  return columns;
}

function tagsDoc(tags: readonly string[]): Doc {
  return list('[', tags.map((t) => verbatim(quoteString(t))), ']');
}

const record: LayoutFn<'record'> = (n, ctx) => {
  const columns = (ctx as { columns?: readonly string[] }).columns;
  const k = new Kids();
  const cellCtx = columns ? BARE_VALUE : PLAIN;
  k.addAll(n.values, cellCtx);
  k.addAll(n.expressions, cellCtx);
  const hasFile = k.add(n.file);
  return k.layout((take, takeN) => {
    const cells = new Map<string, Doc>();
    const docs: Doc[] = [];
    for (const v of n.values) cells.set(v.field, take());
    for (const e of n.expressions) cells.set(e.field, take());
    const tags = n.tags === null ? null : tagsDoc(n.tags);
    const file = hasFile ? take() : null;
    void takeN;
    if (columns) {
      for (const c of columns) {
        if (c === 'tags' && tags !== null && !cells.has(c)) docs.push(tags);
        else if (c === 'file' && file !== null && !cells.has(c)) docs.push(file);
        else docs.push(cells.get(c) as Doc);
      }
    } else {
      for (const d of cells.values()) docs.push(d);
      if (tags !== null) docs.push(concat(['tags = ', tags]));
      if (file !== null) docs.push(concat(['file = ', file]));
    }
    return list('(', docs, ')');
  });
};

/** A field's value where a literal-looking expression keeps its parentheses (`(5)` is an expression). */
function fieldDoc(f: FieldValue | FieldExpr, value: Doc, ctx: Ctx): Doc {
  const literalLooking = f.kind === 'field_expr' && (f.e.kind === 'null' || f.e.kind === 'number' || f.e.kind === 'string');
  const v = literalLooking ? concat(['(', value, ')']) : value;
  return (ctx as { bareValue?: boolean }).bareValue ? v : group([writeName(f.field), ' =', indent([line, v])]);
}

function recordsWrite(word: string) {
  return (n: RecordsWrite, _c: Ctx, env: Env): Layout => {
    const kw = env.options.kw;
    const columns = valuesColumns(n.records);
    const k = new Kids();
    k.add(n.database, DATABASE);
    const rowCtx: Ctx = columns ? { capture: null, columns } as Ctx : PLAIN;
    k.addAll(n.records, rowCtx);
    return k.layout((take, takeN) => {
      const database = take();
      const head = columns ? group([kw(word), ' ', kw('INTO'), ' ', database, indent([line, names(columns)])]) : concat([kw(word), ' ', kw('INTO'), ' ', database]);
      const rows = takeN(n.records.length);
      const clauses: Doc[] = [];
      if (columns) clauses.push(clause(kw('VALUES'), commaList(rows)));
      else clauses.push(clause(kw('RECORDS'), rows.length === 0 ? kw('NONE') : commaList(rows)));
      if (n.onDuplicate !== null) clauses.push(`${kw('ON DUPLICATE')} ${kw(n.onDuplicate.toUpperCase())}`);
      if (n.kind === 'set_action' && n.onRemove !== null) clauses.push(`${kw('ON REMOVE')} ${kw(n.onRemove.toUpperCase())}`);
      const options = optionsClause(env, [['FAIL_NO_OP', n.failNoOp]]);
      if (options) clauses.push(options);
      return statement(head, clauses);
    });
  };
}

/** `WHERE e` for a where specifier, `RECORDS spec` otherwise (`RECORDS ALL`: every record, said in so many words). */
function recordsClause(n: { records: Node }, k: Kids): (take: () => Doc, env: Env) => Doc | null {
  const records = n.records;
  if (records.kind === 'spec_where') {
    k.add(records.where);
    return (take, env) => clause(env.options.kw('WHERE'), take());
  }
  k.add(records);
  return (take, env) => clause(env.options.kw('RECORDS'), take());
}

const update: LayoutFn<'update_action'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  k.add(n.database, DATABASE);
  k.addAll(n.fields);
  k.addAll(n.expressions);
  const records = recordsClause(n, k);
  return k.layout((take, takeN) => {
    const head = concat([kw('UPDATE'), ' ', take()]);
    const sets = takeN(n.fields.length + n.expressions.length);
    const clauses: Doc[] = [];
    if (sets.length > 0) clauses.push(clause(kw('SET'), commaList(sets)));
    if (n.file !== null) clauses.push(concat([kw('FILE'), ' ', verbatim(quoteString(n.file))]));
    const r = records(take, env);
    if (r) clauses.push(r);
    const options = optionsClause(env, [['FAIL_NO_OP', n.failNoOp]]);
    if (options) clauses.push(options);
    return statement(head, clauses);
  });
};

function remove(word: string) {
  return (n: RemoveAction, _c: Ctx, env: Env): Layout => {
    const kw = env.options.kw;
    const k = new Kids();
    k.add(n.database, DATABASE);
    const records = recordsClause(n, k);
    return k.layout((take) => {
      const head = concat([kw(word), ' ', kw('FROM'), ' ', take()]);
      const clauses: Doc[] = [];
      const r = records(take, env);
      if (r) clauses.push(r);
      const options = optionsClause(env, [['FAIL_NO_OP', n.failNoOp]]);
      if (options) clauses.push(options);
      return statement(head, clauses);
    });
  };
}

/** Layouts of the data actions and their parts. */
export const ACTION_LAYOUTS = {
  boolean: (n, _c, env) => leaf(env.options.kw(n.value ? 'TRUE' : 'FALSE')),
  field_value: (n, ctx) => ({ children: [n.value], ctx: PLAIN, build: ([v]) => fieldDoc(n, v as Doc, ctx) }),
  field_expr: (n, ctx) => ({ children: [n.e], ctx: PLAIN, build: ([e]) => fieldDoc(n, e as Doc, ctx) }),
  spec_key: (n, _c, env) => ({ children: n.key, ctx: PLAIN, build: (docs) => list(`${env.options.kw('KEY')}(`, docs, ')') }),
  file_ref: (n, _c, env) =>
    leaf(n.form === 'object' ? verbatim(quoteString(n.value)) : concat([env.options.kw(n.form.toUpperCase()), ' ', verbatim(quoteString(n.value))])),
  record,
  fetch_records: fetchRecords,
  fetch_multirecords: fetchMultirecords,
  fetch_pseudorecords: fetchPseudorecords,
  fetch_tasks: fetchTasks,
  fetch_users: fetchUsers,
  fetch_crons: bareFetch('CRONS'),
  fetch_follows: userFetch('FOLLOWS'),
  fetch_keys: userFetch('KEYS'),
  fetch_logs: fetchLogs,
  fetch_notifications: fetchNotifications,
  fetch_posts: fetchPosts,
  fetch_prefs: userFetch('PREFS'),
  fetch_pref_defs: bareFetch('PREF_DEFS'),
  fetch_user_subscriptions: fetchUserSubscriptions,
  fetch_seqs: bareFetch('SEQS'),
  insert_action: recordsWrite('INSERT'),
  replace_action: recordsWrite('REPLACE'),
  set_action: recordsWrite('SET'),
  update_action: update,
  delete_action: remove('DELETE'),
  trash_action: remove('TRASH'),
  restore_action: remove('RESTORE'),
  dispose_action: remove('DISPOSE'),
} satisfies { readonly [K in DataActionKind | ActionPart['kind']]: LayoutFn<K> };
