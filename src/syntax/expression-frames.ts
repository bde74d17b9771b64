import { NULL, type Expr, type Select } from '../ast/index.js';
import { CaseNode, InNode, ParamNode, UnaryNode, WhenNode } from '../ast/objects.js';
import { MISSING, type Rule } from './parser-base.js';
import * as T from './tokens.js';
import { CASE_BASE, CASE_ELSE, CASE_THEN, CASE_WHEN, Frame, NO_ARMS, NO_ITEMS, PARAM_NAME, PARAM_NAME_TOKEN } from './expression-tables.js';
import { NameRules } from './name-rules.js';

/**
 * The explicit stack of the expression rules (expression-rules.ts): the frames that stand for
 * the constructs being read (parentheses, prefix and infix operators, calls, IN lists, CASE),
 * pushed instead of a function call and popped when their last operand is read, and the steps
 * that complete an IN list and a CASE. Also parameters (`:name`), which the data actions read too.
 */
export abstract class ExpressionFrames extends NameRules {
  /** The SELECT rule (parser.ts): subqueries in expressions and in FROM. */
  protected abstract select(): Rule<Select>;

  /** The stack of constructs being read (reused: frames past frameCount are free). */
  protected frames: Frame[] = [];
  protected frameCount = 0;

  override begin(...args: Parameters<NameRules['begin']>): void {
    super.begin(...args);
    this.frameCount = 0;
  }

  /** Push a frame for a construct of `kind` starting at token `start`, in an expression of `minPrec`. */
  protected push(kind: number, start: number, minPrec: number): Frame {
    let frame = this.frames[this.frameCount];
    if (frame === undefined) {
      frame = new Frame();
      this.frames.push(frame);
    }
    this.frameCount++;
    frame.kind = kind;
    frame.start = start;
    frame.minPrec = minPrec;
    frame.not = false;
    // (A parse stopped by NestingTooDeep leaves frames unpopped: every field starts afresh.)
    frame.left = null;
    frame.otherwise = null;
    frame.items = NO_ITEMS;
    frame.arms = NO_ARMS;
    return frame;
  }

  /** Pop the frame on top, letting go of the nodes it holds. */
  protected pop(frame: Frame): void {
    this.frameCount--;
    frame.left = null;
    frame.second = NULL;
    frame.otherwise = null;
    frame.items = NO_ITEMS;
    frame.arms = NO_ARMS;
  }

  /**
   * A parameter `:name` (the colon, `colon`, is read): the name is a word (an identifier or a
   * keyword, `:limit` too) of letters, digits and `_`. `list` for `IN :name`.
   */
  protected param(colon: number, list: boolean): Expr {
    const name = this.pos;
    if (PARAM_NAME_TOKEN[this.t1()] !== true) {
      this.syntaxError(`expected a parameter name after ':' (such as :region), found ${name >= this.end ? 'the end of the input' : `'${this.image(name)}'`}`);
      return NULL;
    }
    this.pos++;
    const image = this.image(name);
    if (!PARAM_NAME.test(image)) {
      this.report('syntax/param-name', `a parameter name is letters, digits and _ (starting with a letter or _), found :${image}`, colon, name);
    }
    return this.mark(new ParamNode(image, list), colon);
  }

  /** The `IN (...)` list on top is read (its `)` too): its node. */
  protected endIn(frame: Frame): Expr {
    this.leave();
    const node: Expr = this.mark(new InNode(frame.left as Expr, frame.items), frame.start);
    this.pop(frame);
    return frame.not ? this.mark(new UnaryNode('not', node), frame.start) : node;
  }

  /** A CASE part was read (`value`): take it; true when another expression follows. */
  protected caseNext(frame: Frame, value: Expr): boolean {
    switch (frame.phase) {
      case CASE_BASE:
        frame.left = value;
        frame.token = this.expect(T.When);
        frame.phase = CASE_WHEN;
        return true;
      case CASE_WHEN:
        frame.second = value;
        this.expect(T.Then);
        frame.phase = CASE_THEN;
        return true;
      case CASE_THEN:
        frame.arms.push(this.mark(new WhenNode(frame.second, value), frame.token));
        if (this.at(T.When)) {
          frame.token = this.next();
          frame.phase = CASE_WHEN;
          return true;
        }
        if (this.optional(T.Else) !== MISSING) {
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
  protected endCase(frame: Frame): Expr {
    this.expect(T.End);
    this.leave();
    const node: Expr = this.mark(new CaseNode(frame.left, frame.arms, frame.otherwise), frame.start);
    this.pop(frame);
    return node;
  }
}
