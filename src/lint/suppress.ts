import type { LintDiagnostic, SourceComment } from './rule-api.js';

/**
 * Suppression comments:
 *   -- dsq-disable-next-line rule-id[, rule-id]     the findings that start on the next line
 *   ... -- dsq-disable-line rule-id[, rule-id]      the findings that start on the comment's line
 *   /* dsq-disable rule-id *\/ ... /* dsq-enable *\/   the findings that start between the two
 * Without ids a directive applies to every rule. Either comment style works for each
 * directive; text after ` -- ` in a directive is a free-form reason. A comment starting with
 * another `dsq-` word is a directive dsq does not know (`dsq-disable-nextline`): it suppresses
 * nothing, and the suppression-comment rule says so.
 */

/** The directives, by the word after `dsq-`. */
export const DIRECTIVES = ['disable-next-line', 'disable-line', 'disable', 'enable'] as const;

export interface Directive {
  readonly kind: (typeof DIRECTIVES)[number];
  /** The rule ids named, or null for every rule. */
  readonly ids: ReadonlySet<string> | null;
  readonly comment: SourceComment;
}

const DIRECTIVE_RE = /^\s*dsq-(disable-next-line|disable-line|disable|enable)(?=\s|$)([\s\S]*)$/;
/** A comment that starts like a directive: `dsq-` and a word. */
const LIKE_DIRECTIVE_RE = /^\s*dsq-([A-Za-z][A-Za-z0-9_-]*)/;

/** A comment that looks like a directive but is none dsq knows: the word after `dsq-` as written. */
export interface UnknownDirective {
  readonly word: string;
  readonly comment: SourceComment;
}

/** The comments that start with a `dsq-` word dsq does not know. */
export function unknownDirectives(comments: readonly SourceComment[]): UnknownDirective[] {
  const out: UnknownDirective[] = [];
  for (const comment of comments) {
    const text = body(comment);
    if (DIRECTIVE_RE.test(text)) continue;
    const m = LIKE_DIRECTIVE_RE.exec(text);
    if (m) out.push({ word: `dsq-${m[1]}`, comment });
  }
  return out;
}

function body(comment: SourceComment): string {
  return comment.kind === 'line' ? comment.text.replace(/^--/, '') : comment.text.replace(/^\/\*/, '').replace(/\*\/$/, '');
}

export function readDirectives(comments: readonly SourceComment[]): Directive[] {
  const out: Directive[] = [];
  for (const comment of comments) {
    const m = DIRECTIVE_RE.exec(body(comment));
    if (!m) continue;
    const rest = (m[2] ?? '').split(/\s--\s/)[0] ?? '';
    const ids = rest.split(/[\s,]+/).filter((s) => s !== '');
    out.push({ kind: m[1] as Directive['kind'], ids: ids.length ? new Set(ids) : null, comment });
  }
  return out;
}

/** Drops the findings the directives suppress; also tells which directives suppressed something. */
export function applySuppressions(diagnostics: readonly LintDiagnostic[], directives: readonly Directive[]): { kept: LintDiagnostic[]; used: Set<Directive> } {
  const used = new Set<Directive>();
  if (directives.length === 0) return { kept: [...diagnostics], used };
  const nextLine = new Map<number, Directive[]>();
  for (const d of directives) {
    if (d.kind !== 'disable-next-line' && d.kind !== 'disable-line') continue;
    const line = d.kind === 'disable-line' ? d.comment.span.line : d.comment.span.endLine + 1;
    const list = nextLine.get(line);
    if (list) list.push(d);
    else nextLine.set(line, [d]);
  }
  const ranges = directives.filter((d) => d.kind === 'disable' || d.kind === 'enable').sort((a, b) => a.comment.span.start - b.comment.span.start);
  const order = diagnostics.map((_, i) => i).sort((a, b) => (diagnostics[a]?.span.start ?? 0) - (diagnostics[b]?.span.start ?? 0));
  const keep = new Array<boolean>(diagnostics.length).fill(true);
  // The range state: everything disabled (by which directive), ids disabled (by which), ids enabled again.
  let all: Directive | null = null;
  const ids = new Map<string, Directive>();
  const exceptions = new Set<string>();
  let next = 0;
  for (const i of order) {
    const d = diagnostics[i] as LintDiagnostic;
    while (next < ranges.length && (ranges[next] as Directive).comment.span.end <= d.span.start) {
      const r = ranges[next++] as Directive;
      if (r.kind === 'disable') {
        if (r.ids === null) {
          all = r;
          ids.clear();
          exceptions.clear();
        } else
          for (const id of r.ids) {
            ids.set(id, r);
            exceptions.delete(id);
          }
      } else if (r.ids === null) {
        all = null;
        ids.clear();
        exceptions.clear();
      } else
        for (const id of r.ids) {
          ids.delete(id);
          if (all) exceptions.add(id);
        }
    }
    const byLine = nextLine.get(d.span.line)?.find((x) => x.ids === null || x.ids.has(d.code));
    const byRange = ids.get(d.code) ?? (all && !exceptions.has(d.code) ? all : undefined);
    const by = byLine ?? byRange;
    if (by) {
      keep[i] = false;
      used.add(by);
    }
  }
  return { kept: diagnostics.filter((_, i) => keep[i]), used };
}
