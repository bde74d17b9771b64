import type { ColumnRef, Node } from '../ast/nodes.js';
import { suggest } from '../diagnostic/suggest.js';
import { findDatabases, type Schema } from '../schema/index.js';
import { tokenize, type SourceToken } from '../syntax/index.js';
import type { Fix, RuleContext } from './rule-api.js';
import { nameText } from './source-scan.js';

/**
 * The "did you mean" of unknown-field and unknown-database as quick fixes (LintDiagnostic
 * `suggestions`): one per name the message suggests, each replacing the misspelt name where it
 * is written. A suggestion is likely, not certain (`custmer` may be meant as `customer` or as a
 * field the schema lacks), so `dsq lint --fix` and the editor's "fix all" never apply one; the
 * editor offers each as a quick fix.
 */

/** Offsets in the linted text. */
interface Range {
  readonly start: number;
  readonly end: number;
}

/** A path as written: its name segments (`sales`, `"odd name"`) with their offsets, in order. */
interface WrittenPath {
  readonly segments: readonly (Range & { readonly token: SourceToken })[];
  /** The separator before each segment after the first (`.`, `@`, `:`). */
  readonly separators: readonly string[];
}

const SEPARATORS: Readonly<Record<string, string>> = { Dot: '.', At: '@', Colon: ':' };
const isName = (t: SourceToken) => t.category === 'name' || t.category === 'quoted-name' || t.category === 'contextual' || t.category === 'keyword';

/** Where a node stands in the text, only when it has its own span (not an ancestor's). */
function ownRange(context: RuleContext, node: Node): Range | null {
  if (context.sourceOf(node) === null) return null;
  const span = context.spanOf(node);
  return span === null ? null : { start: span.start, end: span.end };
}

/** The path that starts the text `[start, end)`: names joined by `.`, `@` or `:` (`COLUMN(...)` looked into). */
function writtenPath(text: string, at: Range): WrittenPath | null {
  let tokens = tokenize(text.slice(at.start, at.end)).filter((t) => t.category !== 'comment');
  if (tokens[0]?.type === 'COLUMN' && tokens[1]?.type === 'LParen') tokens = tokens.slice(2);
  const first = tokens[0];
  if (first === undefined || !isName(first)) return null;
  const segments = [{ start: at.start + first.start, end: at.start + first.end, token: first }];
  const separators: string[] = [];
  for (let i = 1; i + 1 < tokens.length; i += 2) {
    const sep = SEPARATORS[(tokens[i] as SourceToken).type];
    const name = tokens[i + 1] as SourceToken;
    if (sep === undefined || !isName(name)) break;
    separators.push(sep);
    segments.push({ start: at.start + name.start, end: at.start + name.end, token: name });
  }
  return { segments, separators };
}

function replaceWith(written: string, replacement: string, range: Range): Fix {
  return { description: `change ${written} to ${replacement}`, edits: [{ start: range.start, end: range.end, text: replacement }] };
}

/** Each suggested name for `name` written at `range` (a field name a data action writes, a column's name segment). */
export function nameSuggestions(name: string, candidates: Iterable<string>, range: Range | null): Fix[] {
  if (range === null) return [];
  return suggest(name, candidates).map((c) => replaceWith(name, nameText(c), range));
}

/** The suggestions for the field name of a column (`custmer`, `o.amout`, `reciept:size`): its name segment replaced. */
export function columnFieldSuggestions(context: RuleContext, node: ColumnRef, name: string, candidates: Iterable<string>): Fix[] {
  const at = ownRange(context, node);
  const path = at === null ? null : writtenPath(context.text, at);
  if (path === null) return [];
  // The name is the segment after the last `.` (before a blob attribute's `:`).
  const lastDot = path.separators.lastIndexOf('.');
  const segment = path.segments[lastDot + 1];
  return segment === undefined ? [] : nameSuggestions(name, candidates, segment);
}

/**
 * The suggestions for a database path written at `range` (`shop.ordrs`, a specifier's
 * `'ordrs'`, a column's qualifier): each suggested database name either replaces the last
 * segment (when the path with it names a database: `shop.orders`) or the whole path (`orders`).
 * `qualifiers` are the source names and aliases also suggested (a column's qualifier): one of
 * them replaces the whole qualifier.
 */
export function databaseSuggestions(
  context: RuleContext,
  schema: Schema,
  path: string,
  range: Range | null,
  candidates: readonly string[],
  qualifiers: readonly string[] = [],
): Fix[] {
  if (range === null) return [];
  const lastDot = path.lastIndexOf('.');
  const last = path.slice(lastDot + 1);
  const prefix = lastDot < 0 ? null : path.slice(0, lastDot);
  const source = context.text.slice(range.start, range.end);
  const wholePath = (segments: readonly string[]) => segments.map(nameText).join('.');
  // A specifier's name as a string ('my db'): a string again.
  if (source.startsWith("'")) {
    return suggest(last, candidates).map((c) => {
      const better = prefix !== null && findDatabases(schema, `${prefix}.${c}`).length > 0 ? `${prefix}.${c}` : c;
      return replaceWith(source, `'${better.replace(/'/g, "''")}'`, range);
    });
  }
  const written = writtenPath(context.text, range);
  if (written === null) return [];
  // The database path ends before `@table`.
  const cut = written.separators.findIndex((s) => s !== '.');
  const segments = cut < 0 ? written.segments : written.segments.slice(0, cut + 1);
  const whole = { start: (segments[0] as Range).start, end: (segments[segments.length - 1] as Range).end };
  const wholeText = context.text.slice(whole.start, whole.end);
  const sources = new Set(qualifiers);
  return suggest(last, candidates).map((c) => {
    if (sources.has(c)) return replaceWith(wholeText, wholePath(c.split('.')), whole);
    if (prefix !== null && findDatabases(schema, `${prefix}.${c}`).length > 0) {
      const segment = segments[segments.length - 1] as Range;
      return replaceWith(last, nameText(c), segment);
    }
    return replaceWith(wholeText, nameText(c), whole);
  });
}

/** The range of a node's own span, for the suggestion helpers. */
export { ownRange };

/** The range of a column's qualifier (`sales.ordrs` of `sales.ordrs.amount`), or null. */
export function qualifierRange(context: RuleContext, node: ColumnRef): Range | null {
  const at = ownRange(context, node);
  const path = at === null ? null : writtenPath(context.text, at);
  if (path === null) return null;
  const lastDot = path.separators.lastIndexOf('.');
  if (lastDot < 0) return null;
  return { start: (path.segments[0] as Range).start, end: (path.segments[lastDot] as Range).end };
}
