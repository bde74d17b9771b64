import { DATABASE_FLAGS, type AdminAction, type AlterValue, type AlterValueOp, type BlobDef, type DatabaseDef, type FieldDef, type FieldOption, type GroupDef } from '../ast/admin-actions.js';
import { foldName, type DataAction, type FieldLiteral } from '../ast/actions.js';
import type { JsonData, JsonMemberData, JsonObjectData } from '../ast/system-actions.js';
import type { Specifier } from '../ast/nodes.js';
import { expectedMessage } from './messages.js';
import { MISSING, idx, type Rule } from './parser-base.js';
import * as T from './tokens.js';
import { WriteRules } from './write-rules.js';

const IDENTIFIER = idx(T.Identifier);
const NUMBER = idx(T.NumberLiteral);
const LPAREN = idx(T.LParen);
const WHERE = idx(T.Where);
const STRING = idx(T.StringLiteral);
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
export abstract class AdminRules extends WriteRules {
  /** `SCHEMA`, `DROP ...`, `ALTER ...` (the caller read the word at `start`). */
  protected *adminAction(word: string, start: number): Rule<DataAction> {
    void start;
    switch (word) {
      case 'SCHEMA':
        return { kind: 'schema_action' };
      case 'CREATE':
        return yield* this.create();
      case 'DROP':
        return yield* this.drop();
      default:
        return yield* this.alter();
    }
  }

  /** The word after an action word, one of `words` (upper case), or '' (reported). */
  private kindWord(words: readonly string[], after: string): string {
    const word = this.pos < this.end ? this.image(this.pos).toUpperCase() : '';
    if (words.includes(word)) {
      this.pos++;
      return word;
    }
    this.syntaxError(expectedMessage(words.join(', ').replace(/, ([^,]*)$/, ' or $1'), ` after '${after}', found ${this.foundText()}`));
    this.pos = this.end;
    return '';
  }

  private *drop(): Generator<Rule<unknown>, AdminAction, unknown> {
    const what = this.kindWord(['GROUP', 'DATABASE', 'TEAM', 'USER'], 'DROP');
    const target = yield* this.database();
    switch (what) {
      case 'GROUP':
      case 'DATABASE': {
        const word = this.optionalWord('CHILDREN');
        const kind = what === 'GROUP' ? 'drop_group' : 'drop_database';
        const children = this.options(kind, word === MISSING ? {} : { CHILDREN: true })['CHILDREN'] ?? null;
        return what === 'GROUP' ? { kind: 'drop_group', drop: 'group', group: target, children } : { kind: 'drop_database', drop: 'database', database: target, children };
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
  private *alter(): Generator<Rule<unknown>, AdminAction, unknown> {
    const what = this.kindWord(['GROUP', 'DATABASE', 'USER'], 'ALTER');
    const target = yield* this.database();
    const database = target;
    const field = what === 'DATABASE' && this.optionalWord('ALTER') !== MISSING ? (this.expectWord('FIELD'), yield* this.database()) : null;
    const ops = what === 'DATABASE' && field === null ? ['SET', 'OBJECTS', 'FILES', 'ADD', 'DROP', 'ORDER', 'RESET'] : ['SET', 'OBJECTS', 'FILES'];
    const op = this.kindWord(ops, `ALTER ${what} ...`);
    if (op === 'SET' || op === 'OBJECTS' || op === 'FILES') {
      const value = (yield* this.jsonObjectClause(op, op === 'SET')) ?? { kind: 'json_object', members: [] };
      const o = op.toLowerCase() as AlterValueOp;
      const targets = field !== null ? { alter: 'field', database, field } : what === 'GROUP' ? { alter: 'group', group: target } : what === 'USER' ? { alter: 'user', user: target } : { alter: 'database', database };
      return { kind: `alter_${targets.alter}_${o}`, ...targets, op: o, [o]: value } as unknown as AlterValue;
    }
    switch (op) {
      case 'ADD': {
        this.expectWord('FIELDS');
        const fields = this.fieldDefs();
        const firstWord = this.optionalWord('FIRST');
        const after = this.optionalWord('AFTER') === MISSING ? null : yield* this.database();
        const first = this.options('alter_add_fields', firstWord === MISSING ? {} : { FIRST: true })['FIRST'] ?? null;
        return { kind: 'alter_add_fields', alter: 'database', op: 'add_fields', database, fields, first, after };
      }
      case 'DROP': {
        this.expectWord('FIELDS');
        const fields = yield* this.database();
        return { kind: 'alter_drop_fields', alter: 'database', op: 'drop_fields', database, fields };
      }
      case 'ORDER': {
        // ORDER is a keyword (ORDER BY): FIELDS follows it here. The list may stand in parentheses.
        this.expectWord('FIELDS');
        // (`(WHERE e)` is a specifier: its parentheses are its own.)
        const parens = this.tk(2) !== WHERE && this.optional(T.LParen) !== MISSING;
        const fields: Specifier[] = [];
        do fields.push(yield* this.database());
        while (this.optional(T.Comma) !== MISSING);
        if (parens) this.expect(T.RParen);
        const after = this.optionalWord('AFTER') === MISSING ? null : yield* this.database();
        return { kind: 'alter_order_fields', alter: 'database', op: 'order_fields', database, fields, after };
      }
      default: {
        this.expectWord('PARTITIONS');
        const partitions = yield* this.database();
        return { kind: 'alter_reset_partitions', alter: 'database', op: 'reset_partitions', database, partitions };
      }
    }
  }

  /** A JSON value: `(key = value, ...)` an object, `[value, ...]` an array, or NULL, TRUE, FALSE, a number, a string. */
  protected *jsonValue(): Rule<JsonData> {
    const start = this.pos;
    if (this.at(T.LParen)) {
      this.enter(start);
      this.next();
      const members = this.at(T.RParen) ? [] : yield* this.jsonMembers();
      this.expect(T.RParen);
      this.leave();
      return this.mark({ kind: 'json_object', members }, start);
    }
    if (this.at(T.LBracket)) {
      this.enter(start);
      this.next();
      const items: JsonData[] = [];
      if (!this.at(T.RBracket)) {
        do items.push((yield this.jsonValue()) as JsonData);
        while (this.optional(T.Comma) !== MISSING);
      }
      this.expect(T.RBracket);
      this.leave();
      return this.mark({ kind: 'json_array', items }, start);
    }
    return this.literal('a JSON value ((key = value, ...), [...],') as FieldLiteral;
  }

  /** `key = value {, key = value}`: the members of a JSON object. */
  private *jsonMembers(): Generator<Rule<unknown>, JsonMemberData[], unknown> {
    const members: JsonMemberData[] = [];
    do {
      const word = this.pos < this.end && !this.atName() && this.tk(2) === EQUALS ? this.image(this.pos) : '';
      if (/^[A-Za-z_]\w*$/.test(word)) this.expectedError('a name', ` (${word.toUpperCase()} is a keyword: a key of that name is written in double quotes, "${word.toLowerCase()}")`);
      const keyToken = this.expect(T.Name);
      const key = foldName(this.nameOf(keyToken));
      if (key === '' && keyToken !== MISSING) this.report('syntax/empty-name', 'a key of a JSON object cannot be empty or only white space', keyToken);
      this.expect(T.Equals);
      const value = (yield this.jsonValue()) as JsonData;
      members.push(this.mark({ kind: 'json_member', key, value }, keyToken));
    } while (this.optional(T.Comma) !== MISSING);
    return members;
  }

  /**
   * The JSON object after OBJECTS, FILES or SET (the word read): `(key = value, ...)`; after SET
   * also without the parentheses, as SQL writes it (`SET desc = 'd', label = 'l'`). Null when missing.
   */
  private *jsonObjectClause(word: string, bare: boolean): Generator<Rule<unknown>, JsonObjectData | null, unknown> {
    const at = this.pos;
    if (bare && !this.at(T.LParen) && !this.at(T.LBracket) && (this.atName() || this.tk(2) === EQUALS)) {
      this.enter(at);
      const members = yield* this.jsonMembers();
      this.leave();
      return this.mark({ kind: 'json_object', members }, at);
    }
    const value = this.at(T.LParen) || this.at(T.LBracket) ? ((yield this.jsonValue()) as JsonData) : (this.expectedError(`'(' (a JSON object: (key = value, ...))${bare ? ' or key = value, ...' : ''}`), null);
    if (value !== null && value.kind !== 'json_object') this.report('syntax/json-object', `${word} takes a JSON object: (key = value, ...)`, at);
    return value as JsonObjectData | null;
  }

  /**
   * `CREATE GROUP name [DESC 'd'] [IN GROUP parent] [TEAMS teams]` and
   * `CREATE DATABASE name IN GROUP parent (fields) {clause} [TEAMS teams]`; CREATE TEAM and
   * CREATE USER are errors in the spec's words (their definitions are not shown).
   */
  private *create(): Generator<Rule<unknown>, AdminAction, unknown> {
    const token = this.pos;
    const word = this.pos < this.end ? this.image(this.pos).toUpperCase() : '';
    if (word === 'TEAM' || word === 'USER') {
      this.pos = this.end;
      this.report('syntax/unshown-action', `CREATE ${word} cannot be written: the spec shows no ${word.toLowerCase()} definition ("Definitions of user and team: not shown")`, token, token, 'dsq writes no guess of what the spec does not show');
      return { kind: 'schema_action' };
    }
    const what = this.kindWord(['GROUP', 'DATABASE'], 'CREATE');
    const start = this.pos;
    const name = this.fieldName(this.expect(T.Name));
    if (what === 'GROUP') {
      const desc = this.optional(T.Desc) === MISSING ? null : this.stringText('DESC');
      const group: GroupDef = this.mark({ kind: 'group_def', name, desc }, start);
      const parent = this.at(T.In) ? (this.pos++, this.expect(T.Group), yield* this.database()) : null;
      const teams = yield* this.teams();
      return { kind: 'create_group', create: 'group', definition: group, parent, teams };
    }
    this.expect(T.In);
    this.expect(T.Group);
    const parent = yield* this.database();
    // The definition's span starts at its fields: the name and IN GROUP are the action's own text.
    const definition = yield* this.databaseDef(name, this.pos);
    const teams = yield* this.teams();
    return { kind: 'create_database', create: 'database', definition, parent, teams };
  }

  /** `[TEAMS ['team', ...] | TEAMS (team = (privilege = TRUE, ...), ...)]`. */
  private *teams(): Generator<Rule<unknown>, JsonData | null, unknown> {
    if (this.optionalWord('TEAMS') === MISSING) return null;
    return (yield this.jsonValue()) as JsonData;
  }

  /**
   * The rest of a database definition after its name: `(field definitions)`, then in any order,
   * each once, `LABEL | FORMAT | PATH | DESC 'text'`, `BLOBS (blob, ...)`, `INDEXES ('index', ...)`,
   * `OBJECTS (key = value, ...)`, `FILES (key = id, ...)`, `OPTIONS (TRASH = TRUE, ...)` (the
   * feature flags) and `DATABASES (name (fields) ..., ...)` (the child databases).
   */
  private *databaseDef(name: string, start: number): Generator<Rule<unknown>, DatabaseDef, unknown> {
    const fields = this.at(T.LParen) ? this.fieldDefs() : (this.expectedError("'(' and the field definitions"), []);
    const text: Record<string, string | null> = { label: null, format: null, path: null, desc: null };
    let objects: JsonObjectData | null = null;
    let files: JsonObjectData | null = null;
    let blobs: BlobDef[] = [];
    let indexes: string[] | null = null;
    let databases: DatabaseDef[] = [];
    let flags: Record<string, boolean> = {};
    const seen = new Set<string>();
    for (;;) {
      const token = this.pos;
      if (this.pos >= this.end) break;
      const word = this.image(token).toUpperCase();
      const clause = ['LABEL', 'FORMAT', 'PATH', 'DESC', 'BLOBS', 'INDEXES', 'OBJECTS', 'FILES', 'OPTIONS', 'DATABASES'].includes(word) && (this.t1() === IDENTIFIER || this.at(T.Desc) || this.at(T.Options));
      if (!clause) break;
      if (seen.has(word)) this.report('syntax/duplicate-option', `${word} is given twice in the definition of ${name}`, token);
      seen.add(word);
      if (word === 'OPTIONS') {
        flags = this.options('database_def', {});
        continue;
      }
      this.pos++;
      switch (word) {
        case 'BLOBS':
          blobs = this.blobDefs();
          break;
        case 'INDEXES': {
          this.expect(T.LParen);
          indexes = [];
          if (!this.at(T.RParen)) {
            do indexes.push(this.stringText('an index'));
            while (this.optional(T.Comma) !== MISSING);
          }
          this.expect(T.RParen);
          break;
        }
        case 'OBJECTS':
        case 'FILES': {
          const value = yield* this.jsonObjectClause(word, false);
          if (word === 'OBJECTS') objects = value;
          else files = value;
          break;
        }
        case 'DATABASES': {
          this.expect(T.LParen);
          databases = [];
          do {
            const childStart = this.pos;
            const childName = this.fieldName(this.expect(T.Name));
            databases.push(yield* this.databaseDef(childName, childStart));
          } while (this.optional(T.Comma) !== MISSING);
          this.expect(T.RParen);
          break;
        }
        default:
          text[word.toLowerCase()] = this.stringText(word);
      }
    }
    const flagValues = Object.fromEntries(DATABASE_FLAGS.map((f) => [f, flags[f.toUpperCase()] ?? null]));
    const node = { kind: 'database_def' as const, name, label: text['label'], format: text['format'], path: text['path'], desc: text['desc'], ...flagValues, objects, files, fields, blobs, indexes, databases } as unknown as DatabaseDef;
    return this.mark(node, start);
  }

  /** `'(' name [LABEL 'l'] [DESC 'd'] [[NOT] NULL] {, ...} ')'`. */
  private blobDefs(): BlobDef[] {
    this.expect(T.LParen);
    const out: BlobDef[] = [];
    do {
      const start = this.pos;
      const name = this.fieldName(this.expect(T.Name));
      const label = this.optionalWord('LABEL') === MISSING ? null : this.stringText('LABEL');
      const desc = this.optional(T.Desc) === MISSING ? null : this.stringText('DESC');
      const negated = this.optional(T.Not) !== MISSING;
      const nul = negated || this.at(T.Null) ? (this.expect(T.Null), !negated) : null;
      out.push(this.mark({ kind: 'blob_def', name, label, desc, nul }, start));
    } while (this.optional(T.Comma) !== MISSING);
    this.expect(T.RParen);
    return out;
  }

  /** `field definition {, field definition}`, in parentheses or not (the printer writes none). */
  protected fieldDefs(): FieldDef[] {
    const parens = this.optional(T.LParen) !== MISSING;
    const out: FieldDef[] = [];
    do out.push(this.fieldDef());
    while (this.optional(T.Comma) !== MISSING);
    if (parens) this.expect(T.RParen);
    return out;
  }

  /** `name type {property}`: the properties in any order, each once. */
  private fieldDef(): FieldDef {
    const start = this.pos;
    const name = this.fieldName(this.expect(T.Name));
    const def: Mutable<Omit<FieldDef, 'kind' | 'options'>> & { options: FieldOption[] } = {
      name, label: null, type: this.typeName(), format: null, meas: null, unit: null, desc: null, def: null, ref: null,
      key: null, nul: null, strict: null, lock: null, options: [],
    };
    const seen = new Set<string>();
    const once = (word: string, token: number) => {
      if (seen.has(word)) this.report('syntax/duplicate-option', `${word} is given twice in the definition of ${name}`, token);
      seen.add(word);
    };
    for (;;) {
      const token = this.pos;
      if (this.pos >= this.end || this.at(T.Comma) || this.at(T.RParen)) break;
      const word = this.image(token).toUpperCase();
      // What follows the definitions: FIRST, AFTER f, the action's OPTIONS (NAME = ...) (a field's are OPTIONS ('value', ...)).
      if ((this.t1() === IDENTIFIER && (word === 'FIRST' || word === 'AFTER')) || (this.at(T.Options) && this.tk(2) === LPAREN && this.tk(3) !== STRING)) break;
      if (this.at(T.Options)) {
        once('OPTIONS', token);
        this.pos++;
        def.options = this.fieldOptions();
      } else if (this.at(T.Not) || word in FIELD_FLAGS) {
        const negated = this.optional(T.Not) !== MISSING;
        const flag = this.pos < this.end ? this.image(this.pos).toUpperCase() : '';
        if (!(flag in FIELD_FLAGS)) {
          this.expectedError('KEY, NULL, STRICT or LOCK');
          this.skipToCloseParen();
          break;
        }
        this.pos++;
        once(flag, token);
        def[FIELD_FLAGS[flag as keyof typeof FIELD_FLAGS]] = !negated;
      } else if (word in FIELD_TEXT && (this.t1() === IDENTIFIER || this.at(T.Desc))) {
        this.pos++;
        once(word, token);
        def[FIELD_TEXT[word as keyof typeof FIELD_TEXT]] = this.stringText(word);
      } else {
        this.expectedError("a property of the field definition (LABEL, FORMAT, MEAS, UNIT, DESC, DEFAULT, REF 'text'; [NOT] KEY, NULL, STRICT, LOCK; OPTIONS (...)), ',' or ')'");
        this.skipToCloseParen();
        break;
      }
    }
    return this.mark({ kind: 'field_def', ...def }, start);
  }

  /** A data type name: `int(4)`, `utf8text`, `decimal(10, 2)` (written back without spaces), or a string. */
  private typeName(): string {
    if (this.at(T.StringLiteral)) return this.stringText('a data type');
    if (!this.atName() || this.image(this.pos).startsWith('"')) {
      this.expectedError("a data type (such as int(4), utf8text, utf8vstring(128), or 'type')");
      return '?';
    }
    let text = this.image(this.next());
    if (this.at(T.LParen)) {
      this.pos++;
      const sizes: string[] = [];
      do sizes.push(this.image(this.expect(T.NumberLiteral)));
      while (this.optional(T.Comma) !== MISSING && this.t1() === NUMBER);
      this.expect(T.RParen);
      text += `(${sizes.join(',')})`;
    }
    return text;
  }

  /** `'(' 'value' [DESC 'text'] {, ...} ')'`. */
  private fieldOptions(): FieldOption[] {
    this.expect(T.LParen);
    const out: FieldOption[] = [];
    do {
      const start = this.pos;
      const value = this.stringText('a field option');
      const desc = this.optional(T.Desc) === MISSING ? null : this.stringText('DESC');
      out.push(this.mark({ kind: 'field_option', value, desc }, start));
    } while (this.optional(T.Comma) !== MISSING);
    this.expect(T.RParen);
    return out;
  }
}
