import type { FetchNode } from './data-actions.js';
import {
  ATTRIBUTE_NAMES,
  DATABASE,
  FIELD_NAMES,
  OPTIONAL_BOOLEAN,
  OPTIONAL_ONE_OF,
  OPTIONAL_STRING,
  OPTIONAL_WHOLE,
  PAGING,
  at,
  isChildField,
  jsonKey,
  nullable,
  one,
  type Field,
} from './field-checks.js';
import { json, type NO_SPELLING } from './kind-spec.js';

/** What each of two fields marked `orBefore` gives, for the JSON reader's message when both are given. */
interface OrBeforeGloss {
  /** Of the field before (`team`: "the subscriptions of one team"). */
  readonly before: string;
  /** Of the marked field (`user`: "of one user"). */
  readonly self: string;
}

/**
 * The field, written in dsq instead of the clause before it: at most one of the two is given
 * (`FETCH USER_SUBSCRIPTIONS [TEAM spec | USER spec]`). See FETCH_CLAUSES and FETCH_ONE_OF.
 */
const orBefore = <F extends Field>(field: F, gloss: OrBeforeGloss): F & { readonly orBefore: OrBeforeGloss } => ({ ...field, orBefore: gloss });

/** The `orBefore` marker of a field, if it has one. */
function orBeforeOf(field: Field): OrBeforeGloss | undefined {
  return (field as { readonly orBefore?: OrBeforeGloss }).orBefore;
}

/**
 * The FETCH types of the kind table (src/ast/kinds.ts): one entry per spec fetch type, its
 * fields in order (field-checks.ts). This is the only declaration of a FETCH type: its kind is
 * `fetch_<type>`, its dsq word the type in upper case (`FETCH PREF_DEFS`), its node type is
 * computed from these fields (`FetchNode`, data-actions.ts), and its kind-table entry, JSON
 * properties, dsq clauses (FETCH_CLAUSES), printing without expressions and test arbitraries
 * are derived from it. Adding a FETCH type whose fields are all clauses (FETCH_CLAUSES) is its
 * entry here alone: the parser rule (src/syntax/fetch-rules.ts) and the diagrams' grammar
 * (grammar/action-grammar.ts) read its clauses from the table; any other needs its case in
 * both. See docs/trial-kind.md.
 */
export const FETCH_FIELDS = {
  records: {
    database: DATABASE,
    records: nullable('records_spec'),
    /** The fields to return: null returns every field; [] filters every field out. */
    fields: FIELD_NAMES,
    attributes: ATTRIBUTE_NAMES,
    where: nullable('expr'),
    ...PAGING,
    children: OPTIONAL_BOOLEAN,
    count: OPTIONAL_BOOLEAN,
  },
  multirecords: { databases: DATABASE, where: nullable('expr'), ...PAGING, children: OPTIONAL_BOOLEAN, count: OPTIONAL_BOOLEAN },
  pseudorecords: { select: one('select'), where: nullable('expr'), ...PAGING, count: OPTIONAL_BOOLEAN },
  tasks: {
    /** A task id (whole-number text). */
    from: OPTIONAL_WHOLE,
    user: nullable('spec'),
    text: OPTIONAL_STRING,
    where: nullable('expr'),
    ...PAGING,
    count: OPTIONAL_BOOLEAN,
  },
  users: { users: nullable('spec'), ...PAGING },
  crons: {},
  /** user (default the current user), count. */
  follows: { user: nullable('spec'), count: OPTIONAL_BOOLEAN },
  /** The API keys of a user (default the current user; another needs SUPER), count. */
  keys: { user: nullable('spec'), count: OPTIONAL_BOOLEAN },
  /** database and records (both required). */
  logs: { database: DATABASE, records: one('records_spec') },
  notifications: {
    /** The user (default the current user). */
    user: nullable('spec'),
    /** Only the notifications of this type. */
    type: OPTIONAL_STRING,
    /** true: only the seen ones; false: only the unseen ones. */
    seen: OPTIONAL_BOOLEAN,
  },
  /**
   * The wall (null: all walls) as the spec's wall specifiers hold it: `wallType` and `wall`
   * (the group, database or user specifier), and for a record wall `wallRecord` (the record
   * specifier; `wall` is then its database); `post` a post id (whole-number text); the flags
   * following, threads, children, records.
   */
  posts: {
    // The spec's "wall" object holds the wall's type, its owner and a record wall's records.
    wallType: at(null, OPTIONAL_ONE_OF(['group', 'database', 'record', 'user'])),
    // A database (the record's, for a record wall) only for a database or record wall.
    wall: { ...nullable('spec'), denotes: 'database', denotesWhen: { field: 'wallType', values: ['database', 'record'] } },
    wallRecord: at(null, nullable('records_spec')),
    following: OPTIONAL_BOOLEAN,
    threads: OPTIONAL_BOOLEAN,
    /** A post id (whole-number text). */
    post: OPTIONAL_WHOLE,
    children: OPTIONAL_BOOLEAN,
    records: OPTIONAL_BOOLEAN,
  },
  /** The preferences of a user (default the current user). */
  prefs: { user: nullable('spec') },
  pref_defs: {},
  /** Of one team (`team`, required in that form) or of one user (`user`, default the current user); never both. */
  user_subscriptions: { team: nullable('spec'), user: orBefore(nullable('spec'), { before: 'the subscriptions of one team', self: 'of one user' }) },
  seqs: {},
} as const satisfies { readonly [type: string]: { readonly [field: string]: Field } };

/** The spec's fetch types (`records`, `seqs`, ...). */
export type FetchType = keyof typeof FETCH_FIELDS;

/** The kind-table entry of a FETCH type (the shape of kind-spec.ts's KindSpec). */
export interface FetchEntry<T extends FetchType> {
  readonly role: 'action';
  readonly fields: (typeof FETCH_FIELDS)[T];
  readonly json: Omit<typeof NO_SPELLING, 'action' | 'fetch'> & { readonly action: 'fetch'; readonly fetch: T };
  readonly keyword: 'FETCH';
  readonly operator: null;
  /** The constructor: the node's parts as given (the spec's defaults are null). */
  readonly make: (parts: Omit<FetchNode<T>, 'kind'>) => FetchNode<T>;
}

/** The kind-table entries of the FETCH types (`fetch_records`, ...), in FETCH_FIELDS's order. */
export const FETCH_ENTRIES = Object.fromEntries(
  Object.entries(FETCH_FIELDS).map(([type, fields]) => {
    const kind = `fetch_${type}`;
    const entry = {
      role: 'action',
      fields,
      json: json({ action: 'fetch', fetch: type }),
      keyword: 'FETCH',
      operator: null,
      make: (parts: object) => ({ kind, ...parts }),
    };
    return [kind, entry];
  }),
) as unknown as { readonly [T in FetchType as `fetch_${T}`]: FetchEntry<T> };

/**
 * One dsq clause of a FETCH type written field by field (FETCH_CLAUSES): `WORD spec`, `WORD n`
 * (a whole number), `WORD 'text'`, or a flag in `OPTIONS (WORD = TRUE|FALSE)` (the flag
 * `count` also as `FETCH COUNT type`). The printer writes them by this list too
 * (`fieldFetch`, src/print/fetch-layouts.ts).
 */
export interface FetchClause {
  /** The field (the node's property). */
  readonly key: string;
  /** Its dsq word: the field's JSON key in upper case (`USER`, `TYPE`, `SEEN`). */
  readonly word: string;
  readonly form: 'spec' | 'whole' | 'text' | 'flag';
  /** Written instead of the clause before it: at most one of them (`TEAM spec | USER spec`). */
  readonly orBefore: boolean;
}

/** The clause a field is written as, or null when it is not one of FetchClause's forms. */
function clauseOf(key: string, field: Field): FetchClause | null {
  const json = jsonKey(key, field);
  if (json === null || !/^[a-z][a-z0-9_]*$/.test(json)) return null;
  let form: FetchClause['form'] | null = null;
  // A specifier that names no database (a database is read as a path: `FROM shop.orders`).
  if (isChildField(field)) form = field.role === 'spec' && field.shape === 'nullable' && field.denotes === undefined ? 'spec' : null;
  else if (field.nullable && field.list !== true && (field.form === 'flag' || field.form === 'whole' || field.form === 'text')) form = field.form;
  if (form === null) return null;
  return { key, word: json.toUpperCase(), form, orBefore: orBeforeOf(field) !== undefined };
}

/**
 * The dsq syntax of each FETCH type whose fields are all clauses: `FETCH [COUNT] TYPE
 * {clause} [OPTIONS (flag = TRUE|FALSE, ...)]`, the clauses in the fields' order, each
 * optional (COUNT only where a flag is COUNT). The parser rule (src/syntax/fetch-rules.ts) reads
 * these types by this list, the diagrams' grammar (grammar/action-grammar.ts) draws them by
 * it and the printer writes them by it (`fieldFetch`, src/print/fetch-layouts.ts). null: a type with a field of another form (an expression, paging, a required database, a
 * post's wall), whose syntax is its own case there.
 */
export const FETCH_CLAUSES = Object.fromEntries(
  Object.entries(FETCH_FIELDS).map(([type, fields]) => {
    const clauses = Object.entries(fields as Readonly<Record<string, Field>>).map(([key, field]) => clauseOf(key, field));
    return [type, clauses.every((c) => c !== null) ? (clauses as FetchClause[]) : null];
  }),
) as { readonly [T in FetchType]: readonly FetchClause[] | null };

/**
 * Two fields of which at most one may be given: a field marked `orBefore` (`second`) and the
 * field before it (`first`). The spec checks (src/spec/check-actions.ts) and the JSON reader
 * (src/json/read-fetch.ts) report both given by this, each in its own words.
 */
export interface OneOf {
  readonly first: { readonly key: string; readonly json: string };
  readonly second: { readonly key: string; readonly json: string };
  readonly gloss: OrBeforeGloss;
}

/** The pairs of `fields` of which at most one may be given (the fields marked `orBefore`, each with the one before it). */
export function oneOfPairs(fields: Readonly<Record<string, Field>>): readonly OneOf[] {
  const entries = Object.entries(fields);
  return entries.flatMap(([key, field], i) => {
    const gloss = orBeforeOf(field);
    if (gloss === undefined) return [];
    const before = entries[i - 1];
    if (before === undefined) throw new Error(`internal error: the first field ${key} is marked orBefore`);
    const side = (k: string, f: Field) => ({ key: k, json: jsonKey(k, f) ?? k });
    return [{ first: side(before[0], before[1]), second: side(key, field), gloss }];
  });
}

/** Each FETCH type's pairs of fields of which at most one may be given (oneOfPairs), from FETCH_FIELDS. */
export const FETCH_ONE_OF = Object.fromEntries(
  Object.entries(FETCH_FIELDS).map(([type, fields]) => [type, oneOfPairs(fields as Readonly<Record<string, Field>>)]),
) as { readonly [T in FetchType]: readonly OneOf[] };
