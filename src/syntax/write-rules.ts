import {
  DELIMITED_FORMATS, fieldKey,
  type DataAction, type DelimitedFormat, type DelimitedRecords, type RecordsData, type FieldExpr, type FieldLiteral, type FieldValue, type FileRef, type OnDuplicate, type OnRemove, type RecordData,
} from '../ast/actions.js';
import type { Expr, Node } from '../ast/nodes.js';
import { DelimitedRecordsNode, FieldExprNode, FieldValueNode, FileRefNode, NullNode, RecordNode } from '../ast/objects.js';
import { FetchRules } from './fetch-rules.js';
import { stringValue } from './literals.js';
import { expectedMessage } from './messages.js';
import { IS_NAME, MISSING, idx, type Rule } from './parser-base.js';
import * as T from './tokens.js';

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
export abstract class WriteRules extends FetchRules {
  // -------------------------------------------------------------------------------------
  // INSERT, REPLACE, SET

  protected *recordsWrite(word: 'INSERT' | 'REPLACE' | 'SET', start: number): Rule<DataAction> {
    if (this.optionalWord('INTO') === MISSING) this.missingActionWord(word, 'INTO');
    const database = yield* this.database();
    const records: RecordData[] = [];
    const columns: number[] = [];
    let names: string[] = [];
    let delimited: DelimitedRecords | null = null;
    if (this.at(T.From)) {
      // `FROM CSV FILE 'id'`, `FROM DSV (DELIMITER = ';') TEXT '...'`: delimiter-separated data
      delimited = this.delimitedRecords();
    } else names = yield* this.recordRows(word, records, columns);
    let onDuplicate: OnDuplicate | null = null;
    let onRemove: OnRemove | null = null;
    const allowedDuplicate: readonly OnDuplicate[] = word === 'INSERT' ? ['fail', 'update'] : ['update', 'delete', 'trash'];
    while (this.at(T.On)) {
      const on = this.next();
      if (this.optionalWord('DUPLICATE') !== MISSING) {
        if (this.atWord('KEY') && this.atWord('UPDATE', 2)) {
          this.report('syntax/on-duplicate-key', 'ON DUPLICATE KEY UPDATE is MySQL: the action updates the duplicate with the fields of the record', on, this.pos + 1, 'write ON DUPLICATE UPDATE (the values come from VALUES)');
          this.pos = this.end;
          break;
        }
        const value = this.onValue(allowedDuplicate, `ON DUPLICATE of ${word}`);
        if (onDuplicate !== null) this.report('syntax/duplicate-option', 'ON DUPLICATE is given twice', on, this.last());
        onDuplicate = value;
      } else if (word === 'SET' && this.optionalWord('REMOVE') !== MISSING) {
        const value = this.onValue(['delete', 'trash'], 'ON REMOVE of SET') as OnRemove | null;
        if (onRemove !== null) this.report('syntax/duplicate-option', 'ON REMOVE is given twice', on, this.last());
        onRemove = value;
      } else if (this.atWord('CONFLICT')) {
        this.report('syntax/on-conflict', 'ON CONFLICT is PostgreSQL: a duplicate key is handled by ON DUPLICATE', on, this.pos, `write ON DUPLICATE ${allowedDuplicate.map((d) => d.toUpperCase()).join(' or ')}`);
        this.pos = this.end;
        break;
      } else {
        this.syntaxError(expectedMessage(`DUPLICATE${word === 'SET' ? ' or REMOVE' : ''}`, ` after 'ON', found ${this.foundText()}`));
        break;
      }
    }
    const options = this.options(word === 'INSERT' ? 'insert_action' : word === 'REPLACE' ? 'replace_action' : 'set_action', {});
    const failNoOp = options['FAIL_NO_OP'] ?? null;
    const data: RecordsData = delimited ?? records;
    const node: DataAction = word === 'INSERT' ? { kind: 'insert_action', database, records: data, onDuplicate: onDuplicate as 'fail' | 'update' | null, failNoOp }
      : word === 'REPLACE' ? { kind: 'replace_action', database, records: data, onDuplicate: onDuplicate as 'update' | 'delete' | 'trash' | null, failNoOp }
      : { kind: 'set_action', database, records: data, onDuplicate: onDuplicate as 'update' | 'delete' | 'trash' | null, onRemove, failNoOp };
    // A name of the VALUES column list stands apart from its values: `columns/name` says where (`columns`: VALUES was written).
    columns.forEach((token, i) => this.propertySpan(node, `columns/${names[i] as string}`, token));
    this.propertySpan(node, 'columns', columns[0] ?? MISSING, columns.at(-1) ?? MISSING);
    return node;
  }

  /**
   * The records of a write as record objects: `(fields) VALUES (...), ...` (the column tokens
   * into `columns`) or `RECORDS (field = value, ...), ...` (into `records`), and the VALUES
   * names. STRUCT EVENT INSERT reads its events with it (struct-rules.ts).
   */
  protected *recordRows(word: string, records: RecordData[], columns: number[]): Generator<Rule<unknown>, string[], unknown> {
    let names: string[] = [];
    if (this.at(T.LParen)) {
      // `(a, b) VALUES (1, 2), (3, 4)`
      this.next();
      do columns.push(this.expect(T.Name));
      while (this.optional(T.Comma) !== MISSING);
      this.expect(T.RParen);
      names = columns.map((c) => this.fieldName(c));
      if (this.at(T.Select) || (this.at(T.LParen) && this.tk(2) === SELECT)) this.insertSelect(word);
      else {
        this.expectWord('VALUES', 'VALUES');
        do {
          const rowStart = this.expect(T.LParen);
          const cells: Cell[] = [];
          if (!this.at(T.RParen)) {
            do cells.push(yield* this.cell(names[cells.length] ?? ''));
            while (this.optional(T.Comma) !== MISSING);
          }
          this.expect(T.RParen);
          const count = `a row of VALUES has ${cells.length} value${cells.length === 1 ? '' : 's'} for ${names.length} field${names.length === 1 ? '' : 's'}`;
          if (cells.length !== names.length) this.report('syntax/values-count', count, rowStart, this.last());
          for (let i = cells.length; i < names.length; i++) cells.push({ kind: 'literal', value: this.checkAndFreeze(new NullNode()) }); // stand-ins: tools read every name
          records.push(this.mark(this.record(names, cells.slice(0, names.length), columns, false), rowStart));
        } while (this.optional(T.Comma) !== MISSING);
      }
    } else if (this.atWord('RECORDS')) {
      // `RECORDS (a = 1, b = 2), (c = 3)` or `RECORDS NONE`
      this.next();
      if (this.optionalWord('NONE') === MISSING) {
        do records.push(yield* this.recordObject());
        while (this.optional(T.Comma) !== MISSING);
      }
    } else if (this.at(T.Select)) {
      this.insertSelect(word);
    } else if (this.atWord('VALUES')) {
      this.report('syntax/insert-columns', `${word} needs the field names: the record objects are keyed by field`, this.pos, this.pos, `write ${word} INTO db (field, ...) VALUES (...)`);
      this.pos = this.end;
    } else {
      this.expectedError(`'(' field names ')' VALUES ..., RECORDS (...)${word === 'EVENTS' ? '' : ' or FROM CSV ...'}`);
    }
    return names;
  }

  /** One record object: `(field = value, ...)` (RECORDS; STRUCT EVENT's SET). */
  protected *recordObject(): Generator<Rule<unknown>, RecordData, unknown> {
    const recordStart = this.expect(T.LParen);
    const names: string[] = [];
    const tokens: number[] = [];
    const cells: Cell[] = [];
    if (!this.at(T.RParen)) {
      do {
        const nameToken = this.expect(T.Name);
        tokens.push(nameToken);
        names.push(this.fieldName(nameToken));
        this.expect(T.Equals);
        cells.push(yield* this.cell(names[names.length - 1] as string));
      } while (this.optional(T.Comma) !== MISSING);
    }
    this.expect(T.RParen);
    return this.mark(this.record(names, cells, tokens, true), recordStart);
  }

  /**
   * `FROM (CSV | TSV | DSV) ['(' (DELIMITER | QUOTE) '=' string {, ...} ')'] (FILE | TEXT | BASE64) string`:
   * the records as delimiter-separated data (spec "Records"); DSV needs its DELIMITER.
   */
  private delimitedRecords(): DelimitedRecords {
    const start = this.expect(T.From);
    const formatToken = this.pos;
    const formatWord = this.t1() === IDENTIFIER ? this.image(formatToken).toLowerCase() : '';
    let format: DelimitedFormat = 'csv';
    if ((DELIMITED_FORMATS as readonly string[]).includes(formatWord)) {
      this.pos++;
      format = formatWord as DelimitedFormat;
    } else {
      this.syntaxError(expectedMessage('CSV, TSV or DSV', ` after 'FROM' (records as delimiter-separated data), found ${this.foundText()}`));
    }
    const options: { DELIMITER?: string; QUOTE?: string } = {};
    if (this.at(T.LParen)) {
      this.next();
      do {
        const name = this.pos;
        const word = this.t1() === IDENTIFIER ? this.image(name).toUpperCase() : '';
        if (word !== 'DELIMITER' && word !== 'QUOTE') {
          this.syntaxError(expectedMessage('DELIMITER or QUOTE', ` in the options of ${format.toUpperCase()} records, found ${this.foundText()}`));
          break;
        }
        this.pos++;
        this.expect(T.Equals);
        const value = this.stringText(word);
        if (options[word] !== undefined) this.report('syntax/duplicate-option', `option ${word} is given twice`, name);
        options[word] = value;
      } while (this.optional(T.Comma) !== MISSING);
      this.expect(T.RParen);
    }
    const fileStart = this.pos;
    const formWord = this.t1() === IDENTIFIER ? this.image(fileStart).toUpperCase() : '';
    let file: FileRef = new FileRefNode('object', '?');
    if ((formWord === 'FILE' || formWord === 'TEXT' || formWord === 'BASE64') && this.tk(2) === STRING) {
      this.pos++;
      const value = this.stringText(formWord);
      file = this.mark(new FileRefNode(formWord === 'FILE' ? 'object' : formWord === 'TEXT' ? 'text' : 'base64', value), fileStart);
    } else {
      this.expectedError("FILE 'object id', TEXT '...' or BASE64 '...'", ` (the data of the ${format.toUpperCase()} records)`);
    }
    if (format === 'dsv' && options.DELIMITER === undefined) {
      this.report('syntax/dsv-delimiter', 'DSV records need a DELIMITER (the spec: "delimiter: string, required for dsv")', start, this.last(), "write FROM DSV (DELIMITER = ';') ..., or use CSV (a comma) or TSV (a tab)");
    }
    return this.mark(new DelimitedRecordsNode(format, file, options.DELIMITER ?? null, options.QUOTE ?? null), start);
  }

  private onValue<V extends string>(allowed: readonly V[], what: string): V | null {
    const token = this.pos;
    const word = this.t1() === IDENTIFIER ? this.image(token).toLowerCase() : '';
    if (allowed.includes(word as V)) {
      this.pos++;
      return word as V;
    }
    this.expectedError(allowed.map((a) => a.toUpperCase()).join(', ').replace(/, ([^,]*)$/, ' or $1'), ` (${what})`);
    return null;
  }

  private insertSelect(word: string): void {
    const token = this.pos;
    this.pos = this.end;
    this.report('syntax/insert-select', `${word} ... SELECT is not in the data actions: records are written as values`, token, this.last(), 'FETCH or SELECT the rows, then write them with VALUES (...)');
  }

  /** One value of VALUES or RECORDS: tags (`['a', 'b']`) and a file (`'id'`, `TEXT '...'`, `BASE64 '...'`) for the fields so named. */
  private *cell(field: string): Generator<Rule<unknown>, Cell, unknown> {
    const lower = field.toLowerCase();
    if (lower === 'tags' && (this.at(T.LBracket) || this.at(T.Null))) {
      if (this.optional(T.Null) !== MISSING) return { kind: 'tags', tags: [], first: this.pos - 1 };
      const first = this.next();
      const tags: string[] = [];
      if (!this.at(T.RBracket)) {
        do tags.push(this.stringText('a tag'));
        while (this.optional(T.Comma) !== MISSING);
      }
      this.expect(T.RBracket);
      return { kind: 'tags', tags, first };
    }
    if (lower === 'file') {
      const start = this.pos;
      if (this.at(T.StringLiteral)) return { kind: 'file', file: this.mark(new FileRefNode('object', this.stringText('FILE')), start) };
      for (const form of ['text', 'base64'] as const) {
        if (this.atWord(form.toUpperCase()) && this.tk(2) === STRING) {
          this.pos++;
          const token = this.next();
          return { kind: 'file', file: this.mark(new FileRefNode(form, stringValue(this.image(token))), start) };
        }
      }
    }
    return yield* this.valueCell();
  }

  /** A literal (TRUE, FALSE, NULL, a number, a string) or an expression. */
  private *valueCell(): Generator<Rule<unknown>, Cell, unknown> {
    const start = this.pos;
    if (this.at(T.True) || this.at(T.False)) return { kind: 'literal', value: this.literal('a value') };
    // A literal in parentheses is an expression: `(5)` goes to "expressions".
    const parenthesized = this.typeOf(start) === LPAREN;
    const e = (yield this.expression(0)) as Expr;
    if (!parenthesized && (e.kind === 'null' || e.kind === 'number' || e.kind === 'string')) return { kind: 'literal', value: e };
    const last = this.last();
    const span = last === MISSING || last < start ? undefined : { start: this.starts[start] as number, end: this.ends[last] as number };
    return { kind: 'expr', e, span };
  }

  /** A record from field names and values: literals to the object, expressions to `expressions`. */
  private record(names: readonly string[], cells: readonly Cell[], tokens: readonly number[], contiguous: boolean): RecordData {
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
      if (seen.has(key)) this.report('syntax/field-twice', `the field ${field} is given twice in one record`, token, token);
      seen.add(key);
      if (key === 'expressions') this.report('syntax/reserved-field', 'no field can be called "expressions" in a record: the record object uses that key', token);
      switch (cell.kind) {
        case 'literal':
          if (key === 'file' || key === 'tags') this.reportSpecialField(key, token);
          values.push(this.markAt(new FieldValueNode(field, cell.value), token, cell.value, contiguous));
          break;
        case 'expr':
          if (key === 'file' || key === 'tags') this.reportSpecialField(key, token);
          expressions.push(this.markAt(new FieldExprNode(field, cell.e), token, cell.e, contiguous, cell.span));
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
    if (tags !== null) this.propertySpan(node, 'tags', (cells.find((c) => c.kind === 'tags') as { first: number }).first); // (tags are no node)
    return node;
  }

  private reportSpecialField(key: 'file' | 'tags', token: number): void {
    const hint = key === 'tags' ? "write the tags as an array of strings: ['a', 'b']" : "write the file as an object id ('...'), TEXT '...' or BASE64 '...'";
    this.report('syntax/record-property', `${key} in a record is its ${key === 'tags' ? 'tag list' : 'binary object'}, not a field`, token, token, hint);
  }

  /**
   * A field value or expression spans its name (where written) to the end of its value; an
   * expression's value is all its tokens, `ownSpan` (`(5)` with its parentheses: a comment
   * inside them is inside the field).
   */
  private markAt<N extends FieldValue | FieldExpr>(node: N, token: number, value: Node, contiguous = true, ownSpan?: TokenRange): N {
    this.checkAndFreeze(node);
    const spans = this.state.spans;
    if (spans === null) return node;
    const valueSpan = ownSpan ?? spans.get(value);
    const from = token === MISSING ? 0 : (this.starts[token] as number);
    const to = valueSpan ? valueSpan.end : token === MISSING ? 0 : (this.ends[token] as number);
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
  private missingActionWord(word: string, keyword: 'FROM' | 'INTO'): void {
    const form = `${keyword} (${word} ${keyword} database ...)`;
    this.syntaxError({
      ...expectedMessage(form, ` after '${this.image(this.last())}', found ${this.foundText()}`),
      hint: `write ${word} ${keyword} ${this.pathAhead() ?? 'database'} ...`,
    });
  }

  /** The text of the path that starts at the next token (`shop.orders@trash`), not read; null when no name is next. */
  private pathAhead(): string | null {
    if (!this.atName()) return null;
    let last = this.pos;
    while (last + 2 < this.end && PATH_SEPARATORS.has(this.typeOf(last + 1)) && IS_NAME[this.typeOf(last + 2)] === true) last += 2;
    const text = this.text.slice(this.starts[this.pos], this.ends[last]);
    return text.length <= 60 ? text : null;
  }

  // -------------------------------------------------------------------------------------
  // UPDATE

  protected *update(start: number): Rule<DataAction> {
    const database = yield* this.database();
    const fields: FieldValue[] = [];
    const expressions: FieldExpr[] = [];
    let file: string | null = null;
    if (this.optionalWord('SET') !== MISSING) {
      do {
        const nameToken = this.expect(T.Name);
        const field = this.fieldName(nameToken);
        this.expect(T.Equals);
        const cell = yield* this.valueCell();
        if (cell.kind === 'literal') fields.push(this.markAt(new FieldValueNode(field, cell.value), nameToken, cell.value));
        else if (cell.kind === 'expr') expressions.push(this.markAt(new FieldExprNode(field, cell.e), nameToken, cell.e, true, cell.span));
      } while (this.optional(T.Comma) !== MISSING);
    }
    const fileWord = this.optionalWord('FILE');
    if (fileWord !== MISSING) file = this.stringText('FILE');
    const fileEnd = this.last();
    if (this.at(T.From)) {
      const token = this.next();
      this.report('syntax/update-from', 'UPDATE ... FROM is not in the update action: it changes the records of one database', token, token, 'move the other table into a subquery in WHERE or in the SET expression');
      this.pos = this.end;
    }
    const records = yield* this.writeRecords();
    this.writeHabits('UPDATE');
    const options = this.options('update_action', {});
    const node: DataAction = { kind: 'update_action', database, records, fields, expressions, file, failNoOp: options['FAIL_NO_OP'] ?? null };
    // `FILE 'id'` has its own span: the file feature's finding is placed there.
    if (fileWord !== MISSING) this.propertySpan(node, 'file', fileWord, fileEnd);
    return node;
  }

  /** LIMIT, ORDER BY, USING after a write: errors with the action's way. */
  private writeHabits(word: string): void {
    const token = this.pos;
    if (this.at(T.Limit) || this.at(T.Order)) {
      const order = this.at(T.Order);
      this.pos = this.end;
      this.report('syntax/write-limit', `${this.image(token).toUpperCase()}${order ? ' BY' : ''} is not in the ${word} action: it acts on every record its specifier selects`, token, this.last(), 'select exactly the records: RECORDS [id, ...] or a narrower WHERE');
    } else if (this.at(T.Using)) {
      this.pos = this.end;
      this.report('syntax/delete-using', `${word} ... USING is not in the data actions: they act on one database`, token, this.last(), 'put the other table in a subquery: WHERE EXISTS (SELECT ...) or WHERE x IN (SELECT ...)');
    }
  }

  // -------------------------------------------------------------------------------------
  // DELETE, TRASH, RESTORE, DISPOSE

  protected *remove(word: string, _start: number): Rule<DataAction> {
    if (this.optional(T.From) === MISSING) this.missingActionWord(word, 'FROM');
    const database = yield* this.database();
    if (this.at(T.Using)) this.writeHabits(word);
    const records = yield* this.writeRecords();
    this.writeHabits(word);
    const options = this.options('delete_action', {});
    const failNoOp = options['FAIL_NO_OP'] ?? null;
    const kind = word === 'DELETE' ? 'delete_action' : word === 'TRASH' ? 'trash_action' : word === 'RESTORE' ? 'restore_action' : 'dispose_action';
    return { kind, database, records, failNoOp };
  }
}
