import type { Diagnostic } from '../diagnostic/diagnostic.js';
import type { JsonValue } from './value.js';

/**
 * The diagnostics of a document in document order, whatever order the readers found them in
 * (a problem found while building a parent is reported after its children's): stable, by the
 * offset of the span for text; for a JS value (no spans) by where the pointer's value comes in
 * the document (an ancestor before its children, siblings in the order written). A diagnostic
 * with neither, and the "too many problems" line, stay last.
 */
export function inDocumentOrder(diagnostics: readonly Diagnostic[], root: JsonValue | undefined): readonly Diagnostic[] {
  if (diagnostics.length < 2) return diagnostics;
  const text = diagnostics.some((d) => d.span !== undefined);
  const keys = diagnostics.map((d): readonly number[] | null => {
    if (d.code === 'input/too-many-problems') return null;
    if (text) return d.span === undefined ? null : [d.span.start];
    return d.pointer === undefined || root === undefined ? null : pathOf(root, d.pointer);
  });
  const order = diagnostics.map((_, i) => i);
  order.sort((a, b) => compare(keys[a] as readonly number[] | null, keys[b] as readonly number[] | null) || a - b);
  return order.map((i) => diagnostics[i] as Diagnostic);
}

/** Lexicographic; a prefix (an ancestor) first; null (no place) last. */
function compare(a: readonly number[] | null, b: readonly number[] | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

/** The member and item indices down to the value at `pointer` (as far as it exists). */
function pathOf(root: JsonValue, pointer: string): number[] {
  const path: number[] = [];
  if (pointer === '') return path;
  let v: JsonValue = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    let i = -1;
    let next: JsonValue | undefined;
    if (v.type === 'object') {
      i = v.members.findIndex((m) => m.rawKey === segment);
      next = v.members[i]?.value;
    } else if (v.type === 'array' && /^(0|[1-9][0-9]*)$/.test(segment)) {
      i = Number(segment);
      next = v.items[i];
    }
    if (next === undefined) break;
    path.push(i);
    v = next;
  }
  return path;
}
