import { CodeActionKind, type CodeAction, type Diagnostic, type Position, type TextEdit } from 'vscode-languageserver/node';
import { LineIndex } from '../diagnostic/index.js';
import { fixInKeywordCase } from '../lint/fix.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { fixText, type LintOptions } from '../lint/lint.js';
import type { LintDiagnostic } from '../lint/rule-api.js';
import { toLspDiagnostics } from './diagnostics.js';
import type { TextModel } from './text-model.js';

/** The kind of the "fix all" action: editors run it on save with `source.fixAll`. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.dsq`;

export interface ActionContext {
  readonly uri: string;
  readonly text: string;
  readonly model: TextModel;
  readonly lint: LintOptions;
  /** The findings of the current text. */
  readonly findings: readonly LintDiagnostic[];
  readonly positionAt: (offset: number) => Position;
  /** The configured keyword case: the keywords a fix writes follow it. */
  readonly keywordCase: 'upper' | 'lower' | 'preserve';
  /** The kinds the client asked for (all when absent). */
  readonly only?: readonly string[];
}

const wants = (only: readonly string[] | undefined, kind: string) => !only || only.some((o) => kind === o || kind.startsWith(`${o}.`));

/**
 * Code actions for the findings in `[start, end]`: each lint fix as a quick fix, each suggestion
 * (the "did you mean" of unknown-field and unknown-database) as a quick fix, suppression
 * comments (this line, the whole file), removing a comment that suppresses nothing, and "fix
 * all" (the same fixes `dsq lint --fix` applies, re-linted after each pass; no suggestions).
 */
export function codeActions(ctx: ActionContext, start: number, end: number): CodeAction[] {
  const out: CodeAction[] = [];
  const here = ctx.findings.filter((d) => d.span.start <= end && d.span.end >= start);
  const lsp = toLspDiagnostics(here, ctx.positionAt);
  const edit = (edits: TextEdit[]) => ({ changes: { [ctx.uri]: edits } });
  const textEdit = (s: number, e: number, text: string): TextEdit => ({ range: { start: ctx.positionAt(s), end: ctx.positionAt(e) }, newText: text });
  const lines = new Lines(ctx);

  if (wants(ctx.only, CodeActionKind.QuickFix)) {
    here.forEach((d, i) => {
      const diagnostic = lsp[i] as Diagnostic;
      if (d.fix && d.fix.edits.length > 0) {
        const fix = fixInKeywordCase(d.fix, ctx.text, ctx.keywordCase);
        out.push({
          title: `${d.fix.description} (${d.code})`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: true,
          edit: edit(fix.edits.map((e) => textEdit(e.start, e.end, e.text))),
        });
      }
      // "Did you mean" renames: offered one by one, never part of "fix all" (they are likely, not certain).
      const suggestions = d.suggestions ?? [];
      for (const s of suggestions) {
        out.push({
          title: `${s.description} (${d.code})`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          ...(suggestions.length === 1 && !d.fix ? { isPreferred: true } : {}),
          edit: edit(s.edits.map((e) => textEdit(e.start, e.end, e.text))),
        });
      }
      if (d.code === 'suppression-comment' && d.message.includes('suppresses nothing')) {
        const [s, e] = lineRemoval(ctx.text, d.span.start, d.span.end);
        out.push({ title: 'Remove this suppression comment', kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: edit([textEdit(s, e, '')]) });
        return;
      }
      if (d.code === 'syntax-error' || d.code === 'suppression-comment') return;
      const line = lines.suppression(d);
      if (line)
        out.push({
          title: `Disable ${d.code} for this line`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          edit: edit([textEdit(line.at, line.at, line.text)]),
        });
      out.push({
        title: `Disable ${d.code} for the entire file`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        edit: edit([textEdit(0, 0, `/* dsq-disable ${d.code} */\n`)]),
      });
    });
  }
  const fixable = ctx.findings.some((d) => d.fix);
  const fixAllQuick = wants(ctx.only, CodeActionKind.QuickFix) && here.some((d) => d.fix) && ctx.findings.filter((d) => d.fix).length > 1;
  if (fixable && (wants(ctx.only, FIX_ALL_KIND) || fixAllQuick)) {
    const fixed = fixText(ctx.text, { ...ctx.lint, keywordCase: ctx.keywordCase }).text;
    if (fixed !== ctx.text) {
      const all = textEdit(0, ctx.text.length, fixed);
      if (wants(ctx.only, FIX_ALL_KIND)) out.push({ title: 'Fix all dsq problems', kind: FIX_ALL_KIND, edit: edit([all]) });
      if (fixAllQuick) out.push({ title: 'Fix all auto-fixable dsq problems in the file', kind: CodeActionKind.QuickFix, edit: edit([all]) });
    }
  }
  return out;
}

/**
/**
 * The lines of the text, for the actions of one request: where each line starts (a line index,
 * built once) and what a suppression comment above it would be (worked out once per line), so a
 * line with 16,000 findings is not walked 16,000 times.
 */
class Lines {
  private readonly index: LineIndex;
  private readonly newline: string;
  private readonly above = new Map<number, { at: number; text: string | null } | null>();

  constructor(private readonly ctx: ActionContext) {
    this.index = new LineIndex(ctx.text);
    this.newline = ctx.text.includes('\r\n') ? '\r\n' : '\n';
  }

  /**
   * `-- dsq-disable-next-line rule` above the finding's line, indented like it, or the rule added
   * to a directive already there. Null when the line starts inside a string, a quoted name or a
   * block comment (a comment there would change the text's meaning), or the directive above
   * already disables every rule.
   */
  suppression(d: LintDiagnostic): { at: number; text: string } | null {
    const { line, column } = this.index.position(d.span.start);
    const lineStart = d.span.start - (column - 1);
    let found = this.above.get(line);
    if (found === undefined) {
      found = this.lineSuppression(line, lineStart);
      this.above.set(line, found);
    }
    if (found === null) return null;
    return found.text === null ? { at: found.at, text: `, ${d.code}` } : { at: found.at, text: `${found.text}${d.code}${this.newline}` };
  }

  /** For a line: where a rule id goes in the directive above it (text null), or where a new directive goes and its text before the rule id. */
  private lineSuppression(line: number, lineStart: number): { at: number; text: string | null } | null {
    const text = this.ctx.text;
    if (insideToken(this.ctx.model.all, lineStart)) return null;
    // A directive on the line above: add the rule to it.
    if (line > 1) {
      const prev = this.index.lineText(line - 1);
      const m = /^(\s*--\s*dsq-disable-next-line)(\s+[^\n]*?)?(\s+--\s.*)?$/.exec(prev);
      if (m) {
        const ids = (m[2] ?? '').trim();
        if (ids === '') return null; // it already disables every rule
        const prevStart = lineStart - 1 - this.index.position(lineStart - 1).column + 1;
        return { at: prevStart + (m[1] as string).length + (m[2] as string).length, text: null };
      }
    }
    let indentEnd = lineStart;
    while (text.charCodeAt(indentEnd) === 32 || text.charCodeAt(indentEnd) === 9) indentEnd++;
    return { at: lineStart, text: `${text.slice(lineStart, indentEnd)}-- dsq-disable-next-line ` };
  }
}

/** Whether an offset lies strictly inside a token (a multi-line string, quoted name or comment): a binary search of the tokens, in text order. */
export function insideToken(tokens: readonly SourceToken[], offset: number): boolean {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = tokens[mid] as SourceToken;
    if (t.end <= offset) lo = mid + 1;
    else if (t.start >= offset) hi = mid - 1;
    else return true;
  }
  return false;
}

/**
 * The range that removes a comment: its whole line when nothing else is on it. Only the blanks
 * around the comment are read, so many comments on one line cost each the space beside it.
 */
function lineRemoval(text: string, start: number, end: number): [number, number] {
  // Blank: what trim() removes, but for the line breaks.
  const blank = (i: number) => i >= 0 && i < text.length && /[^\S\r\n]/.test(text[i] as string);
  let lineStart = start;
  while (blank(lineStart - 1)) lineStart--;
  let lineEnd = end;
  while (blank(lineEnd)) lineEnd++;
  const breakBefore = lineStart === 0 || text.charCodeAt(lineStart - 1) === 10 || text.charCodeAt(lineStart - 1) === 13;
  const breakAfter = lineEnd === text.length || text.charCodeAt(lineEnd) === 10 || text.charCodeAt(lineEnd) === 13;
  if (!breakBefore || !breakAfter) return [start, end];
  if (text.charCodeAt(lineEnd) === 13) lineEnd++;
  if (text.charCodeAt(lineEnd) === 10) lineEnd++;
  return [lineStart, lineEnd];
}
