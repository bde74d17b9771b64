import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver/node';
import type { SourceToken } from '../syntax/tokenize.js';
import type { TextModel } from './text-model.js';

/** `-- #region name` … `-- #endregion` (also `--region`, as the language configuration's folding markers read them). */
const REGION_START = /^--\s*#?region\b/;
const REGION_END = /^--\s*#?endregion\b/;

/**
 * The folding ranges of a text, from its tokens (so they hold while it does not parse): each
 * statement, each parenthesised block (a subquery, a long argument list), each block comment and
 * each run of line comments that spans lines, and `-- #region` … `-- #endregion`. One pass over
 * the tokens; lines are 0-based, as LSP counts.
 */
export function foldingRanges(model: TextModel, lineAt: (offset: number) => number): FoldingRange[] {
  const out: FoldingRange[] = [];
  const add = (startLine: number, endLine: number, kind?: FoldingRangeKind) => {
    if (endLine > startLine) out.push({ startLine, endLine, ...(kind !== undefined ? { kind } : {}) });
  };
  for (const s of model.statements) {
    if (s.first > s.last) continue;
    add(lineAt((model.code[s.first] as SourceToken).start), lineAt((model.code[s.last] as SourceToken).end));
  }
  const parens: number[] = [];
  const regions: number[] = [];
  let run: { first: number; last: number } | null = null;
  const endRun = () => {
    if (run) add(run.first, run.last, FoldingRangeKind.Comment);
    run = null;
  };
  let previousEnd = 0;
  for (const t of model.all) {
    const afterPrevious = previousEnd;
    previousEnd = t.end;
    if (t.type === 'LineComment') {
      const line = lineAt(t.start);
      if (REGION_START.test(t.image)) {
        endRun();
        regions.push(line);
        continue;
      }
      if (REGION_END.test(t.image)) {
        endRun();
        const start = regions.pop();
        if (start !== undefined) add(start, line, FoldingRangeKind.Region);
        continue;
      }
      if (run && run.last + 1 === line) run.last = line;
      else {
        endRun();
        run = { first: line, last: line };
      }
      continue;
    }
    endRun();
    if (t.type === 'BlockComment') add(lineAt(t.start), lineAt(t.end), FoldingRangeKind.Comment);
    else if (t.type === 'LParen') parens.push(t.start);
    else if (t.type === 'RParen') {
      const open = parens.pop();
      // A `)` that starts its line stays in sight: folded up to the line before it.
      const line = lineAt(t.start);
      if (open !== undefined) add(lineAt(open), lineAt(afterPrevious) < line ? line - 1 : line);
    }
  }
  endRun();
  return out;
}
