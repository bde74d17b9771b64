import type { RecordsWrite } from '../ast/data-actions.js';
import type { StructAction, StructCreate, StructEvent } from '../ast/struct-actions.js';
import type { JsonData, JsonMemberData } from '../ast/system-actions.js';
import { concat, group, indent, line, verbatim, type Doc } from './doc/doc.js';
import { closedList, type Ctx, type Env, type Layout, type LayoutFn } from './engine.js';
import { isBareName, quoteString } from './names.js';
import { DATABASE, Kids, PLAIN, clause, commaList, names, optionsClause, statement } from './action-layout.js';
import { valuesColumns } from './write-layouts.js';

/**
 * How the struct actions print (grammar/reference.md, "Struct actions"), in the one text form
 * the parser (src/syntax/struct-rules.ts) reads back to the same node, the clauses in the order
 * it reads them; on one line when the statement fits, else one clause per line.
 */

const text = (s: string): Doc => verbatim(quoteString(s));
/** A struct_create's name: bare where it reads back so, else a string. */
const nameDoc = (s: string): Doc => (isBareName(s) ? s : text(s));

function structEvent(n: StructEvent, _c: Ctx, env: Env): Layout {
  const kw = env.options.kw;
  const k = new Kids();
  k.add(n.database, DATABASE);
  if (n.kind === 'struct_event_insert') {
    const columns = valuesColumns(n as unknown as RecordsWrite, n.events, env);
    k.addAll(n.events, columns ? ({ capture: null, columns } as Ctx) : PLAIN);
    return k.layout((take, takeN) => {
      const database = take();
      const start = concat([kw('STRUCT'), ' ', kw('EVENT'), ' ', kw('INSERT'), ' ', kw('INTO'), ' ', database]);
      const head = columns ? group([start, indent([line, names(columns)])]) : start;
      const rows = takeN(n.events.length);
      return statement(head, [clause(kw(columns ? 'VALUES' : 'RECORDS'), commaList(rows))]);
    });
  }
  const hasEvents = k.add(n.events);
  const hasFields = k.add(n.fields);
  return k.layout((take) => {
    const head = concat([kw('STRUCT'), ' ', kw('EVENT'), ' ', kw(n.kind === 'struct_event_close' ? 'CLOSE' : 'UPDATE'), ' ', take()]);
    const events = hasEvents ? clause(kw('EVENTS'), take()) : null;
    const fields = hasFields ? clause(kw('SET'), take()) : null;
    const at = n.t === null ? null : concat([kw('AT'), ' ', n.t]);
    const clauses = (n.kind === 'struct_event_close' ? [events, at, fields] : [fields, events, at]).filter((c): c is Doc => c !== null);
    return statement(head, clauses);
  });
}

/** A partition `{"from": y, "to": y}` (in that order, both plain numbers), which prints `FROM y TO y` (YEARS). */
function isYears(v: JsonData | null): boolean {
  if (v === null || v.kind !== 'json_object' || v.members.length !== 2) return false;
  const [from, to] = v.members as readonly [JsonMemberData, JsonMemberData];
  return (
    from.key === 'from' &&
    to.key === 'to' &&
    from.value.kind === 'number' &&
    to.value.kind === 'number' &&
    !from.value.value.startsWith('-') &&
    !to.value.value.startsWith('-')
  );
}

const YEARS: Ctx = Object.freeze({ capture: null, years: true });

/** The clauses of a struct_create after its parent, in the parser's order. */
function structCreate(n: StructCreate, _c: Ctx, env: Env): Layout {
  const kw = env.options.kw;
  const k = new Kids();
  const parent = n.kind === 'struct_create_pipe' ? n.model : n.kind === 'struct_create_event' ? n.group : n.parent;
  const hasParent = k.add(parent, DATABASE);
  const objects: [string, Parameters<Kids['add']>[0]][] = [];
  if (n.kind === 'struct_create_event') objects.push(['CONF', n.conf]);
  if (n.kind === 'struct_create_event' || n.kind === 'struct_create_notebook') objects.push(['FIELDS', null], ['TEAMS', n.teams]);
  if ('groupTeams' in n) objects.push(['GROUP_TEAMS', n.groupTeams], ['DATABASE_TEAMS', n.databaseTeams]);
  // PARTITION FROM y TO y when the partition reads so (YEARS), else as an object.
  const years = n.kind === 'struct_create_pipe' && isYears(n.partition);
  if (n.kind === 'struct_create_pipe' && !years) objects.push(['PARTITION', n.partition]);
  // FIELDS () when the list is given empty: only null (not given) leaves the clause out.
  const given = n.kind === 'struct_create_event' || n.kind === 'struct_create_notebook' ? n.fields : null;
  const fields = given ?? [];
  const present = objects.map(([word, node]) => [word, word === 'FIELDS' ? given !== null : k.add(node)] as const);
  k.addAll(fields);
  if (years) k.add((n as Extract<StructCreate, { kind: 'struct_create_pipe' }>).partition, YEARS);
  return k.layout((take, takeN) => {
    const word = {
      struct_create_category: 'CATEGORY',
      struct_create_model: 'MODEL',
      struct_create_pipe: 'PIPE',
      struct_create_def: 'DEF',
      struct_create_event: 'EVENT',
      struct_create_notebook: 'NOTEBOOK',
      struct_create_project: 'PROJECT',
    }[n.kind];
    const head: Doc[] = [kw('STRUCT'), ' ', kw('CREATE'), ' ', kw(word)];
    if ('name' in n && n.name !== null) head.push(' ', nameDoc(n.name));
    if (hasParent) head.push(' ', kw('IN'), ' ', kw(n.kind === 'struct_create_pipe' ? 'MODEL' : 'GROUP'), ' ', take());
    const clauses: Doc[] = [];
    const string = (w: string, v: string | null) => v !== null && clauses.push(concat([kw(w), ' ', text(v)]));
    if (n.kind === 'struct_create_event' && n.type !== null) clauses.push(concat([kw('TYPE'), ' ', kw(n.type.toUpperCase())]));
    if ('label' in n) string('LABEL', n.label);
    if ('desc' in n) string('DESC', n.desc);
    if (n.kind === 'struct_create_event') {
      string('SINGULAR', n.singular);
      string('PLURAL', n.plural);
    }
    const docs = new Map<string, Doc>();
    for (const [w, has] of present) if (has && w !== 'FIELDS') docs.set(w, take());
    const fieldDocs = takeN(fields.length);
    for (const [w, has] of present) {
      if (!has) continue;
      if (n.kind === 'struct_create_event' && w === 'FIELDS' && n.labelType !== null) string('LABEL_TYPE', n.labelType);
      if (w === 'FIELDS') clauses.push(fieldDocs.length === 0 ? concat([kw('FIELDS'), ' ()']) : clause(kw('FIELDS'), closedList('(', fieldDocs, ')')));
      else clauses.push(clause(kw(w), docs.get(w) as Doc));
    }
    if (n.kind === 'struct_create_event' && n.labelType !== null && given === null) string('LABEL_TYPE', n.labelType);
    if (years) clauses.push(concat([kw('PARTITION'), ' ', take()]));
    if (n.kind === 'struct_create_model') {
      const options = optionsClause(env, [
        ['EVENT', n.event],
        ['EVENTF', n.eventf],
        ['EVENTFS', n.eventfs],
      ]);
      if (options) clauses.push(options);
    }
    return statement(concat(head), clauses);
  });
}

export const STRUCT_LAYOUTS = {
  struct_buffer_import: (n, _c, env) => {
    const kw = env.options.kw;
    const k = new Kids();
    k.add(n.pipe, DATABASE);
    k.add(n.file);
    const hasConf = k.add(n.conf);
    const hasAt = k.add(n.tImport);
    return k.layout((take) => {
      const head = concat([kw('STRUCT'), ' ', kw('BUFFER'), ' ', kw('IMPORT'), ' ', kw('INTO'), ' ', kw('PIPE'), ' ', take()]);
      const clauses: Doc[] = [clause(kw('FILE'), take())];
      if (hasConf) clauses.push(clause(kw('CONF'), take()));
      if (hasAt) clauses.push(clause(kw('AT'), take()));
      return statement(head, clauses);
    });
  },
  struct_mn_alias: (n, _c, env) => {
    const kw = env.options.kw;
    const k = new Kids();
    k.add(n.database, DATABASE);
    return k.layout((take) =>
      statement(concat([kw('STRUCT'), ' ', kw('MN'), ' ', kw('ALIAS'), ' ', n.mn, ' ', kw('IN'), ' ', take()]), [
        group([kw('ALIASES'), indent([line, commaList(n.aliases.map(text))])]),
      ]),
    );
  },
  struct_mn_edit: (n, _c, env) => {
    const kw = env.options.kw;
    const k = new Kids();
    k.add(n.database, DATABASE);
    return k.layout((take) => {
      const clauses: Doc[] = [];
      if (n.name !== null) clauses.push(concat([kw('NAME'), ' ', text(n.name)]));
      if (n.state !== null) clauses.push(concat([kw('STATE'), ' ', text(n.state)]));
      return statement(concat([kw('STRUCT'), ' ', kw('MN'), ' ', kw('EDIT'), ' ', n.mn, ' ', kw('IN'), ' ', take()]), clauses);
    });
  },
  struct_event_insert: structEvent,
  struct_event_close: structEvent,
  struct_event_update: structEvent,
  struct_create_category: structCreate,
  struct_create_model: structCreate,
  struct_create_pipe: structCreate,
  struct_create_def: structCreate,
  struct_create_event: structCreate,
  struct_create_notebook: structCreate,
  struct_create_project: structCreate,
} satisfies { readonly [K in StructAction['kind']]: LayoutFn<K> };
