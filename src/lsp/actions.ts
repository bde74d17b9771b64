import { CodeActionKind, type CodeAction, type Diagnostic, type Position, type TextEdit } from 'vscode-languageserver/node';
import { fixInKeywordCase } from '../lint/fix.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { fixText, type LintOptions } from '../lint/lint.js';
import type { LintDiagnostic } from '../lint/rule-api.js';
import { toLspDiagnostics } from './diagnostics.js';
import type { TextShape } from './structure.js';

/** The kind of the "fix all" action: editors run it on save with `source.fixAll`. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.dsq`;

export interface ActionContext {
  readonly uri: string;
  readonly text: string;
  readonly shape: TextShape;
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
 * Code actions for the findings in `[start, end]`: each lint fix as a quick fix, suppression
 * comments (this line, the whole file), removing a comment that suppresses nothing, and "fix
 * all" (the same fixes `dsq lint --fix` applies, re-linted after each pass).
 */
export function codeActions(ctx: ActionContext, start: number, end: number): CodeAction[] {
  const out: CodeAction[] = [];
  const here = ctx.findings.filter((d) => d.span.start <= end && d.span.end >= start);
  const lsp = toLspDiagnostics(here, ctx.positionAt);
  const edit = (edits: TextEdit[]) => ({ changes: { [ctx.uri]: edits } });
  const textEdit = (s: number, e: number, text: string): TextEdit => ({ range: { start: ctx.positionAt(s), end: ctx.positionAt(e) }, newText: text });

  if (wants(ctx.only, CodeActionKind.QuickFix)) {
    here.forEach((d, i) => {
      const diagnostic = lsp[i] as Diagnostic;
      if (d.fix && d.fix.edits.length > 0) {
        const fix = fixInKeywordCase(d.fix, ctx.text, ctx.keywordCase);
        out.push({ title: `${d.fix.description} (${d.code})`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: true, edit: edit(fix.edits.map((e) => textEdit(e.start, e.end, e.text))) });
      }
      if (d.code === 'suppression-comment' && d.message.includes('suppresses nothing')) {
        const [s, e] = lineRemoval(ctx.text, d.span.start, d.span.end);
        out.push({ title: 'Remove this suppression comment', kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: edit([textEdit(s, e, '')]) });
        return;
      }
      if (d.code === 'syntax-error' || d.code === 'suppression-comment') return;
      const line = nextLineSuppression(ctx, d);
      if (line) out.push({ title: `Disable ${d.code} for this line`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: edit([textEdit(line.at, line.at, line.text)]) });
      out.push({ title: `Disable ${d.code} for the entire file`, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: edit([textEdit(0, 0, `/* dsq-disable ${d.code} */\n`)]) });
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
 * `-- dsq-disable-next-line rule` above the finding's line, indented like it, or the rule added
 * to a directive already there. Null when the line starts inside a string, a quoted name or a
 * block comment (a comment there would change the text's meaning).
 */
function nextLineSuppression(ctx: ActionContext, d: LintDiagnostic): { at: number; text: string } | null {
  const text = ctx.text;
  const lineStart = startOfLine(text, d.span.start);
  if (insideToken(ctx.shape.all, lineStart)) return null;
  // A directive on the line above: add the rule to it.
  if (lineStart > 0) {
    const prevStart = startOfLine(text, lineStart - 1);
    const prev = text.slice(prevStart, lineStart).replace(/\r?\n$|\r$/, '');
    const m = /^(\s*--\s*dsq-disable-next-line)(\s+[^\n]*?)?(\s+--\s.*)?$/.exec(prev);
    if (m) {
      const ids = (m[2] ?? '').trim();
      if (ids === '') return null; // it already disables every rule
      const at = prevStart + (m[1] as string).length + (m[2] as string).length;
      return { at, text: `, ${d.code}` };
    }
  }
  let indentEnd = lineStart;
  while (text.charCodeAt(indentEnd) === 32 || text.charCodeAt(indentEnd) === 9) indentEnd++;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  return { at: lineStart, text: `${text.slice(lineStart, indentEnd)}-- dsq-disable-next-line ${d.code}${newline}` };
}

function startOfLine(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text.charCodeAt(i - 1) !== 10 && text.charCodeAt(i - 1) !== 13) i--;
  return i;
}

/** Whether an offset lies strictly inside a token (a multi-line string, quoted name or comment). */
function insideToken(tokens: readonly SourceToken[], offset: number): boolean {
  return tokens.some((t) => t.start < offset && offset < t.end);
}

/** The range that removes a comment: its whole line when nothing else is on it. */
function lineRemoval(text: string, start: number, end: number): [number, number] {
  const lineStart = startOfLine(text, start);
  let lineEnd = end;
  while (lineEnd < text.length && text.charCodeAt(lineEnd) !== 10 && text.charCodeAt(lineEnd) !== 13) lineEnd++;
  const alone = text.slice(lineStart, start).trim() === '' && text.slice(end, lineEnd).trim() === '';
  if (!alone) return [start, end];
  if (text.charCodeAt(lineEnd) === 13) lineEnd++;
  if (text.charCodeAt(lineEnd) === 10) lineEnd++;
  return [lineStart, lineEnd];
}
