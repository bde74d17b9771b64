import { withArticle } from '../diagnostic/article.js';
import { DsqError, type Diagnostic } from '../diagnostic/index.js';
import { escapePointerSegment } from '../diagnostic/pointer.js';
import type { Span } from '../diagnostic/span.js';

/**
 * The trees of broken statements. The parser makes a stand-in node for each part a broken
 * statement lacks (src/syntax/parser-state.ts `placeholder`: a recovered tree's missing
 * expression, name, value...), each with where the part was expected, and src/syntax/parse.ts
 * marks the root of each statement it recovered from a syntax error as incomplete, with its
 * first error (a missing word or string has no node of its own: the tree holds a stand-in value
 * such as `"?"` or `0`). Such trees are nodes like any other to the tools that read recovered
 * trees (the linter, the language server), but no statement may be written from them: the
 * validator (validate.ts), which every entry point for a tree dsq did not check goes through
 * (the JSON writer, the printer, the builder's `fromAst` and every builder that takes a node),
 * refuses a tree that holds one, naming where, instead of writing a made-up value (`null`,
 * `"?"`, `0`). Not exported from the package.
 */
const PLACEHOLDERS = new WeakMap<object, Span | null>();
const INCOMPLETE = new WeakMap<object, Diagnostic | null>();

/** Registers a node as a stand-in for a missing part; `at`: where the part was expected in the text. */
export function markPlaceholder<N extends object>(node: N, at: Span | null): N {
  PLACEHOLDERS.set(node, at);
  return node;
}

/** Registers the root of a statement recovered from a syntax error (`error`: its first). */
export function markIncomplete<N extends object>(root: N, error: Diagnostic | null): N {
  INCOMPLETE.set(root, error);
  return root;
}

/** True for a node the parser made as a stand-in for a part the input lacks (a recovered statement's). */
export function isPlaceholder(node: object): boolean {
  return PLACEHOLDERS.has(node);
}

/** True for a placeholder or the root of a statement recovered from a syntax error: what no tree written may hold. */
export function isBroken(node: object): boolean {
  return PLACEHOLDERS.has(node) || INCOMPLETE.has(node);
}

/** The refusal of a tree holding a broken node (`isBroken`) at `pointer` (its field path from the root). */
export function brokenError(node: object, pointer: string): DsqError {
  const hint = 'fix the syntax error in the text and parse it again; only a statement that parsed without errors can be written or built';
  if (!PLACEHOLDERS.has(node)) {
    const error = INCOMPLETE.get(node) ?? null;
    return new DsqError([
      {
        code: 'ast/syntax-error',
        severity: 'error',
        message: `the tree is of a statement with a syntax error${error === null ? '' : ` (${error.message})`}: parts of it are missing, so it has no value to write`,
        pointer,
        ...(error?.span === undefined ? {} : { span: error.span }),
        hint,
      },
    ]);
  }
  const span = PLACEHOLDERS.get(node) ?? null;
  const kind = (node as { kind?: unknown }).kind;
  const what = typeof kind === 'string' ? `${withArticle(`"${kind}"`)} node` : 'a node';
  return new DsqError([
    {
      code: 'ast/syntax-error',
      severity: 'error',
      message: `the tree is of a statement with a syntax error: ${what} here stands in for a part the text lacks, so it has no value to write`,
      pointer,
      ...(span === null ? {} : { span }),
      hint,
    },
  ]);
}

/**
 * The first placeholder in a value (a tree as given, any shape), with its field path; else the
 * first incomplete root; null when there is neither. Iterative, and safe on cycles and on values
 * that are not trees.
 */
export function findBroken(root: unknown): { readonly node: object; readonly pointer: string } | null {
  const seen = new Set<object>();
  const stack: { readonly value: unknown; readonly pointer: string }[] = [{ value: root, pointer: '' }];
  let incomplete: { readonly node: object; readonly pointer: string } | null = null;
  while (stack.length > 0) {
    const { value, pointer } = stack.pop() as { value: unknown; pointer: string };
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (PLACEHOLDERS.has(value)) return { node: value, pointer };
    if (incomplete === null && INCOMPLETE.has(value)) incomplete = { node: value, pointer };
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      stack.push({ value: (value as Record<string, unknown>)[key], pointer: `${pointer}/${escapePointerSegment(key)}` });
    }
  }
  return incomplete;
}
