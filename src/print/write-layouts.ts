import { isDelimited, type FieldExpr, type FieldValue, type RecordData, type RecordsWrite, type RemoveAction } from '../ast/data-actions.js';
import { concat, group, indent, line, verbatim, type Doc } from './doc/doc.js';
import { list, parens, writtenOrder, type Ctx, type Env, type Layout, type LayoutFn } from './engine.js';
import { existingFieldKey } from '../syntax/field-spans.js';
import { quoteString, writeName } from './names.js';
import { BARE_VALUE, clause, commaList, DATABASE, Kids, names, optionsClause, PLAIN, recordsClause, statement } from './action-layout.js';

/** How the write actions and their records print (grammar/reference.md, "Data actions: writes"). */

/** A part of a record: a field (a value or an expression), its tags, its file. */
type Part = FieldValue | FieldExpr | 'tags' | 'file';

/**
 * A record's parts in the order written when printing from text (tags and a file keep their
 * place among the fields), else its values, its expressions, then tags, then file.
 */
function partsOf(r: RecordData, env: Env): readonly Part[] {
  const parts: Part[] = [...r.values, ...r.expressions];
  if (r.tags !== null) parts.push('tags');
  if (r.file !== null) parts.push('file');
  // Tags are no node: the parser records where they stand as a property of the record.
  return writtenOrder(parts, env, (p) => (p === 'tags' ? existingFieldKey(r, 'tags') : p === 'file' ? (r.file ?? undefined) : p));
}

/** The column order of a record written as one VALUES row: its parts as written. */
function columnsOf(r: RecordData, env: Env): string[] {
  return partsOf(r, env).map((p) => (typeof p === 'string' ? p : p.field));
}

/**
 * How a write's records were written: `values` (`(columns) VALUES` rows) or `records`
 * (`RECORDS (field = value, ...)`); null for a tree printed alone (from JSON, the builder).
 */
function writtenForm(n: RecordsWrite, records: readonly RecordData[], env: Env): 'values' | 'records' | null {
  const at = env.at;
  const first = records[0];
  if (at === undefined || first === undefined || at(first) === undefined) return null;
  const columns = existingFieldKey(n, 'columns');
  return columns !== undefined && at(columns) !== undefined ? 'values' : 'records';
}

/**
 * The one column list of `INSERT ... (columns) VALUES` for the records: from text, the form
 * written (VALUES rows get their columns, RECORDS none); a tree printed alone gets one when
 * every record can be a row of it and reads back the same (its literals and its expressions
 * each in their own order), else null. One pass over each record's fields, no list built per
 * record (an INSERT may hold many rows).
 */
export function valuesColumns(n: RecordsWrite, records: readonly RecordData[], env: Env): string[] | null {
  const first = records[0];
  const form = writtenForm(n, records, env);
  if (first === undefined || form === 'records') return null;
  const columns = columnsOf(first, env);
  if (form === 'values') return columns;
  if (columns.length === 0 || new Set(columns.map((c) => c.toLowerCase())).size !== columns.length) return null;
  const position = new Map(columns.map((c, i) => [c, i]));
  for (const r of records) {
    const count = r.values.length + r.expressions.length + (r.tags !== null ? 1 : 0) + (r.file !== null ? 1 : 0);
    if (count !== columns.length) return null;
    if ((r.tags !== null && !position.has('tags')) || (r.file !== null && !position.has('file'))) return null;
    if (!inColumnOrder(r.values, position) || !inColumnOrder(r.expressions, position)) return null;
  }
  return columns;
}

/** True when every field is a column and the fields stand in increasing column positions. */
function inColumnOrder(fields: readonly { readonly field: string }[], position: ReadonlyMap<string, number>): boolean {
  let previous = -1;
  for (let i = 0; i < fields.length; i++) {
    const at = position.get((fields[i] as { readonly field: string }).field);
    if (at === undefined || (i > 0 && at <= previous)) return false;
    previous = at;
  }
  return true;
}

function tagsDoc(tags: readonly string[]): Doc {
  return list(
    '[',
    tags.map((t) => verbatim(quoteString(t))),
    ']',
  );
}

export const record: LayoutFn<'record'> = (n, ctx, env) => {
  const columns = (ctx as { columns?: readonly string[] }).columns;
  const k = new Kids();
  const cellCtx = columns ? BARE_VALUE : PLAIN;
  k.addAll(n.values, cellCtx);
  k.addAll(n.expressions, cellCtx);
  const hasFile = k.add(n.file);
  return k.layout((take, takeN) => {
    const cells = new Map<string, Doc>();
    const docs: Doc[] = [];
    for (const v of n.values) cells.set(v.field, take());
    for (const e of n.expressions) cells.set(e.field, take());
    const tags = n.tags === null ? null : tagsDoc(n.tags);
    const file = hasFile ? take() : null;
    void takeN;
    if (columns) {
      for (const c of columns) {
        if (c === 'tags' && tags !== null && !cells.has(c)) docs.push(tags);
        else if (c === 'file' && file !== null && !cells.has(c)) docs.push(file);
        else docs.push(cells.get(c) as Doc);
      }
    } else {
      for (const p of partsOf(n, env)) {
        if (p === 'tags') docs.push(concat(['tags = ', tags as Doc]));
        else if (p === 'file') docs.push(concat(['file = ', file as Doc]));
        else docs.push(cells.get(p.field) as Doc);
      }
    }
    return list('(', docs, ')');
  });
};

/** A field's value where a literal-looking expression keeps its parentheses (`(5)` is an expression). */
export function fieldDoc(f: FieldValue | FieldExpr, value: Doc, ctx: Ctx): Doc {
  const literalLooking = f.kind === 'field_expr' && (f.e.kind === 'null' || f.e.kind === 'number' || f.e.kind === 'string');
  // In parentheses that break like any others (a comment inside them then gets lines of its own).
  const v = literalLooking ? parens(value) : value;
  return ctx.bareValue === true ? v : group([writeName(f.field), ' =', indent([line, v])]);
}

const FILE_KEYWORD: Ctx = Object.freeze({ capture: null, fileKeyword: true });

/** `FROM CSV [(DELIMITER = ';', QUOTE = '"')] (FILE 'id' | TEXT '...' | BASE64 '...')`: records as delimiter-separated data. */
export const delimitedRecords: LayoutFn<'delimited_records'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  // FILE is printed by the file reference itself: the node spans it (a comment before FILE stays before it).
  k.add(n.file, FILE_KEYWORD);
  return k.layout((take) => {
    const options = (
      [
        ['DELIMITER', n.delimiter],
        ['QUOTE', n.quote],
      ] as const
    ).flatMap(([name, v]) => (v === null ? [] : [concat([kw(name), ' = ', verbatim(quoteString(v))])]));
    const file = take();
    const parts: Doc[] = [kw('FROM'), ' ', kw(n.format.toUpperCase())];
    if (options.length > 0) parts.push(' ', list('(', options, ')'));
    parts.push(indent([line, file]));
    return group(parts);
  });
};

export function recordsWrite(word: string) {
  return (n: RecordsWrite, _c: Ctx, env: Env): Layout => {
    const kw = env.options.kw;
    const records = n.records;
    const delimited = isDelimited(records);
    const columns = delimited ? null : valuesColumns(n, records, env);
    const k = new Kids();
    k.add(n.database, DATABASE);
    const rowCtx: Ctx = columns ? ({ capture: null, columns } as Ctx) : PLAIN;
    if (isDelimited(records)) k.add(records);
    else k.addAll(records, rowCtx);
    return k.layout((take, takeN) => {
      const database = take();
      const head = columns
        ? group([kw(word), ' ', kw('INTO'), ' ', database, indent([line, names(columns)])])
        : concat([kw(word), ' ', kw('INTO'), ' ', database]);
      const clauses: Doc[] = [];
      if (isDelimited(records)) clauses.push(take());
      else {
        const rows = takeN(records.length);
        if (columns) clauses.push(clause(kw('VALUES'), commaList(rows)));
        else clauses.push(clause(kw('RECORDS'), rows.length === 0 ? kw('NONE') : commaList(rows)));
      }
      if (n.onDuplicate !== null) clauses.push(`${kw('ON DUPLICATE')} ${kw(n.onDuplicate.toUpperCase())}`);
      if (n.kind === 'set_action' && n.onRemove !== null) clauses.push(`${kw('ON REMOVE')} ${kw(n.onRemove.toUpperCase())}`);
      const options = optionsClause(env, [['FAIL_NO_OP', n.failNoOp]]);
      if (options) clauses.push(options);
      return statement(head, clauses);
    });
  };
}

export const update: LayoutFn<'update_action'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  k.add(n.database, DATABASE);
  // SET as written: the tree holds the literals and the expressions apart.
  k.addAll(writtenOrder<FieldValue | FieldExpr>([...n.fields, ...n.expressions], env));
  const records = recordsClause(n, k, env);
  return k.layout((take, takeN) => {
    const head = concat([kw('UPDATE'), ' ', take()]);
    const sets = takeN(n.fields.length + n.expressions.length);
    const clauses: Doc[] = [];
    if (sets.length > 0) clauses.push(clause(kw('SET'), commaList(sets)));
    if (n.file !== null) clauses.push(concat([kw('FILE'), ' ', verbatim(quoteString(n.file))]));
    const r = records(take, env);
    if (r) clauses.push(r);
    const options = optionsClause(env, [['FAIL_NO_OP', n.failNoOp]]);
    if (options) clauses.push(options);
    return statement(head, clauses);
  });
};

export function remove(word: string) {
  return (n: RemoveAction, _c: Ctx, env: Env): Layout => {
    const kw = env.options.kw;
    const k = new Kids();
    k.add(n.database, DATABASE);
    const records = recordsClause(n, k, env);
    return k.layout((take) => {
      const head = concat([kw(word), ' ', kw('FROM'), ' ', take()]);
      const clauses: Doc[] = [];
      const r = records(take, env);
      if (r) clauses.push(r);
      const options = optionsClause(env, [['FAIL_NO_OP', n.failNoOp]]);
      if (options) clauses.push(options);
      return statement(head, clauses);
    });
  };
}
