import { MarkupKind, type Hover, type Range } from 'vscode-languageserver/node';
import { functionInfo } from '../lint/functions.js';
import type { Schema, SchemaField } from '../schema/definitions.js';
import { findDatabases, findField, type DatabaseEntry } from '../schema/lookup.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { KEYWORD_DOCS } from './keywords.js';
import { paramAt, paramHover, paramInfos } from './params.js';
import { placeAt } from './place.js';
import { functionDoc } from './signature.js';
import { columnIn, frameSources, qualifies, type ResolvedSource, type SourceColumn } from './scope.js';
import {
  clauseAt, frameOfToken, isName, isSeparator, nameOf, statementAt, tokenAt, visibleFrames,
  type Frame, type StatementShape, type TextShape,
} from './structure.js';

export interface HoverContext {
  readonly schema: Schema | null;
  readonly rangeOf: (start: number, end: number) => Range;
}

/** Hover at an offset: a field, a function, a source or alias, or a keyword form's reference line. */
export function hover(shape: TextShape, offset: number, ctx: HoverContext): Hover | null {
  // A parameter `:name` (or its name in a -- @param line): its type, and where the type comes from.
  const param = paramAt(shape, offset);
  if (param) {
    const info = paramInfos(shape, param.statement, ctx.schema).find((p) => p.name === param.name);
    return { contents: { kind: MarkupKind.Markdown, value: paramHover(param.name, info, param.uses.length, param.declaration !== null) }, range: ctx.rangeOf(param.start, param.end) };
  }
  const code = shape.code;
  const i = tokenAt(code, offset);
  if (i < 0) return null;
  const t = code[i] as SourceToken;
  const next = code[i + 1];
  const statement = statementAt(shape, t.start);
  const frame = frameOfToken(statement, i);
  const answer = (value: string, start = t.start, end = t.end): Hover => ({ contents: { kind: MarkupKind.Markdown, value }, range: ctx.rangeOf(start, end) });

  // Outside a select of a statement that is not one: what the place of the name denotes (`INTO shop.orders (`).
  if (frame === null && isName(t) && code[statement.first]?.type !== 'SELECT') {
    const found = placeHover(shape, statement, i, ctx.schema, answer);
    if (found !== null) return found;
  }
  // A call: a name (or COUNT, AVG, SUM) before `(`.
  if ((t.category === 'name' || t.category === 'quoted-name') && next?.type === 'LParen') {
    const name = t.category === 'name' ? t.image.toUpperCase() : nameOf(t);
    const distinct = code[i + 2]?.type === 'DISTINCT' ? functionInfo(`${name}_DISTINCT`) : undefined;
    const info = distinct ?? functionInfo(name);
    if (info) return answer(functionDoc(info));
    if (t.category === 'name' && name === 'COUNT') return null;
    return answer(`\`${name}\` is not a function of the spec's table (unknown-function).`);
  }
  if (t.category === 'keyword' || (t.category === 'contextual' && startsForm(t, next))) {
    const line = KEYWORD_DOCS[t.type];
    return line ? answer(`**${t.type}** — ${line}\n\n(grammar/reference.md)`) : null;
  }
  if (!isName(t) || frame === null) return null;

  // A source's path or alias in FROM.
  for (const s of frameSources(shape, frame, ctx.schema)) {
    if (s.ref.aliasAt === i) return answer(`**${s.ref.alias}**: alias of ${sourceText(s)}${databaseDoc(s.databases)}`);
    if (s.ref.first <= i && i <= s.ref.last && s.ref.kind !== 'subquery') return answer(`${sourceText(s)}${databaseDoc(s.databases)}`, (code[s.ref.first] as SourceToken).start, (code[s.ref.last] as SourceToken).end);
  }
  const result = frame.results.find((r) => r.at === i);
  if (result) return answer(`**${result.alias}**: result alias of \`${itemText(shape, result.first, result.at)}\``);

  // A column path: names joined by `.`, `@`, `:`.
  let first = i;
  let last = i;
  while (isSeparator(code[first - 1]) && isName(code[first - 2])) first -= 2;
  while (isSeparator(code[last + 1]) && isName(code[last + 2])) last += 2;
  const inAlias = code[first - 2]?.type === 'ALIAS' && code[first - 1]?.type === 'LParen';
  const clause = clauseAt(frame, i);
  if (first === last && (inAlias || ((clause === 'group' || clause === 'having' || clause === 'order') && code[first - 2]?.type !== 'COLUMN'))) {
    const ref = frame.results.find((r) => r.alias === nameOf(t));
    if (ref) return answer(`**${ref.alias}**: result alias of \`${itemText(shape, ref.first, ref.at)}\``);
  }
  // The qualifier part (before the last dot) names a source.
  let lastDot = -1;
  for (let k = last - 1; k > first; k--) if ((code[k] as SourceToken).type === 'Dot') {
    lastDot = k;
    break;
  }
  const pathOf = (a: number, b: number) => {
    let s = '';
    for (let k = a; k <= b; k++) s += isName(code[k]) ? nameOf(code[k] as SourceToken) : (code[k] as SourceToken).image;
    return s;
  };
  if (lastDot > 0 && i < lastDot) {
    const qualifier = pathOf(first, lastDot - 1);
    const source = findQualified(shape, frame, ctx.schema, qualifier);
    return source ? answer(`**${qualifier}**: ${sourceText(source)}${databaseDoc(source.databases)}`, (code[first] as SourceToken).start, (code[lastDot - 1] as SourceToken).end) : null;
  }
  const qualifier = lastDot > 0 ? pathOf(first, lastDot - 1) : null;
  // The field (or blob) name: the segment after the last dot (a blob attribute may follow a `:`).
  const fieldName = nameOf(code[lastDot > 0 ? lastDot + 1 : first] as SourceToken);
  const found = resolveColumn(shape, frame, ctx.schema, qualifier, fieldName);
  if (found.length === 0) return null;
  const start = (code[first] as SourceToken).start;
  const end = (code[last] as SourceToken).end;
  if (found.length > 1) {
    return answer(`**${fieldName}** is in several sources: ${found.map((f) => f.source.qualifier ?? 'a subquery').map((q) => `\`${q}\``).join(', ')}; qualify it.`, start, end);
  }
  return answer(columnDoc(found[0] as { source: ResolvedSource; column: SourceColumn }), start, end);
}

/**
 * In a statement other than a select, outside its selects: what the name at token `i` denotes
 * there (place.ts): a database (the whole path), a field of the database in scope, a record attribute.
 */
function placeHover(shape: TextShape, statement: StatementShape, i: number, schema: Schema | null, answer: (value: string, start?: number, end?: number) => Hover): Hover | null {
  const code = shape.code;
  const t = code[i] as SourceToken;
  const place = placeAt(shape.text, statement.start, statement.end, t.start, t.end);
  if (place === null || schema === null) return null;
  const name = nameOf(t);
  if (place.expects === 'database') {
    let first = i;
    let last = i;
    while (first - 2 >= statement.first && code[first - 1]?.type === 'Dot' && isName(code[first - 2])) first -= 2;
    while (last + 2 <= statement.last && code[last + 1]?.type === 'Dot' && isName(code[last + 2])) last += 2;
    const path = `${place.before}${name}${place.after}`;
    const entries = findDatabases(schema, path);
    return entries.length === 0 ? null : answer(`table \`${path}\`${databaseDoc(entries)}`, (code[first] as SourceToken).start, (code[last] as SourceToken).end);
  }
  if (place.expects === 'attribute') return answer(`**${name}**: record attribute (every record has it)`);
  if (place.expects !== 'field' && place.expects !== 'expression') return null;
  for (const path of place.databases) {
    for (const e of findDatabases(schema, path)) {
      const field = findField(e.database, name);
      if (field) return answer(fieldDoc(field, e));
    }
  }
  return null;
}

function startsForm(t: SourceToken, next: SourceToken | undefined): boolean {
  if (next?.type === 'LParen') return true;
  return (t.type === 'DATE' || t.type === 'TIME' || t.type === 'TIMESTAMP' || t.type === 'DATETIME') && next?.category === 'string';
}

function findQualified(shape: TextShape, frame: Frame, schema: Schema | null, qualifier: string): ResolvedSource | null {
  for (const f of visibleFrames(frame)) {
    const found = frameSources(shape, f, schema).find((s) => qualifies(s, qualifier));
    if (found) return found;
  }
  return null;
}

/** The sources' columns a (qualified) name denotes: the innermost select that has it wins. */
export function resolveColumn(shape: TextShape, frame: Frame, schema: Schema | null, qualifier: string | null, name: string): { source: ResolvedSource; column: SourceColumn }[] {
  for (const f of visibleFrames(frame)) {
    const sources = frameSources(shape, f, schema).filter((s) => qualifier === null || qualifies(s, qualifier));
    if (qualifier !== null && sources.length === 0) continue;
    const out: { source: ResolvedSource; column: SourceColumn }[] = [];
    for (const source of sources) {
      const column = columnIn(source, name);
      if (column) out.push({ source, column });
    }
    if (out.length > 0 || qualifier !== null) return out;
  }
  return [];
}

function columnDoc({ source, column }: { source: ResolvedSource; column: SourceColumn }): string {
  if (column.attribute) return `**${column.name}**: record attribute (every record has it) · from ${sourceText(source)}`;
  const field = column.field;
  if (!field) return `**${column.name}**: column of ${sourceText(source)}`;
  return fieldDoc(field, column.database);
}

/** A field of a database: its type, nullability, key and label. */
function fieldDoc(field: SchemaField, db: DatabaseEntry | null): string {
  const facts = [`type \`${field.type}\``, field.nul ? 'nullable' : 'not null'];
  if (field.key) facts.push('key field');
  if (field.label !== field.name) facts.push(`label "${field.label}"`);
  const where = db ? `field of database \`${db.path}\`${db.database.label !== db.database.name ? ` (${db.database.label})` : ''}` : 'field';
  return `**${field.name}**: ${where}\n\n${facts.join(' · ')}`;
}

function sourceText(s: ResolvedSource): string {
  switch (s.ref.kind) {
    case 'subquery':
      return 'a subquery';
    case 'system':
      return `system table \`${s.ref.path ?? '?'}\``;
    case 'database':
      return `database table \`${s.ref.path ?? '?'}\``;
    default:
      return `table \`${s.ref.path ?? '?'}\``;
  }
}

function databaseDoc(databases: readonly DatabaseEntry[]): string {
  if (databases.length === 0) return '';
  return databases
    .map((e) => {
      const d = e.database;
      const fields = d.fields.slice(0, 12).map((f) => `${f.name} ${f.type}${f.nul ? '?' : ''}`).join(', ');
      const more = d.fields.length > 12 ? `, … (${d.fields.length} fields)` : '';
      const group = e.groups.length > 0 ? ` in ${e.groups.join('.')}` : '';
      return `\n\ndatabase \`${e.path}\`${d.label !== d.name ? ` "${d.label}"` : ''}${group}: ${fields}${more}`;
    })
    .join('');
}

function itemText(shape: TextShape, first: number, aliasAt: number): string {
  const code = shape.code;
  let last = aliasAt - 1;
  if (code[last]?.type === 'AS') last--;
  if (last < first) return '';
  const text = shape.text.slice((code[first] as SourceToken).start, (code[last] as SourceToken).end).replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
