import { NULL, type BinaryOp, type Expr, type OrderTerm, type UnaryOp } from '../ast/index.js';
import { OPERATORS } from '../ast/operators.js';
import {
  BetweenNode,
  BinaryNode,
  CollateNode,
  ExistsNode,
  InNode,
  InSelectNode,
  NullNode,
  NumberNode,
  OrderTermNode,
  StringNode,
  SubqueryNode,
  UnaryNode,
} from '../ast/objects.js';
import { stringValue } from './literals.js';
import { callArgumentMessage, callFormHint, mismatchMessage } from './error-messages.js';
import * as T from './tokens.js';
import {
  CASE_BASE,
  CASE_WHEN,
  F_BETWEEN,
  F_BINARY,
  F_CALL,
  F_CASE,
  F_IN,
  F_IS,
  F_LIKE,
  F_PAREN,
  F_PREFIX,
  type Frame,
  INFIX,
  INFIX_OP,
  INFIX_PREC,
  INFIX_RIGHT,
  I_BETWEEN,
  I_BINARY,
  I_COLLATE,
  I_IN,
  I_IS,
  I_LIKE,
  I_NOT,
  PREFIX,
  P_BOOLEAN,
  P_CASE,
  P_CONTEXTUAL,
  P_DONE,
  P_EXISTS,
  P_LPAREN,
  P_MINUS,
  P_NAME,
  P_NOT,
  P_NULL,
  P_NUMBER,
  P_PARAM,
  P_STRING,
  P_TILDE,
  startsExpression,
} from './expression-tables.js';
import { call, MISSING, type ParserState, type Rule } from './parser-state.js';
import { RULES } from './rule-table.js';
import { caseNext, endCase, endIn, param, pop, push } from './expression-frames.js';
import { columnFrom, contextualForm, databaseColumn } from './name-rules.js';
import { callNode, columnPosition, nameOf, numberText } from './node-helpers.js';

/**
 * The expression rules of the dsq parser (the paths and specifiers they use: name-rules.ts; the
 * token tables they read: expression-tables.ts; the stack of frames: expression-frames.ts).
 *
 * An expression is read by one operator-precedence loop (`expression`) over the precedence
 * table of src/ast/operators.ts. Every construct that nests (parentheses, prefix operators,
 * the operands of infix operators, calls, IN lists, CASE) pushes a frame on an explicit stack
 * instead of calling a function, and pops it when its last operand is read: nesting costs
 * memory, not JavaScript stack, so the depth limit (`maxDepth`) is a choice. Subqueries and
 * DATABASE_COLUMN(...) are the only sub-rules (generators yielded to `drive`, parser-state.ts).
 */

/**
 * An expression whose operators bind at least `minPrec` (0: any expression). Precedence
 * climbing without recursion: `need` reads what an operand starts with (pushing a frame for
 * prefix operators, parentheses, calls and CASE), then the infix loop extends `left` while the
 * next operator binds tightly enough (pushing a frame for its right operand); when neither
 * applies, the operand is complete and goes to the frame on top, which builds its node.
 */
export function* expression(p: ParserState, initialMinPrec: number): Rule<Expr> {
  const base = p.frameCount;
  let minPrec = initialMinPrec;
  let start = MISSING;
  let left: Expr = NULL;
  let need = true;
  for (;;) {
    if (need) {
      need = false;
      start = p.pos;
      let prefix = PREFIX[p.t1()];
      if (prefix === P_CONTEXTUAL) {
        // A contextual word starts its own form when the tokens after it say so; else it is a name.
        const form = contextualForm(p, start);
        if (form === 'database_column') {
          left = yield* call(databaseColumn(p, start));
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
          p.pos++;
          p.enter(start);
          push(p, F_PREFIX, start, minPrec).op = 'not';
          minPrec = OPERATORS.unary.not.right;
          need = true;
          continue;
        case P_MINUS:
          p.pos++;
          // '-' right before a number is part of the number.
          if (p.at(T.NumberLiteral)) {
            left = p.mark(new NumberNode(numberText(p, p.next(), true)), start);
            break;
          }
          p.enter(start);
          push(p, F_PREFIX, start, minPrec).op = '-';
          minPrec = OPERATORS.unary['-'].right;
          need = true;
          continue;
        case P_TILDE:
          p.pos++;
          p.enter(start);
          push(p, F_PREFIX, start, minPrec).op = '~';
          minPrec = OPERATORS.unary['~'].right;
          need = true;
          continue;
        case P_NUMBER:
          p.pos++;
          left = p.mark(new NumberNode(numberText(p, start, false)), start);
          break;
        case P_STRING: {
          p.pos++;
          const value = stringValue(p.image(start));
          left = p.mark(value === '' ? new NullNode() : new StringNode(value), start);
          break;
        }
        case P_NULL:
          p.pos++;
          left = p.mark(new NullNode(), start);
          break;
        case P_LPAREN:
          p.pos++;
          if (p.at(T.Select)) {
            // '(' SELECT ... ')': a scalar subquery.
            const sel = yield* call(RULES.select(p));
            p.expect(T.RParen);
            left = p.mark(new SubqueryNode(sel), start);
            break;
          }
          p.enter(start);
          push(p, F_PAREN, start, minPrec);
          minPrec = 0;
          need = true;
          continue;
        case P_EXISTS: {
          p.pos++;
          p.expect(T.LParen);
          const sel = yield* call(RULES.select(p));
          p.expect(T.RParen);
          left = p.mark(new ExistsNode(sel), start);
          break;
        }
        case P_CASE: {
          p.pos++;
          p.enter(start);
          const frame = push(p, F_CASE, start, minPrec);
          frame.arms = [];
          if (p.at(T.When)) {
            frame.token = p.next();
            frame.phase = CASE_WHEN;
          } else if (startsExpression(p.t1())) {
            frame.phase = CASE_BASE;
          } else {
            p.earlyExit('caseExpression');
            frame.token = start;
            frame.phase = CASE_WHEN;
          }
          minPrec = 0;
          need = true;
          continue;
        }
        case P_PARAM:
          p.pos++;
          left = param(p, start, false);
          break;
        case P_BOOLEAN:
          p.pos++;
          p.report(
            'syntax/boolean-literal',
            `dsq has no boolean literals, found ${p.image(start).toUpperCase()}`,
            start,
            start,
            'write a comparison (x = 1) or a number (1 or 0)',
          );
          left = p.mark(new NullNode(), start);
          break;
        case P_NAME:
          p.pos++;
          if (p.at(T.LParen)) {
            const open = p.next();
            p.enter(open);
            const frame = push(p, F_CALL, start, minPrec);
            frame.token = start;
            frame.items = [];
            frame.phase = p.errors.length;
            frame.distinct = p.optional(T.Distinct);
            frame.star = p.optional(T.Star);
            if (frame.star === MISSING && startsExpression(p.t1())) {
              minPrec = 0;
              need = true;
              continue;
            }
            p.expect(T.RParen);
            p.leave();
            pop(p, frame);
            left = callNode(p, start, frame.distinct, frame.star, [], p.errors.length === frame.phase);
            break;
          }
          left = columnFrom(p, start);
          break;
        default:
          p.noViableAlt('expression');
          left = p.placeholder(new NullNode());
      }
    }

    // The infix loop: extend `left` while the next operator binds at least minPrec.
    const next = p.t1();
    let kind = INFIX[next];
    if (kind !== undefined) {
      let prec = INFIX_PREC[next] as number;
      let not = false;
      if (kind === I_NOT) {
        const after = p.tk(2);
        kind = INFIX[after];
        prec = kind === I_LIKE || kind === I_BETWEEN || kind === I_IN ? (INFIX_PREC[after] as number) : -1;
        not = true;
      }
      if (prec >= minPrec) {
        if (not) p.pos++;
        const operator = p.next();
        switch (kind) {
          case I_BINARY: {
            const frame = push(p, F_BINARY, start, minPrec);
            frame.op = INFIX_OP[p.types[operator] as number] as BinaryOp;
            frame.left = left;
            minPrec = INFIX_RIGHT[p.types[operator] as number] as number;
            need = true;
            continue;
          }
          case I_IS: {
            const frame = push(p, F_IS, start, minPrec);
            frame.not = p.optional(T.Not) !== MISSING;
            frame.left = left;
            minPrec = INFIX_RIGHT[p.types[operator] as number] as number;
            need = true;
            continue;
          }
          case I_LIKE: {
            const frame = push(p, F_LIKE, start, minPrec);
            frame.op = INFIX_OP[p.types[operator] as number] as BinaryOp;
            frame.not = not;
            frame.left = left;
            minPrec = INFIX_RIGHT[p.types[operator] as number] as number;
            need = true;
            continue;
          }
          case I_BETWEEN: {
            const frame = push(p, F_BETWEEN, start, minPrec);
            frame.not = not;
            frame.left = left;
            frame.phase = 0;
            minPrec = INFIX_RIGHT[p.types[operator] as number] as number;
            need = true;
            continue;
          }
          case I_IN: {
            if (p.at(T.Colon)) {
              // IN :name: a list parameter, standing for the whole value list.
              const parameter = param(p, p.next(), true);
              const node: Expr = p.mark(new InNode(left, [parameter]), start);
              left = not ? p.mark(new UnaryNode('not', node), start) : node;
              continue;
            }
            const callFrame = p.frameCount > base ? (p.frames[p.frameCount - 1] as Frame) : undefined;
            if (!p.at(T.LParen) && callFrame?.kind === F_CALL && p.pos < p.end) {
              // POSITION('a' IN name): SQL's call form, not an IN list. One error, then on after the call's ')'.
              const hint = callFormHint(p.image(callFrame.token), p.token(p.pos));
              p.syntaxError({ ...mismatchMessage(T.LParen, p.token(p.pos), p.token(p.last())), ...(hint ? { hint } : {}) });
              p.skipToCloseParen();
              continue;
            }
            const open = p.expect(T.LParen);
            p.enter(open === MISSING ? operator : open);
            if (p.at(T.Select)) {
              const sel = yield* call(RULES.select(p));
              p.expect(T.RParen);
              p.leave();
              const node: Expr = p.mark(new InSelectNode(left, sel), start);
              left = not ? p.mark(new UnaryNode('not', node), start) : node;
              continue;
            }
            const frame = push(p, F_IN, start, minPrec);
            frame.items = [];
            frame.not = not;
            frame.left = left;
            if (startsExpression(p.t1())) {
              minPrec = 0;
              need = true;
              continue;
            }
            // IN (): an empty list.
            if (!p.at(T.RParen)) p.noViableAlt('expression');
            else p.pos++;
            left = endIn(p, frame);
            continue;
          }
          case I_COLLATE: {
            const name = p.expect(T.Name);
            left = p.mark(new CollateNode(left, nameOf(p, name)), start);
            continue;
          }
        }
      }
    }

    // `left` is complete: it goes to the construct on top of the stack.
    if (p.frameCount === base) return left;
    const frame = p.frames[p.frameCount - 1] as Frame;
    switch (frame.kind) {
      case F_PREFIX:
        p.leave();
        pop(p, frame);
        left = p.mark(new UnaryNode(frame.op as UnaryOp, left), frame.start);
        break;
      case F_PAREN:
        if (p.at(T.Comma)) {
          // (a, b) IN (...), (a, b) = (1, 2): one error, then on after the ')'.
          p.syntaxError({
            ...mismatchMessage(T.RParen, p.token(p.pos), p.token(p.last())),
            hint: 'dsq has no row values (a, b): compare each pair (a = x AND b = y), or use EXISTS (SELECT ...)',
          });
          p.skipToCloseParen();
        }
        if (p.at(T.RParen)) p.group(frame.start, p.pos);
        p.expect(T.RParen);
        p.leave();
        pop(p, frame);
        break;
      case F_BINARY: {
        left = p.mark(new BinaryNode(frame.op as BinaryOp, frame.left as Expr, left), frame.start);
        pop(p, frame);
        break;
      }
      case F_IS: {
        const node: Expr = p.mark(new BinaryNode('is', frame.left as Expr, left), frame.start);
        pop(p, frame);
        left = frame.not ? p.mark(new UnaryNode('not', node), frame.start) : node;
        break;
      }
      case F_LIKE: {
        const node: Expr = p.mark(new BinaryNode(frame.op as BinaryOp, frame.left as Expr, left), frame.start);
        pop(p, frame);
        left = frame.not ? p.mark(new UnaryNode('not', node), frame.start) : node;
        break;
      }
      case F_BETWEEN:
        if (frame.phase === 0) {
          frame.second = left;
          frame.phase = 1;
          p.expect(T.And);
          minPrec = OPERATORS.between.right;
          need = true;
          continue;
        } else {
          const node: Expr = p.mark(new BetweenNode(frame.left as Expr, frame.second, left), frame.start);
          pop(p, frame);
          left = frame.not ? p.mark(new UnaryNode('not', node), frame.start) : node;
        }
        break;
      case F_IN:
        frame.items.push(left);
        if (p.optional(T.Comma) !== MISSING) {
          minPrec = 0;
          need = true;
          continue;
        }
        p.expect(T.RParen);
        left = endIn(p, frame);
        break;
      case F_CALL: {
        frame.items.push(left);
        if (p.optional(T.Comma) !== MISSING) {
          minPrec = 0;
          need = true;
          continue;
        }
        if (!p.at(T.RParen) && p.pos < p.end) {
          // CAST(x AS INT), EXTRACT(YEAR FROM d): one error, then on after the call's ')'.
          p.syntaxError(callArgumentMessage(p.image(frame.token), p.token(p.pos), p.token(p.last())));
          p.skipToCloseParen();
        }
        p.expect(T.RParen);
        p.leave();
        const args = frame.items;
        pop(p, frame);
        left = callNode(p, frame.token, frame.distinct, frame.star, args, p.errors.length === frame.phase);
        break;
      }
      case F_CASE:
        if (caseNext(p, frame, left)) {
          minPrec = 0;
          need = true;
          continue;
        }
        left = endCase(p, frame);
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
export function* orderByTerms(p: ParserState, columns: readonly string[] | null): Generator<Rule<unknown>, OrderTerm[], unknown> {
  const order: OrderTerm[] = [];
  p.expect(T.By);
  do {
    const termStart = p.pos;
    const e = yield* call(expression(p, 0));
    columnPosition(p, e, termStart, 'ORDER BY', columns);
    const dir = p.optional(T.Desc) !== MISSING ? 'desc' : (p.optional(T.Asc), 'asc');
    order.push(p.mark(new OrderTermNode(e, dir), termStart));
  } while (p.optional(T.Comma) !== MISSING);
  return order;
}

/** A whole input that is one expression (`parseExpression`). */
export function* standaloneExpression(p: ParserState): Rule<Expr> {
  const e = yield* call(expression(p, 0));
  if (p.pos < p.end) p.notAllInputParsed('standaloneExpression');
  return e;
}
