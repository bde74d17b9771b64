import type { SourceToken } from '../syntax/tokenize.js';
import {
  clauseAt, frameOfToken, isName, isSeparator, nameOf, statementAt, tokenAt, visibleFrames,
  type Frame, type StatementShape, type TextShape,
} from './structure.js';

/** An alias and where it is used: token indices into the shape's code tokens. */
export interface AliasUses {
  readonly kind: 'source' | 'result';
  readonly name: string;
  readonly definition: number;
  readonly uses: readonly number[];
}

/**
 * The alias at an offset (its definition or a use) and every use of it within its statement:
 * source aliases (`orders o` … `o.amount`) and result aliases (`SUM(x) AS total` … `ORDER BY
 * total`, `ALIAS(total)`). A subquery that defines the same name hides the outer one.
 */
export function aliasAt(shape: TextShape, offset: number): AliasUses | null {
  const code = shape.code;
  const i = tokenAt(code, offset);
  if (i < 0 || !isName(code[i])) return null;
  const statement = statementAt(shape, (code[i] as SourceToken).start);
  const frame = frameOfToken(statement, i);
  if (frame === null) return null;
  const name = nameOf(code[i] as SourceToken);

  // Source aliases: the definition, or a qualifier `o` in `o.x`.
  const isQualifier = code[i + 1]?.type === 'Dot' && !isSeparator(code[i - 1]);
  for (const f of visibleFrames(frame)) {
    const source = f.sources.find((s) => s.aliasAt === i || (isQualifier && s.alias === name));
    if (source) return { kind: 'source', name, definition: source.aliasAt, uses: sourceUses(shape, statement, f, name) };
    if (!isQualifier) break;
  }
  // Result aliases: the definition, a bare name in GROUP BY, HAVING, ORDER BY, or ALIAS(name).
  const result = frame.results.find((r) => r.at === i) ?? (isResultUse(shape, frame, i) ? frame.results.find((r) => r.alias === name) : undefined);
  if (result) return { kind: 'result', name, definition: result.at, uses: resultUses(shape, statement, frame, name) };
  return null;
}

function sourceUses(shape: TextShape, statement: StatementShape, frame: Frame, name: string): number[] {
  const code = shape.code;
  const out: number[] = [];
  for (let j = frame.open; j < frame.close && j <= statement.last; j++) {
    const t = code[j] as SourceToken;
    if (!isName(t) || code[j + 1]?.type !== 'Dot' || isSeparator(code[j - 1]) || nameOf(t) !== name) continue;
    // A subquery that defines the same alias hides this one.
    let hidden = false;
    for (let f = frameOfToken(statement, j); f !== null && f !== frame; f = f.parent) {
      if (f.sources.some((s) => s.alias === name)) hidden = true;
    }
    if (!hidden) out.push(j);
  }
  return out;
}

function isResultUse(shape: TextShape, frame: Frame, j: number): boolean {
  const code = shape.code;
  if (code[j - 1]?.type === 'LParen' && code[j - 2]?.type === 'ALIAS' && code[j + 1]?.type === 'RParen') return true;
  const clause = clauseAt(frame, j);
  if (clause !== 'group' && clause !== 'having' && clause !== 'order') return false;
  // A single name, not part of a path, not written COLUMN(name), not a call.
  if (isSeparator(code[j - 1]) || isSeparator(code[j + 1]) || code[j + 1]?.type === 'LParen') return false;
  return !(code[j - 1]?.type === 'LParen' && code[j - 2]?.type === 'COLUMN');
}

function resultUses(shape: TextShape, statement: StatementShape, frame: Frame, name: string): number[] {
  const code = shape.code;
  const out: number[] = [];
  for (let j = frame.open; j < frame.close && j <= statement.last; j++) {
    const t = code[j] as SourceToken;
    if (!isName(t) || nameOf(t) !== name || frameOfToken(statement, j) !== frame) continue;
    if (frame.results.some((r) => r.at === j) || isResultUse(shape, frame, j)) out.push(j);
  }
  return out;
}
