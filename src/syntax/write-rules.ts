import {
  DELIMITED_FORMATS,
  fieldKey,
  type DataAction,
  type DelimitedFormat,
  type DelimitedRecords,
  type RecordsData,
  type FieldExpr,
  type FieldLiteral,
  type FieldValue,
  type FileRef,
  type OnDuplicate,
  type OnRemove,
  type RecordData,
} from '../ast/data-actions.js';
import type { Expr, Node } from '../ast/nodes.js';
import { DelimitedRecordsNode, FieldExprNode, FieldValueNode, FileRefNode, NullNode, RecordNode } from '../ast/objects.js';
import { stringValue } from './literals.js';
import { expectedMessage } from './error-messages.js';
import * as T from './tokens.js';
import { call, IS_NAME, MISSING, idx, type ParserState, type Rule } from './parser-state.js';
import { atWord, database, expectWord, fieldName, literal, optionalWord, options, propertySpan, stringText, writeRecords } from './action-parts.js';
import { expression } from './expression-rules.js';

const IDENTIFIER = idx(T.Identifier);
const LPAREN = idx(T.LParen);
const SELECT = idx(T.Select);
const STRING = idx(T.StringLiteral);
const PATH_SEPARATORS: ReadonlySet<number> = new Set([idx(T.Dot), idx(T.At), idx(T.Colon)]);

/** Source offsets from a value's first token to its last. */
interface TokenRange {
  readonly start: number;
  readonly end: number;
}

/** A value of INSERT's VALUES or UPDATE's SET: a literal, an expression, tags or a file. */
type Cell =
  | { readonly kind: 'literal'; readonly value: FieldLiteral }
  /** An expression, and the offsets of its tokens (a parenthesized literal's `(` and `)` too). */
  | { readonly kind: 'expr'; readonly e: Expr; readonly span: TokenRange | undefined }
  | { readonly kind: 'tags'; readonly tags: string[]; readonly first: number } // and their first token
  | { readonly kind: 'file'; readonly file: FileRef };

/**
 * The writes (grammar/reference.md, "Data actions"): INSERT, REPLACE and SET with their records
 * (`(fields) VALUES (...)` or `RECORDS (field = value, ...)`) and ON DUPLICATE / ON REMOVE,
 * UPDATE ... SET, and DELETE, TRASH, RESTORE, DISPOSE. SQL habits a write cannot hold
 * (UPDATE ... FROM, DELETE ... USING, LIMIT or ORDER BY, INSERT ... SELECT, ON CONFLICT) are
 * errors with a hint.
 */
// -------------------------------------------------------------------------------------
// INSERT, REPLACE, SET

export function* recordsWrite(p: ParserState, word: 'INSERT' | 'REPLACE' | 'SET', start: number): Rule<DataAction> {
  if (optionalWord(p, 'INTO') === MISSING) missingActionWord(p, word, 'INTO');
  const db = yield* database(p);
  const records: RecordData[] = [];
  const columns: number[] = [];
  let names: string[] = [];
  let delimited: DelimitedRecords | null = null;
  if (p.at(T.From)) {
    // `FROM CSV FILE 'id'`, `FROM DSV (DELIMITER = ';') TEXT '...'`: delimiter-separated data
    delimited = delimitedRecords(p);
  } else names = yield* recordRows(p, word, records, columns);
  let onDuplicate: OnDuplicate | null = null;
  let onRemove: OnRemove | null = null;
  const allowedDuplicate: readonly OnDuplicate[] = word === 'INSERT' ? ['fail', 'update'] : ['update', 'delete', 'trash'];
  while (p.at(T.On)) {
    const on = p.next();
    if (optionalWord(p, 'DUPLICATE') !== MISSING) {
      if (atWord(p, 'KEY') && atWord(p, 'UPDATE', 2)) {
        p.report(
          'syntax/on-duplicate-key',
          'ON DUPLICATE KEY UPDATE is MySQL: the action updates the duplicate with the fields of the record',
          on,
          p.pos + 1,
          'write ON DUPLICATE UPDATE (the values come from VALUES)',
        );
        p.pos = p.end;
        break;
      }
      const value = onValue(p, allowedDuplicate, `ON DUPLICATE of ${word}`);
      if (onDuplicate !== null) p.report('syntax/duplicate-option', 'ON DUPLICATE is given twice', on, p.last());
      onDuplicate = value;
    } else if (word === 'SET' && optionalWord(p, 'REMOVE') !== MISSING) {
      const value = onValue(p, ['delete', 'trash'], 'ON REMOVE of SET') as OnRemove | null;
      if (onRemove !== null) p.report('syntax/duplicate-option', 'ON REMOVE is given twice', on, p.last());
      onRemove = value;
    } else if (atWord(p, 'CONFLICT')) {
      p.report(
        'syntax/on-conflict',
        'ON CONFLICT is PostgreSQL: a duplicate key is handled by ON DUPLICATE',
        on,
        p.pos,
        `write ON DUPLICATE ${allowedDuplicate.map((d) => d.toUpperCase()).join(' or ')}`,
      );
      p.pos = p.end;
      break;
    } else {
      p.syntaxError(expectedMessage(`DUPLICATE${word === 'SET' ? ' or REMOVE' : ''}`, ` after 'ON', found ${p.foundText()}`));
      break;
    }
  }
  const opts = options(p, word === 'INSERT' ? 'insert_action' : word === 'REPLACE' ? 'replace_action' : 'set_action', {});
  const failNoOp = opts['FAIL_NO_OP'] ?? null;
  const data: RecordsData = delimited ?? records;
  const node: DataAction =
    word === 'INSERT'
      ? { kind: 'insert_action', database: db, records: data, onDuplicate: onDuplicate as 'fail' | 'update' | null, failNoOp }
      : word === 'REPLACE'
        ? { kind: 'replace_action', database: db, records: data, onDuplicate: onDuplicate as 'update' | 'delete' | 'trash' | null, failNoOp }
        : { kind: 'set_action', database: db, records: data, onDuplicate: onDuplicate as 'update' | 'delete' | 'trash' | null, onRemove, failNoOp };
  // A name of the VALUES column list stands apart from its values: `columns/name` says where (`columns`: VALUES was written).
  columns.forEach((token, i) => propertySpan(p, node, `columns/${names[i] as string}`, token));
  propertySpan(p, node, 'columns', columns[0] ?? MISSING, columns.at(-1) ?? MISSING);
  return node;
}

/**
 * The records of a write as record objects: `(fields) VALUES (...), ...` (the column tokens
 * into `columns`) or `RECORDS (field = value, ...), ...` (into `records`), and the VALUES
 * names. STRUCT EVENT INSERT reads its events with it (struct-rules.ts).
 */
export function* recordRows(p: ParserState, word: string, records: RecordData[], columns: number[]): Generator<Rule<unknown>, string[], unknown> {
  let names: string[] = [];
  if (p.at(T.LParen)) {
    // `(a, b) VALUES (1, 2), (3, 4)`
    p.next();
    do columns.push(p.expect(T.Name));
    while (p.optional(T.Comma) !== MISSING);
    p.expect(T.RParen);
    names = columns.map((c) => fieldName(p, c));
    if (p.at(T.Select) || (p.at(T.LParen) && p.tk(2) === SELECT)) insertSelect(p, word);
    else {
      expectWord(p, 'VALUES', 'VALUES');
      do {
        const rowStart = p.pos;
        p.expect(T.LParen);
        const cells: Cell[] = [];
        if (!p.at(T.RParen)) {
          do cells.push(yield* cell(p, names[cells.length] ?? ''));
          while (p.optional(T.Comma) !== MISSING);
        }
        p.expect(T.RParen);
        const count = `a row of VALUES has ${cells.length} value${cells.length === 1 ? '' : 's'} for ${names.length} field${names.length === 1 ? '' : 's'}`;
        if (cells.length !== names.length) p.report('syntax/values-count', count, rowStart, p.last());
        for (let i = cells.length; i < names.length; i++) cells.push({ kind: 'literal', value: p.placeholder(new NullNode()) }); // stand-ins: tools read every name
        records.push(p.mark(record(p, names, cells.slice(0, names.length), columns, false), rowStart));
      } while (p.optional(T.Comma) !== MISSING);
    }
  } else if (atWord(p, 'RECORDS')) {
    // `RECORDS (a = 1, b = 2), (c = 3)` or `RECORDS NONE`
    p.next();
    if (optionalWord(p, 'NONE') === MISSING) {
      do records.push(yield* recordObject(p));
      while (p.optional(T.Comma) !== MISSING);
    }
  } else if (p.at(T.Select)) {
    insertSelect(p, word);
  } else if (atWord(p, 'VALUES')) {
    p.report(
      'syntax/insert-columns',
      `${word} needs the field names: the record objects are keyed by field`,
      p.pos,
      p.pos,
      `write ${word} INTO db (field, ...) VALUES (...)`,
    );
    p.pos = p.end;
  } else {
    p.expectedError(`'(' field names ')' VALUES ..., RECORDS (...)${word === 'EVENTS' ? '' : ' or FROM CSV ...'}`);
  }
  return names;
}

/** One record object: `(field = value, ...)` (RECORDS; STRUCT EVENT's SET). */
export function* recordObject(p: ParserState): Generator<Rule<unknown>, RecordData, unknown> {
  const recordStart = p.pos;
  p.expect(T.LParen);
  const names: string[] = [];
  const tokens: number[] = [];
  const cells: Cell[] = [];
  if (!p.at(T.RParen)) {
    do {
      const nameToken = p.expect(T.Name);
      tokens.push(nameToken);
      names.push(fieldName(p, nameToken));
      p.expect(T.Equals);
      cells.push(yield* cell(p, names[names.length - 1] as string));
    } while (p.optional(T.Comma) !== MISSING);
  }
  p.expect(T.RParen);
  return p.mark(record(p, names, cells, tokens, true), recordStart);
}

/**
 * `FROM (CSV | TSV | DSV) ['(' (DELIMITER | QUOTE) '=' string {, ...} ')'] (FILE | TEXT | BASE64) string`:
 * the records as delimiter-separated data (spec "Records"); DSV needs its DELIMITER.
 */
function delimitedRecords(p: ParserState): DelimitedRecords {
  const start = p.expect(T.From);
  const formatToken = p.pos;
  const formatWord = p.t1() === IDENTIFIER ? p.image(formatToken).toLowerCase() : '';
  let format: DelimitedFormat = 'csv';
  if ((DELIMITED_FORMATS as readonly string[]).includes(formatWord)) {
    p.pos++;
    format = formatWord as DelimitedFormat;
  } else {
    p.syntaxError(expectedMessage('CSV, TSV or DSV', ` after 'FROM' (records as delimiter-separated data), found ${p.foundText()}`));
  }
  const options: { DELIMITER?: string; QUOTE?: string } = {};
  if (p.at(T.LParen)) {
    p.next();
    do {
      const name = p.pos;
      const word = p.t1() === IDENTIFIER ? p.image(name).toUpperCase() : '';
      if (word !== 'DELIMITER' && word !== 'QUOTE') {
        p.syntaxError(expectedMessage('DELIMITER or QUOTE', ` in the options of ${format.toUpperCase()} records, found ${p.foundText()}`));
        break;
      }
      p.pos++;
      p.expect(T.Equals);
      const value = stringText(p, word);
      if (options[word] !== undefined) p.report('syntax/duplicate-option', `option ${word} is given twice`, name);
      options[word] = value;
    } while (p.optional(T.Comma) !== MISSING);
    p.expect(T.RParen);
  }
  const fileStart = p.pos;
  const formWord = p.t1() === IDENTIFIER ? p.image(fileStart).toUpperCase() : '';
  let file: FileRef;
  if ((formWord === 'FILE' || formWord === 'TEXT' || formWord === 'BASE64') && p.tk(2) === STRING) {
    p.pos++;
    const value = stringText(p, formWord);
    file = p.mark(new FileRefNode(formWord === 'FILE' ? 'object' : formWord === 'TEXT' ? 'text' : 'base64', value), fileStart);
  } else {
    p.expectedError("FILE 'object id', TEXT '...' or BASE64 '...'", ` (the data of the ${format.toUpperCase()} records)`);
    file = p.placeholder(new FileRefNode('object', '?'));
  }
  if (format === 'dsv' && options.DELIMITER === undefined) {
    p.report(
      'syntax/dsv-delimiter',
      'DSV records need a DELIMITER (the spec: "delimiter: string, required for dsv")',
      start,
      p.last(),
      "write FROM DSV (DELIMITER = ';') ..., or use CSV (a comma) or TSV (a tab)",
    );
  }
  return p.mark(new DelimitedRecordsNode(format, file, options.DELIMITER ?? null, options.QUOTE ?? null), start);
}

function onValue<V extends string>(p: ParserState, allowed: readonly V[], what: string): V | null {
  const token = p.pos;
  const word = p.t1() === IDENTIFIER ? p.image(token).toLowerCase() : '';
  if (allowed.includes(word as V)) {
    p.pos++;
    return word as V;
  }
  p.expectedError(
    allowed
      .map((a) => a.toUpperCase())
      .join(', ')
      .replace(/, ([^,]*)$/, ' or $1'),
    ` (${what})`,
  );
  return null;
}

function insertSelect(p: ParserState, word: string): void {
  const token = p.pos;
  p.pos = p.end;
  p.report(
    'syntax/insert-select',
    `${word} ... SELECT is not in the data actions: records are written as values`,
    token,
    p.last(),
    'FETCH or SELECT the rows, then write them with VALUES (...)',
  );
}

/** One value of VALUES or RECORDS: tags (`['a', 'b']`) and a file (`'id'`, `TEXT '...'`, `BASE64 '...'`) for the fields so named. */
function* cell(p: ParserState, field: string): Generator<Rule<unknown>, Cell, unknown> {
  const lower = field.toLowerCase();
  if (lower === 'tags' && (p.at(T.LBracket) || p.at(T.Null))) {
    if (p.optional(T.Null) !== MISSING) return { kind: 'tags', tags: [], first: p.pos - 1 };
    const first = p.next();
    const tags: string[] = [];
    if (!p.at(T.RBracket)) {
      do tags.push(stringText(p, 'a tag'));
      while (p.optional(T.Comma) !== MISSING);
    }
    p.expect(T.RBracket);
    return { kind: 'tags', tags, first };
  }
  if (lower === 'file') {
    const start = p.pos;
    if (p.at(T.StringLiteral)) return { kind: 'file', file: p.mark(new FileRefNode('object', stringText(p, 'FILE')), start) };
    for (const form of ['text', 'base64'] as const) {
      if (atWord(p, form.toUpperCase()) && p.tk(2) === STRING) {
        p.pos++;
        const token = p.next();
        return { kind: 'file', file: p.mark(new FileRefNode(form, stringValue(p.image(token))), start) };
      }
    }
  }
  return yield* valueCell(p);
}

/** A literal (TRUE, FALSE, NULL, a number, a string) or an expression. */
function* valueCell(p: ParserState): Generator<Rule<unknown>, Cell, unknown> {
  const start = p.pos;
  if (p.at(T.True) || p.at(T.False)) return { kind: 'literal', value: literal(p, 'a value') };
  // A literal in parentheses is an expression: `(5)` goes to "expressions".
  const parenthesized = p.typeOf(start) === LPAREN;
  const e = yield* call(expression(p, 0));
  if (!parenthesized && (e.kind === 'null' || e.kind === 'number' || e.kind === 'string')) return { kind: 'literal', value: e };
  const last = p.last();
  const span = last === MISSING || last < start ? undefined : { start: p.starts[start] as number, end: p.ends[last] as number };
  return { kind: 'expr', e, span };
}

/** A record from field names and values: literals to the object, expressions to `expressions`. */
function record(p: ParserState, names: readonly string[], cells: readonly Cell[], tokens: readonly number[], contiguous: boolean): RecordData {
  const values: FieldValue[] = [];
  const expressions: FieldExpr[] = [];
  let file: FileRef | null = null;
  let tags: string[] | null = null;
  const seen = new Set<string>();
  cells.forEach((cell, i) => {
    // A row longer than the column list (reported): its extra values have no field.
    if (i >= names.length || i >= tokens.length) return;
    const field = names[i] as string;
    const token = tokens[i] as number;
    const key = fieldKey(field);
    if (seen.has(key)) p.report('syntax/field-twice', `the field ${field} is given twice in one record`, token, token);
    seen.add(key);
    if (key === 'expressions') p.report('syntax/reserved-field', 'no field can be called "expressions" in a record: the record object uses that key', token);
    switch (cell.kind) {
      case 'literal':
        if (key === 'file' || key === 'tags') reportSpecialField(p, key, token);
        values.push(markAt(p, new FieldValueNode(field, cell.value), token, cell.value, contiguous));
        break;
      case 'expr':
        if (key === 'file' || key === 'tags') reportSpecialField(p, key, token);
        expressions.push(markAt(p, new FieldExprNode(field, cell.e), token, cell.e, contiguous, cell.span));
        break;
      case 'tags':
        tags = cell.tags;
        break;
      case 'file':
        file = cell.file;
        break;
    }
  });
  const node = new RecordNode(values, expressions, file, tags);
  if (tags !== null) propertySpan(p, node, 'tags', (cells.find((c) => c.kind === 'tags') as { first: number }).first); // (tags are no node)
  return node;
}

function reportSpecialField(p: ParserState, key: 'file' | 'tags', token: number): void {
  const hint = key === 'tags' ? "write the tags as an array of strings: ['a', 'b']" : "write the file as an object id ('...'), TEXT '...' or BASE64 '...'";
  p.report('syntax/record-property', `${key} in a record is its ${key === 'tags' ? 'tag list' : 'binary object'}, not a field`, token, token, hint);
}

/**
 * A field value or expression spans its name (where written) to the end of its value; an
 * expression's value is all its tokens, `ownSpan` (`(5)` with its parentheses: a comment
 * inside them is inside the field).
 */
function markAt<N extends FieldValue | FieldExpr>(p: ParserState, node: N, token: number, value: Node, contiguous = true, ownSpan?: TokenRange): N {
  p.checkAndFreeze(node);
  const spans = p.state.spans;
  if (spans === null) return node;
  const valueSpan = ownSpan ?? spans.get(value);
  // A missing name: the span starts at the value (or is zero-width where the field was expected).
  const from = token !== MISSING ? (p.starts[token] as number) : valueSpan ? valueSpan.start : p.gapOffset();
  const to = valueSpan ? valueSpan.end : token === MISSING ? from : (p.ends[token] as number);
  // In VALUES the name and the value are apart: the value's span alone.
  const start = contiguous || valueSpan === undefined ? from : valueSpan.start;
  spans.record(node, start, Math.max(to, start));
  return node;
}

/**
 * `DELETE shop.orders`, `INSERT shop.orders (...)`: the word the grammar has after the action
 * word (grammar/reference.md: `remove := (DELETE | TRASH | RESTORE | DISPOSE) FROM database`,
 * `insert := (INSERT | REPLACE | SET) INTO database`) is missing. Some SQL dialects leave it out;
 * dsq has one form of each. An error with that form; the rest is read as if the word were there.
 */
function missingActionWord(p: ParserState, word: string, keyword: 'FROM' | 'INTO'): void {
  const form = `${keyword} (${word} ${keyword} database ...)`;
  p.syntaxError({
    ...expectedMessage(form, ` after '${p.image(p.last())}', found ${p.foundText()}`),
    hint: `write ${word} ${keyword} ${pathAhead(p) ?? 'database'} ...`,
  });
}

/** The text of the path that starts at the next token (`shop.orders@trash`), not read; null when no name is next. */
function pathAhead(p: ParserState): string | null {
  if (!p.atName()) return null;
  let last = p.pos;
  while (last + 2 < p.end && PATH_SEPARATORS.has(p.typeOf(last + 1)) && IS_NAME[p.typeOf(last + 2)] === true) last += 2;
  const text = p.text.slice(p.starts[p.pos], p.ends[last]);
  return text.length <= 60 ? text : null;
}

// -------------------------------------------------------------------------------------
// UPDATE

export function* update(p: ParserState, start: number): Rule<DataAction> {
  const db = yield* database(p);
  const fields: FieldValue[] = [];
  const expressions: FieldExpr[] = [];
  let file: string | null = null;
  if (optionalWord(p, 'SET') !== MISSING) {
    do {
      const nameToken = p.expect(T.Name);
      const field = fieldName(p, nameToken);
      p.expect(T.Equals);
      const cell = yield* valueCell(p);
      if (cell.kind === 'literal') fields.push(markAt(p, new FieldValueNode(field, cell.value), nameToken, cell.value));
      else if (cell.kind === 'expr') expressions.push(markAt(p, new FieldExprNode(field, cell.e), nameToken, cell.e, true, cell.span));
    } while (p.optional(T.Comma) !== MISSING);
  }
  const fileWord = optionalWord(p, 'FILE');
  if (fileWord !== MISSING) file = stringText(p, 'FILE');
  const fileEnd = p.last();
  if (p.at(T.From)) {
    const token = p.next();
    p.report(
      'syntax/update-from',
      'UPDATE ... FROM is not in the update action: it changes the records of one database',
      token,
      token,
      'move the other table into a subquery in WHERE or in the SET expression',
    );
    p.pos = p.end;
  }
  const records = yield* writeRecords(p);
  writeHabits(p, 'UPDATE');
  const opts = options(p, 'update_action', {});
  const node: DataAction = { kind: 'update_action', database: db, records, fields, expressions, file, failNoOp: opts['FAIL_NO_OP'] ?? null };
  // `FILE 'id'` has its own span: the file feature's finding is placed there.
  if (fileWord !== MISSING) propertySpan(p, node, 'file', fileWord, fileEnd);
  return node;
}

/** LIMIT, ORDER BY, USING after a write: errors with the action's way. */
function writeHabits(p: ParserState, word: string): void {
  const token = p.pos;
  if (p.at(T.Limit) || p.at(T.Order)) {
    const order = p.at(T.Order);
    p.pos = p.end;
    p.report(
      'syntax/write-limit',
      `${p.image(token).toUpperCase()}${order ? ' BY' : ''} is not in the ${word} action: it acts on every record its specifier selects`,
      token,
      p.last(),
      'select exactly the records: RECORDS [id, ...] or a narrower WHERE',
    );
  } else if (p.at(T.Using)) {
    p.pos = p.end;
    p.report(
      'syntax/delete-using',
      `${word} ... USING is not in the data actions: they act on one database`,
      token,
      p.last(),
      'put the other table in a subquery: WHERE EXISTS (SELECT ...) or WHERE x IN (SELECT ...)',
    );
  }
}

// -------------------------------------------------------------------------------------
// DELETE, TRASH, RESTORE, DISPOSE

export function* remove(p: ParserState, word: string, _start: number): Rule<DataAction> {
  if (p.optional(T.From) === MISSING) missingActionWord(p, word, 'FROM');
  const db = yield* database(p);
  if (p.at(T.Using)) writeHabits(p, word);
  const records = yield* writeRecords(p);
  writeHabits(p, word);
  const opts = options(p, 'delete_action', {});
  const failNoOp = opts['FAIL_NO_OP'] ?? null;
  const kind = word === 'DELETE' ? 'delete_action' : word === 'TRASH' ? 'trash_action' : word === 'RESTORE' ? 'restore_action' : 'dispose_action';
  return { kind, database: db, records, failNoOp };
}
