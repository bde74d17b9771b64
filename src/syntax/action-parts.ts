import { foldName, type DataAction, type FieldLiteral, type FieldValue, type KeySpec, type RecordsSpecifier } from '../ast/actions.js';
import type { SystemActionKind } from '../ast/system-actions.js';
import type { Expr, Node, Param, SingularSpec, Specifier } from '../ast/nodes.js';
import { BooleanNode, FieldValueNode, NullNode, NumberNode, SpecAllNode, SpecArrayNode, SpecKeyNode, SpecNameNode, SpecWhereNode, StringNode } from '../ast/objects.js';
import { DATA_ACTION_KINDS, SYSTEM_ACTION_KINDS } from '../ast/kinds.js';
import { FIELD_LIST } from '../ast/fields.js';
import { ExpressionRules } from './expression-rules.js';
import { fieldKey as propertyKey } from './field-spans.js';
import { stringValue } from './literals.js';
import { MISSING, idx, type Rule } from './parser-base.js';
import * as T from './tokens.js';

const IDENTIFIER = idx(T.Identifier);
const LPAREN = idx(T.LParen);
const WHERE = idx(T.Where);
const NUMBER = idx(T.NumberLiteral);

/** The OPTIONS each data action takes: its flag fields in the kind table (src/ast/kinds-actions.ts), by JSON key in upper case. */
const OPTION_NAMES = Object.fromEntries(
  [...DATA_ACTION_KINDS, ...SYSTEM_ACTION_KINDS, 'task_def' as const, 'database_def' as const].map((kind) => [kind, FIELD_LIST[kind].filter((f) => f.value?.form === 'flag' && f.json !== null).map((f) => (f.json as string).toUpperCase())]),
) as unknown as { readonly [K in OptionsKind]: readonly string[] };
/** The kinds whose flags are written in OPTIONS (...). */
type OptionsKind = DataAction['kind'] | SystemActionKind | 'task_def' | 'database_def';

export type Options = Record<string, boolean>;

/**
 * The parts the data actions (action-rules.ts) share: bare words (`atWord`, `expectWord`),
 * database and records specifiers (`KEY(...)` too), field names, literals, parameters,
 * `OPTIONS (...)`, a write's records (`RECORDS` or `WHERE`) and `RETURNING`. FETCH is read by
 * fetch-rules.ts, the writes by write-rules.ts.
 */
export abstract class ActionParts extends ExpressionRules {
  /** A bare word (case-insensitive) next? */
  protected atWord(word: string, k = 1): boolean {
    return this.tk(k) === IDENTIFIER && this.image(this.pos + k - 1).toUpperCase() === word;
  }

  /** Read the bare word if it is next: its index, or MISSING. */
  protected optionalWord(word: string): number {
    return this.atWord(word) ? this.next() : MISSING;
  }

  protected expectWord(word: string, what = word): number {
    if (this.atWord(word)) return this.next();
    const found = this.pos;
    this.expectedError(what);
    return found < this.end ? found : MISSING;
  }

  protected stringText(what: string): string {
    const token = this.expect(T.StringLiteral);
    const text = token === MISSING ? '?' : stringValue(this.image(token));
    if (text === '') this.report('syntax/empty-string', `${what} takes a non-empty string ('' is NULL)`, token);
    return text;
  }

  /** `'(' [name {, name}] ')'`: field or attribute names; the token of each name goes to `tokens`. */
  protected nameList(tokens: number[]): string[] {
    this.expect(T.LParen);
    const names: string[] = [];
    if (!this.at(T.RParen)) {
      do {
        const token = this.expect(T.Name);
        tokens.push(token);
        names.push(this.fieldName(token));
      } while (this.optional(T.Comma) !== MISSING);
    }
    this.expect(T.RParen);
    return names;
  }

  /**
   * Records where a property of a node stands (`fields/0` of FETCH RECORDS, `columns/name` of
   * INSERT ... VALUES, UPDATE's `file`): tokens `first` to `last`, under the key
   * src/syntax/field-spans.ts makes, so a finding about it (an unknown field name) is placed
   * there, not on the whole node. (A field value's name needs none: its span starts with it.)
   */
  protected propertySpan(node: Node, property: string, first: number, last = first): void {
    if (this.state.spans === null || first === MISSING || last === MISSING) return;
    this.state.spans.record(propertyKey(node, property), this.starts[first] as number, this.ends[last] as number);
  }

  protected fieldName(token: number): string {
    const name = foldName(this.nameOf(token));
    if (name === '' && token !== MISSING) this.report('syntax/empty-name', 'a field name cannot be empty or only white space', token);
    return name;
  }

  /**
   * A database (or databases) specifier: a path (`shop.orders`, the name), an id, a 'name',
   * ALL, `[...]`, or `(WHERE e)`.
   */
  protected *database(): Generator<Rule<unknown>, Specifier, unknown> {
    const start = this.pos;
    if (this.atName() && !this.atWord('RECORDS')) {
      this.pos++;
      return this.mark(new SpecNameNode(this.pathText(start)), start);
    }
    if (this.at(T.LParen) && this.tk(2) === WHERE) {
      this.pos++;
      this.enter(start);
      const spec = (yield this.specifier()) as Specifier;
      this.expect(T.RParen);
      this.leave();
      // Its parentheses are its own (the printer prints them with it): a comment inside them is inside it.
      return this.mark(spec, start);
    }
    if (this.at(T.Where)) {
      this.report('syntax/database-where', 'a database chosen by a WHERE specifier is written in parentheses here', start, start, 'write FROM (WHERE ...)');
    }
    return (yield this.specifier()) as Specifier;
  }

  /** A records specifier: the specifier forms, plus `KEY(field = value, ...)` anywhere a singular one stands. */
  protected *recordsSpecifier(): Generator<Rule<unknown>, RecordsSpecifier, unknown> {
    const start = this.pos;
    if (this.atWord('KEY') && this.tk(2) === LPAREN) return this.keySpecifier();
    if (this.at(T.LBracket)) {
      this.pos++;
      const items: SingularSpec[] = [];
      if (!this.at(T.RBracket)) {
        do {
          if (this.atWord('KEY') && this.tk(2) === LPAREN) items.push(this.keySpecifier());
          else {
            const itemStart = this.pos;
            if (this.at(T.All) || this.at(T.LBracket)) {
              this.noViableAlt('singularSpecifier');
              this.pos++;
            }
            const item = (yield this.specifier()) as Specifier;
            if (item.kind !== 'spec_all' && item.kind !== 'spec_array') items.push(item);
            else this.report('syntax/specifier-item', 'an array specifier holds ids, names, WHERE and KEY specifiers', itemStart, this.last());
          }
        } while (this.optional(T.Comma) !== MISSING);
      }
      this.expect(T.RBracket);
      return this.mark(new SpecArrayNode(items), start);
    }
    return (yield this.specifier()) as Specifier;
  }

  /** `KEY(field = value {, field = value})`. */
  protected keySpecifier(): KeySpec {
    const start = this.next();
    this.expect(T.LParen);
    const key: FieldValue[] = [];
    do {
      const nameToken = this.expect(T.Name);
      const field = this.fieldName(nameToken);
      this.expect(T.Equals);
      const value = this.at(T.Colon) ? (this.paramValue() ?? new NullNode()) : this.literal('a key value');
      key.push(this.mark(new FieldValueNode(field, value), nameToken));
    } while (this.optional(T.Comma) !== MISSING);
    this.expect(T.RParen);
    return this.mark(new SpecKeyNode(key), start);
  }

  /** A parameter `:name` where a value is written (KEY, LIMIT, OFFSET, ROWS): its node (a bad name is reported, NULL then). */
  protected paramValue(): Param | null {
    const p = this.param(this.next(), false);
    return p.kind === 'param' ? p : null;
  }

  /** A literal field value: NULL, TRUE, FALSE, a number (with its sign), a string. */
  protected literal(what: string): FieldLiteral {
    const start = this.pos;
    if (this.optional(T.Null) !== MISSING) return this.mark(new NullNode(), start);
    if (this.optional(T.True) !== MISSING) return this.mark(new BooleanNode(true), start);
    if (this.optional(T.False) !== MISSING) return this.mark(new BooleanNode(false), start);
    if (this.at(T.StringLiteral)) {
      const text = stringValue(this.image(this.next()));
      return this.mark(text === '' ? new NullNode() : new StringNode(text), start);
    }
    if (this.at(T.NumberLiteral) || (this.at(T.Minus) && this.tk(2) === NUMBER)) {
      const negative = this.optional(T.Minus) !== MISSING;
      return this.mark(new NumberNode(this.numberText(this.next(), negative)), start);
    }
    this.expectedError(`${what} (NULL, TRUE, FALSE, a number or a string)`);
    return new NullNode();
  }

  // -------------------------------------------------------------------------------------
  // OPTIONS, RETURNING

  /** `[OPTIONS (NAME = TRUE|FALSE {, ...})]`: the names `kind` takes; `given` holds values set by other forms. */
  protected options(kind: OptionsKind, given: Options): Options {
    const out: Options = {};
    for (const [k, v] of Object.entries(given)) if (v !== undefined) out[k] = v;
    if (this.optional(T.Options) === MISSING) return out;
    const allowed = OPTION_NAMES[kind];
    this.expect(T.LParen);
    if (!this.at(T.RParen)) {
      do {
        const name = this.expect(T.Name);
        this.expect(T.Equals);
        const value = this.optional(T.True) !== MISSING ? true : this.optional(T.False) !== MISSING ? false : undefined;
        if (value === undefined) this.noViableAlt('actionOption');
        const word = this.image(name).toUpperCase();
        if (!allowed.includes(word)) {
          const list = allowed.length === 0 ? 'no options' : `the options ${allowed.join(', ')}`;
          this.report('syntax/unknown-option', `unknown option ${this.image(name)}: this action takes ${list}`, name);
        } else if (out[word] !== undefined) {
          const how = word === 'COUNT' && given['COUNT'] !== undefined ? ' (FETCH COUNT already sets it)' : '';
          this.report('syntax/duplicate-option', `option ${word} is given twice${how}`, name);
        } else if (value !== undefined) out[word] = value;
      } while (this.optional(T.Comma) !== MISSING);
    }
    this.expect(T.RParen);
    return out;
  }

  /** `RETURNING ...` after a write: an error (actions return no rows), read to the end. */
  protected returning(): void {
    const token = this.optionalWord('RETURNING');
    if (token === MISSING) return;
    while (this.pos < this.end) this.pos++;
    this.report('syntax/returning', 'RETURNING is not in the data actions: a write returns no rows', token, this.last(), 'FETCH RECORDS the changed records in a second statement');
  }

  /** `[RECORDS spec | WHERE e]` of a write; neither is every record (ALL). */
  protected *writeRecords(): Generator<Rule<unknown>, RecordsSpecifier, unknown> {
    const start = this.pos;
    let records: RecordsSpecifier | null = null;
    if (this.optionalWord('RECORDS') !== MISSING) records = yield* this.recordsSpecifier();
    if (this.at(T.Where)) {
      const whereStart = this.next();
      const e = (yield this.expression(0)) as Expr;
      if (records !== null) {
        this.report('syntax/two-record-specifiers', 'a write takes one records specifier: RECORDS or WHERE, not both', start, this.last(), 'combine them: RECORDS [..., WHERE ...] selects the records either names');
      }
      records = this.mark(new SpecWhereNode(e), whereStart);
    }
    return records ?? this.checkAndFreeze(new SpecAllNode());
  }
}
