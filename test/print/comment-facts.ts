/**
 * What the comment properties compare between a text and its formatted form, computed from the
 * tokens alone (independently of the formatter's placement code), and a comment inserter.
 */
import type { IToken } from 'chevrotain';
import type { Node } from '../../src/ast/nodes.js';
import { children } from '../../src/ast/walk.js';
import { LineIndex } from '../../src/diagnostic/index.js';
import { parseDocument } from '../../src/syntax/index.js';
import type { Comment } from '../../src/syntax/lexer.js';
import { lex } from '../../src/syntax/tokenize.js';
import { random as prng } from '../../bench/corpus.js';

export interface CommentFact {
  readonly text: string;
  /**
   * The statement the comment belongs to: the one whose tokens are around it or end right
   * before it; after a `;`, the statement before when the comment is on the `;`'s line and ends
   * it, else the statement after.
   */
  readonly statement: number;
  /** Code before it on its line and none after it: a trailing comment. */
  readonly trailing: boolean;
  /** Code before it on its line. */
  readonly afterCode: boolean;
  /**
   * Between two tokens of one leaf node (a path, `TIME '...'`, `-7`, `SYSTEM_TABLE(t)`), which
   * prints on one line: such a comment moves out of it, before or after the node.
   */
  readonly inLeaf: boolean;
  /**
   * The token before it ends a node, or is a `,` `)` `]` `;` after one: the comment has a node
   * to stay next to. (After a keyword that the printer fuses with others, `NOT IN (`, `SELECT *
   * FROM`, two `--` comments cannot both keep the code before them.)
   */
  readonly anchored: boolean;
}

const newlineIn = (text: string, from: number, to: number) => /[\r\n]/.test(text.slice(from, to));

interface NodeFacts {
  readonly leaves: { start: number; end: number }[];
  readonly starts: Set<number>;
  readonly ends: Set<number>;
  /** Every node's span, and where its children are. */
  readonly nodes: { start: number; end: number; kids: { start: number; end: number }[] }[];
}

/** Where the nodes of a text that parses start and end, and its leaf nodes (no child nodes). */
function nodeFacts(text: string): NodeFacts {
  const doc = parseDocument(text);
  const leaves: { start: number; end: number }[] = [];
  const starts = new Set<number>();
  const ends = new Set<number>();
  const nodes: NodeFacts['nodes'] = [];
  for (const s of doc.statements) {
    const stack: Node[] = [s.node];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      const kids = children(node);
      const span = doc.spans.get(node);
      if (span) {
        starts.add(span.start);
        ends.add(span.end);
        nodes.push({ start: span.start, end: span.end, kids: kids.flatMap((k) => doc.spans.get(k) ?? []) });
        if (kids.length === 0) leaves.push({ start: span.start, end: span.end });
      }
      stack.push(...kids);
    }
  }
  return { leaves, starts, ends, nodes };
}

/** Where the run of tokens of its innermost node that ends with the token at [from, to) begins. */
function ownRunStart(facts: NodeFacts, from: number, to: number): number {
  let best: NodeFacts['nodes'][number] | undefined;
  for (const n of facts.nodes) {
    if (n.start <= from && to <= n.end && !n.kids.some((k) => k.start <= from && to <= k.end)) {
      if (best === undefined || n.end - n.start < best.end - best.start) best = n;
    }
  }
  if (best === undefined) return from;
  let start = best.start;
  for (const k of best.kids) if (k.end <= from) start = Math.max(start, k.end);
  return start;
}

const CLOSING = [',', ')', ']'];

export function commentFacts(text: string): CommentFact[] {
  const { tokens, comments } = lex(text, new LineIndex(text));
  const facts = nodeFacts(text);
  const { leaves, starts, ends } = facts;
  const isEnd = (t: IToken) => ends.has(t.startOffset + t.image.length);
  const firstOnLine = (offset: number) =>
    /^[ \t]*$/.test(text.slice(Math.max(text.lastIndexOf('\n', offset - 1), text.lastIndexOf('\r', offset - 1)) + 1, offset));
  const statementOf: number[] = [];
  let statement = -1;
  let open = false;
  for (const t of tokens) {
    if (t.image === ';') {
      statementOf.push(-1);
      open = false;
    } else {
      if (!open) statement++;
      open = true;
      statementOf.push(statement);
    }
  }
  let k = 0;
  return comments.map((c) => {
    while (k < tokens.length && (tokens[k]?.startOffset ?? 0) < c.span.start) k++;
    const prev = tokens[k - 1];
    const next = tokens[k];
    const prevEnd = prev ? prev.startOffset + prev.image.length : -1;
    // Line breaks inside comments in between do not count: `a /* x\n y */ -- c` trails `a`.
    const afterCode = prev !== undefined && !newlineIn(withoutComments(text, comments, prevEnd, c.span.start), 0, Infinity);
    const codeAfter = next !== undefined && !newlineIn(text, c.span.end, next.startOffset);
    let owner: number;
    /** After the `;` that ends a statement, on its line: the statement's own trailing comment. */
    let afterSemicolon = false;
    if (prev !== undefined && (statementOf[k - 1] as number) >= 0) {
      owner = statementOf[k - 1] as number;
    } else {
      let before = -1;
      for (let i = k - 1; i >= 0 && before < 0; i--) before = statementOf[i] as number;
      let after = -1;
      let firstAfter: IToken | undefined;
      for (let i = k; i < tokens.length && after < 0; i++) {
        after = statementOf[i] as number;
        firstAfter = tokens[i];
      }
      const statementAfter = after >= 0 && firstAfter !== undefined && !newlineIn(text, c.span.end, firstAfter.startOffset);
      // On the line of the `;` that ends the statement before (not a later empty statement's).
      let last = k - 1;
      while (last >= 0 && (statementOf[last] as number) < 0) last--;
      const semicolon = tokens[last + 1];
      const closes = semicolon !== undefined && !newlineIn(text, semicolon.startOffset, c.span.start);
      if (before >= 0 && (after < 0 || (afterCode && closes && (c.kind === 'line' || !statementAfter)))) owner = before;
      else owner = after >= 0 ? after : before;
      afterSemicolon = before >= 0 && afterCode && closes;
    }
    const inLeaf = leaves.some((l) => l.start < c.span.start && c.span.end < l.end);
    // The node the comment can stay next to: the one ending right before it (over closing
    // punctuation, when the next token is not a bare name or value that belongs to no node).
    let j = k - 1;
    while (j >= 0 && !isEnd(tokens[j] as IToken) && CLOSING.includes((tokens[j] as IToken).image)) j--;
    const anchor = tokens[j];
    const skipped = j < k - 1;
    const loose =
      next !== undefined &&
      !starts.has(next.startOffset) &&
      !CLOSING.includes(next.image) &&
      /^[A-Za-z_"'0-9]/.test(next.image) &&
      !/^[A-Z]+$/.test(next.image);
    // A `;` anchors when it ends the statement on the comment's line (the formatter drops empty
    // statements, and a comment on a later `;`'s line leads the next statement).
    let anchored = anchor !== undefined && (anchor.image === ';' ? afterSemicolon : isEnd(anchor) && !(skipped && loose));
    if (anchored && anchor !== undefined && anchor.image !== ';') {
      // A line-ending comment among the anchor node's own tokens before the anchor (`AS -- x`
      // then the alias; `OPTIONS (ROWS = -- x`) ends the line that node prints on: nothing
      // after it can stay there.
      const end = anchor.startOffset + anchor.image.length;
      const run = ownRunStart(facts, anchor.startOffset, end);
      anchored = !comments.some((z) => z.span.start >= run && z.span.end <= anchor.startOffset && (z.kind === 'line' || firstOnLine(z.span.start)));
    }
    // After a `--` comment that ends a line of code with only `,` between (`a -- x` then `, -- y`):
    // the printer writes the `,` right after `a`, before that comment, so this one starts a line.
    if (anchored && afterLineCommentOverComma(text, comments, comments.indexOf(c), firstOnLine)) anchored = false;
    return { text: c.text.replace(/\r\n?/g, '\n'), statement: owner, trailing: afterCode && !codeAfter, afterCode, inLeaf, anchored };
  });
}

/** The text between two offsets with the comments in it taken out. */
function withoutComments(text: string, comments: readonly Comment[], from: number, to: number): string {
  let out = '';
  let at = from;
  for (const c of comments) {
    if (c.span.start < from || c.span.end > to) continue;
    out += text.slice(at, c.span.start);
    at = c.span.end;
  }
  return out + text.slice(at, to);
}

/**
 * After a `--` comment or a comment on a line of its own, with only `,` between: the printer
 * writes the `,` right after the item, before that comment (it never starts a line with a `,`),
 * so a comment after the `,` cannot keep it before it on its line unless a node follows.
 */
function afterLineCommentOverComma(text: string, comments: readonly Comment[], i: number, firstOnLine: (offset: number) => boolean): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const prev = comments[j] as Comment;
    const between = text.slice(prev.span.end, (comments[j + 1] as Comment).span.start);
    if (!/^[\s,]*$/.test(between)) return false;
    // A `--` comment, or a comment on a line of its own: the `,` after it would start a line.
    if (prev.kind === 'line' || firstOnLine(prev.span.start)) return between.includes(',');
  }
  return false;
}

/** The comments (and white space) the inserter puts between tokens; `#` is the comment's number. */
export const COMMENT_KINDS: readonly string[] = [
  ' /* c# */ ',
  ' -- c#\n',
  '\n-- c#\n',
  '\n/* c# */\n',
  '\n/* c# */ ',
  ' /* c#\n   more */ ',
  '\n\n-- c#\n\n',
  ' /* c# */ -- d#\n',
];

/**
 * Insert something at each token boundary of `text` (and at both ends): a comment of a kind
 * picked from `kinds` by `pick(boundary)`, or white space, or nothing.
 */
export function insertAtBoundaries(text: string, pick: (boundary: number) => string): string {
  const tokens = lex(text, new LineIndex(text)).tokens;
  const cuts = [0, ...tokens.map((t) => t.startOffset + t.image.length)];
  let out = '';
  let from = 0;
  cuts.forEach((cut, i) => {
    out += text.slice(from, cut) + pick(i);
    from = cut;
  });
  return out + text.slice(from) + pick(cuts.length);
}

/** A comment at every boundary, the kinds in turn starting from `offset`. */
export function commentEverywhere(text: string, offset: number): string {
  let n = 0;
  return insertAtBoundaries(text, (i) => (COMMENT_KINDS[(i + offset) % COMMENT_KINDS.length] as string).replaceAll('#', String(n++)));
}

/** Comments and white space at random boundaries (about `density` of them get something). */
export function commentRandomly(text: string, seed: number, density = 0.5): string {
  const random = prng(seed);
  let n = 0;
  const space = [' ', '\n', '\n\n'];
  return insertAtBoundaries(text, () => {
    if (random() >= density) return '';
    if (random() < 0.2) return space[Math.floor(random() * space.length)] as string;
    return (COMMENT_KINDS[Math.floor(random() * COMMENT_KINDS.length)] as string).replaceAll('#', String(n++));
  });
}
