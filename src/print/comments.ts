import type { Node, Statement } from '../ast/nodes.js';
import type { Spans } from '../ast/spans.js';
import type { Span } from '../diagnostic/span.js';
import type { Comment } from '../syntax/index.js';
import {
  afterLineComment,
  blankLine,
  blankLines,
  CommentScanner,
  holdsBlankLine,
  commentEndBefore,
  commentStartAfter,
  hasNewline,
  lastStartingAtOrBefore,
  type Position,
} from './comment-scan.js';
import { releaseTrees } from './comment-tree.js';
import { StatementLookups } from './comment-lookups.js';
import { canTrail, endsWithLineComment, leadingDocs, trailingDoc, type Attached, type StatementComment, type Style } from './comment-docs.js';
import { comparePlaces, INFIX, leftOfOperator, placeKey, PUNCTUATION_BEFORE, type Place } from './comment-places.js';
import { countTokens } from '../syntax/scanner.js';
import { concat, hardline, type Doc } from './doc/doc.js';
import { withOutside } from './engine.js';
import { findBlankLines } from './blank-lines.js';
import { insideDoc, insideEmptyParens } from './comment-inside.js';
import { printsParenthesized, termNeedsParens } from './operands.js';
import { SourceSpans } from '../syntax/source-spans.js';

/** The comments of one statement that print outside its doc. */
export interface StatementComments {
  /** Before the statement. */
  readonly head: readonly StatementComment[];
  /** After its last token, before its `;`. */
  readonly beforeSemicolon: readonly StatementComment[];
  /** After its `;` (on the `;`'s line, or after the last statement). */
  readonly afterSemicolon: readonly StatementComment[];
}

/** A statement's comments outside its doc while they are placed. */
interface Around {
  readonly head: StatementComment[];
  readonly beforeSemicolon: StatementComment[];
  readonly afterSemicolon: StatementComment[];
}

/**
 * Comments placed in one pass, so that formatting the output again places every comment the
 * same way (one pass is idempotent), and no comment leaves the statement it was written in.
 *
 * Statements: the tokens between two `;` are one statement. A comment after a `;` on the line of
 * the `;` that ends a statement (and not followed there by the next statement) stays with that
 * statement; any other comment between statements goes with the next one. Comments before a
 * statement's first token or after its last one print outside its doc (format.ts).
 *
 * Inside a statement a comment is attached by what is on either side of it, always to the
 * outermost node starting (ending) where it leads (trails), which is the one the next run finds:
 * - on the line of a node's end (also over `,` `)`): it trails that node (` /* c *\/`, ` -- c`
 *   at the line end, after a `)` when there was one);
 * - before a node on its line (`WHERE /* c *\/ a`), it leads that node; at the end of a line
 *   after a keyword or `(` (`WHERE -- c`, `AND -- c`) it hangs there, the node on the next line;
 *   after a keyword run with no node at either end (`x NOT /* c *\/ IN (`), next to the nearer node;
 * - on a line of its own, it leads the node after it, or, before or after an operator the
 *   printer puts at the start of a line (`AND`, `=`, `JOIN`), trails the left operand;
 * - inside a leaf (a path, `TIME '...'`, `SYSTEM_TABLE(t)`) or after the keyword that opens a
 *   node (`EXISTS`, `COUNT(`): before that node.
 * Comments print in source order: a place that would print before the previous comment's joins
 * that comment instead (see `attach`).
 */
export class CommentMap {
  private readonly byNode = new Map<Node, Attached[]>();
  /** Comments inside a node's empty parentheses (`IN ( -- c` then `)`). */
  private readonly insideOf = new Map<Node, Attached[]>();
  private readonly printed = new Set<Comment>();
  /** By statement, for the statements with comments outside their doc (most have none). */
  private readonly byStatement = new Map<number, Around>();
  private readonly scanner: CommentScanner;
  /**
   * The lookups in the statement whose comments are being placed (one at a time: StatementTree's
   * lists are shared), and every statement that had them.
   */
  private lookups: StatementLookups | null = null;
  private lookupsIndex = -1;
  private readonly withLookups = new Set<number>();
  /** The statements holding a blank line. */
  private readonly withBlankLines = new Set<number>();
  /** List items preceded by a blank line in the source. */
  readonly blankBefore = new Set<Node>();
  /** By statement, every node of it with comments or a blank line before it (see `marked`). */
  private readonly markedIn = new Map<number, Node[]>();
  /** The last comment attached to a node, how, and where that prints (see `attach`). */
  private last: { comment: Comment; node: Node; leading: boolean; inside: boolean; outside: boolean; statement: number; key: Place } | null = null;
  /** The statement of the comment being placed. */
  private current = -1;
  /** Whether each comment placed so far began its line. */
  private readonly firsts: boolean[] = [];
  constructor(
    readonly text: string,
    readonly comments: readonly Comment[],
    readonly statements: readonly { readonly node: Statement; readonly span: Span }[],
    readonly spans: Spans,
  ) {
    this.scanner = new CommentScanner(text, comments);
    if (statements.length > 0) comments.forEach((c, i) => this.place(c, i));
    this.lookups = null;
    releaseTrees();
    // Most statements hold no blank line at all (most texts none): then no list item can follow one.
    // (Within the statements' spans: a piece of a text (parseInPieces) scans its own stretch only.)
    const blanks =
      statements.length === 0
        ? []
        : blankLines(text, (statements[0] as { span: Span }).span.start, (statements[statements.length - 1] as { span: Span }).span.end);
    if (blanks.length > 0) {
      statements.forEach((s, i) => {
        if (!holdsBlankLine(blanks, s.span.start, s.span.end)) return;
        this.withBlankLines.add(i);
        const found = new Set<Node>();
        findBlankLines(s.node, text, spans, (node) => this.byNode.get(node)?.find((a) => a.leading)?.comment.span.start, found);
        for (const node of found) {
          this.blankBefore.add(node);
          if (!this.byNode.has(node)) this.mark(i, node);
        }
      });
    }
  }

  /** Node of statement `i` now has comments or a blank line before it (once per node). */
  private mark(i: number, node: Node): void {
    const list = this.markedIn.get(i);
    if (list === undefined) this.markedIn.set(i, [node]);
    else list.push(node);
  }

  /**
   * Nothing to add to any node of statement `i`: no comment between its tokens (every comment
   * placed inside a statement makes its lookups first), no blank line inside it. It prints as a
   * tree alone does.
   */
  isPlain(i: number): boolean {
    return !this.withLookups.has(i) && !this.withBlankLines.has(i);
  }

  /** Nothing to add to any node: no comment in a statement, no blank line between list items. */
  get isEmpty(): boolean {
    return this.byNode.size === 0 && this.blankBefore.size === 0 && this.insideOf.size === 0;
  }

  /**
   * The nodes of statement `i` that print with more than themselves (comments, or a blank line
   * before them): a statement's one or two, scanned by identity where a Set of the whole text's
   * costs a hash lookup for each of its nodes.
   */
  marked(i: number): Marked {
    const list = this.markedIn.get(i);
    return list === undefined ? NONE_MARKED : new Marked(list);
  }

  /** Comments that are in no statement when there is none: printed on their own. */
  get orphans(): readonly Comment[] {
    return this.statements.length === 0 ? this.comments : [];
  }

  /** The comments printed around statement `i` (outside its doc). */
  aroundStatement(i: number): StatementComments {
    return this.byStatement.get(i) ?? NO_COMMENTS;
  }

  /** Statement `i`'s comments outside its doc, to add to. */
  private around(i: number): Around {
    let around = this.byStatement.get(i);
    if (around === undefined) {
      around = { head: [], beforeSemicolon: [], afterSemicolon: [] };
      this.byStatement.set(i, around);
    }
    return around;
  }

  /** Wrap a node's doc with its comments (and those of absorbed nodes), marking them printed. */
  decorate(node: Node, doc: Doc, absorbed: readonly Node[]): Doc {
    let list: readonly Attached[] = this.byNode.get(node) ?? NOTHING;
    for (const a of absorbed) {
      const more = this.byNode.get(a);
      if (more) list = [...list, ...more];
    }
    // A blank line before the node, and comments written before the `(` its parent prints around
    // it (a GROUP BY number), print before that `(`.
    const head: Doc[] = this.blankBefore.has(node) ? [hardline] : [];
    if (list.length === 0) return head.length === 0 ? doc : withOutside(head, doc, NO_DOCS);
    if (absorbed.length > 0) list = [...list].sort((x, y) => x.comment.span.start - y.comment.span.start);
    leadingDocs(list, head, true);
    const parts: Doc[] = [];
    leadingDocs(list, parts, false);
    parts.push(doc);
    const after: Doc[] = [];
    for (const a of list) if (!a.leading) (a.outside ? after : parts).push(trailingDoc(a));
    for (const a of list) this.printed.add(a.comment);
    const core = concat(parts);
    return head.length === 0 && after.length === 0 ? core : withOutside(head, core, after);
  }

  /** The doc between a node's empty parentheses when comments are there, marking them printed. */
  inside(node: Node): Doc | undefined {
    const list = this.insideOf.get(node);
    if (list === undefined) return undefined;
    for (const a of list) this.printed.add(a.comment);
    return insideDoc(list);
  }

  markPrinted(c: Comment): void {
    this.printed.add(c);
  }

  /** The comments not printed: a bug in the printer, never acceptable output. */
  unprinted(): Comment[] {
    return this.comments.filter((c) => !this.printed.has(c));
  }

  // ---------------------------------------------------------------------------------------
  // Placement

  private place(c: Comment, index: number): void {
    const pos = this.scanner.position(index);
    this.firsts[index] = pos.first;
    const list = this.statements;
    const s = lastStartingAtOrBefore(list, c.span.start);
    const own = list[s];
    if (own !== undefined && c.span.end <= own.span.end) {
      this.attachInside(c, index, pos, s);
      return;
    }
    this.last = null;
    const next = list[s + 1];
    if (own === undefined) {
      this.around(0).head.push(this.statementComment(c, index, pos, false));
    } else if (pos.prevEnd === own.span.end) {
      this.around(s).beforeSemicolon.push(this.statementComment(c, index, pos, true));
    } else if (
      next === undefined ||
      // On the line of the `;` that ends the statement (not after a `;` on a later line).
      (pos.sameLine &&
        (pos.endsLine || hasNewline(this.text, c.span.end, next.span.start)) &&
        !hasNewline(this.text, this.scanner.tokenStartAfter(own.span.end, this.scanner.commentBefore(own.span.end) + 1), c.span.start))
    ) {
      this.around(s).afterSemicolon.push(this.statementComment(c, index, pos, true));
    } else {
      this.around(s + 1).head.push(this.statementComment(c, index, pos, false));
    }
  }

  private statementComment(c: Comment, index: number, pos: Position, tail: boolean): StatementComment {
    const blank = tail
      ? blankLine(this.text, Math.max(0, commentEndBefore(this.comments, index, pos.prevEnd)), c.span.start)
      : blankLine(this.text, c.span.end, commentStartAfter(this.comments, index, pos.nextStart));
    return { comment: c, sameLine: pos.sameLine, first: pos.first, endsLine: pos.endsLine, blank };
  }

  /** Statement `s`'s lookups, made once while its comments are placed. */
  private lookupsOf(s: number): StatementLookups {
    if (this.lookups === null || this.lookupsIndex !== s) {
      this.lookups = new StatementLookups((this.statements[s] as { node: Statement }).node, this.spans);
      this.lookupsIndex = s;
      this.withLookups.add(s);
    }
    return this.lookups;
  }

  /** A comment between two tokens of statement `s`. */
  private attachInside(c: Comment, index: number, at: Position, s: number): void {
    const lookups = this.lookupsOf(s);
    if (this.current !== s) this.last = null;
    this.current = s;
    // The node right before the comment, past `)` the printer drops (`CASE (x) /* c */`): the
    // next run, which sees no `)`, finds the comment right after that node.
    const before = lookups.endingAt(at.prevEnd) ?? this.endingPastDroppedParentheses(lookups, at.prevEnd, c);
    // After a `--` comment that ends its line in the output (over `,`, or trailing the node before
    // it): it prints on a line of its own, so it is placed as one, as the next run places it.
    const ownLine =
      at.sameLine &&
      (afterLineComment(this.text, this.comments, this.firsts, index) || (before !== undefined && endsWithLineComment(this.byNode.get(before), false)));
    const pos: Position = ownLine ? { ...at, sameLine: false, first: true } : at;
    const atPrev = before;
    // The usual case first: after a node's end on its line.
    if (pos.sameLine && atPrev !== undefined) return this.trailing(atPrev, c, index, pos);
    const atNext = lookups.startingAt(pos.nextStart) ?? this.groupNumberAt(lookups, pos.nextStart);
    const outer = lookups.innermostAround(c.span.start, c.span.end);
    const outerSpan = outer === undefined ? undefined : lookups.spanOf(outer);
    if (outer !== undefined && outerSpan !== undefined && insideEmptyParens(this.text, this.scanner, outer, outerSpan.end, index, pos.nextStart)) {
      return this.attach(outer, false, c, index, pos, false, true);
    }
    // The first node starting after the comment, and the last ending before it, inside `outer`.
    const ahead = () => lookups.firstStartIn(pos.nextStart, outerSpan?.end ?? Infinity);
    const behind = () => lookups.lastEndIn(pos.prevEnd, outerSpan?.start ?? -1);
    const whole = (this.statements[s] as { node: Statement }).node;
    const next = ahead();
    if (pos.sameLine) {
      if (!pos.endsLine && atNext !== undefined) return this.leading(atNext, c, index, pos);
      const back = this.endBefore(pos.prevEnd, lookups);
      // At the end of the line after `a,`, or after `a` and `,` when a comment on a line of its
      // own already follows `a`: on the line of the `,`, before the next item.
      const comma = pos.prevEnd > 0 && this.text.charAt(pos.prevEnd - 1) === ',';
      if (back !== undefined && atNext !== undefined && comma && pos.endsLine) return this.leading(atNext, c, index, pos);
      if (back !== undefined && (canTrail(this.byNode.get(back.node), back.outside) || atNext === undefined)) {
        return this.trailing(back.node, c, index, pos, back.outside);
      }
      if (back !== undefined) return this.leading(atNext as Node, c, index, pos);
      // After keywords (`NOT`, `GROUP`, `IN (`, `SELECT`): next to the nearest node, by tokens in
      // between (`x NOT -- c` then `IN (` trails x; `IN ( -- c` leads what follows), where it
      // keeps code before it on its line.
      const prev = behind();
      const options: { distance: number; place: () => void }[] = [];
      if (next !== undefined) {
        const distance = countTokens(this.text, c.span.end, lookups.spanOf(next)?.start ?? 0);
        options.push({ distance, place: () => this.leading(next, c, index, pos) });
      }
      if (prev !== undefined && canTrail(this.byNode.get(prev), false)) {
        const distance = countTokens(this.text, lookups.spanOf(prev)?.end ?? 0, c.span.start);
        options.push({ distance, place: () => this.trailing(prev, c, index, pos) });
      }
      const container = outer ?? whole;
      if (prev === undefined && (!pos.endsLine || container !== whole) && this.mayLead(container, s, outerSpan?.start ?? -1)) {
        const from = outerSpan?.start ?? this.spans.get(whole)?.start ?? 0;
        options.push({ distance: countTokens(this.text, from, c.span.start), place: () => this.leading(container, c, index, pos) });
      }
      let best: { distance: number; place: () => void } | undefined;
      for (const o of options) if (best === undefined || o.distance < best.distance) best = o;
      if (best !== undefined) return best.place();
    } else {
      // On a line of its own. After an operator (`AND`, `+`, `IN`, `JOIN`), which the printer
      // puts at the start of a line, it goes before the operator: after the left operand.
      const p = pos.prevEnd > 0 ? this.text.charAt(pos.prevEnd - 1) : '';
      const infix = outer !== undefined && INFIX.has(outer.kind) && p !== '(' && p !== ',';
      if (atNext !== undefined && (atPrev !== undefined || !infix)) return this.leading(atNext, c, index, pos);
      // Before a `)` the printer drops (`CASE (x` newline `-- c` newline `) WHEN`): before the node
      // after it, if one starts there, as the next run (which sees no `)`) places it.
      if (atNext === undefined && atPrev !== undefined) {
        const past = this.pastDroppedParentheses(lookups, atPrev, c);
        const after = past.end > pos.prevEnd ? lookups.startingAt(this.scanner.tokenStartAfter(past.end, this.scanner.commentBefore(past.end) + 1)) : undefined;
        if (after !== undefined) return this.leading(after, c, index, pos);
      }
      const back = this.endBefore(pos.prevEnd, lookups);
      if (back !== undefined) return this.trailing(back.node, c, index, pos, back.outside);
      const prev = behind();
      if (prev !== undefined) return this.trailing(prev, c, index, pos);
      if (atNext !== undefined) return this.leading(atNext, c, index, pos);
    }
    // Inside a node with no child before it (a leaf: `TIME '...'`, a path, `SYSTEM_TABLE(t)`;
    // after `EXISTS`, `COUNT(`, the statement's `SELECT`): before that node, so a trailing
    // comment keeps code before it (`-- c` hangs on the line before the node). When an earlier
    // comment inside the node went elsewhere: before the next node inside, or after the node.
    const node = outer ?? whole;
    const allowed = this.mayLead(node, s, outerSpan?.start ?? -1);
    if (node === whole && next === undefined) return this.trailing(node, c, index, pos);
    if (allowed && !(node === whole && pos.sameLine)) return this.leading(node, c, index, pos);
    if (next !== undefined) return this.leading(next, c, index, pos);
    this.trailing(node, c, index, pos);
  }

  /**
   * True when a comment inside `node` (which starts at `start`) may print before it: no earlier
   * comment inside it went anywhere else (they keep their order).
   */
  private mayLead(node: Node, s: number, _start: number): boolean {
    const last = this.last;
    if (last === null || last.statement !== s) return true;
    const lookups = this.lookupsOf(s);
    const span = lookups.spanOf(node);
    const top = (span === undefined ? undefined : lookups.startingAt(span.start)) ?? node;
    return comparePlaces(placeKey(lookups, top, true), last.key) >= 0;
  }

  /**
   * The node ending at `end`, or before closing punctuation there (`a, -- c`, `(a + b) /* c *\/`);
   * `outside` when a `)` is in between (the comment prints after the parentheses, if any).
   */
  private endBefore(from: number, lookups: StatementLookups): { node: Node; outside: boolean } | undefined {
    let end = from;
    let outside = false;
    for (;;) {
      const node = lookups.endingAt(end);
      if (node !== undefined) return { node, outside };
      const ch = end > 0 ? this.text.charAt(end - 1) : '';
      if (!PUNCTUATION_BEFORE.has(ch)) return undefined;
      if (ch === ')') outside = true;
      end = this.scanner.tokenEndBefore(end - 1, this.scanner.commentBefore(end - 1));
      if (end < 0) return undefined;
    }
  }

  private leading(node: Node, c: Comment, index: number, pos: Position): void {
    this.attach(node, true, c, index, pos, false);
  }

  private trailing(node: Node, c: Comment, index: number, pos: Position, outside = false): void {
    this.attach(node, false, c, index, pos, outside);
  }

  /**
   * Attach a comment. Comments print in source order when each one's place comes at or after
   * the previous one's: before a node at its start (outer nodes first), after a node at its end
   * (inner nodes first). A place that would come earlier (an own-line comment after `, ` when
   * the comment before it already leads the next item) joins the previous comment instead.
   */
  private attach(target: Node, lead: boolean, c: Comment, index: number, pos: Position, outside: boolean, within = false): void {
    const lookups = this.lookupsOf(this.current);
    // The outermost node starting (ending) where the target does: the one the next run finds.
    const span = lookups.spanOf(target);
    let node = within ? target : ((span === undefined ? undefined : lead ? lookups.startingAt(span.start) : lookups.endingAt(span.end)) ?? target);
    // Past parentheses the printer drops: then no `)` it prints is between the node and the comment.
    let afterParen = outside;
    if (!within && lead) node = this.beforeDroppedParentheses(lookups, node, c);
    else if (!within) {
      const past = this.pastDroppedParentheses(lookups, node, c);
      if (past.node !== node || !past.printedBefore) afterParen = false;
      node = past.node;
    }
    let inside = within;
    if (!lead && node.kind === 'select' && lookups.parentOf(node)?.kind === 'select_action') {
      // The SELECT action's OPTIONS print as the select's last clause: a comment after the
      // select's last token goes after its last clause's node, before OPTIONS.
      node = lookups.lastChildEnding(node) ?? node;
    }
    let leading = lead;
    if (leading && pos.first) {
      // On its own line before the right operand of an operator the printer puts at the start of
      // a line (`AND`, `=`, `JOIN`, BETWEEN's `AND`): after the left operand instead, so the
      // operator does not dangle at the end of a line (and the next run reads it the same way).
      const left = leftOfOperator(lookups, node);
      if (left !== undefined) {
        node = left;
        leading = false;
      }
    }
    // Before the `(` the printer puts around a GROUP BY number: before that `(` (engine.ts `parens`).
    let outsideParens = leading && !inside && this.beforeGroupParens(lookups, node, c);
    // Inside empty parentheses: before the `)`.
    let key: Place = inside ? [(span?.end ?? 1) - 1, 0, 0] : placeKey(lookups, node, leading);
    const last = this.last;
    if (last !== null && comparePlaces(key, last.key) < 0) {
      node = last.node;
      leading = last.leading;
      inside = last.inside;
      outsideParens = last.outside;
      key = last.key;
    }
    let a: Attached;
    if (inside) {
      a = { comment: c, leading: false, style: pos.first ? 'alone' : 'inline', lineStart: pos.first, blank: false, outside: false };
    } else if (leading) {
      const style: Style = !pos.endsLine ? 'inline' : pos.first ? 'alone' : 'hanging';
      const next = commentStartAfter(this.comments, index, pos.nextStart);
      // A blank line before the next comment, or before the node itself (or its `(`); not before
      // a token inside the node that the comment moves out from (`FROM DSV ( -- c`, blank, `DELIMITER`).
      const toNode = next < pos.nextStart || outsideParens || pos.nextStart === lookups.spanOf(node)?.start;
      const blank = style !== 'inline' && toNode && blankLine(this.text, c.span.end, next);
      a = { comment: c, leading, style, lineStart: pos.first, blank, outside: outsideParens };
    } else {
      // After a `--` comment that trails on this line (only closing punctuation in between, which
      // the printer keeps before that comment), a comment can only start the next line.
      const style: Style = pos.first || endsWithLineComment(this.byNode.get(node), afterParen) ? 'ownLine' : 'inline';
      const blank = style === 'ownLine' && blankLine(this.text, Math.max(0, commentEndBefore(this.comments, index, pos.prevEnd)), c.span.start);
      // After a `)`, and every later comment of the node too (they keep their order).
      const list = this.byNode.get(node);
      const past = afterParen || list?.some((x) => x.outside && !x.leading) === true;
      a = { comment: c, leading, style, lineStart: false, blank, outside: past };
    }
    this.last = { comment: c, node, leading, inside, outside: outsideParens, statement: this.current, key };
    if (inside) return add(this.insideOf, node, a);
    // Before the statement or after its last token: printed outside its doc, where the next run
    // finds them (statement comments).
    const whole = this.statements[this.current] as { node: Statement; span: Span };
    const around = this.around(this.current);
    const statementComment = { comment: c, sameLine: !pos.first, first: pos.first, endsLine: pos.endsLine, blank: a.blank };
    if (leading && node === whole.node) {
      around.head.push(statementComment);
      return;
    }
    if (!leading && lookups.spanOf(node)?.end === whole.span.end) {
      around.beforeSemicolon.push(statementComment);
      return;
    }
    if (!this.byNode.has(node)) this.mark(this.current, node);
    add(this.byNode, node, a);
  }

  /** The node before `end` when only `)` the printer drops are between them. */
  private endingPastDroppedParentheses(lookups: StatementLookups, end: number, comment: Comment): Node | undefined {
    const back = this.endBefore(end, lookups);
    if (back === undefined || !back.outside) return undefined;
    const past = this.pastDroppedParentheses(lookups, back.node, comment);
    return !past.printedBefore && past.end === end ? past.node : undefined;
  }

  /**
   * The GROUP BY number whose parentheses open at `offset` (`GROUP BY c, -- x` newline `(1)`): no
   * node starts at a `(` the printer drops, but the number prints in parentheses of its own
   * (`termNeedsParens`), and a comment before them leads it (`beforeGroupParens`).
   */
  private groupNumberAt(lookups: StatementLookups, offset: number): Node | undefined {
    const text = this.text;
    if (text.charCodeAt(offset) !== 40) return undefined;
    let at = offset;
    while (text.charCodeAt(at) === 40) at = this.scanner.tokenStartAfter(at + 1, this.scanner.commentBefore(at + 1) + 1);
    const inner = lookups.startingAt(at);
    return inner !== undefined && this.isGroupNumber(lookups, inner) ? inner : undefined;
  }

  /** A number among its select's GROUP BY items, which prints in parentheses of its own. */
  private isGroupNumber(lookups: StatementLookups, node: Node): boolean {
    // (termNeedsParens first: a parent is looked up only for a node that could be one.)
    if (!termNeedsParens(node)) return false;
    const parent = lookups.parentOf(node);
    return parent?.kind === 'select' && printsParenthesized(parent, node) === true;
  }

  /**
   * True when a comment leading `node` prints before the `(` its parent puts around it: a GROUP BY
   * number (no node starts at that `(`, unlike an order term), the comment written before the
   * innermost `(` right before the number. A comment inside those parentheses stays inside.
   */
  private beforeGroupParens(lookups: StatementLookups, node: Node, c: Comment): boolean {
    if (!this.isGroupNumber(lookups, node)) return false;
    const start = lookups.spanOf(node)?.start;
    if (start === undefined || c.span.end > start) return false;
    const open = this.scanner.tokenEndBefore(start, this.scanner.commentBefore(start)) - 1;
    return open < 0 || this.text.charCodeAt(open) !== 40 || open >= c.span.end;
  }

  /**
   * The node a comment leading `node` leads in the printed text: before each `(` right before it
   * that opens parentheses the printer drops (`WHERE (` newline `-- c` newline `a = 1) AND b`), the
   * outermost node starting there, which is the node the next run finds the comment before. Of
   * several pairs around one operand, the printer prints at most the innermost one.
   */
  private beforeDroppedParentheses(lookups: StatementLookups, node: Node, comment: Comment): Node {
    const spans = this.spans;
    if (!(spans instanceof SourceSpans)) return node;
    let current = node;
    let start = lookups.spanOf(node)?.start;
    let passed = 0;
    while (start !== undefined) {
      const before = this.scanner.tokenEndBefore(start, this.scanner.commentBefore(start));
      if (before <= 0 || this.text.charCodeAt(before - 1) !== 40 || !spans.opensGroup(before - 1)) break;
      const parent = lookups.parentOf(current);
      const printed = parent === undefined ? undefined : printsParenthesized(parent, current);
      // The comment inside parentheses that print stays inside them.
      if (printed === undefined || (printed && passed === 0 && before - 1 < comment.span.start)) break;
      passed++;
      start = before - 1;
      const outer = lookups.startingAt(start);
      if (outer !== undefined && outer !== current) {
        current = outer;
        passed = 0;
      }
    }
    return current;
  }

  /**
   * The node a comment trailing `node` trails in the printed text: past each `)` right after it
   * that closes parentheses the printer drops (`b = 2 AND (a = 1` newline `-- c` newline `)`), the
   * outermost node ending there, which is the node the next run finds the comment after. Of
   * several pairs around one operand, the printer prints at most the innermost one. `end` is
   * the end of the last `)` passed (the node's end when none).
   */
  private pastDroppedParentheses(lookups: StatementLookups, node: Node, comment: Comment): { node: Node; printedBefore: boolean; end: number } {
    let end = lookups.spanOf(node)?.end;
    const spans = this.spans;
    if (!(spans instanceof SourceSpans)) return { node, printedBefore: true, end: end ?? -1 };
    let current = node;
    let passed = 0;
    // A `)` the printer prints between the node and the comment (the comment follows it).
    let printedBefore = false;
    while (end !== undefined) {
      const next = this.scanner.tokenStartAfter(end, this.scanner.commentBefore(end) + 1);
      if (this.text.charCodeAt(next) !== 41 || !spans.closesGroup(next)) {
        if (next < comment.span.start) printedBefore = true;
        break;
      }
      const parent = lookups.parentOf(current);
      const printed = parent === undefined ? undefined : printsParenthesized(parent, current);
      if (printed === undefined) {
        printedBefore = true;
        break;
      }
      if (printed && passed === 0) {
        // The comment inside parentheses that print stays inside them.
        if (next > comment.span.start) break;
        printedBefore = true;
      }
      passed++;
      end = next + 1;
      const outer = lookups.endingAt(end);
      if (outer !== undefined && outer !== current) {
        current = outer;
        passed = 0;
        printedBefore = false;
      }
    }
    return { node: current, printedBefore, end: end ?? -1 };
  }
}

function add(map: Map<Node, Attached[]>, node: Node, a: Attached): void {
  const list = map.get(node);
  if (list) list.push(a);
  else map.set(node, [a]);
}

/** A statement's nodes that print with more than themselves (CommentMap `marked`). */
export class Marked {
  /** For a statement of many (a comment per condition of a long AND chain): one lookup each. */
  private readonly set: ReadonlySet<Node> | null;
  constructor(private readonly nodes: readonly Node[]) {
    this.set = nodes.length > MARKED_SCANNED ? new Set(nodes) : null;
  }
  has(node: Node): boolean {
    if (this.set !== null) return this.set.has(node);
    const nodes = this.nodes;
    for (let k = 0; k < nodes.length; k++) if (nodes[k] === node) return true;
    return false;
  }
}

/** How many marked nodes a statement's `Marked` scans (more: a Set). */
const MARKED_SCANNED = 8;

/** No node marked: a statement with nothing inside it to decorate. */
export const NONE_MARKED = new Marked([]);

const NOTHING: readonly Attached[] = Object.freeze([]);
const NO_DOCS: readonly Doc[] = Object.freeze([]);

/** The comments around a statement with none. */
const NO_COMMENTS: StatementComments = Object.freeze({ head: [], beforeSemicolon: [], afterSemicolon: [] });
