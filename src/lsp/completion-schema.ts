import { CompletionItemKind } from 'vscode-languageserver/node';
import { allDatabases } from '../schema/lookup.js';
import type { Schema, SchemaDatabase, SchemaGroup } from '../schema/definitions.js';
import { SORT, type CompletionContext, type Items } from './completion-items.js';
import { ATTRIBUTES, buildOwnerScope, flattenSources, selectColumnNames, sourceInfo, type Scope, type ScopeOwner, type SourceInfo } from '../lint/scope.js';
import { entriesOf, qualifies, writeName, writePath } from './source-names.js';

/** The completion items from the schema (completion.ts): the fields of the sources in scope, and databases. */

/** A column a source of a scope offers: a schema field, a record attribute, or a subquery's result name. */
interface Offered {
  readonly name: string;
  readonly detail: string;
  readonly documentation: string | undefined;
  readonly attribute: boolean;
}

function pathOf(schema: Schema, database: SchemaDatabase): string {
  return entriesOf(schema, [database])[0]?.path ?? database.name;
}

/** The columns a source of lint's scope offers (src/lint/scope.ts SourceInfo), in the schema's order, with what completion shows of each. */
function offered(source: SourceInfo, schema: Schema | null): Offered[] {
  if (source.node.kind === 'select' || source.node.kind === 'select_source') {
    const select = source.node.kind === 'select' ? source.node : source.node.select;
    const names = selectColumnNames(select);
    // `SELECT *`: the columns of its sources.
    if (names === null) return flattenSources(select.from).flatMap((s) => offered(sourceInfo(s, schema), schema));
    return names.map((name) => ({ name, detail: 'subquery column', documentation: undefined, attribute: false }));
  }
  if (source.databases.length === 0 || schema === null) return [];
  const out: Offered[] = [];
  const seen = new Set<string>();
  for (const database of source.databases) {
    for (const f of database.fields) {
      if (seen.has(f.name)) continue;
      seen.add(f.name);
      const doc = [...(f.label !== f.name ? [`label "${f.label}"`] : []), ...(f.key ? ['key field'] : [])];
      out.push({
        name: f.name,
        detail: `${f.type}${f.nul ? ', nullable' : ''} · ${pathOf(schema, database)}`,
        documentation: doc.length > 0 ? doc.join(', ') : undefined,
        attribute: false,
      });
    }
  }
  for (const a of ATTRIBUTES) if (!seen.has(a)) out.push({ name: a, detail: 'record attribute', documentation: undefined, attribute: true });
  return out;
}

/** The scopes a place sees, the innermost first (lint's, src/lint/scope.ts). */
function scopesOf(owners: readonly ScopeOwner[], schema: Schema | null): Scope[] {
  return owners.map((owner) => buildOwnerScope(owner, schema)).reverse();
}

/** The fields of the sources in scope: unqualified when one source has the name, qualified by alias where needed. */
export function fields(out: Items, owners: readonly ScopeOwner[], schema: Schema | null): void {
  scopesOf(owners, schema).forEach((scope, depth) => {
    const sources = scope.sources.map((s) => ({ source: s, columns: offered(s, schema) }));
    const count = new Map<string, number>();
    for (const s of sources) for (const c of s.columns) count.set(c.name.toLowerCase(), (count.get(c.name.toLowerCase()) ?? 0) + 1);
    for (const { source, columns } of sources) {
      const qualifier = source.qualifiers[0] ?? null;
      for (const c of columns) {
        // Outer scopes' columns are qualified (they are reached from a subquery); inner ones only when ambiguous.
        const ambiguous = (count.get(c.name.toLowerCase()) ?? 0) > 1;
        const qualify = (depth > 0 || ambiguous) && qualifier !== null;
        const text = qualify ? `${writePath(qualifier)}.${writeName(c.name)}` : writeName(c.name);
        out.add(text, text, CompletionItemKind.Field, c.detail, c.attribute ? '1z' : SORT.field, c.documentation);
      }
    }
  });
}

/** After `qualifier.`: the fields of the source the qualifier names, in the innermost scope that has one. */
export function qualifiedFields(out: Items, owners: readonly ScopeOwner[], schema: Schema | null, qualifier: string): void {
  for (const scope of scopesOf(owners, schema)) {
    const sources = scope.sources.filter((s) => qualifies(s, qualifier));
    if (sources.length === 0) continue;
    for (const s of sources)
      for (const c of offered(s, schema))
        out.add(c.name, writeName(c.name), CompletionItemKind.Field, c.detail, c.attribute ? '1z' : SORT.field, c.documentation);
    return;
  }
}

/**
 * How many names a database path in a completion list may have: deeper databases are offered
 * after their ancestor's path and a dot (`childDatabases`), so a schema nested thousands deep
 * lists a screenful, not paths of thousands of names.
 */
export const MAX_COMPLETION_SEGMENTS = 8;

/** The schema's databases by their path (with its groups where the path names more than one), down to `MAX_COMPLETION_SEGMENTS` deep. */
export function databases(out: Items, ctx: CompletionContext): void {
  if (!ctx.schema) return;
  const depth = new Map<SchemaDatabase, number>();
  const entries = allDatabases(ctx.schema).filter((e) => {
    const d = e.parent ? (depth.get(e.parent) ?? 0) + 1 : 1;
    depth.set(e.database, d);
    return d <= MAX_COMPLETION_SEGMENTS;
  });
  const byPath = new Map<string, number>();
  for (const e of entries) byPath.set(e.path.toLowerCase(), (byPath.get(e.path.toLowerCase()) ?? 0) + 1);
  for (const e of entries) {
    const unique = byPath.get(e.path.toLowerCase()) === 1;
    const path = unique ? e.path : [...e.groups, e.path].join('.');
    const group = e.groups.length > 0 ? ` (${e.groups.join('.')})` : '';
    out.add(path, writePath(path), CompletionItemKind.Class, `${e.database.label}${group}`, SORT.database, `${e.database.fields.length} fields`);
  }
}

/**
 * A group or a database while the schema is walked: the last names of its full path (groups,
 * then databases; as many as the qualifier or a completion may have), how many names the path
 * has, and where in it (by count of names) the qualifier ends, within reach.
 */
type Place = {
  readonly group?: SchemaGroup;
  readonly database?: SchemaDatabase;
  readonly names: readonly string[];
  readonly depth: number;
  readonly anchors: readonly number[];
};

/**
 * After `qualifier.` in FROM: what continues the path (child databases, the databases of a
 * group), wherever the qualifier's names stand in a database's full path (any case), at most
 * `MAX_COMPLETION_SEGMENTS` names further. The schema is walked without recursion, each place
 * with only the last names of its path, so the cost grows with the schema, not with the square
 * of its nesting.
 */
export function childDatabases(out: Items, ctx: CompletionContext, qualifier: string): void {
  if (!ctx.schema) return;
  const wanted = qualifier.toLowerCase().split('.');
  const keep = Math.max(wanted.length, MAX_COMPLETION_SEGMENTS);
  const enter = (from: Place, name: string, at: Pick<Place, 'group' | 'database'>): Place => {
    // The unnamed group of a bare list of databases adds no name to the path.
    if (at.group && name === '') return { ...at, names: from.names, depth: from.depth, anchors: from.anchors };
    const names = [...from.names, name].slice(-keep);
    const depth = from.depth + 1;
    const ends = depth >= wanted.length && wanted.every((w, i) => (names[names.length - wanted.length + i] as string).toLowerCase() === w);
    const anchors = from.anchors.filter((a) => depth - a <= MAX_COMPLETION_SEGMENTS);
    return { ...at, names, depth, anchors: ends ? [...anchors, depth] : anchors };
  };
  const root: Place = { names: [], depth: 0, anchors: [] };
  const stack: Place[] = [...ctx.schema.groups].reverse().map((group) => enter(root, group.name, { group }));
  while (stack.length > 0) {
    const place = stack.pop() as Place;
    if (place.database) {
      for (const a of place.anchors) {
        if (a === place.depth) continue;
        const rest = place.names.slice(a - place.depth).join('.');
        out.add(rest, writePath(rest), CompletionItemKind.Class, place.database.label, SORT.database);
      }
      for (let i = place.database.databases.length - 1; i >= 0; i--) {
        const d = place.database.databases[i] as SchemaDatabase;
        stack.push(enter(place, d.name, { database: d }));
      }
      continue;
    }
    // A group's databases come before its groups (the order of allDatabases).
    const group = place.group as SchemaGroup;
    for (let i = group.groups.length - 1; i >= 0; i--)
      stack.push(enter(place, (group.groups[i] as SchemaGroup).name, { group: group.groups[i] as SchemaGroup }));
    for (let i = group.databases.length - 1; i >= 0; i--)
      stack.push(enter(place, (group.databases[i] as SchemaDatabase).name, { database: group.databases[i] as SchemaDatabase }));
  }
}

/** In a specifier: database names as strings, ALL, WHERE. */
export function databaseSpecifiers(out: Items, ctx: CompletionContext): void {
  if (ctx.schema) {
    for (const e of allDatabases(ctx.schema)) {
      const text = `'${e.database.name.replaceAll("'", "''")}'`;
      out.add(text, text, CompletionItemKind.Class, e.database.label, SORT.database);
    }
  }
  out.keyword('ALL');
  out.keyword('WHERE');
}
