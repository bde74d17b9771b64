import { NULL, type BinaryOp, type Expr, type OrderTerm, type Select, type UnaryOp } from '../ast/index.js';
import { OPERATORS } from '../ast/operators.js';
import { BetweenNode, BinaryNode, CollateNode, ExistsNode, InNode, InSelectNode, NullNode, NumberNode, OrderTermNode, StringNode, SubqueryNode, UnaryNode } from '../ast/objects.js';
import { stringValue } from './literals.js';
import { callArgumentMessage, callFormHint, mismatchMessage } from './messages.js';
import { MISSING, type Rule } from './parser-base.js';
import * as T from './tokens.js';
import { CASE_BASE, CASE_WHEN, F_BETWEEN, F_BINARY, F_CALL, F_CASE, F_IN, F_IS, F_LIKE, F_PAREN, F_PREFIX, Frame, INFIX, INFIX_OP, INFIX_PREC, INFIX_RIGHT, I_BETWEEN, I_BINARY, I_COLLATE, I_IN, I_IS, I_LIKE, I_NOT, PREFIX, P_BOOLEAN, P_CASE, P_CONTEXTUAL, P_DONE, P_EXISTS, P_LPAREN, P_MINUS, P_NAME, P_NOT, P_NULL, P_NUMBER, P_PARAM, P_STRING, P_TILDE, startsExpression } from './expression-tables.js';
import { ExpressionFrames } from './expression-frames.js';

/**
 * The expression rules of the dsq parser (the paths and specifiers they use: name-rules.ts; the
 * token tables they read: expression-tables.ts; the stack of frames: expression-frames.ts).
 *
 * An expression is read by one operator-precedence loop (`expression`) over the precedence
 * table of src/ast/operators.ts. Every construct that nests (parentheses, prefix operators,
 * the operands of infix operators, calls, IN lists, CASE) pushes a frame on an explicit stack
 * instead of calling a function, and pops it when its last operand is read: nesting costs
 * memory, not JavaScript stack, so the depth limit (`maxDepth`) is a choice. Subqueries and
 * DATABASE_COLUMN(...) are the only sub-rules (generators yielded to `drive`, parser-base.ts).
 */
export abstract class ExpressionRules extends ExpressionFrames {
  /**
   * An expression whose operators bind at least `minPrec` (0: any expression). Precedence
   * climbing without recursion: `need` reads what an operand starts with (pushing a frame for
   * prefix operators, parentheses, calls and CASE), then the infix loop extends `left` while the
   * next operator binds tightly enough (pushing a frame for its right operand); when neither
   * applies, the operand is complete and goes to the frame on top, which builds its node.
   */
  *expression(initialMinPrec: number): Rule<Expr> {
    const base = this.frameCount;
    let minPrec = initialMinPrec;
    let start = MISSING;
    let left: Expr = NULL;
    let need = true;
    for (;;) {
      if (need) {
        need = false;
        start = this.pos;
        let prefix = PREFIX[this.t1()];
        if (prefix === P_CONTEXTUAL) {
          // A contextual word starts its own form when the tokens after it say so; else it is a name.
          const form = this.contextualForm(start);
          if (form === 'database_column') {
            left = (yield this.databaseColumn(start)) as Expr;
            prefix = P_DONE;
          } else if (form !== null) {
            left = form;
            prefix = P_DONE;
          } else {
            prefix = P_NAME;
          }
        }
        switch (prefix) {
          case P_DONE:
            break;
          case P_NOT:
            this.pos++;
            this.enter(start);
            this.push(F_PREFIX, start, minPrec).op = 'not';
            minPrec = OPERATORS.unary.not.right;
            need = true;
            continue;
          case P_MINUS:
            this.pos++;
            // '-' right before a number is part of the number.
            if (this.at(T.NumberLiteral)) {
              left = this.mark(new NumberNode(this.numberText(this.next(), true)), start);
              break;
            }
            this.enter(start);
            this.push(F_PREFIX, start, minPrec).op = '-';
            minPrec = OPERATORS.unary['-'].right;
            need = true;
            continue;
          case P_TILDE:
            this.pos++;
            this.enter(start);
            this.push(F_PREFIX, start, minPrec).op = '~';
            minPrec = OPERATORS.unary['~'].right;
            need = true;
            continue;
          case P_NUMBER:
            this.pos++;
            left = this.mark(new NumberNode(this.numberText(start, false)), start);
            break;
          case P_STRING: {
            this.pos++;
            const value = stringValue(this.image(start));
            left = this.mark(value === '' ? new NullNode() : new StringNode(value), start);
            break;
          }
          case P_NULL:
            this.pos++;
            left = this.mark(new NullNode(), start);
            break;
          case P_LPAREN:
            this.pos++;
            if (this.at(T.Select)) {
              // '(' SELECT ... ')': a scalar subquery.
              const select = (yield this.select()) as Select;
              this.expect(T.RParen);
              left = this.mark(new SubqueryNode(select), start);
              break;
            }
            this.enter(start);
            this.push(F_PAREN, start, minPrec);
            minPrec = 0;
            need = true;
            continue;
          case P_EXISTS: {
            this.pos++;
            this.expect(T.LParen);
            const select = (yield this.select()) as Select;
            this.expect(T.RParen);
            left = this.mark(new ExistsNode(select), start);
            break;
          }
          case P_CASE: {
            this.pos++;
            this.enter(start);
            const frame = this.push(F_CASE, start, minPrec);
            frame.arms = [];
            if (this.at(T.When)) {
              frame.token = this.next();
              frame.phase = CASE_WHEN;
            } else if (startsExpression(this.t1())) {
              frame.phase = CASE_BASE;
            } else {
              this.earlyExit('caseExpression');
              frame.token = start;
              frame.phase = CASE_WHEN;
            }
            minPrec = 0;
            need = true;
            continue;
          }
          case P_PARAM:
            this.pos++;
            left = this.param(start, false);
            break;
          case P_BOOLEAN:
            this.pos++;
            this.report('syntax/boolean-literal', `dsq has no boolean literals, found ${this.image(start).toUpperCase()}`, start, start, 'write a comparison (x = 1) or a number (1 or 0)');
            left = this.mark(new NullNode(), start);
            break;
          case P_NAME:
            this.pos++;
            if (this.at(T.LParen)) {
              const open = this.next();
              this.enter(open);
              const frame = this.push(F_CALL, start, minPrec);
              frame.token = start;
              frame.items = [];
              frame.phase = this.errors.length;
              frame.distinct = this.optional(T.Distinct);
              frame.star = this.optional(T.Star);
              if (frame.star === MISSING && startsExpression(this.t1())) {
                minPrec = 0;
                need = true;
                continue;
              }
              this.expect(T.RParen);
              this.leave();
              this.pop(frame);
              left = this.callNode(start, frame.distinct, frame.star, [], this.errors.length === frame.phase);
              break;
            }
            left = this.columnFrom(start);
            break;
          default:
            this.noViableAlt('expression');
            left = NULL;
        }
      }

      // The infix loop: extend `left` while the next operator binds at least minPrec.
      const next = this.t1();
      let kind = INFIX[next];
      if (kind !== undefined) {
        let prec = INFIX_PREC[next] as number;
        let not = false;
        if (kind === I_NOT) {
          const after = this.tk(2);
          kind = INFIX[after];
          prec = kind === I_LIKE || kind === I_BETWEEN || kind === I_IN ? (INFIX_PREC[after] as number) : -1;
          not = true;
        }
        if (prec >= minPrec) {
          if (not) this.pos++;
          const operator = this.next();
          switch (kind) {
            case I_BINARY: {
              const frame = this.push(F_BINARY, start, minPrec);
              frame.op = INFIX_OP[this.types[operator] as number] as BinaryOp;
              frame.left = left;
              minPrec = INFIX_RIGHT[this.types[operator] as number] as number;
              need = true;
              continue;
            }
            case I_IS: {
              const frame = this.push(F_IS, start, minPrec);
              frame.not = this.optional(T.Not) !== MISSING;
              frame.left = left;
              minPrec = INFIX_RIGHT[this.types[operator] as number] as number;
              need = true;
              continue;
            }
            case I_LIKE: {
              const frame = this.push(F_LIKE, start, minPrec);
              frame.op = INFIX_OP[this.types[operator] as number] as BinaryOp;
              frame.not = not;
              frame.left = left;
              minPrec = INFIX_RIGHT[this.types[operator] as number] as number;
              need = true;
              continue;
            }
            case I_BETWEEN: {
              const frame = this.push(F_BETWEEN, start, minPrec);
              frame.not = not;
              frame.left = left;
              frame.phase = 0;
              minPrec = INFIX_RIGHT[this.types[operator] as number] as number;
              need = true;
              continue;
            }
            case I_IN: {
              if (this.at(T.Colon)) {
                // IN :name: a list parameter, standing for the whole value list.
                const param = this.param(this.next(), true);
                const node: Expr = this.mark(new InNode(left, [param]), start);
                left = not ? this.mark(new UnaryNode('not', node), start) : node;
                continue;
              }
              const call = this.frameCount > base ? (this.frames[this.frameCount - 1] as Frame) : undefined;
              if (!this.at(T.LParen) && call?.kind === F_CALL && this.pos < this.end) {
                // POSITION('a' IN name): SQL's call form, not an IN list. One error, then on after the call's ')'.
                const hint = callFormHint(this.image(call.token), this.token(this.pos));
                this.syntaxError({ ...mismatchMessage(T.LParen, this.token(this.pos), this.token(this.last())), ...(hint ? { hint } : {}) });
                this.skipToCloseParen();
                continue;
              }
              const open = this.expect(T.LParen);
              this.enter(open === MISSING ? operator : open);
              if (this.at(T.Select)) {
                const select = (yield this.select()) as Select;
                this.expect(T.RParen);
                this.leave();
                const node: Expr = this.mark(new InSelectNode(left, select), start);
                left = not ? this.mark(new UnaryNode('not', node), start) : node;
                continue;
              }
              const frame = this.push(F_IN, start, minPrec);
              frame.items = [];
              frame.not = not;
              frame.left = left;
              if (startsExpression(this.t1())) {
                minPrec = 0;
                need = true;
                continue;
              }
              // IN (): an empty list.
              if (!this.at(T.RParen)) this.noViableAlt('expression');
              else this.pos++;
              left = this.endIn(frame);
              continue;
            }
            case I_COLLATE: {
              const name = this.expect(T.Name);
              left = this.mark(new CollateNode(left, this.nameOf(name)), start);
              continue;
            }
          }
        }
      }

      // `left` is complete: it goes to the construct on top of the stack.
      if (this.frameCount === base) return left;
      const frame = this.frames[this.frameCount - 1] as Frame;
      switch (frame.kind) {
        case F_PREFIX:
          this.leave();
          this.pop(frame);
          left = this.mark(new UnaryNode(frame.op as UnaryOp, left), frame.start);
          break;
        case F_PAREN:
          if (this.at(T.Comma)) {
            // (a, b) IN (...), (a, b) = (1, 2): one error, then on after the ')'.
            this.syntaxError({ ...mismatchMessage(T.RParen, this.token(this.pos), this.token(this.last())), hint: 'dsq has no row values (a, b): compare each pair (a = x AND b = y), or use EXISTS (SELECT ...)' });
            this.skipToCloseParen();
          }
          this.expect(T.RParen);
          this.leave();
          this.pop(frame);
          break;
        case F_BINARY: {
          left = this.mark(new BinaryNode(frame.op as BinaryOp, frame.left as Expr, left), frame.start);
          this.pop(frame);
          break;
        }
        case F_IS: {
          const node: Expr = this.mark(new BinaryNode('is', frame.left as Expr, left), frame.start);
          this.pop(frame);
          left = frame.not ? this.mark(new UnaryNode('not', node), frame.start) : node;
          break;
        }
        case F_LIKE: {
          const node: Expr = this.mark(new BinaryNode(frame.op as BinaryOp, frame.left as Expr, left), frame.start);
          this.pop(frame);
          left = frame.not ? this.mark(new UnaryNode('not', node), frame.start) : node;
          break;
        }
        case F_BETWEEN:
          if (frame.phase === 0) {
            frame.second = left;
            frame.phase = 1;
            this.expect(T.And);
            minPrec = OPERATORS.between.right;
            need = true;
            continue;
          } else {
            const node: Expr = this.mark(new BetweenNode(frame.left as Expr, frame.second, left), frame.start);
            this.pop(frame);
            left = frame.not ? this.mark(new UnaryNode('not', node), frame.start) : node;
          }
          break;
        case F_IN:
          frame.items.push(left);
          if (this.optional(T.Comma) !== MISSING) {
            minPrec = 0;
            need = true;
            continue;
          }
          this.expect(T.RParen);
          left = this.endIn(frame);
          break;
        case F_CALL: {
          frame.items.push(left);
          if (this.optional(T.Comma) !== MISSING) {
            minPrec = 0;
            need = true;
            continue;
          }
          if (!this.at(T.RParen) && this.pos < this.end) {
            // CAST(x AS INT), EXTRACT(YEAR FROM d): one error, then on after the call's ')'.
            this.syntaxError(callArgumentMessage(this.image(frame.token), this.token(this.pos), this.token(this.last())));
            this.skipToCloseParen();
          }
          this.expect(T.RParen);
          this.leave();
          const args = frame.items;
          this.pop(frame);
          left = this.callNode(frame.token, frame.distinct, frame.star, args, this.errors.length === frame.phase);
          break;
        }
        case F_CASE:
          if (this.caseNext(frame, left)) {
            minPrec = 0;
            need = true;
            continue;
          }
          left = this.endCase(frame);
          break;
      }
      // Back in the expression the construct belongs to: its infix loop goes on.
      start = frame.start;
      minPrec = frame.minPrec;
    }
  }

  /**
   * `BY term [ASC|DESC] {, ...}` after ORDER: the order terms of a SELECT (`columns`: how its
   * result columns are written, for the hint of `ORDER BY 2`) and of the FETCH types (null).
   */
  protected *orderByTerms(columns: readonly string[] | null): Generator<Rule<unknown>, OrderTerm[], unknown> {
    const order: OrderTerm[] = [];
    this.expect(T.By);
    do {
      const termStart = this.pos;
      const e = (yield this.expression(0)) as Expr;
      this.columnPosition(e, termStart, 'ORDER BY', columns);
      const dir = this.optional(T.Desc) !== MISSING ? 'desc' : (this.optional(T.Asc), 'asc');
      order.push(this.mark(new OrderTermNode(e, dir), termStart));
    } while (this.optional(T.Comma) !== MISSING);
    return order;
  }

  /** A whole input that is one expression (`parseExpression`). */
  *standaloneExpression(): Rule<Expr> {
    const e = (yield this.expression(0)) as Expr;
    if (this.pos < this.end) this.notAllInputParsed('standaloneExpression');
    return e;
  }
}