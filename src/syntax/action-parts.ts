import { foldName, type DataAction, type FieldLiteral, type FieldValue, type KeySpec, type RecordsSpecifier } from '../ast/data-actions.js';
import type { SystemActionKind } from '../ast/system-actions.js';
import type { Node, Param, SingularSpec, Specifier } from '../ast/nodes.js';
import {
  BooleanNode,
  FieldValueNode,
  NullNode,
  NumberNode,
  SpecAllNode,
  SpecArrayNode,
  SpecKeyNode,
  SpecNameNode,
  SpecWhereNode,
  StringNode,
} from '../ast/objects.js';
import { DATA_ACTION_KINDS, SYSTEM_ACTION_KINDS } from '../ast/kinds.js';
import { FIELD_LIST } from '../ast/fields.js';
import { fieldKey as propertyKey } from './field-spans.js';
import { stringValue } from './literals.js';
import * as T from './tokens.js';
import { call, MISSING, idx, type ParserState, type Rule } from './parser-state.js';
import { param } from './expression-frames.js';
import { expression } from './expression-rules.js';
import { pathText, specifier } from './name-rules.js';
import { nameOf, numberText } from './node-helpers.js';

const IDENTIFIER = idx(T.Identifier);
const LPAREN = idx(T.LParen);
const WHERE = idx(T.Where);
const NUMBER = idx(T.NumberLiteral);

/** The OPTIONS each data action takes: its flag fields in the kind table (src/ast/kinds-actions.ts), by JSON key in upper case. */
const OPTION_NAMES = Object.fromEntries(
  [...DATA_ACTION_KINDS, ...SYSTEM_ACTION_KINDS, 'task_def' as const, 'database_def' as const].map((kind) => [
    kind,
    FIELD_LIST[kind].filter((f) => f.value?.form === 'flag' && f.json !== null).map((f) => (f.json as string).toUpperCase()),
  ]),
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

/** A bare word (case-insensitive) next? */
export function atWord(p: ParserState, word: string, k = 1): boolean {
  return p.tk(k) === IDENTIFIER && p.image(p.pos + k - 1).toUpperCase() === word;
}

/** Read the bare word if it is next: its index, or MISSING. */
export function optionalWord(p: ParserState, word: string): number {
  return atWord(p, word) ? p.next() : MISSING;
}

export function expectWord(p: ParserState, word: string, what = word): number {
  if (atWord(p, word)) return p.next();
  const found = p.pos;
  p.expectedError(what);
  return found < p.end ? found : MISSING;
}

export function stringText(p: ParserState, what: string): string {
  const token = p.expect(T.StringLiteral);
  const text = token === MISSING ? '?' : stringValue(p.image(token));
  if (text === '') p.report('syntax/empty-string', `${what} takes a non-empty string ('' is NULL)`, token);
  return text;
}

/** `'(' [name {, name}] ')'`: field or attribute names; the token of each name goes to `tokens`. */
export function nameList(p: ParserState, tokens: number[]): string[] {
  p.expect(T.LParen);
  const names: string[] = [];
  if (!p.at(T.RParen)) {
    do {
      const token = p.expect(T.Name);
      tokens.push(token);
      names.push(fieldName(p, token));
    } while (p.optional(T.Comma) !== MISSING);
  }
  p.expect(T.RParen);
  return names;
}

/**
 * Records where a property of a node stands (`fields/0` of FETCH RECORDS, `columns/name` of
 * INSERT ... VALUES, UPDATE's `file`): tokens `first` to `last`, under the key
 * src/syntax/field-spans.ts makes, so a finding about it (an unknown field name) is placed
 * there, not on the whole node. (A field value's name needs none: its span starts with it.)
 */
export function propertySpan(p: ParserState, node: Node, property: string, first: number, last = first): void {
  if (p.state.spans === null || first === MISSING || last === MISSING) return;
  p.state.spans.record(propertyKey(node, property), p.starts[first] as number, p.ends[last] as number);
}

export function fieldName(p: ParserState, token: number): string {
  const name = foldName(nameOf(p, token));
  if (name === '' && token !== MISSING) p.report('syntax/empty-name', 'a field name cannot be empty or only white space', token);
  return name;
}

/**
 * A database (or databases) specifier: a path (`shop.orders`, the name), an id, a 'name',
 * ALL, `[...]`, or `(WHERE e)`.
 */
export function* database(p: ParserState): Generator<Rule<unknown>, Specifier, unknown> {
  const start = p.pos;
  if (p.atName() && !atWord(p, 'RECORDS')) {
    p.pos++;
    return p.mark(new SpecNameNode(pathText(p, start)), start);
  }
  if (p.at(T.LParen) && p.tk(2) === WHERE) {
    p.pos++;
    p.enter(start);
    const spec = yield* call(specifier(p));
    p.expect(T.RParen);
    p.leave();
    // Its parentheses are its own (the printer prints them with it): a comment inside them is inside it.
    return p.mark(spec, start);
  }
  if (p.at(T.Where)) {
    p.report('syntax/database-where', 'a database chosen by a WHERE specifier is written in parentheses here', start, start, 'write FROM (WHERE ...)');
  }
  return yield* call(specifier(p));
}

/** A records specifier: the specifier forms, plus `KEY(field = value, ...)` anywhere a singular one stands. */
export function* recordsSpecifier(p: ParserState): Generator<Rule<unknown>, RecordsSpecifier, unknown> {
  const start = p.pos;
  if (atWord(p, 'KEY') && p.tk(2) === LPAREN) return keySpecifier(p);
  if (p.at(T.LBracket)) {
    p.pos++;
    const items: SingularSpec[] = [];
    if (!p.at(T.RBracket)) {
      do {
        if (atWord(p, 'KEY') && p.tk(2) === LPAREN) items.push(keySpecifier(p));
        else {
          const itemStart = p.pos;
          if (p.at(T.All) || p.at(T.LBracket)) {
            p.noViableAlt('singularSpecifier');
            p.pos++;
          }
          const item = yield* call(specifier(p));
          if (item.kind !== 'spec_all' && item.kind !== 'spec_array') items.push(item);
          else p.report('syntax/specifier-item', 'an array specifier holds ids, names, WHERE and KEY specifiers', itemStart, p.last());
        }
      } while (p.optional(T.Comma) !== MISSING);
    }
    p.expect(T.RBracket);
    return p.mark(new SpecArrayNode(items), start);
  }
  return yield* call(specifier(p));
}

/** `KEY(field = value {, field = value})`. */
export function keySpecifier(p: ParserState): KeySpec {
  const start = p.next();
  p.expect(T.LParen);
  const key: FieldValue[] = [];
  do {
    const fieldStart = p.pos;
    const field = fieldName(p, p.expect(T.Name));
    p.expect(T.Equals);
    const value = p.at(T.Colon) ? (paramValue(p) ?? p.placeholder(new NullNode())) : literal(p, 'a key value');
    key.push(p.mark(new FieldValueNode(field, value), fieldStart));
  } while (p.optional(T.Comma) !== MISSING);
  p.expect(T.RParen);
  return p.mark(new SpecKeyNode(key), start);
}

/** A parameter `:name` where a value is written (KEY, LIMIT, OFFSET, ROWS): its node (a bad name is reported, NULL then). */
export function paramValue(p: ParserState): Param | null {
  const paramNode = param(p, p.next(), false);
  return paramNode.kind === 'param' ? paramNode : null;
}

/** A literal field value: NULL, TRUE, FALSE, a number (with its sign), a string. */
export function literal(p: ParserState, what: string): FieldLiteral {
  const start = p.pos;
  if (p.optional(T.Null) !== MISSING) return p.mark(new NullNode(), start);
  if (p.optional(T.True) !== MISSING) return p.mark(new BooleanNode(true), start);
  if (p.optional(T.False) !== MISSING) return p.mark(new BooleanNode(false), start);
  if (p.at(T.StringLiteral)) {
    const text = stringValue(p.image(p.next()));
    return p.mark(text === '' ? new NullNode() : new StringNode(text), start);
  }
  if (p.at(T.NumberLiteral) || (p.at(T.Minus) && p.tk(2) === NUMBER)) {
    const negative = p.optional(T.Minus) !== MISSING;
    return p.mark(new NumberNode(numberText(p, p.next(), negative)), start);
  }
  p.expectedError(`${what} (NULL, TRUE, FALSE, a number or a string)`);
  return p.placeholder(new NullNode());
}

// -------------------------------------------------------------------------------------
// OPTIONS, RETURNING

/** `[OPTIONS (NAME = TRUE|FALSE {, ...})]`: the names `kind` takes; `given` holds values set by other forms. */
export function options(p: ParserState, kind: OptionsKind, given: Options): Options {
  const out: Options = {};
  for (const [k, v] of Object.entries(given)) if (v !== undefined) out[k] = v;
  if (p.optional(T.Options) === MISSING) return out;
  const allowed = OPTION_NAMES[kind];
  p.expect(T.LParen);
  if (!p.at(T.RParen)) {
    do {
      if (!p.atName() && allowed.length > 0) {
        // Not a name (`OPTIONS (` and nothing, `OPTIONS (1`): the options this action takes.
        p.expectedError(`an option (${allowed.map((n) => `${n} = TRUE|FALSE`).join(', ')})`);
        p.skipToCloseParen();
        break;
      }
      const name = p.expect(T.Name);
      p.expect(T.Equals);
      const value = p.optional(T.True) !== MISSING ? true : p.optional(T.False) !== MISSING ? false : undefined;
      if (value === undefined) p.noViableAlt('optionValue');
      const word = p.image(name).toUpperCase();
      if (!allowed.includes(word)) {
        const list = allowed.length === 0 ? 'no options' : `the options ${allowed.join(', ')}`;
        p.report('syntax/unknown-option', `unknown option ${p.image(name)}: this action takes ${list}`, name);
      } else if (out[word] !== undefined) {
        const how = word === 'COUNT' && given['COUNT'] !== undefined ? ' (FETCH COUNT already sets it)' : '';
        p.report('syntax/duplicate-option', `option ${word} is given twice${how}`, name);
      } else if (value !== undefined) out[word] = value;
    } while (p.optional(T.Comma) !== MISSING);
  }
  p.expect(T.RParen);
  return out;
}

/** `RETURNING ...` after a write: an error (actions return no rows), read to the end. */
export function returning(p: ParserState): void {
  const token = optionalWord(p, 'RETURNING');
  if (token === MISSING) return;
  while (p.pos < p.end) p.pos++;
  p.report(
    'syntax/returning',
    'RETURNING is not in the data actions: a write returns no rows',
    token,
    p.last(),
    'FETCH RECORDS the changed records in a second statement',
  );
}

/** `[RECORDS spec | WHERE e]` of a write; neither is every record (ALL). */
export function* writeRecords(p: ParserState): Generator<Rule<unknown>, RecordsSpecifier, unknown> {
  const start = p.pos;
  let records: RecordsSpecifier | null = null;
  if (optionalWord(p, 'RECORDS') !== MISSING) records = yield* recordsSpecifier(p);
  if (p.at(T.Where)) {
    const whereStart = p.next();
    const e = yield* call(expression(p, 0));
    if (records !== null) {
      p.report(
        'syntax/two-record-specifiers',
        'a write takes one records specifier: RECORDS or WHERE, not both',
        start,
        p.last(),
        'combine them: RECORDS [..., WHERE ...] selects the records either names',
      );
    }
    records = p.mark(new SpecWhereNode(e), whereStart);
  }
  return records ?? p.checkAndFreeze(new SpecAllNode());
}
