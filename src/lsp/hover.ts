import { MarkupKind, type Hover, type Range } from 'vscode-languageserver/node';
import { functionInfo } from '../lint/functions.js';
import type { Schema, SchemaDatabase, SchemaField } from '../schema/definitions.js';
import { findDatabases, findField, type DatabaseEntry } from '../schema/lookup.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { CALL_DOCS, KEYWORD_DOCS } from './keywords.js';
import { paramAt, paramHover, paramInfos } from './params.js';
import { placeAt } from './place.js';
import { aliasAt, nameEnding } from './references.js';
import { functionDoc } from './signature.js';
import { entriesOf, qualifies } from './source-names.js';
import { ATTRIBUTES, buildOwnerScope, flattenSources, selectColumnNames, sourceInfo, type Scope, type SourceInfo } from '../lint/scope.js';
import type { DatabaseTableSource, SystemTableSource, TableSource } from '../ast/nodes.js';
import { visit } from '../ast/walk.js';
import { isName, isSeparator, nameOf, statementAt, tokenAt, type OffsetSpan as Span, type StatementSpan, type TextModel } from './text-model.js';
import { selectAt } from './tree-at.js';

export interface HoverContext {
  readonly schema: Schema | null;
  readonly rangeOf: (start: number, end: number) => Range;
}

/** Hover at an offset: a field, a function, a source or alias, or a keyword form's reference line. */
export function hover(model: TextModel, offset: number, ctx: HoverContext): Hover | null {
  // A parameter `:name` (or its name in a -- @param line): its type, and where the type comes from.
  const param = paramAt(model, offset);
  if (param) {
    const info = paramInfos(model, param.statement, ctx.schema).find((p) => p.name === param.name);
    return {
      contents: { kind: MarkupKind.Markdown, value: paramHover(param.name, info, param.uses.length, param.declaration !== null) },
      range: ctx.rangeOf(param.start, param.end),
    };
  }
  const code = model.code;
  const i = tokenAt(code, offset);
  if (i < 0) return null;
  const t = code[i] as SourceToken;
  const next = code[i + 1];
  const statement = statementAt(model, t.start);
  // The innermost select around the name (statement's tree), or null outside every select.
  const inSelect = selectAt(model, statement, t.start);
  const answer = (value: string, start = t.start, end = t.end): Hover => ({ contents: { kind: MarkupKind.Markdown, value }, range: ctx.rangeOf(start, end) });

  // Outside a select of a statement that is not one: what the place of the name denotes (`INTO shop.orders (`).
  if (inSelect === null && (isName(t) || t.category === 'string') && code[statement.first]?.type !== 'SELECT') {
    const found = placeHover(model, statement, i, ctx.schema, answer);
    if (found !== null) return found;
  }
  // A kind written `KEYWORD(a, b)` (SYSTEM_COLUMN, an expression call): its kind-table entry's form and description.
  const callDoc = (t.category === 'name' || t.category === 'contextual') && next?.type === 'LParen' ? CALL_DOCS.get(t.image.toUpperCase()) : undefined;
  if (callDoc !== undefined) return answer(callDoc);
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
  if (!isName(t) || inSelect === null) return null;

  // A source's path or alias in FROM: the source node of the statement's tree whose span holds the name.
  const source = sourceNodeAt(model, statement, t.start);
  if (source !== null) {
    const info = sourceInfo(source.node, ctx.schema);
    const databases = entriesOf(ctx.schema, info.databases);
    const aliasAt = source.node.alias === null ? -1 : nameEnding(code, source.span);
    if (aliasAt === i) return answer(`**${source.node.alias}**: alias of ${sourceText(info)}${databaseDoc(databases)}`);
    const pathEnd = aliasAt < 0 ? source.span.end : (code[code[aliasAt - 1]?.type === 'AS' ? aliasAt - 2 : aliasAt - 1] as SourceToken).end;
    if (t.end <= pathEnd) return answer(`${sourceText(info)}${databaseDoc(databases)}`, source.span.start, pathEnd);
  }
  // A result alias: its definition, or a use the tree reads as one (GROUP BY, HAVING, ORDER BY, ALIAS(name)).
  const alias = aliasAt(model, offset);
  if (alias?.kind === 'result') return answer(`**${alias.name}**: result alias of \`${itemText(model, alias.defined.start, alias.definition)}\``);

  // A column path: names joined by `.`, `@`, `:`.
  let first = i;
  let last = i;
  while (isSeparator(code[first - 1]) && isName(code[first - 2])) first -= 2;
  while (isSeparator(code[last + 1]) && isName(code[last + 2])) last += 2;
  // The qualifier part (before the last dot) names a source.
  let lastDot = -1;
  for (let k = last - 1; k > first; k--)
    if ((code[k] as SourceToken).type === 'Dot') {
      lastDot = k;
      break;
    }
  const pathOf = (a: number, b: number) => {
    let s = '';
    for (let k = a; k <= b; k++) s += isName(code[k]) ? nameOf(code[k] as SourceToken) : (code[k] as SourceToken).image;
    return s;
  };
  // The scopes the name sees: lint's (src/lint/scope.ts), from the statement's tree with a probe in place of the name.
  const place = placeAt(model.text, statement.start, statement.end, t.start, t.end);
  const scopes = place === null ? [] : place.owners.map((o) => buildOwnerScope(o, ctx.schema)).reverse();
  if (lastDot > 0 && i < lastDot) {
    const qualifier = pathOf(first, lastDot - 1);
    const source = findQualified(scopes, qualifier);
    return source
      ? answer(
          `**${qualifier}**: ${sourceText(source)}${databaseDoc(entriesOf(ctx.schema, source.databases))}`,
          (code[first] as SourceToken).start,
          (code[lastDot - 1] as SourceToken).end,
        )
      : null;
  }
  const qualifier = lastDot > 0 ? pathOf(first, lastDot - 1) : null;
  // The field (or blob) name: the segment after the last dot (a blob attribute may follow a `:`).
  const fieldName = nameOf(code[lastDot > 0 ? lastDot + 1 : first] as SourceToken);
  const found = resolveColumn(scopes, ctx.schema, qualifier, fieldName);
  if (found.length === 0) return null;
  const start = (code[first] as SourceToken).start;
  const end = (code[last] as SourceToken).end;
  if (found.length > 1) {
    return answer(
      `**${fieldName}** is in several sources: ${found
        .map((f) => f.source.qualifiers[0] ?? 'a subquery')
        .map((q) => `\`${q}\``)
        .join(', ')}; qualify it.`,
      start,
      end,
    );
  }
  return answer(columnDoc(found[0] as SourceColumn, ctx.schema), start, end);
}

/** A source of a select (a table, a system or database table) of the statement's tree, with its span, whose span holds an offset. */
function sourceNodeAt(
  model: TextModel,
  statement: StatementSpan,
  offset: number,
): { node: TableSource | SystemTableSource | DatabaseTableSource; span: Span } | null {
  const tree = model.treeOf(statement);
  if (tree === null) return null;
  let found: { node: TableSource | SystemTableSource | DatabaseTableSource; span: Span } | null = null;
  visit(tree.node, {
    enter(node) {
      if (node.kind !== 'table' && node.kind !== 'table_system' && node.kind !== 'table_database') return;
      const span = tree.spanOf(node);
      if (span !== undefined && span.start <= offset && offset < span.end) found = { node, span };
    },
  });
  return found;
}

/**
 * In a statement other than a select, outside its selects: what the name at token `i` denotes
 * there (place.ts): a database (the whole path), a field of the database in scope, a record attribute.
 */
function placeHover(
  model: TextModel,
  statement: StatementSpan,
  i: number,
  schema: Schema | null,
  answer: (value: string, start?: number, end?: number) => Hover,
): Hover | null {
  const code = model.code;
  const t = code[i] as SourceToken;
  const place = placeAt(model.text, statement.start, statement.end, t.start, t.end);
  if (place === null || schema === null) return null;
  // A string names something only where the place takes names as strings (`DROP FIELDS ['note']`).
  if ((t.category === 'string') !== place.quoted) return null;
  const name = t.category === 'string' ? t.image.slice(1, t.unterminated ? undefined : -1).replaceAll("''", "'") : nameOf(t);
  if (place.expects === 'database') {
    let first = i;
    let last = i;
    while (first - 2 >= statement.first && code[first - 1]?.type === 'Dot' && isName(code[first - 2])) first -= 2;
    while (last + 2 <= statement.last && code[last + 1]?.type === 'Dot' && isName(code[last + 2])) last += 2;
    const path = `${place.before}${name}${place.after}`;
    const entries = findDatabases(schema, path);
    return entries.length === 0
      ? null
      : answer(`table \`${path}\`${databaseDoc(entries)}`, (code[first] as SourceToken).start, (code[last] as SourceToken).end);
  }
  if (place.expects === 'attribute') return answer(`**${name}**: record attribute (every record has it)`);
  if (place.expects !== 'field' && place.expects !== 'expression') return null;
  for (const path of place.databases) {
    for (const e of findDatabases(schema, path)) {
      const field = findField(e.database, name);
      if (field) return answer(fieldDoc(field, e));
    }
  }
  // An action that reads no database reads the rows of its select (FETCH PSEUDORECORDS): their columns.
  if (place.databases.length > 0 || place.expects !== 'expression') return null;
  const found = resolveColumn(place.owners.map((o) => buildOwnerScope(o, schema)).reverse(), schema, null, name);
  return found.length === 1 ? answer(columnDoc(found[0] as SourceColumn, schema)) : null;
}

function startsForm(t: SourceToken, next: SourceToken | undefined): boolean {
  if (next?.type === 'LParen') return true;
  return (t.type === 'DATE' || t.type === 'TIME' || t.type === 'TIMESTAMP' || t.type === 'DATETIME') && next?.category === 'string';
}

function findQualified(scopes: readonly Scope[], qualifier: string): SourceInfo | null {
  for (const scope of scopes) {
    const found = scope.sources.find((s) => qualifies(s, qualifier));
    if (found) return found;
  }
  return null;
}

/** A column a source of a scope has: a schema field (with its database), a record attribute, or a subquery's result name. */
interface SourceColumn {
  readonly source: SourceInfo;
  readonly name: string;
  readonly field: SchemaField | null;
  readonly database: SchemaDatabase | null;
  readonly attribute: boolean;
}

/** The column a name denotes in a source (a field by name, then label, exact, then in any case; an attribute; a subquery's result name). */
function columnIn(source: SourceInfo, name: string, schema: Schema | null): SourceColumn | null {
  if (source.node.kind === 'select' || source.node.kind === 'select_source') {
    const select = source.node.kind === 'select' ? source.node : source.node.select;
    const names = selectColumnNames(select);
    // `SELECT *`: a column of its sources.
    if (names === null) {
      for (const s of flattenSources(select.from)) {
        const column = columnIn(sourceInfo(s, schema), name, schema);
        if (column) return column;
      }
      return null;
    }
    const match = names.find((n) => n === name) ?? names.find((n) => n.toLowerCase() === name.toLowerCase());
    return match === undefined ? null : { source, name: match, field: null, database: null, attribute: false };
  }
  for (const database of source.databases) {
    const field = findField(database, name);
    if (field) return { source, name: field.name, field, database, attribute: false };
  }
  if (source.databases.length > 0 && ATTRIBUTES.has(name.toLowerCase()))
    return { source, name: name.toLowerCase(), field: null, database: null, attribute: true };
  return null;
}

/** The sources' columns a (qualified) name denotes: the innermost scope that has it wins. */
function resolveColumn(scopes: readonly Scope[], schema: Schema | null, qualifier: string | null, name: string): SourceColumn[] {
  if (schema === null) return [];
  for (const scope of scopes) {
    const sources = scope.sources.filter((s) => qualifier === null || qualifies(s, qualifier));
    if (qualifier !== null && sources.length === 0) continue;
    const out: SourceColumn[] = [];
    for (const source of sources) {
      const column = columnIn(source, name, schema);
      if (column) out.push(column);
    }
    if (out.length > 0 || qualifier !== null) return out;
  }
  return [];
}

function columnDoc(column: SourceColumn, schema: Schema | null): string {
  if (column.attribute) return `**${column.name}**: record attribute (every record has it) · from ${sourceText(column.source)}`;
  const field = column.field;
  if (!field) return `**${column.name}**: column of ${sourceText(column.source)}`;
  return fieldDoc(field, column.database === null ? null : (entriesOf(schema, [column.database])[0] ?? null));
}

/** A field of a database: its type, nullability, key and label. */
function fieldDoc(field: SchemaField, db: DatabaseEntry | null): string {
  const facts = [`type \`${field.type}\``, field.nul ? 'nullable' : 'not null'];
  if (field.key) facts.push('key field');
  if (field.label !== field.name) facts.push(`label "${field.label}"`);
  const where = db ? `field of database \`${db.path}\`${db.database.label !== db.database.name ? ` (${db.database.label})` : ''}` : 'field';
  return `**${field.name}**: ${where}\n\n${facts.join(' · ')}`;
}

function sourceText(s: SourceInfo): string {
  switch (s.node.kind) {
    case 'select':
    case 'select_source':
      return 'a subquery';
    case 'table_system':
      return `system table \`${s.node.table}\``;
    case 'table_database':
      return `database table \`${s.node.table}\``;
    case 'table':
      return `table \`${s.node.table}\``;
    case 'spec_name':
      return `table \`${s.node.name}\``;
    default:
      return 'a database';
  }
}

function databaseDoc(databases: readonly DatabaseEntry[]): string {
  if (databases.length === 0) return '';
  return databases
    .map((e) => {
      const d = e.database;
      const fields = d.fields
        .slice(0, 12)
        .map((f) => `${f.name} ${f.type}${f.nul ? '?' : ''}`)
        .join(', ');
      const more = d.fields.length > 12 ? `, … (${d.fields.length} fields)` : '';
      const group = e.groups.length > 0 ? ` in ${e.groups.join('.')}` : '';
      return `\n\ndatabase \`${e.path}\`${d.label !== d.name ? ` "${d.label}"` : ''}${group}: ${fields}${more}`;
    })
    .join('');
}

/** A result column's text before its alias (from `start`, the column's first offset, to the token before the alias or its AS). */
function itemText(model: TextModel, start: number, aliasAt: number): string {
  const code = model.code;
  let last = aliasAt - 1;
  if (code[last]?.type === 'AS') last--;
  if (last < 0 || (code[last] as SourceToken).end <= start) return '';
  const text = model.text.slice(start, (code[last] as SourceToken).end).replace(/\s+/g, ' ');
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
