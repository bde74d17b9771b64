import type { AdminAction, FieldDef, FieldOption } from '../ast/admin-actions.js';
import type { DataAction } from '../ast/actions.js';
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

/** The words of a field definition that take a string, and the property each sets (spec "Field definition"). */
const FIELD_TEXT = { LABEL: 'label', FORMAT: 'format', MEAS: 'meas', UNIT: 'unit', DESC: 'desc', DEFAULT: 'def', REF: 'ref' } as const;
/** The flags of a field definition: the word alone is true, after NOT false (`NOT NULL`). */
const FIELD_FLAGS = { KEY: 'key', NULL: 'nul', STRICT: 'strict', LOCK: 'lock' } as const;

type Mutable<T> = { -readonly [P in keyof T]: T[P] };

/**
 * The administrative actions as text (grammar/reference.md, "Administrative actions"), read
 * like SQL DDL: `SCHEMA`; `DROP GROUP g [CHILDREN]`, `DROP DATABASE db [CHILDREN]`, `DROP TEAM t`,
 * `DROP USER u`; `ALTER DATABASE db ADD FIELDS (field definitions) [FIRST | AFTER f]`,
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

  private *alter(): Generator<Rule<unknown>, AdminAction, unknown> {
    this.kindWord(['DATABASE'], 'ALTER');
    const database = yield* this.database();
    const op = this.kindWord(['ADD', 'DROP', 'ORDER', 'RESET'], 'ALTER DATABASE ...');
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
