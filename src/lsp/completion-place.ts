import { CompletionItemKind } from 'vscode-languageserver/node';
import { FUNCTIONS } from '../lint/functions.js';
import { ATTRIBUTES } from '../lint/scope.js';
import { allDatabases, findDatabases } from '../schema/lookup.js';
import { SORT, type CompletionContext, type Items } from './completion-items.js';
import { childDatabases, databases, fields } from './completion-schema.js';
import { EXPRESSION_KEYWORDS } from './keywords.js';
import type { Place } from './place.js';
import { writeName } from './source-names.js';
import { functionSignature, functionSnippet } from './signature.js';

/**
 * Completion at a place of a statement outside its selects (place.ts), by what the place
 * expects: databases (and the children of a path being written), the fields of the database
 * in scope, record attributes, or an expression over the records in scope (their fields, the
 * functions but the aggregates, the expression keywords). The same for every statement kind:
 * what a place expects comes from the kind table.
 */
export function completePlace(out: Items, place: Place, ctx: CompletionContext): void {
  if (place.quoted) {
    quotedNames(out, place, ctx);
    return;
  }
  switch (place.expects) {
    case 'database':
      if (place.before.endsWith('.')) childDatabases(out, ctx, place.before.slice(0, -1));
      else if (place.before === '') databases(out, ctx);
      return;
    case 'attribute':
      for (const a of ATTRIBUTES) out.add(a, a, CompletionItemKind.Field, 'record attribute', SORT.field);
      return;
    case 'field':
      if (place.before === '') schemaFields(out, place, ctx);
      return;
    case 'expression':
      if (place.before !== '') return;
      // The fields of the databases in scope; where the action reads no database, the columns of the rows it reads (FETCH PSEUDORECORDS' select).
      if (place.databases.length > 0) schemaFields(out, place, ctx);
      else fields(out, place.owners, ctx.schema);
      for (const k of EXPRESSION_KEYWORDS) out.keyword(k);
      for (const f of FUNCTIONS.values()) if (!f.aggregate) out.fn(f, functionSignature(f), functionSnippet(f, out.kw(f.name)));
      return;
    case 'select':
      return;
  }
}

/** Where a name is written as a string (`DROP FIELDS ['note', |`): the databases or the fields of the databases in scope, quoted. */
function quotedNames(out: Items, place: Place, ctx: CompletionContext): void {
  if (ctx.schema === null || place.before !== '') return;
  const quote = (name: string) => `'${name.replaceAll("'", "''")}'`;
  if (place.expects === 'database') {
    for (const e of allDatabases(ctx.schema))
      out.add(quote(e.database.name), quote(e.database.name), CompletionItemKind.Class, e.database.label, SORT.database);
    return;
  }
  for (const path of place.databases) {
    for (const entry of findDatabases(ctx.schema, path)) {
      for (const f of entry.database.fields)
        out.add(
          quote(f.name),
          quote(f.name),
          CompletionItemKind.Field,
          `${f.type}${f.nul ? ', nullable' : ''} · ${entry.path}`,
          SORT.field,
          f.key ? 'key field' : undefined,
        );
    }
  }
}

/** The fields of the databases in scope. */
function schemaFields(out: Items, place: Place, ctx: CompletionContext): void {
  if (ctx.schema === null) return;
  for (const path of place.databases) {
    for (const entry of findDatabases(ctx.schema, path)) {
      for (const f of entry.database.fields) {
        out.add(
          f.name,
          writeName(f.name),
          CompletionItemKind.Field,
          `${f.type}${f.nul ? ', nullable' : ''} · ${entry.path}`,
          SORT.field,
          f.key ? 'key field' : undefined,
        );
      }
    }
  }
}
