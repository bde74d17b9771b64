import type { Statement } from '../ast/nodes.js';
import type { Diagnostic, Span } from '../diagnostic/index.js';
import type { Cardinality } from './prepare.js';
import type { ParsedDocument } from '../syntax/index.js';
import { PARAM_TYPES, paramTypeOf, type ParamType } from '../schema/param-types.js';

/**
 * Query-file annotations, in line comments before a statement (as sqlc and PgTyped write them):
 *
 *     -- name: TopCustomers
 *     -- @param since datetime
 *     SELECT ... WHERE created_at >= :since;
 *
 * `-- name: X` names the statement (`dsq gen` writes a function for each named one); `-- @param
 * NAME TYPE` states a parameter's type (see src/schema/param-types.ts) where it cannot be inferred, or overrides
 * the inferred one; `:one`, `:many` or `:exec` after the name (`-- name: X :one`, as sqlc
 * writes it) or on a line of its own (`-- :one`) says how many rows the answer holds. Other
 * comments are ordinary comments.
 */
export interface AnnotatedStatement {
  readonly node: Statement;
  readonly span: Span;
  readonly name: { readonly value: string; readonly span: Span } | null;
  readonly params: ReadonlyMap<string, { readonly type: ParamType; readonly span: Span }>;
  /** The other line comments before it (after `-- name:`), as written without `--`: its description. */
  readonly doc: readonly string[];
  /** `-- :one`, `-- :many` or `-- :exec` (after the name or on its own line); null when none is written. */
  readonly cardinality: Cardinality | null;
}

export interface Annotated {
  readonly statements: readonly AnnotatedStatement[];
  readonly diagnostics: readonly Diagnostic[];
}

const NAME_RE = /^--\s*name\s*:\s*(.*?)\s*(?:\s:([A-Za-z]+)\s*)?$/di;
const CARDINALITY_RE = /^--\s*:([A-Za-z]+)\s*$/di;
const CARDINALITIES: readonly string[] = ['one', 'many', 'exec'] satisfies readonly Cardinality[];
const PARAM_RE = /^--\s*@param\b\s*(.*?)\s*$/di;
const STATEMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The statement name a line comment gives (`-- name: TopCustomers :one` gives `TopCustomers`), or null when it names none validly. */
export function statementNameIn(comment: string): string | null {
  const value = NAME_RE.exec(comment)?.[1];
  return value !== undefined && STATEMENT_NAME.test(value) ? value : null;
}

/** Each statement of a parsed document with the annotations written before it (after the previous one). */
export function annotate(doc: ParsedDocument): Annotated {
  const diagnostics: Diagnostic[] = [];
  const line = doc.comments.filter((c) => c.kind === 'line');
  /** The span of a match group inside a comment (the whole comment when the group is empty). */
  const within = (c: { span: Span }, indices: readonly [number, number] | undefined): Span =>
    indices === undefined || indices[0] === indices[1] ? c.span : doc.lineIndex.span(c.span.start + indices[0], c.span.start + indices[1]);
  let next = 0;
  const statements = doc.statements.map((s): AnnotatedStatement => {
    let name: AnnotatedStatement['name'] = null;
    let cardinality: Cardinality | null = null;
    /** `:one`, `:many` or `:exec` at `span`; anything else is an error there. */
    const cardinalityAt = (word: string, span: Span) => {
      const value = word.toLowerCase();
      if (!CARDINALITIES.includes(value)) {
        diagnostics.push({
          code: 'gen/bad-annotation',
          severity: 'error',
          message: `unknown result annotation :${word}: expected :one (a row or none), :many (the rows) or :exec (no rows)`,
          span,
        });
      } else if (cardinality !== null && cardinality !== value) {
        diagnostics.push({ code: 'gen/bad-annotation', severity: 'error', message: `this statement is already :${cardinality}`, span });
      } else cardinality = value as Cardinality;
    };
    const params = new Map<string, { type: ParamType; span: Span }>();
    const doc: string[] = [];
    while (next < line.length && (line[next]?.span.start ?? 0) < s.span.end) {
      const c = line[next++];
      if (c === undefined) break;
      const n = NAME_RE.exec(c.text);
      if (n) {
        const value = n[1] ?? '';
        const span = within(c, n.indices?.[1]);
        if (!STATEMENT_NAME.test(value)) {
          diagnostics.push({
            code: 'gen/bad-name',
            severity: 'error',
            message: `a statement name is letters, digits and _ (starting with a letter or _), got ${JSON.stringify(value)}`,
            span,
          });
        } else if (name !== null) {
          diagnostics.push({ code: 'gen/bad-name', severity: 'error', message: `this statement is already named ${name.value}`, span });
        } else name = { value, span };
        if (n[2] !== undefined) cardinalityAt(n[2], within(c, n.indices?.[2]));
        continue;
      }
      const k = CARDINALITY_RE.exec(c.text);
      if (k) {
        cardinalityAt(k[1] as string, within(c, k.indices?.[1]));
        continue;
      }
      const p = PARAM_RE.exec(c.text);
      if (!p) {
        // A description: the comments after the name, before the statement starts.
        if (name !== null && c.span.start < s.span.start) doc.push(c.text.replace(/^--\s?/, '').trimEnd());
        continue;
      }
      const m = /^:?([A-Za-z_][A-Za-z0-9_]*)\s+([A-Za-z_]+)$/d.exec(p[1] ?? '');
      const type = m ? paramTypeOf(m[2] as string) : null;
      if (!m || type === null) {
        // (At the type word when it is one, else at what follows @param.)
        const at = p.indices?.[1];
        const word = m?.indices?.[2];
        diagnostics.push({
          code: 'gen/bad-annotation',
          severity: 'error',
          message: m
            ? `unknown parameter type ${m[2]}: expected one of ${PARAM_TYPES.join(', ')}`
            : 'expected -- @param NAME TYPE (such as -- @param since datetime)',
          span: at && word ? within(c, [at[0] + word[0], at[0] + word[1]]) : within(c, at),
        });
        continue;
      }
      params.set(m[1] as string, { type, span: c.span });
    }
    return { node: s.node, span: s.span, name, params, doc, cardinality };
  });
  return { statements, diagnostics };
}

/** The annotated types of a statement, by parameter name. */
export function annotatedTypes(s: AnnotatedStatement): Map<string, ParamType> {
  return new Map([...s.params].map(([k, v]) => [k, v.type]));
}
