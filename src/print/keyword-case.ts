import type { Node } from '../ast/nodes.js';
import { toJson } from '../json/to-json.js';
import { parseDocument } from '../syntax/index.js';
import { tokenize, type SourceToken } from '../syntax/tokenize.js';

/**
 * `keywordCase: 'preserve'`: every keyword of the formatted text spelled as the source spells
 * that very keyword (`select ... FROM` stays so), not the file's first spelling of it.
 *
 * The printer writes keywords in upper case; this pass pairs the words of the output with those
 * of the source in order (the formatter keeps the order of what it prints: it adds an `AS`,
 * drops an `ASC`, moves a `NOT`), and gives each keyword the spelling of its pair. A keyword
 * the source does not have (an added `AS`) follows the source's usual case: lower when most of
 * its keywords are. Function names are left to `functionCase`. Names are never changed: a word
 * that is not a reserved keyword is respelled only when the result reads back to the same
 * statements (checked: names are case-sensitive), otherwise only the reserved keywords are.
 */
export function preserveKeywordCase(source: string, output: string): string {
  const from = words(tokenize(source));
  const to = words(tokenize(output));
  const pairs = pair(from, to);
  const lowerMost = usuallyLower(from);
  const safe: { at: SourceToken; text: string }[] = [];
  const checked: { at: SourceToken; text: string }[] = [];
  to.forEach((t, j) => {
    const p = pairs[j];
    const spelling = p === undefined ? undefined : (from[p] as SourceToken).image;
    if (t.category === 'keyword') {
      const text = spelling ?? (lowerMost ? t.image.toLowerCase() : t.image);
      if (text !== t.image) safe.push({ at: t, text });
    } else if (spelling !== undefined && spelling !== t.image && t.image === t.image.toUpperCase()) checked.push({ at: t, text: spelling });
  });
  const withSafe = respell(output, safe);
  if (checked.length === 0) return withSafe;
  const all = respell(
    output,
    [...safe, ...checked].sort((a, b) => a.at.start - b.at.start),
  );
  return sameStatements(withSafe, all) ? all : withSafe;
}

/** The words the pairing looks at: keywords, contextual words and names, without function names (a name before `(`). */
function words(tokens: readonly SourceToken[]): SourceToken[] {
  const out: SourceToken[] = [];
  tokens.forEach((t, i) => {
    if (t.category !== 'keyword' && t.category !== 'contextual' && t.category !== 'name') return;
    let k = i + 1;
    while (tokens[k]?.category === 'comment') k++;
    if (t.category === 'name' && tokens[k]?.type === 'LParen') return;
    out.push(t);
  });
  return out;
}

/** How far ahead the pairing looks for a word the other side does not have. */
const LOOKAHEAD = 16;

/**
 * For each output word, the index of its source word (same word in any case), pairing in order:
 * an output word with no match close ahead in the source is one the printer added; a source
 * word with no match close ahead in the output one it dropped. Linear in the words.
 */
function pair(from: readonly SourceToken[], to: readonly SourceToken[]): (number | undefined)[] {
  const key = (t: SourceToken) => t.image.toUpperCase();
  const out: (number | undefined)[] = new Array<number | undefined>(to.length);
  let i = 0;
  let j = 0;
  while (i < from.length && j < to.length) {
    if (key(from[i] as SourceToken) === key(to[j] as SourceToken)) {
      out[j++] = i++;
      continue;
    }
    const target = key(to[j] as SourceToken);
    let skipSource = -1;
    for (let k = 1; k <= LOOKAHEAD && i + k < from.length; k++) {
      if (key(from[i + k] as SourceToken) === target) {
        skipSource = k;
        break;
      }
    }
    const wanted = key(from[i] as SourceToken);
    let skipOutput = -1;
    for (let k = 1; k <= LOOKAHEAD && j + k < to.length; k++) {
      if (key(to[j + k] as SourceToken) === wanted) {
        skipOutput = k;
        break;
      }
    }
    if (skipSource < 0 && skipOutput < 0) {
      i++;
      j++;
    } else if (skipOutput < 0 || (skipSource >= 0 && skipSource <= skipOutput)) i += skipSource;
    else j += skipOutput;
  }
  return out;
}

function usuallyLower(from: readonly SourceToken[]): boolean {
  let lower = 0;
  let all = 0;
  for (const t of from) {
    if (t.category !== 'keyword') continue;
    all++;
    if (t.image === t.image.toLowerCase()) lower++;
  }
  return lower * 2 > all;
}

function respell(text: string, edits: readonly { at: SourceToken; text: string }[]): string {
  if (edits.length === 0) return text;
  const parts: string[] = [];
  let from = 0;
  for (const e of edits) {
    parts.push(text.slice(from, e.at.start), e.text);
    from = e.at.end;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/** The two texts hold the same statements (their JSON is the same). */
function sameStatements(a: string, b: string): boolean {
  const json = (text: string): string | null => {
    const doc = parseDocument(text);
    if (doc.diagnostics.some((d) => d.severity === 'error')) return null;
    try {
      return doc.statements.map((s) => toJson(s.node as Node)).join('\n');
    } catch {
      return null;
    }
  };
  const left = json(a);
  return left !== null && left === json(b);
}
