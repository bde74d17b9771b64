import type { FileRef, RecordData, RecordsSpecifier } from '../ast/data-actions.js';
import type { FieldDef } from '../ast/admin-actions.js';
import type { DateTimeLit, Specifier } from '../ast/nodes.js';
import { FileRefNode } from '../ast/objects.js';
import { UNSHOWN_STRUCT, type StructAction, type StructCreate, type StructEvent } from '../ast/struct-actions.js';
import type { JsonData, JsonMemberData, JsonObjectData } from '../ast/system-actions.js';
import * as T from './tokens.js';
import { call, MISSING, idx, type ParserState, type Rule } from './parser-state.js';
import { atWord, database, expectWord, optionalWord, options, propertySpan, recordsSpecifier, stringText } from './action-parts.js';
import { fieldDefs, jsonValue, kindWord } from './admin-rules.js';
import { expression } from './expression-rules.js';
import { wholeNumber } from './fetch-rules.js';
import { nameOf, numberText } from './node-helpers.js';
import { recordObject, recordRows } from './write-rules.js';
import { partitionProblem } from '../spec/check-system.js';

const STRING = idx(T.StringLiteral);

type Gen<R> = Generator<Rule<unknown>, R, unknown>;
type Mutable<T> = { -readonly [P in keyof T]: T[P] };

/**
 * The struct actions as text (grammar/reference.md, "Struct actions"), each after the word STRUCT:
 * `BUFFER IMPORT INTO PIPE group FILE file [CONF (...)] [AT instant]`,
 * `MN ALIAS n IN db ALIASES 'a', ...`, `MN EDIT n IN db [NAME 'x'] [STATE 'x']`,
 * `EVENT INSERT INTO db (fields) VALUES (...) | RECORDS (...)`,
 * `EVENT CLOSE db EVENTS records [AT us] [SET (field = value, ...)]`,
 * `EVENT UPDATE db SET (field = value, ...) [EVENTS records] [AT us]`, and
 * `CREATE CATEGORY | MODEL | PIPE | DEF | EVENT | NOTEBOOK | PROJECT ...`. A binary object is
 * INSERT's (`'id'`, `TEXT '...'`, `BASE64 '...'`), a JSON object RUN's `(key = value, ...)`, an
 * instant WAIT's (`DATETIME '...'`, `DATETIME(ms)`), records INSERT's. STRUCT MN MERGE and STRUCT
 * EVENT CLEAR are errors in the spec's words: it shows neither.
 */
export function* structAction(p: ParserState): Gen<StructAction> {
  const what = kindWord(p, ['BUFFER', 'MN', 'EVENT', 'CREATE'], 'STRUCT');
  switch (what) {
    case 'BUFFER':
      return yield* bufferImport(p);
    case 'MN': {
      if (atWord(p, 'MERGE')) return unshownStruct(p, 'MN MERGE');
      const op = kindWord(p, ['ALIAS', 'EDIT'], 'STRUCT MN');
      const mn = wholeNumber(p, 'a mnemonic id');
      p.expect(T.In);
      const db = yield* database(p);
      if (op === 'ALIAS') {
        expectWord(p, 'ALIASES', "ALIASES 'name/unit', ...");
        const aliases: string[] = [];
        do aliases.push(stringText(p, 'an alias'));
        while (p.optional(T.Comma) !== MISSING);
        return { kind: 'struct_mn_alias', database: db, mn, aliases };
      }
      const name = optionalWord(p, 'NAME') !== MISSING ? stringText(p, 'NAME') : null;
      const state = optionalWord(p, 'STATE') !== MISSING ? stringText(p, 'STATE') : null;
      return { kind: 'struct_mn_edit', database: db, mn, name, state };
    }
    case 'EVENT':
      if (atWord(p, 'CLEAR')) return unshownStruct(p, 'EVENT CLEAR');
      return yield* structEvent(p);
    default:
      return yield* structCreate(p);
  }
}

/** STRUCT MN MERGE, STRUCT EVENT CLEAR: the spec shows no payload. */
function unshownStruct(p: ParserState, words: string): StructAction {
  const token = p.pos;
  p.pos = p.end;
  p.report(
    'syntax/unshown-action',
    `STRUCT ${words} cannot be written: ${UNSHOWN_STRUCT}`,
    token - 1,
    token,
    'dsq writes no guess of what the spec does not show',
  );
  return { kind: 'struct_create_def', parent: { kind: 'spec_all' } };
}

/** `BUFFER IMPORT INTO PIPE group FILE ('id' | TEXT '...' | BASE64 '...') [CONF (...)] [AT instant]`. */
function* bufferImport(p: ParserState): Gen<StructAction> {
  expectWord(p, 'IMPORT', 'IMPORT (STRUCT BUFFER IMPORT)');
  expectWord(p, 'INTO', 'INTO PIPE');
  expectWord(p, 'PIPE', 'PIPE (the pipe group)');
  const pipe = yield* database(p);
  expectWord(p, 'FILE', "FILE 'object id', FILE TEXT '...' or FILE BASE64 '...' (the binary object)");
  const file = binaryObject(p);
  const conf = optionalWord(p, 'CONF') !== MISSING ? yield* jsonObject(p, 'CONF') : null;
  const tImport = optionalWord(p, 'AT') !== MISSING ? yield* instant(p, 'AT') : null;
  return { kind: 'struct_buffer_import', pipe, file, conf, tImport };
}

/** A binary object as INSERT writes a file: `'object id'`, `TEXT '...'` or `BASE64 '...'`. */
function binaryObject(p: ParserState): FileRef {
  const start = p.pos;
  if (p.at(T.StringLiteral)) return p.mark(new FileRefNode('object', stringText(p, 'FILE')), start);
  for (const form of ['text', 'base64'] as const) {
    if (atWord(p, form.toUpperCase()) && p.tk(2) === STRING) {
      p.pos++;
      return p.mark(new FileRefNode(form, stringText(p, form.toUpperCase())), start);
    }
  }
  p.expectedError("'object id', TEXT '...' or BASE64 '...' (a binary object)");
  return p.placeholder(new FileRefNode('object', '?'));
}

/** `(key = value, ...)`: a JSON object (RUN's CONF form). */
function* jsonObject(p: ParserState, word: string): Gen<JsonObjectData> {
  if (!p.at(T.LParen)) {
    p.expectedError(`'(' (${word}: a JSON object, (key = value, ...))`);
    return p.placeholder({ kind: 'json_object', members: [] });
  }
  return (yield* call(jsonValue(p))) as JsonObjectData;
}

/** An instant as WAIT's FAIL BEFORE writes it: `DATETIME '...'` or `DATETIME(ms)`. */
function* instant(p: ParserState, word: string): Gen<DateTimeLit | null> {
  const start = p.pos;
  const e = yield* call(expression(p, 0));
  if (e.kind === 'datetime') return e;
  p.report('syntax/instant', `${word} takes an instant: DATETIME '...' (datetime text) or DATETIME(n) (epoch milliseconds)`, start, p.last());
  return null;
}

/** `EVENT INSERT INTO db ...`, `EVENT CLOSE db ...`, `EVENT UPDATE db ...`. */
function* structEvent(p: ParserState): Gen<StructEvent> {
  const op = kindWord(p, ['INSERT', 'CLOSE', 'UPDATE'], 'STRUCT EVENT');
  if (op === 'INSERT') {
    expectWord(p, 'INTO', 'INTO (STRUCT EVENT INSERT INTO db)');
    const db = yield* database(p);
    const events: RecordData[] = [];
    const columns: number[] = [];
    const names = yield* recordRows(p, 'EVENTS', events, columns);
    const node: StructEvent = { kind: 'struct_event_insert', database: db, events };
    columns.forEach((token, i) => propertySpan(p, node, `columns/${names[i] as string}`, token));
    propertySpan(p, node, 'columns', columns[0] ?? MISSING, columns.at(-1) ?? MISSING);
    return node;
  }
  const db = yield* database(p);
  let t: string | null = null;
  let events: RecordsSpecifier | null = null;
  let fields: RecordData | null = null;
  for (;;) {
    const token = p.pos;
    const word = atWord(p, 'EVENTS') ? 'EVENTS' : atWord(p, 'AT') ? 'AT' : atWord(p, 'SET') ? 'SET' : null;
    if (word === null) break;
    p.pos++;
    if ((word === 'EVENTS' && events !== null) || (word === 'AT' && t !== null) || (word === 'SET' && fields !== null))
      p.report('syntax/duplicate-option', `${word} is given twice`, token);
    if (word === 'EVENTS') events = yield* recordsSpecifier(p);
    else if (word === 'AT') t = wholeNumber(p, 'AT (an instant in microseconds)');
    else fields = yield* recordObject(p);
  }
  if (op === 'CLOSE') {
    if (events === null) p.expectedError('EVENTS records (the events to close)');
    return { kind: 'struct_event_close', database: db, t, events: events ?? { kind: 'spec_all' }, fields };
  }
  if (fields === null) p.expectedError('SET (field = value, ...) (the fields to update)');
  return { kind: 'struct_event_update', database: db, t, events, fields: fields ?? { kind: 'record', values: [], expressions: [], file: null, tags: null } };
}

/** A name of a struct_create: a bare or quoted name, or a string. */
function structName(p: ParserState): string {
  if (p.at(T.StringLiteral)) return stringText(p, 'a name');
  const token = p.expect(T.Name);
  return token === MISSING ? '?' : nameOf(p, token);
}

/** `CREATE kind [name] IN (GROUP | MODEL) group clauses...`. */
function* structCreate(p: ParserState): Gen<StructCreate> {
  const what = kindWord(p, ['CATEGORY', 'MODEL', 'PIPE', 'DEF', 'EVENT', 'NOTEBOOK', 'PROJECT'], 'STRUCT CREATE');
  const named = what !== 'DEF' && !(what === 'EVENT' && p.at(T.In));
  const name = named ? structName(p) : null;
  let parent: Specifier | null = null;
  if (what !== 'PROJECT' || p.at(T.In)) {
    p.expect(T.In);
    if (what === 'PIPE') expectWord(p, 'MODEL', 'MODEL (a pipe is made in a model group)');
    else p.expect(T.Group);
    parent = yield* database(p);
  }
  const c: Mutable<Record<string, unknown>> = {};
  let fieldDefsValue: FieldDef[] | null = null;
  const CLAUSES: Record<string, readonly string[]> = {
    CATEGORY: ['LABEL', 'DESC', 'GROUP_TEAMS', 'DATABASE_TEAMS'],
    MODEL: ['LABEL', 'DESC', 'GROUP_TEAMS', 'DATABASE_TEAMS'],
    PIPE: ['LABEL', 'DESC', 'GROUP_TEAMS', 'DATABASE_TEAMS', 'PARTITION'],
    DEF: [],
    EVENT: ['TYPE', 'LABEL', 'DESC', 'SINGULAR', 'PLURAL', 'CONF', 'LABEL_TYPE', 'FIELDS', 'TEAMS'],
    NOTEBOOK: ['LABEL', 'DESC', 'FIELDS', 'TEAMS'],
    PROJECT: ['LABEL', 'DESC', 'GROUP_TEAMS', 'DATABASE_TEAMS'],
  };
  const allowed = CLAUSES[what] ?? [];
  for (;;) {
    const token = p.pos;
    const word = p.pos < p.end && /^[A-Za-z_]+$/.test(p.image(token)) ? p.image(token).toUpperCase() : '';
    if (!allowed.includes(word)) break;
    p.pos++;
    if (c[word] !== undefined) p.report('syntax/duplicate-option', `${word} is given twice`, token);
    switch (word) {
      case 'TYPE': {
        const type = kindWord(p, ['NONE', 'FILE', 'FILES'], 'TYPE');
        c[word] = type === '' ? null : type.toLowerCase();
        break;
      }
      case 'CONF':
      case 'TEAMS':
      case 'GROUP_TEAMS':
      case 'DATABASE_TEAMS':
        c[word] = yield* jsonObject(p, word);
        break;
      case 'PARTITION':
        c[word] = yield* partition(p);
        break;
      case 'FIELDS':
        // `FIELDS ()`: the list given empty (kept: `"fields": []`).
        if (p.at(T.LParen) && p.tk(2) === idx(T.RParen)) {
          p.pos += 2;
          fieldDefsValue = [];
        } else fieldDefsValue = fieldDefs(p, allowed);
        c[word] = true;
        break;
      default:
        c[word] = stringText(p, word);
    }
  }
  const s = (w: string) => (c[w] as string | undefined) ?? null;
  const o = (w: string) => (c[w] as JsonObjectData | undefined) ?? null;
  const group = parent ?? { kind: 'spec_all' as const };
  const base = { name: name ?? '?', label: s('LABEL'), desc: s('DESC') };
  const teams = { groupTeams: o('GROUP_TEAMS'), databaseTeams: o('DATABASE_TEAMS') };
  switch (what) {
    case 'CATEGORY':
      return { kind: 'struct_create_category', parent: group, ...base, ...teams };
    case 'MODEL': {
      const opts = options(p, 'struct_create_model', {});
      return {
        kind: 'struct_create_model',
        parent: group,
        ...base,
        event: opts['EVENT'] ?? null,
        eventf: opts['EVENTF'] ?? null,
        eventfs: opts['EVENTFS'] ?? null,
        ...teams,
      };
    }
    case 'PIPE':
      return { kind: 'struct_create_pipe', model: group, ...base, ...teams, partition: (c['PARTITION'] as JsonData | undefined) ?? null };
    case 'DEF':
      return { kind: 'struct_create_def', parent: group };
    case 'EVENT':
      return {
        kind: 'struct_create_event',
        group,
        type: (c['TYPE'] as 'none' | 'file' | 'files' | undefined) ?? null,
        name,
        label: s('LABEL'),
        desc: s('DESC'),
        singular: s('SINGULAR'),
        plural: s('PLURAL'),
        conf: o('CONF'),
        labelType: s('LABEL_TYPE'),
        fields: fieldDefsValue,
        teams: o('TEAMS'),
      };
    case 'NOTEBOOK':
      return { kind: 'struct_create_notebook', parent: group, ...base, fields: fieldDefsValue, teams: o('TEAMS') };
    default:
      return { kind: 'struct_create_project', parent, ...base, ...teams };
  }
}

/**
 * A pipe's PARTITION: TRUE, FALSE, `FROM year TO year`, or the object as RUN's CONF writes one
 * (`("to" = year)`) (the spec: "boolean or object with `from` start year and `to` end year").
 */
function* partition(p: ParserState): Gen<JsonData | null> {
  const start = p.pos;
  if (p.optional(T.From) !== MISSING) {
    // Each year marked as soon as it is read: `FROM y` and `TO y` are its member's span, `y` its number's.
    const year = (key: string, word: number): JsonMemberData | null => {
      const token = p.expect(T.NumberLiteral);
      if (token === MISSING) return null;
      return p.mark({ kind: 'json_member', key, value: p.mark({ kind: 'number', value: numberText(p, token, false) }, token) }, word);
    };
    const from = year('from', start);
    const toWord = p.pos;
    expectWord(p, 'TO', "TO year (the partition's end year)");
    const to = year('to', toWord);
    if (from === null || to === null) return null;
    return p.mark({ kind: 'json_object', members: [from, to] }, start);
  }
  const value = yield* call(jsonValue(p));
  const problem = partitionProblem(value);
  if (problem !== null) p.report('syntax/partition', `PARTITION ${problem}`, start, p.last());
  return value;
}
