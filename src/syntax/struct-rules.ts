import type { FileRef, RecordData, RecordsSpecifier } from '../ast/actions.js';
import type { FieldDef } from '../ast/admin-actions.js';
import type { DateTimeLit, Expr, Specifier } from '../ast/nodes.js';
import { FileRefNode } from '../ast/objects.js';
import { UNSHOWN_STRUCT, type StructAction, type StructCreate, type StructEvent } from '../ast/struct-actions.js';
import type { JsonData, JsonMemberData, JsonObjectData } from '../ast/system-actions.js';
import { expectedMessage } from './messages.js';
import { MISSING, idx, type Rule } from './parser-base.js';
import { SystemRules } from './system-rules.js';
import * as T from './tokens.js';

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
export abstract class StructRules extends SystemRules {
  protected override *structAction(): Gen<StructAction> {
    const what = this.structWord(['BUFFER', 'MN', 'EVENT', 'CREATE'], 'STRUCT');
    switch (what) {
      case 'BUFFER':
        return yield* this.bufferImport();
      case 'MN': {
        if (this.atWord('MERGE')) return this.unshownStruct('MN MERGE');
        const op = this.structWord(['ALIAS', 'EDIT'], 'STRUCT MN');
        const mn = this.wholeNumber('a mnemonic id');
        this.expect(T.In);
        const database = yield* this.database();
        if (op === 'ALIAS') {
          this.expectWord('ALIASES', "ALIASES 'name/unit', ...");
          const aliases: string[] = [];
          do aliases.push(this.stringText('an alias'));
          while (this.optional(T.Comma) !== MISSING);
          return { kind: 'struct_mn_alias', database, mn, aliases };
        }
        const name = this.optionalWord('NAME') !== MISSING ? this.stringText('NAME') : null;
        const state = this.optionalWord('STATE') !== MISSING ? this.stringText('STATE') : null;
        return { kind: 'struct_mn_edit', database, mn, name, state };
      }
      case 'EVENT':
        if (this.atWord('CLEAR')) return this.unshownStruct('EVENT CLEAR');
        return yield* this.structEvent();
      default:
        return yield* this.structCreate();
    }
  }

  /** One of `words` next (read), or an error naming them; '' then. */
  private structWord(words: readonly string[], after: string): string {
    const word = this.pos < this.end && /^[A-Za-z_]+$/.test(this.image(this.pos)) ? this.image(this.pos).toUpperCase() : '';
    if (words.includes(word)) {
      this.pos++;
      return word;
    }
    this.syntaxError(expectedMessage(words.join(', ').replace(/, ([^,]*)$/, ' or $1'), ` after '${after}', found ${this.foundText()}`));
    this.pos = this.end;
    return '';
  }

  /** STRUCT MN MERGE, STRUCT EVENT CLEAR: the spec shows no payload. */
  private unshownStruct(words: string): StructAction {
    const token = this.pos;
    this.pos = this.end;
    this.report('syntax/unshown-action', `STRUCT ${words} cannot be written: ${UNSHOWN_STRUCT}`, token - 1, token, 'dsq writes no guess of what the spec does not show');
    return { kind: 'struct_create_def', parent: { kind: 'spec_all' } };
  }

  /** `BUFFER IMPORT INTO PIPE group FILE ('id' | TEXT '...' | BASE64 '...') [CONF (...)] [AT instant]`. */
  private *bufferImport(): Gen<StructAction> {
    this.expectWord('IMPORT', 'IMPORT (STRUCT BUFFER IMPORT)');
    this.expectWord('INTO', 'INTO PIPE');
    this.expectWord('PIPE', 'PIPE (the pipe group)');
    const pipe = yield* this.database();
    this.expectWord('FILE', "FILE 'object id', FILE TEXT '...' or FILE BASE64 '...' (the binary object)");
    const file = this.binaryObject();
    const conf = this.optionalWord('CONF') !== MISSING ? yield* this.jsonObject('CONF') : null;
    const tImport = this.optionalWord('AT') !== MISSING ? yield* this.instant('AT') : null;
    return { kind: 'struct_buffer_import', pipe, file, conf, tImport };
  }

  /** A binary object as INSERT writes a file: `'object id'`, `TEXT '...'` or `BASE64 '...'`. */
  private binaryObject(): FileRef {
    const start = this.pos;
    if (this.at(T.StringLiteral)) return this.mark(new FileRefNode('object', this.stringText('FILE')), start);
    for (const form of ['text', 'base64'] as const) {
      if (this.atWord(form.toUpperCase()) && this.tk(2) === STRING) {
        this.pos++;
        return this.mark(new FileRefNode(form, this.stringText(form.toUpperCase())), start);
      }
    }
    this.expectedError("'object id', TEXT '...' or BASE64 '...' (a binary object)");
    return new FileRefNode('object', '?');
  }

  /** `(key = value, ...)`: a JSON object (RUN's CONF form). */
  private *jsonObject(word: string): Gen<JsonObjectData> {
    if (!this.at(T.LParen)) {
      this.expectedError(`'(' (${word}: a JSON object, (key = value, ...))`);
      return { kind: 'json_object', members: [] };
    }
    return (yield this.jsonValue()) as JsonObjectData;
  }

  /** An instant as WAIT's FAIL BEFORE writes it: `DATETIME '...'` or `DATETIME(ms)`. */
  private *instant(word: string): Gen<DateTimeLit | null> {
    const start = this.pos;
    const e = (yield this.expression(0)) as Expr;
    if (e.kind === 'datetime') return e;
    this.report('syntax/instant', `${word} takes an instant: DATETIME '...' (datetime text) or DATETIME(n) (epoch milliseconds)`, start, this.last());
    return null;
  }

  /** `EVENT INSERT INTO db ...`, `EVENT CLOSE db ...`, `EVENT UPDATE db ...`. */
  private *structEvent(): Gen<StructEvent> {
    const op = this.structWord(['INSERT', 'CLOSE', 'UPDATE'], 'STRUCT EVENT');
    if (op === 'INSERT') {
      this.expectWord('INTO', 'INTO (STRUCT EVENT INSERT INTO db)');
      const database = yield* this.database();
      const events: RecordData[] = [];
      const columns: number[] = [];
      const names = yield* this.recordRows('EVENTS', events, columns);
      const node: StructEvent = { kind: 'struct_event_insert', database, events };
      columns.forEach((token, i) => this.propertySpan(node, `columns/${names[i] as string}`, token));
      this.propertySpan(node, 'columns', columns[0] ?? MISSING, columns.at(-1) ?? MISSING);
      return node;
    }
    const database = yield* this.database();
    let t: string | null = null;
    let events: RecordsSpecifier | null = null;
    let fields: RecordData | null = null;
    for (;;) {
      const token = this.pos;
      const word = this.atWord('EVENTS') ? 'EVENTS' : this.atWord('AT') ? 'AT' : this.atWord('SET') ? 'SET' : null;
      if (word === null) break;
      this.pos++;
      if ((word === 'EVENTS' && events !== null) || (word === 'AT' && t !== null) || (word === 'SET' && fields !== null)) this.report('syntax/duplicate-option', `${word} is given twice`, token);
      if (word === 'EVENTS') events = yield* this.recordsSpecifier();
      else if (word === 'AT') t = this.wholeNumber('AT (an instant in microseconds)');
      else fields = yield* this.recordObject();
    }
    if (op === 'CLOSE') {
      if (events === null) this.expectedError('EVENTS records (the events to close)');
      return { kind: 'struct_event_close', database, t, events: events ?? { kind: 'spec_all' }, fields };
    }
    if (fields === null) this.expectedError('SET (field = value, ...) (the fields to update)');
    return { kind: 'struct_event_update', database, t, events, fields: fields ?? { kind: 'record', values: [], expressions: [], file: null, tags: null } };
  }

  /** A name of a struct_create: a bare or quoted name, or a string. */
  private structName(): string {
    if (this.at(T.StringLiteral)) return this.stringText('a name');
    const token = this.expect(T.Name);
    return token === MISSING ? '?' : this.nameOf(token);
  }

  /** `CREATE kind [name] IN (GROUP | MODEL) group clauses...`. */
  private *structCreate(): Gen<StructCreate> {
    const what = this.structWord(['CATEGORY', 'MODEL', 'PIPE', 'DEF', 'EVENT', 'NOTEBOOK', 'PROJECT'], 'STRUCT CREATE');
    const named = what !== 'DEF' && !(what === 'EVENT' && this.at(T.In));
    const name = named ? this.structName() : null;
    let parent: Specifier | null = null;
    if (what !== 'PROJECT' || this.at(T.In)) {
      this.expect(T.In);
      if (what === 'PIPE') this.expectWord('MODEL', 'MODEL (a pipe is made in a model group)');
      else this.expect(T.Group);
      parent = yield* this.database();
    }
    const c: Mutable<Record<string, unknown>> = {};
    let fieldDefs: FieldDef[] | null = null;
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
      const token = this.pos;
      const word = this.pos < this.end && /^[A-Za-z_]+$/.test(this.image(token)) ? this.image(token).toUpperCase() : '';
      if (!allowed.includes(word)) break;
      this.pos++;
      if (c[word] !== undefined) this.report('syntax/duplicate-option', `${word} is given twice`, token);
      switch (word) {
        case 'TYPE': {
          const type = this.structWord(['NONE', 'FILE', 'FILES'], 'TYPE');
          c[word] = type === '' ? null : type.toLowerCase();
          break;
        }
        case 'CONF':
        case 'TEAMS':
        case 'GROUP_TEAMS':
        case 'DATABASE_TEAMS':
          c[word] = yield* this.jsonObject(word);
          break;
        case 'PARTITION':
          c[word] = yield* this.partition();
          break;
        case 'FIELDS':
          // `FIELDS ()`: the list given empty (kept: `"fields": []`).
          if (this.at(T.LParen) && this.tk(2) === idx(T.RParen)) {
            this.pos += 2;
            fieldDefs = [];
          } else fieldDefs = this.fieldDefs();
          c[word] = true;
          break;
        default:
          c[word] = this.stringText(word);
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
        const options = this.options('struct_create_model', {});
        return { kind: 'struct_create_model', parent: group, ...base, event: options['EVENT'] ?? null, eventf: options['EVENTF'] ?? null, eventfs: options['EVENTFS'] ?? null, ...teams };
      }
      case 'PIPE':
        return { kind: 'struct_create_pipe', model: group, ...base, ...teams, partition: (c['PARTITION'] as JsonData | undefined) ?? null };
      case 'DEF':
        return { kind: 'struct_create_def', parent: group };
      case 'EVENT':
        return {
          kind: 'struct_create_event', group, type: (c['TYPE'] as 'none' | 'file' | 'files' | undefined) ?? null, name, label: s('LABEL'), desc: s('DESC'),
          singular: s('SINGULAR'), plural: s('PLURAL'), conf: o('CONF'), labelType: s('LABEL_TYPE'), fields: fieldDefs, teams: o('TEAMS'),
        };
      case 'NOTEBOOK':
        return { kind: 'struct_create_notebook', parent: group, ...base, fields: fieldDefs, teams: o('TEAMS') };
      default:
        return { kind: 'struct_create_project', parent, ...base, ...teams };
    }
  }

  /**
   * A pipe's PARTITION: TRUE, FALSE, `FROM year TO year`, or the object as RUN's CONF writes one
   * (`("to" = year)`) (the spec: "boolean or object with `from` start year and `to` end year").
   */
  private *partition(): Gen<JsonData | null> {
    const start = this.pos;
    if (this.optional(T.From) !== MISSING) {
      const year = (key: string, token: number): JsonMemberData =>
        this.mark({ kind: 'json_member', key, value: this.mark({ kind: 'number', value: this.numberText(token, false) }, token) }, token);
      const from = this.expect(T.NumberLiteral);
      this.expectWord('TO', 'TO year (the partition\'s end year)');
      const to = this.expect(T.NumberLiteral);
      if (from === MISSING || to === MISSING) return null;
      return this.mark({ kind: 'json_object', members: [year('from', from), year('to', to)] }, start);
    }
    const value = (yield this.jsonValue()) as JsonData;
    const problem = partitionProblem(value);
    if (problem !== null) this.report('syntax/partition', `PARTITION ${problem}`, start, this.last());
    return value;
  }
}

/** What is wrong with a pipe's partition value, or null (the spec: "boolean or object with `from` start year and `to` end year"). */
export function partitionProblem(v: JsonData): string | null {
  if (v.kind === 'boolean') return null;
  const ok = v.kind === 'json_object' && v.members.length > 0 && v.members.every((m) => (m.key === 'from' || m.key === 'to') && m.value.kind === 'number');
  return ok ? null : 'takes TRUE, FALSE or FROM year TO year (the spec: "boolean or object with `from` start year and `to` end year")';
}
