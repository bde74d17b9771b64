import { isReservedWord } from '../syntax/words.js';

/**
 * Small scans of source text between two nodes, for fixes: find an operator token while
 * stepping over white space and comments (never inside string literals: the gap between two
 * operands holds none).
 */

/** The offset range of the first of `tokens` in `text[from, to)` outside comments, or null. */
export function findToken(text: string, from: number, to: number, tokens: readonly string[]): { start: number; end: number; token: string } | null {
  let i = from;
  while (i < to) {
    if (text.startsWith('--', i)) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 || nl > to ? to : nl + 1;
      continue;
    }
    if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 || close + 2 > to ? to : close + 2;
      continue;
    }
    for (const t of tokens) if (text.startsWith(t, i) && i + t.length <= to) return { start: i, end: i + t.length, token: t };
    i++;
  }
  return null;
}

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** A name as dsq text: plain when it is an identifier and no reserved word, else a quoted identifier. */
export function nameText(name: string): string {
  return PLAIN_NAME.test(name) && !isReservedWord(name) ? name : `"${name.replace(/"/g, '""')}"`;
}
