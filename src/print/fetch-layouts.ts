import type { FetchAction } from '../ast/data-actions.js';
import { KINDS, fetchWord } from '../ast/kinds.js';
import { FETCH_CLAUSES, type FetchType } from '../ast/kinds-fetch.js';
import type { Node } from '../ast/nodes.js';
import { concat, verbatim, type Doc } from './doc/doc.js';
import { parens, type Ctx, type Env, type Layout, type LayoutFn } from './engine.js';
import { quoteString } from './names.js';
import {
  addPaging,
  clause,
  countOption,
  DATABASE,
  fetchHead,
  Kids,
  names,
  optionsClause,
  pagingClauses,
  PLAIN,
  recordsClause,
  statement,
} from './action-layout.js';

/** How the FETCH actions print (grammar/reference.md, "Data actions: reads"). */

export const fetchRecords: LayoutFn<'fetch_records'> = (n, _c, env) => {
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
    const options = optionsClause(env, [
      ['CHILDREN', n.children],
      ['COUNT', countOption(n.count)],
    ]);
    if (options) clauses.push(options);
    return statement(head, clauses);
  });
};

export const fetchMultirecords: LayoutFn<'fetch_multirecords'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  k.add(n.databases, DATABASE);
  const hasWhere = k.add(n.where);
  addPaging(k, n);
  return k.layout((take, takeN) => {
    const clauses: Doc[] = [clause(kw('FROM'), take())];
    if (hasWhere) clauses.push(clause(kw('WHERE'), take()));
    clauses.push(...pagingClauses(n, env, take, takeN));
    const options = optionsClause(env, [
      ['CHILDREN', n.children],
      ['COUNT', countOption(n.count)],
    ]);
    if (options) clauses.push(options);
    return statement(fetchHead(env, n.count, 'MULTIRECORDS'), clauses);
  });
};

export const fetchPseudorecords: LayoutFn<'fetch_pseudorecords'> = (n, _c, env) => {
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

export const fetchTasks: LayoutFn<'fetch_tasks'> = (n, _c, env) => {
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

export const fetchUsers: LayoutFn<'fetch_users'> = (n, _c, env) => {
  const k = new Kids();
  const hasUsers = k.add(n.users);
  addPaging(k, n);
  return k.layout((take, takeN) => {
    const head: Doc = hasUsers
      ? clause(`${env.options.kw('FETCH')} ${env.options.kw('USERS')}`, take())
      : `${env.options.kw('FETCH')} ${env.options.kw('USERS')}`;
    return statement(head, pagingClauses(n, env, take, takeN));
  });
};

/**
 * A FETCH without expressions, clause by clause (FETCH_CLAUSES, the kind table's fields in
 * order: CRONS, SEQS, FOLLOWS, PREFS, NOTIFICATIONS, USER_SUBSCRIPTIONS, ...): `FETCH [COUNT]
 * WORD`, then each clause as the parser reads it (`WORD spec`, `WORD n`, `WORD 'text'`), and the
 * flags in OPTIONS (COUNT = TRUE as `FETCH COUNT`).
 */
export const fieldFetch = (n: FetchAction, _c: Ctx, env: Env): Layout => {
  const kw = env.options.kw;
  const clauses = FETCH_CLAUSES[KINDS[n.kind].json.fetch as FetchType];
  if (clauses === null) throw new Error(`internal error: ${n.kind} has a field that is no clause (FETCH_CLAUSES) and no layout of its own`);
  const k = new Kids();
  const node = n as unknown as Readonly<Record<string, unknown>>;
  const has = clauses.map((c) => c.form === 'spec' && k.add(node[c.key] as Node | null));
  const count = 'count' in n ? n.count : null;
  return k.layout((take) => {
    const docs: Doc[] = [];
    const flags: [string, boolean | null][] = [];
    clauses.forEach((c, i) => {
      const v = node[c.key];
      if (c.form === 'spec') {
        if (has[i] === true) docs.push(clause(kw(c.word), take()));
      } else if (c.form === 'flag') flags.push([c.word, c.key === 'count' ? countOption(v as boolean | null) : (v as boolean | null)]);
      else if (typeof v === 'string') docs.push(c.form === 'whole' ? `${kw(c.word)} ${v}` : concat([kw(c.word), ' ', verbatim(quoteString(v))]));
    });
    const options = optionsClause(env, flags);
    if (options) docs.push(options);
    return statement(fetchHead(env, count, fetchWord(n.kind)), docs);
  });
};

export const fetchLogs: LayoutFn<'fetch_logs'> = (n, _c, env) => {
  const k = new Kids();
  k.add(n.database, DATABASE);
  const records = recordsClause(n, k, env);
  return k.layout((take) => {
    const head = concat([fetchHead(env, null, 'LOGS'), ' ', env.options.kw('FROM'), ' ', take()]);
    const r = records(take, env);
    return statement(head, r ? [r] : []);
  });
};

export const fetchPosts: LayoutFn<'fetch_posts'> = (n, _c, env) => {
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
    const options = optionsClause(env, [
      ['FOLLOWING', n.following],
      ['THREADS', n.threads],
      ['CHILDREN', n.children],
      ['RECORDS', n.records],
    ]);
    if (options) clauses.push(options);
    return statement(fetchHead(env, null, 'POSTS'), clauses);
  });
};
