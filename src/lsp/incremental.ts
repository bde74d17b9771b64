import { lint, type LintOptions, type LintResult } from '../lint/lint.js';
import { lintResultOf } from '../lint/lint-with.js';
import { LineIndex } from '../diagnostic/span.js';
import type { Fix, LintDiagnostic } from '../lint/rule-api.js';

/**
 * Linting a changing document statement by statement: each statement's findings are kept by
 * its text, so after an edit only the statements that changed are linted again. On a 5,000-line
 * file that turns a whole-file lint (parse and rules, about 100 ms) into a few milliseconds.
 *
 * The result is the whole-file `lint` result: the linter walks statements one at a time, and
 * the only thing that reaches across statements is a suppression comment. So a document with a
 * range directive (`dsq-disable` ... `dsq-enable`), or with a `dsq-disable-next-line` whose next
 * line reaches into another statement, is linted whole. test/lsp/incremental.test.ts checks
 * the two agree on random edits.
 */
export class IncrementalLinter {
  private cache = new Map<string, Found>();
  private options: LintOptions | null = null;
  /** How many statements the last call linted (the others came from the cache); -1 for a whole-file lint. */
  linted = 0;

  lint(text: string, options: LintOptions): LintResult {
    if (options !== this.options) {
      this.cache.clear();
      this.options = options;
    }
    const chunks = splitStatements(text);
    if (chunks === null || crossesStatements(text, chunks)) {
      this.linted = -1;
      this.cache.clear();
      return lint(text, options);
    }
    this.linted = 0;
    const next = new Map<string, Found>();
    const lines = new LineIndex(text);
    const diagnostics: LintDiagnostic[] = [];
    let syntaxErrors = false;
    for (const [start, end] of chunks) {
      const chunk = text.slice(start, end);
      let found = next.get(chunk) ?? this.cache.get(chunk);
      if (found === undefined) {
        const result = lint(chunk, options);
        this.linted++;
        found = { diagnostics: result.diagnostics, syntaxErrors: result.syntaxErrors };
      }
      next.set(chunk, found);
      if (found.syntaxErrors) syntaxErrors = true;
      for (const d of found.diagnostics) diagnostics.push(start === 0 ? d : shift(d, start, lines, chunk));
    }
    this.cache = next;
    return lintResultOf(diagnostics, syntaxErrors);
  }
}

interface Found {
  readonly diagnostics: readonly LintDiagnostic[];
  readonly syntaxErrors: boolean;
}

/** A finding of a statement linted alone, placed where the statement stands in the document. */
function shift(d: LintDiagnostic, base: number, lines: LineIndex, chunk: string): LintDiagnostic {
  const span = lines.span(d.span.start + base, d.span.end + base);
  let message = d.message;
  // The one message that names a position (duplicate-alias: "already used ... (line L:C)").
  if (message.includes('(line ')) {
    const chunkLines = new LineIndex(chunk);
    message = message.replace(/\(line (\d+):(\d+)\)/g, (whole, l: string, c: string) => {
      const line = Number(l);
      const column = Number(c);
      if (line < 1 || line > chunkLines.lineCount) return whole;
      // Offset of that position in the chunk, then in the document.
      const lineStart = chunk.length === 0 ? 0 : offsetOfLine(chunk, line);
      const at = lines.position(base + lineStart + column - 1);
      return `(line ${at.line}:${at.column})`;
    });
  }
  const moved = (fix: Fix): Fix => ({ ...fix, edits: fix.edits.map((e) => ({ ...e, start: e.start + base, end: e.end + base })) });
  return {
    ...d,
    message,
    span,
    ...(d.fix ? { fix: moved(d.fix) } : {}),
    ...(d.suggestions ? { suggestions: d.suggestions.map(moved) } : {}),
  };
}

function offsetOfLine(text: string, line: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const n = text.indexOf('\n', offset);
    const r = text.indexOf('\r', offset);
    const next = n < 0 ? r : r < 0 ? n : Math.min(n, r);
    if (next < 0) return text.length;
    offset = next + (text.charCodeAt(next) === 13 && text.charCodeAt(next + 1) === 10 ? 2 : 1);
  }
  return offset;
}

/**
 * The statements of a text as `[start, end)` ranges: split after each `;` that is a token (not
 * in a string, quoted name or comment), as the lexer reads the text. Each range starts right
 * after the previous `;` and ends after its own. Null when the text has an unterminated string,
 * name or comment (it runs to the end: one statement, nothing to gain).
 */
export function splitStatements(text: string): [number, number][] | null {
  const out: [number, number][] = [];
  let start = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 39 || c === 34) {
      // '...' or "...", a doubled quote inside.
      let j = i + 1;
      for (;;) {
        const k = text.indexOf(c === 39 ? "'" : '"', j);
        if (k < 0) return null;
        if (text.charCodeAt(k + 1) === c) j = k + 2;
        else {
          i = k + 1;
          break;
        }
      }
    } else if (c === 45 && text.charCodeAt(i + 1) === 45) {
      while (i < n && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const k = text.indexOf('*/', i + 2);
      if (k < 0) return null;
      i = k + 2;
    } else if (c === 59) {
      out.push([start, i + 1]);
      start = i + 1;
      i++;
    } else i++;
  }
  if (start < n || out.length === 0) out.push([start, n]);
  return out;
}

const DIRECTIVE = /dsq-(disable-next-line|disable|enable)/g;

/** Whether a suppression comment may reach from one statement into another. */
function crossesStatements(text: string, chunks: readonly [number, number][]): boolean {
  if (!text.includes('dsq-')) return false;
  DIRECTIVE.lastIndex = 0;
  let k = 0;
  for (let m = DIRECTIVE.exec(text); m !== null; m = DIRECTIVE.exec(text)) {
    if (m[1] !== 'disable-next-line') return true;
    while (k < chunks.length - 1 && (chunks[k] as [number, number])[1] <= m.index) k++;
    // The directive's chunk must hold the whole next line.
    let lineEnd = m.index;
    let breaks = 0;
    while (lineEnd < text.length && breaks < 2) {
      const c = text.charCodeAt(lineEnd);
      if (c === 10 || c === 13) {
        breaks++;
        if (c === 13 && text.charCodeAt(lineEnd + 1) === 10) lineEnd++;
      }
      lineEnd++;
    }
    if (lineEnd > (chunks[k] as [number, number])[1] && k < chunks.length - 1) return true;
  }
  return false;
}
