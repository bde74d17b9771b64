import type { Doc } from './doc.js';

/**
 * What a doc prints up to its first line break when printed broken (every group and
 * conditional inside it broken too, as the renderer's fit check measures a broken layout),
 * computed once per doc and remembered. The fit check of a conditional layout (IN lists) asks
 * this of heads that hold the same question nested (`x IN (...) IN (...) ...`): remembered, the
 * check costs O(1) per level instead of a walk down to the chain's first token.
 */
export interface FirstLine {
  /** Columns before the first line break (or the whole doc when it has none). */
  readonly width: number;
  /** A line break ends the first line inside the doc. */
  readonly broke: boolean;
  /** Any text before the break. */
  readonly text: boolean;
  /** Text before the break other than closing punctuation and spaces (it cannot follow a `--` comment). */
  readonly words: boolean;
  /** A line suffix (a trailing `--` comment) before the break. */
  readonly suffix: boolean;
  /** Words after such a line suffix, before the break. */
  readonly wordsAfterSuffix: boolean;
  /** A comment of several lines before (or at) the break. */
  readonly longComment: boolean;
}

function make(width: number, broke: boolean, words: boolean, longComment: boolean, text = width > 0): FirstLine {
  return { width, broke, text, words, suffix: false, wordsAfterSuffix: false, longComment };
}

const EMPTY: FirstLine = Object.freeze(make(0, false, false, false));
const BREAK: FirstLine = Object.freeze(make(0, true, false, false));
const SUFFIX: FirstLine = Object.freeze({ width: 0, broke: false, text: false, words: false, suffix: true, wordsAfterSuffix: false, longComment: false });

const KNOWN = new WeakMap<object, FirstLine>();

/** `a` then `b` on the same line. */
function then(a: FirstLine, b: FirstLine): FirstLine {
  if (a.broke || b === EMPTY) return a;
  if (a === EMPTY) return b;
  return {
    width: a.width + b.width,
    broke: b.broke,
    text: a.text || b.text,
    words: a.words || b.words,
    suffix: a.suffix || b.suffix,
    wordsAfterSuffix: a.wordsAfterSuffix || b.wordsAfterSuffix || (a.suffix && b.words),
    longComment: a.longComment || b.longComment,
  };
}

/** Text that may stay on the line of a pending `--` comment: closing punctuation, space. */
export function mayFollowComment(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    // , ) ] ; and white space
    if (ch !== 44 && ch !== 41 && ch !== 93 && ch !== 59 && ch !== 32 && ch !== 9) return false;
  }
  return true;
}

function leaf(d: Doc): FirstLine | null {
  if (typeof d === 'string' || d.type === 'verbatim') {
    const text = typeof d === 'string' ? d : d.text;
    if (text.length === 0) return EMPTY;
    const nl = text.indexOf('\n');
    const long = typeof d !== 'string' && d.comment === true && nl >= 0;
    if (typeof d !== 'string' && d.hang === true) return make(text.length + 1, true, true, long, true);
    return make(nl < 0 ? text.length : nl, nl >= 0, !mayFollowComment(nl < 0 ? text : text.slice(0, nl)), long, true);
  }
  switch (d.type) {
    case 'line':
      return BREAK;
    case 'lineSuffix':
      return SUFFIX;
    case 'breakParent':
      return EMPTY;
    default:
      return null;
  }
}

/** The docs a structural doc prints, in order, as the fit check walks them broken. */
function parts(d: Doc): readonly Doc[] {
  if (typeof d === 'string') return [];
  switch (d.type) {
    case 'concat':
      return d.parts;
    case 'group':
    case 'indent':
      return d.parts ?? (d.contents === undefined ? [] : [d.contents]);
    case 'conditional':
      return [d.parts[0] as Doc];
    case 'fill':
      return d.parts.slice(d.start);
    case 'stream': {
      // Made up to its first line break: the first line ends there.
      const out: Doc[] = [];
      for (let i = d.start; i < d.contents.count; i++) {
        const p = d.contents.part(i);
        out.push(p);
        if (typeof p !== 'string' && p.type === 'line') break;
      }
      return out;
    }
    default:
      return [];
  }
}

/** The first line of `doc` printed broken (see FirstLine), without recursion. */
export function firstLine(doc: Doc): FirstLine {
  const own = leaf(doc);
  if (own !== null) return own;
  const known = KNOWN.get(doc as object);
  if (known !== undefined) return known;
  const stack: { doc: Doc; parts: readonly Doc[]; i: number; acc: FirstLine }[] = [{ doc, parts: parts(doc), i: 0, acc: EMPTY }];
  for (;;) {
    const top = stack[stack.length - 1] as (typeof stack)[number];
    if (top.acc.broke || top.i >= top.parts.length) {
      KNOWN.set(top.doc as object, top.acc);
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent === undefined) return top.acc;
      parent.acc = then(parent.acc, top.acc);
      parent.i++;
      continue;
    }
    const child = top.parts[top.i] as Doc;
    const simple = leaf(child) ?? KNOWN.get(child as object);
    if (simple !== undefined) {
      top.acc = then(top.acc, simple);
      top.i++;
      continue;
    }
    stack.push({ doc: child, parts: parts(child), i: 0, acc: EMPTY });
  }
}
