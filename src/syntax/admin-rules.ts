import {
  DATABASE_FLAGS,
  type AdminAction,
  type AlterValue,
  type AlterValueOp,
  type BlobDef,
  type DatabaseDef,
  type FieldDef,
  type FieldOption,
  type GroupDef,
} from '../ast/admin-actions.js';
import { foldName, type DataAction, type FieldLiteral } from '../ast/data-actions.js';
import type { JsonData, JsonMemberData, JsonObjectData } from '../ast/system-actions.js';
import type { Specifier } from '../ast/nodes.js';
import { expectedMessage } from './error-messages.js';
import * as T from './tokens.js';
import { call, MISSING, idx, type ParserState, type Rule } from './parser-state.js';
import { database, expectWord, fieldName, literal, optionalWord, options, stringText } from './action-parts.js';
import { nameOf } from './node-helpers.js';

const IDENTIFIER = idx(T.Identifier);
const LPAREN = idx(T.LParen);
const WHERE = idx(T.Where);
const STRING = idx(T.StringLiteral);
const RPAREN = idx(T.RParen);
const EQUALS = idx(T.Equals);

/** The words of a field definition that take a string, and the property each sets (spec "Field definition"). */
const FIELD_TEXT = { LABEL: 'label', FORMAT: 'format', MEAS: 'meas', UNIT: 'unit', DESC: 'desc', DEFAULT: 'def', REF: 'ref' } as const;
/** The flags of a field definition: the word alone is true, after NOT false (`NOT NULL`). */
const FIELD_FLAGS = { KEY: 'key', NULL: 'nul', STRICT: 'strict', LOCK: 'lock' } as const;

type Mutable<T> = { -readonly [P in keyof T]: T[P] };

/**
 * The administrative actions as text (grammar/reference.md, "Administrative actions"), read
 * like SQL DDL: `SCHEMA`; `DROP GROUP g [CHILDREN]`, `DROP DATABASE db [CHILDREN]`, `DROP TEAM t`,
 * `DROP USER u`; `ALTER GROUP g | DATABASE db | DATABASE db ALTER FIELD f | USER u` then
 * `SET k = v, ...`, `OBJECTS (k = v, ...)` or `FILES (k = 'id', ...)`; `ALTER DATABASE db ADD FIELDS (field definitions) [FIRST | AFTER f]`,
 * `DROP FIELDS spec`, `ORDER FIELDS (f, ...) [AFTER f]`, `RESET PARTITIONS spec`. A field
 * definition is `name type [LABEL 'l'] [DESC 'd'] ... [KEY] [NOT NULL] ... [OPTIONS ('v' [DESC 'd'], ...)]`.
 */

/** `SCHEMA`, `DROP ...`, `ALTER ...` (the caller read the word at `start`). */
export function* adminAction(p: ParserState, word: string, start: number): Rule<DataAction> {
  void start;
  switch (word) {
    case 'SCHEMA':
      return { kind: 'schema_action' };
    case 'CREATE':
      return yield* create(p);
    case 'DROP':
      return yield* drop(p);
    default:
      return yield* alter(p);
  }
}

/** The word after an action word, one of `words` (upper case, read), or '' (reported: the words expected after `after`). */
export function kindWord(p: ParserState, words: readonly string[], after: string): string {
  const word = p.pos < p.end ? p.image(p.pos).toUpperCase() : '';
  if (words.includes(word)) {
    p.pos++;
    return word;
  }
  p.syntaxError(expectedMessage(words.join(', ').replace(/, ([^,]*)$/, ' or $1'), ` after '${after}', found ${p.foundText()}`));
  p.pos = p.end;
  return '';
}

function* drop(p: ParserState): Generator<Rule<unknown>, AdminAction, unknown> {
  const what = kindWord(p, ['GROUP', 'DATABASE', 'TEAM', 'USER'], 'DROP');
  const target = yield* database(p);
  switch (what) {
    case 'GROUP':
    case 'DATABASE': {
      const word = optionalWord(p, 'CHILDREN');
      const kind = what === 'GROUP' ? 'drop_group' : 'drop_database';
      const children = options(p, kind, word === MISSING ? {} : { CHILDREN: true })['CHILDREN'] ?? null;
      return what === 'GROUP'
        ? { kind: 'drop_group', drop: 'group', group: target, children }
        : { kind: 'drop_database', drop: 'database', database: target, children };
    }
    case 'TEAM':
      return { kind: 'drop_team', drop: 'team', team: target };
    default:
      return { kind: 'drop_user', drop: 'user', user: target };
  }
}

/**
 * `ALTER GROUP g | DATABASE db | DATABASE db ALTER FIELD f | USER u` then `SET k = v, ...`,
 * `OBJECTS (k = v, ...)` or `FILES (k = 'id', ...)`; or a database's field operations.
 */
function* alter(p: ParserState): Generator<Rule<unknown>, AdminAction, unknown> {
  const what = kindWord(p, ['GROUP', 'DATABASE', 'USER'], 'ALTER');
  const target = yield* database(p);
  const db = target;
  const field = what === 'DATABASE' && optionalWord(p, 'ALTER') !== MISSING ? (expectWord(p, 'FIELD'), yield* database(p)) : null;
  const ops = what === 'DATABASE' && field === null ? ['SET', 'OBJECTS', 'FILES', 'ADD', 'DROP', 'ORDER', 'RESET'] : ['SET', 'OBJECTS', 'FILES'];
  const op = kindWord(p, ops, `ALTER ${what} ...`);
  const targets =
    field !== null
      ? { alter: 'field', database: db, field }
      : what === 'GROUP'
        ? { alter: 'group', group: target }
        : what === 'USER'
          ? { alter: 'user', user: target }
          : { alter: 'database', database: db };
  // No operation (`ALTER DATABASE db ALTER FIELD f` and nothing after, reported): the statement
  // is still an ALTER of what it names, its missing part a placeholder value (recovery).
  if (op === '') {
    const value = p.placeholder<JsonObjectData>({ kind: 'json_object', members: [] });
    return { kind: `alter_${targets.alter}_set`, ...targets, op: 'set', set: value } as unknown as AlterValue;
  }
  if (op === 'SET' || op === 'OBJECTS' || op === 'FILES') {
    const value = (yield* jsonObjectClause(p, op, op === 'SET')) ?? { kind: 'json_object', members: [] };
    const o = op.toLowerCase() as AlterValueOp;
    return { kind: `alter_${targets.alter}_${o}`, ...targets, op: o, [o]: value } as unknown as AlterValue;
  }
  switch (op) {
    case 'ADD': {
      expectWord(p, 'FIELDS');
      const fields = fieldDefs(p);
      const firstWord = optionalWord(p, 'FIRST');
      const after = optionalWord(p, 'AFTER') === MISSING ? null : yield* database(p);
      const first = options(p, 'alter_add_fields', firstWord === MISSING ? {} : { FIRST: true })['FIRST'] ?? null;
      return { kind: 'alter_add_fields', alter: 'database', op: 'add_fields', database: db, fields, first, after };
    }
    case 'DROP': {
      expectWord(p, 'FIELDS');
      const fields = yield* database(p);
      return { kind: 'alter_drop_fields', alter: 'database', op: 'drop_fields', database: db, fields };
    }
    case 'ORDER': {
      // ORDER is a keyword (ORDER BY): FIELDS follows it here. The list may stand in parentheses.
      expectWord(p, 'FIELDS');
      // (`(WHERE e)` is a specifier: its parentheses are its own.)
      const parens = p.tk(2) !== WHERE && p.optional(T.LParen) !== MISSING;
      const fields: Specifier[] = [];
      do fields.push(yield* database(p));
      while (p.optional(T.Comma) !== MISSING);
      if (parens) p.expect(T.RParen);
      const after = optionalWord(p, 'AFTER') === MISSING ? null : yield* database(p);
      return { kind: 'alter_order_fields', alter: 'database', op: 'order_fields', database: db, fields, after };
    }
    default: {
      expectWord(p, 'PARTITIONS');
      const partitions = yield* database(p);
      return { kind: 'alter_reset_partitions', alter: 'database', op: 'reset_partitions', database: db, partitions };
    }
  }
}

/** A JSON value: `(key = value, ...)` an object, `[value, ...]` an array, or NULL, TRUE, FALSE, a number, a string. */
export function* jsonValue(p: ParserState): Rule<JsonData> {
  const start = p.pos;
  if (p.at(T.LParen)) {
    p.enter(start);
    p.next();
    const members = p.at(T.RParen) ? [] : yield* jsonMembers(p);
    p.expect(T.RParen);
    p.leave();
    return p.mark({ kind: 'json_object', members }, start);
  }
  if (p.at(T.LBracket)) {
    p.enter(start);
    p.next();
    const items: JsonData[] = [];
    if (!p.at(T.RBracket)) {
      do items.push(yield* call(jsonValue(p)));
      while (p.optional(T.Comma) !== MISSING);
    }
    p.expect(T.RBracket);
    p.leave();
    return p.mark({ kind: 'json_array', items }, start);
  }
  return literal(p, 'a JSON value ((key = value, ...), [...],') as FieldLiteral;
}

/** `key = value {, key = value}`: the members of a JSON object. */
function* jsonMembers(p: ParserState): Generator<Rule<unknown>, JsonMemberData[], unknown> {
  const members: JsonMemberData[] = [];
  do {
    const word = p.pos < p.end && !p.atName() && p.tk(2) === EQUALS ? p.image(p.pos) : '';
    if (/^[A-Za-z_]\w*$/.test(word))
      p.expectedError('a name', ` (${word.toUpperCase()} is a keyword: a key of that name is written in double quotes, "${word.toLowerCase()}")`);
    const memberStart = p.pos;
    const keyToken = p.expect(T.Name);
    const key = foldName(nameOf(p, keyToken));
    if (key === '' && keyToken !== MISSING) p.report('syntax/empty-name', 'a key of a JSON object cannot be empty or only white space', keyToken);
    p.expect(T.Equals);
    const value = yield* call(jsonValue(p));
    members.push(p.mark({ kind: 'json_member', key, value }, memberStart));
  } while (p.optional(T.Comma) !== MISSING);
  return members;
}

/**
 * The JSON object after OBJECTS, FILES or SET (the word read): `(key = value, ...)`; after SET
 * also without the parentheses, as SQL writes it (`SET desc = 'd', label = 'l'`). Null when missing.
 */
function* jsonObjectClause(p: ParserState, word: string, bare: boolean): Generator<Rule<unknown>, JsonObjectData | null, unknown> {
  const at = p.pos;
  if (bare && !p.at(T.LParen) && !p.at(T.LBracket) && (p.atName() || p.tk(2) === EQUALS)) {
    p.enter(at);
    const members = yield* jsonMembers(p);
    p.leave();
    return p.mark({ kind: 'json_object', members }, at);
  }
  const value =
    p.at(T.LParen) || p.at(T.LBracket)
      ? yield* call(jsonValue(p))
      : (p.expectedError(`'(' (a JSON object: (key = value, ...))${bare ? ' or key = value, ...' : ''}`), null);
  if (value === null || value.kind === 'json_object') return value;
  p.report('syntax/json-object', `${word} takes a JSON object: (key = value, ...)`, at);
  return null;
}

/**
 * `CREATE GROUP name [DESC 'd'] [IN GROUP parent] [TEAMS teams]` and
 * `CREATE DATABASE name IN GROUP parent (fields) {clause} [TEAMS teams]`; CREATE TEAM and
 * CREATE USER are errors in the spec's words (their definitions are not shown).
 */
function* create(p: ParserState): Generator<Rule<unknown>, AdminAction, unknown> {
  const token = p.pos;
  const word = p.pos < p.end ? p.image(p.pos).toUpperCase() : '';
  if (word === 'TEAM' || word === 'USER') {
    p.pos = p.end;
    p.report(
      'syntax/unshown-action',
      `CREATE ${word} cannot be written: the spec shows no ${word.toLowerCase()} definition ("Definitions of user and team: not shown")`,
      token,
      token,
      'dsq writes no guess of what the spec does not show',
    );
    return { kind: 'schema_action' };
  }
  const what = kindWord(p, ['GROUP', 'DATABASE'], 'CREATE');
  const start = p.pos;
  const name = fieldName(p, p.expect(T.Name));
  if (what === 'GROUP') {
    const desc = p.optional(T.Desc) === MISSING ? null : stringText(p, 'DESC');
    const group: GroupDef = p.mark({ kind: 'group_def', name, desc }, start);
    const parent = p.at(T.In) ? (p.pos++, p.expect(T.Group), yield* database(p)) : null;
    const teamList = yield* teams(p);
    return { kind: 'create_group', create: 'group', definition: group, parent, teams: teamList };
  }
  p.expect(T.In);
  p.expect(T.Group);
  const parent = yield* database(p);
  // The definition's span starts at its fields: the name and IN GROUP are the action's own text.
  const definition = yield* databaseDef(p, name, p.pos);
  const teamList = yield* teams(p);
  return { kind: 'create_database', create: 'database', definition, parent, teams: teamList };
}

/** `[TEAMS ['team', ...] | TEAMS (team = (privilege = TRUE, ...), ...)]`. */
function* teams(p: ParserState): Generator<Rule<unknown>, JsonData | null, unknown> {
  if (optionalWord(p, 'TEAMS') === MISSING) return null;
  return yield* call(jsonValue(p));
}

/**
 * The rest of a database definition after its name: `(field definitions)`, then in any order,
 * each once, `LABEL | FORMAT | PATH | DESC 'text'`, `BLOBS (blob, ...)`, `INDEXES ('index', ...)`,
 * `OBJECTS (key = value, ...)`, `FILES (key = id, ...)`, `OPTIONS (TRASH = TRUE, ...)` (the
 * feature flags) and `DATABASES (name (fields) ..., ...)` (the child databases).
 */
function* databaseDef(p: ParserState, name: string, start: number): Generator<Rule<unknown>, DatabaseDef, unknown> {
  const fields = p.at(T.LParen) ? fieldDefs(p) : (p.expectedError("'(' and the field definitions"), []);
  const text: Record<string, string | null> = { label: null, format: null, path: null, desc: null };
  let objects: JsonObjectData | null = null;
  let files: JsonObjectData | null = null;
  let blobs: BlobDef[] | null = null;
  let indexes: string[] | null = null;
  let databases: DatabaseDef[] | null = null;
  let flags: Record<string, boolean> = {};
  const seen = new Set<string>();
  for (;;) {
    const token = p.pos;
    if (p.pos >= p.end) break;
    const word = p.image(token).toUpperCase();
    const clause =
      ['LABEL', 'FORMAT', 'PATH', 'DESC', 'BLOBS', 'INDEXES', 'OBJECTS', 'FILES', 'OPTIONS', 'DATABASES'].includes(word) &&
      (p.t1() === IDENTIFIER || p.at(T.Desc) || p.at(T.Options));
    if (!clause) break;
    if (seen.has(word)) p.report('syntax/duplicate-option', `${word} is given twice in the definition of ${name}`, token);
    seen.add(word);
    if (word === 'OPTIONS') {
      flags = options(p, 'database_def', {});
      continue;
    }
    p.pos++;
    switch (word) {
      case 'BLOBS':
        blobs = blobDefs(p);
        break;
      case 'INDEXES': {
        p.expect(T.LParen);
        indexes = [];
        if (!p.at(T.RParen)) {
          do indexes.push(stringText(p, 'an index'));
          while (p.optional(T.Comma) !== MISSING);
        }
        p.expect(T.RParen);
        break;
      }
      case 'OBJECTS':
      case 'FILES': {
        const value = yield* jsonObjectClause(p, word, false);
        if (word === 'OBJECTS') objects = value;
        else files = value;
        break;
      }
      case 'DATABASES': {
        p.expect(T.LParen);
        const children: DatabaseDef[] = [];
        databases = children;
        if (!p.at(T.RParen)) {
          do {
            const childStart = p.pos;
            const childName = fieldName(p, p.expect(T.Name));
            children.push(yield* databaseDef(p, childName, childStart));
          } while (p.optional(T.Comma) !== MISSING);
        }
        p.expect(T.RParen);
        break;
      }
      default:
        text[word.toLowerCase()] = stringText(p, word);
    }
  }
  const flagValues = Object.fromEntries(DATABASE_FLAGS.map((f) => [f, flags[f.toUpperCase()] ?? null]));
  const node = {
    kind: 'database_def' as const,
    name,
    label: text['label'],
    format: text['format'],
    path: text['path'],
    desc: text['desc'],
    ...flagValues,
    objects,
    files,
    fields,
    blobs,
    indexes,
    databases,
  } as unknown as DatabaseDef;
  return p.mark(node, start);
}

/** `'(' [name [LABEL 'l'] [DESC 'd'] [[NOT] NULL] {, ...}] ')'` (`()`: an empty list, written as such). */
function blobDefs(p: ParserState): BlobDef[] {
  p.expect(T.LParen);
  const out: BlobDef[] = [];
  if (p.optional(T.RParen) !== MISSING) return out;
  do {
    const start = p.pos;
    const name = fieldName(p, p.expect(T.Name));
    const label = optionalWord(p, 'LABEL') === MISSING ? null : stringText(p, 'LABEL');
    const desc = p.optional(T.Desc) === MISSING ? null : stringText(p, 'DESC');
    const negated = p.optional(T.Not) !== MISSING;
    const nul = negated || p.at(T.Null) ? (p.expect(T.Null), !negated) : null;
    out.push(p.mark({ kind: 'blob_def', name, label, desc, nul }, start));
  } while (p.optional(T.Comma) !== MISSING);
  p.expect(T.RParen);
  return out;
}

/**
 * `field definition {, field definition}`, in parentheses or not (the printer writes none).
 * `ends`: the clause words that may follow the list without parentheses (STRUCT CREATE EVENT's
 * `FIELDS a int SINGULAR 'x'`); a field's own property words (LABEL, DESC) stay the field's.
 */
export function fieldDefs(p: ParserState, ends: readonly string[] = []): FieldDef[] {
  const parens = p.optional(T.LParen) !== MISSING;
  const out: FieldDef[] = [];
  do out.push(fieldDef(p, parens ? [] : ends));
  while (p.optional(T.Comma) !== MISSING);
  if (parens) p.expect(T.RParen);
  return out;
}

/** `name type {property}`: the properties in any order, each once. */
function fieldDef(p: ParserState, ends: readonly string[]): FieldDef {
  const start = p.pos;
  const name = fieldName(p, p.expect(T.Name));
  const def: Mutable<Omit<FieldDef, 'kind' | 'options'>> & { options: FieldOption[] | null } = {
    name,
    label: null,
    type: typeName(p),
    format: null,
    meas: null,
    unit: null,
    desc: null,
    def: null,
    ref: null,
    key: null,
    nul: null,
    strict: null,
    lock: null,
    options: null,
  };
  const seen = new Set<string>();
  const once = (word: string, token: number) => {
    if (seen.has(word)) p.report('syntax/duplicate-option', `${word} is given twice in the definition of ${name}`, token);
    seen.add(word);
  };
  for (;;) {
    const token = p.pos;
    if (p.pos >= p.end || p.at(T.Comma) || p.at(T.RParen)) break;
    const word = p.image(token).toUpperCase();
    // What follows the definitions: FIRST, AFTER f, the action's OPTIONS (NAME = ...) (a field's are
    // OPTIONS ('value', ...), and OPTIONS () an empty list of them: the action's empty OPTIONS () says nothing).
    if (
      (p.t1() === IDENTIFIER && (word === 'FIRST' || word === 'AFTER')) ||
      (p.at(T.Options) && p.tk(2) === LPAREN && p.tk(3) !== STRING && p.tk(3) !== RPAREN)
    )
      break;
    if (ends.includes(word) && !(word in FIELD_TEXT) && !p.at(T.Desc)) break;
    if (p.at(T.Options)) {
      once('OPTIONS', token);
      p.pos++;
      def.options = fieldOptions(p);
    } else if (p.at(T.Not) || word in FIELD_FLAGS) {
      const negated = p.optional(T.Not) !== MISSING;
      const flag = p.pos < p.end ? p.image(p.pos).toUpperCase() : '';
      if (!(flag in FIELD_FLAGS)) {
        p.expectedError('KEY, NULL, STRICT or LOCK');
        p.skipToCloseParen();
        break;
      }
      p.pos++;
      once(flag, token);
      def[FIELD_FLAGS[flag as keyof typeof FIELD_FLAGS]] = !negated;
    } else if (word in FIELD_TEXT && (p.t1() === IDENTIFIER || p.at(T.Desc))) {
      p.pos++;
      once(word, token);
      def[FIELD_TEXT[word as keyof typeof FIELD_TEXT]] = stringText(p, word);
    } else {
      p.expectedError(
        "a property of the field definition (LABEL, FORMAT, MEAS, UNIT, DESC, DEFAULT, REF 'text'; [NOT] KEY, NULL, STRICT, LOCK; OPTIONS (...)), ',' or ')'",
      );
      p.skipToCloseParen();
      break;
    }
  }
  return p.mark({ kind: 'field_def', ...def }, start);
}

/** A data type name: `int(4)`, `utf8text`, `decimal(10, 2)` (written back without spaces), or a string. */
function typeName(p: ParserState): string {
  if (p.at(T.StringLiteral)) return stringText(p, 'a data type');
  if (!p.atName() || p.image(p.pos).startsWith('"')) {
    p.expectedError("a data type (such as int(4), utf8text, utf8vstring(128), or 'type')");
    return '?';
  }
  let text = p.image(p.next());
  if (p.at(T.LParen)) {
    p.pos++;
    const sizes: string[] = [];
    // A comma is always followed by a size: `decimal(10,)` is an error, not `decimal(10)`.
    do sizes.push(p.image(p.expect(T.NumberLiteral)));
    while (p.optional(T.Comma) !== MISSING);
    p.expect(T.RParen);
    text += `(${sizes.join(',')})`;
  }
  return text;
}

/** `'(' ['value' [DESC 'text'] {, ...}] ')'` (`()`: an empty list, written as such). */
function fieldOptions(p: ParserState): FieldOption[] {
  p.expect(T.LParen);
  const out: FieldOption[] = [];
  if (p.optional(T.RParen) !== MISSING) return out;
  do {
    const start = p.pos;
    const value = stringText(p, 'a field option');
    const desc = p.optional(T.Desc) === MISSING ? null : stringText(p, 'DESC');
    out.push(p.mark({ kind: 'field_option', value, desc }, start));
  } while (p.optional(T.Comma) !== MISSING);
  p.expect(T.RParen);
  return out;
}
