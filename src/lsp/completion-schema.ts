import { CompletionItemKind } from 'vscode-languageserver/node';
import { allDatabases } from '../schema/lookup.js';
import type { Schema } from '../schema/definitions.js';
import { SORT, type CompletionContext, type Items } from './completion-items.js';
import { frameSources, qualifies, writeName, writePath, type ResolvedSource } from './scope.js';
import { visibleFrames, type Clause, type Frame, type TextShape } from './structure.js';

/** The completion items from the schema (completion.ts): the fields of the sources in scope, and databases. */

/** The fields of the sources in scope: unqualified when one source has the name, qualified by alias where needed. */
export function fields(out: Items, shape: TextShape, frame: Frame, schema: Schema | null, _clause: Clause): void {
  const frames = visibleFrames(frame);
  frames.forEach((f, depth) => {
    const sources = frameSources(shape, f, schema);
    const count = new Map<string, number>();
    for (const s of sources) for (const c of s.columns ?? []) count.set(c.name.toLowerCase(), (count.get(c.name.toLowerCase()) ?? 0) + 1);
    for (const s of sources) {
      for (const c of s.columns ?? []) {
        // Outer selects' columns are qualified (they are reached from a subquery); inner ones only when ambiguous.
        const ambiguous = (count.get(c.name.toLowerCase()) ?? 0) > 1;
        const qualify = (depth > 0 || ambiguous) && s.qualifier !== null;
        const text = qualify ? `${writePath(s.qualifier as string)}.${writeName(c.name)}` : writeName(c.name);
        out.add(text, text, CompletionItemKind.Field, fieldDetail(s, c), c.attribute ? '1z' : SORT.field, fieldDoc(c));
      }
    }
  });
}

export function qualifiedFields(out: Items, shape: TextShape, frame: Frame, schema: Schema | null, qualifier: string): void {
  for (const f of visibleFrames(frame)) {
    const sources = frameSources(shape, f, schema).filter((s) => qualifies(s, qualifier));
    if (sources.length === 0) continue;
    for (const s of sources) for (const c of s.columns ?? []) out.add(c.name, writeName(c.name), CompletionItemKind.Field, fieldDetail(s, c), c.attribute ? '1z' : SORT.field, fieldDoc(c));
    return;
  }
}

function fieldDetail(s: ResolvedSource, c: { field: { type: string; nul: boolean } | null; database: { path: string } | null; attribute: boolean }): string {
  if (c.attribute) return 'record attribute';
  if (!c.field) return s.ref.kind === 'subquery' ? 'subquery column' : 'column';
  return `${c.field.type}${c.field.nul ? ', nullable' : ''} · ${c.database?.path ?? ''}`;
}

function fieldDoc(c: { field: { label: string; name: string; key: boolean } | null }): string | undefined {
  if (!c.field) return undefined;
  const parts = [];
  if (c.field.label !== c.field.name) parts.push(`label "${c.field.label}"`);
  if (c.field.key) parts.push('key field');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** The schema's databases, by the shortest path that names each one alone. */
export function databases(out: Items, ctx: CompletionContext): void {
  if (!ctx.schema) return;
  const entries = allDatabases(ctx.schema);
  const byPath = new Map<string, number>();
  for (const e of entries) byPath.set(e.path.toLowerCase(), (byPath.get(e.path.toLowerCase()) ?? 0) + 1);
  for (const e of entries) {
    const unique = byPath.get(e.path.toLowerCase()) === 1;
    const path = unique ? e.path : [...e.groups, e.path].join('.');
    const group = e.groups.length > 0 ? ` (${e.groups.join('.')})` : '';
    out.add(path, writePath(path), CompletionItemKind.Class, `${e.database.label}${group}`, SORT.database, `${e.database.fields.length} fields`);
  }
}

/** After `qualifier.` in FROM: what continues the path (child databases, the databases of a group). */
export function childDatabases(out: Items, ctx: CompletionContext, qualifier: string): void {
  if (!ctx.schema) return;
  const wanted = qualifier.toLowerCase().split('.');
  for (const e of allDatabases(ctx.schema)) {
    const full = [...e.groups, ...e.path.split('.')];
    // Every place in the full path where the qualifier's segments stand just before more segments.
    for (let at = 0; at + wanted.length < full.length; at++) {
      if (!wanted.every((w, k) => full[at + k]?.toLowerCase() === w)) continue;
      const rest = full.slice(at + wanted.length).join('.');
      out.add(rest, writePath(rest), CompletionItemKind.Class, e.database.label, SORT.database);
    }
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
