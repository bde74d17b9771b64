import type { Expr } from '../ast/index.js';
import { CaseNode, InNode, NullNode, ParamNode, UnaryNode, WhenNode } from '../ast/objects.js';
import { expectedMessage } from './error-messages.js';
import * as T from './tokens.js';
import { CASE_BASE, CASE_ELSE, CASE_THEN, CASE_WHEN, Frame, PARAM_NAME, PARAM_NAME_TOKEN } from './expression-tables.js';
import { MISSING, type ParserState } from './parser-state.js';

/**
 * The explicit stack of the expression rules (expression-rules.ts): the frames that stand for
 * the constructs being read (parentheses, prefix and infix operators, calls, IN lists, CASE),
 * pushed instead of a function call and popped when their last operand is read, and the steps
 * that complete an IN list and a CASE. Also parameters (`:name`), which the data actions read too.
 */

/** Push a frame for a construct of `kind` starting at token `start`, in an expression of `minPrec`. */
export function push(p: ParserState, kind: number, start: number, minPrec: number): Frame {
  let frame = p.frames[p.frameCount];
  if (frame === undefined) {
    frame = new Frame();
    p.frames.push(frame);
  }
  p.frameCount++;
  frame.kind = kind;
  frame.start = start;
  frame.minPrec = minPrec;
  frame.not = false;
  // Its nodes were let go when it was popped, or by the end of a parse stopped before (ParserState.finish).
  return frame;
}

/** Pop the frame on top, letting go of the nodes it holds. */
export function pop(p: ParserState, frame: Frame): void {
  p.frameCount--;
  frame.release();
}

/**
 * A parameter `:name` (the colon, `colon`, is read): the name is a word (an identifier or a
 * keyword, `:limit` too) of letters, digits and `_`. `list` for `IN :name`.
 */
export function param(p: ParserState, colon: number, list: boolean): Expr {
  const name = p.pos;
  if (PARAM_NAME_TOKEN[p.t1()] !== true) {
    p.syntaxError(expectedMessage('a parameter name', ` after ':' (such as :region), found ${p.foundText()}`));
    return p.placeholder(new NullNode());
  }
  p.pos++;
  const image = p.image(name);
  if (!PARAM_NAME.test(image)) {
    p.report('syntax/param-name', `a parameter name is letters, digits and _ (starting with a letter or _), found :${image}`, colon, name);
  }
  return p.mark(new ParamNode(image, list), colon);
}

/** The `IN (...)` list on top is read (its `)` too): its node. */
export function endIn(p: ParserState, frame: Frame): Expr {
  p.leave();
  const node: Expr = p.mark(new InNode(frame.left as Expr, frame.items), frame.start);
  pop(p, frame);
  return frame.not ? p.mark(new UnaryNode('not', node), frame.start) : node;
}

/** A CASE part was read (`value`): take it; true when another expression follows. */
export function caseNext(p: ParserState, frame: Frame, value: Expr): boolean {
  switch (frame.phase) {
    case CASE_BASE:
      frame.left = value;
      // The WHEN's span starts here, where the word is (or was expected).
      frame.token = p.pos;
      p.expect(T.When);
      frame.phase = CASE_WHEN;
      return true;
    case CASE_WHEN:
      frame.second = value;
      p.expect(T.Then);
      frame.phase = CASE_THEN;
      return true;
    case CASE_THEN:
      frame.arms.push(p.mark(new WhenNode(frame.second, value), frame.token));
      if (p.at(T.When)) {
        frame.token = p.next();
        frame.phase = CASE_WHEN;
        return true;
      }
      if (p.optional(T.Else) !== MISSING) {
        frame.phase = CASE_ELSE;
        return true;
      }
      return false;
    default:
      frame.otherwise = value;
      return false;
  }
}

/** The CASE on top has all its parts: read END, build the node. */
export function endCase(p: ParserState, frame: Frame): Expr {
  p.expect(T.End);
  p.leave();
  const node: Expr = p.mark(new CaseNode(frame.left, frame.arms, frame.otherwise), frame.start);
  pop(p, frame);
  return node;
}
