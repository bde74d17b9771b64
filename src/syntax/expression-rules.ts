import type { TokenType } from 'chevrotain';
import { NULL, type BinaryOp, type Expr, type Select, type Specifier, type UnaryOp, type WhenClause } from '../ast/index.js';
import { OPERATORS, type Operator } from '../ast/operators.js';
import { AliasNode, BetweenNode, BinaryNode, CaseNode, CollateNode, ColumnNode, DatabaseColumnNode, DatetimeNode, ExistsNode, InNode, InSelectNode, NullNode, NumberNode, ParamNode, SpecAllNode, SpecArrayNode, SpecIdNode, SpecNameNode, SpecWhereNode, StringNode, SubqueryNode, SystemColumnNode, UnaryNode, WhenNode } from '../ast/objects.js';
import { stringValue } from './literals.js';
import { IS_NAME, MISSING, ParserBase, idx, type Rule } from './parser-base.js';
import * as T from './tokens.js';

/**
 * The expression rules of the dsq parser, and the paths and specifiers they use.
 *
 * An expression is read by one operator-precedence loop (`expression`) over the precedence
 * table of src/ast/operators.ts. Every construct that nests (parentheses, prefix operators,
 * the operands of infix operators, calls, IN lists, CASE) pushes a frame on an explicit stack
 * instead of calling a function, and pops it when its last operand is read: nesting costs
 * memory, not JavaScript stack, so the depth limit (`maxDepth`) is a choice. Subqueries and
 * DATABASE_COLUMN(...) are the only sub-rules (generators yielded to `drive`, parser-base.ts).
 */


/** What a token starts in prefix position (by token type index). */
const P_DONE = -1, P_NOT = 1, P_MINUS = 2, P_TILDE = 3, P_NUMBER = 4, P_STRING = 5, P_NULL = 6, P_LPAREN = 7, P_EXISTS = 8, P_CASE = 9, P_BOOLEAN = 10, P_NAME = 11, P_CONTEXTUAL = 12, P_PARAM = 13;
const PREFIX: number[] = [];
PREFIX[idx(T.Not)] = P_NOT;
PREFIX[idx(T.Minus)] = P_MINUS;
PREFIX[idx(T.Tilde)] = P_TILDE;
PREFIX[idx(T.NumberLiteral)] = P_NUMBER;
PREFIX[idx(T.StringLiteral)] = P_STRING;
PREFIX[idx(T.Null)] = P_NULL;
PREFIX[idx(T.LParen)] = P_LPAREN;
PREFIX[idx(T.Exists)] = P_EXISTS;
PREFIX[idx(T.Case)] = P_CASE;
PREFIX[idx(T.True)] = P_BOOLEAN;
PREFIX[idx(T.False)] = P_BOOLEAN;
PREFIX[idx(T.Identifier)] = P_NAME;
PREFIX[idx(T.QuotedIdentifier)] = P_NAME;
for (const word of T.CONTEXTUAL_WORDS) PREFIX[idx(word)] = P_CONTEXTUAL;
PREFIX[idx(T.Colon)] = P_PARAM;

/** Whether a token of type `type` can start an expression. */
export function startsExpression(type: number): boolean {
  return PREFIX[type] !== undefined;
}

/** The AST operator of each binary operator token. */
const BINARY_TOKEN_OPS: ReadonlyMap<TokenType, BinaryOp> = new Map<TokenType, BinaryOp>([
  [T.Or, 'or'], [T.And, 'and'],
  [T.Equals, '='], [T.NotEquals, '!='], [T.Less, '<'], [T.LessEquals, '<='], [T.Greater, '>'], [T.GreaterEquals, '>='],
  [T.Pipe, '|'], [T.Ampersand, '&'], [T.ShiftLeft, '<<'], [T.ShiftRight, '>>'],
  [T.Plus, '+'], [T.Minus, '-'], [T.Star, '*'], [T.Slash, '/'], [T.Percent, '%'],
]);

/**
 * What a token is in infix position, the level it binds at and the least level of its right
 * operand (by token type index; the levels are src/ast/operators.ts's).
 */
const I_BINARY = 1, I_IS = 2, I_LIKE = 3, I_BETWEEN = 4, I_IN = 5, I_NOT = 6, I_COLLATE = 7;
const INFIX: number[] = [];
const INFIX_PREC: number[] = [];
const INFIX_RIGHT: number[] = [];
const INFIX_OP: BinaryOp[] = [];
function infix(type: TokenType, kind: number, operator: Operator, op?: BinaryOp): void {
  INFIX[idx(type)] = kind;
  INFIX_PREC[idx(type)] = operator.level;
  if (operator.right !== null) INFIX_RIGHT[idx(type)] = operator.right;
  if (op !== undefined) INFIX_OP[idx(type)] = op;
}
for (const [type, op] of BINARY_TOKEN_OPS) infix(type, I_BINARY, OPERATORS.binary[op], op);
infix(T.Is, I_IS, OPERATORS.binary.is);
infix(T.Like, I_LIKE, OPERATORS.binary.like, 'like');
infix(T.Regexp, I_LIKE, OPERATORS.binary.regexp, 'regexp');
infix(T.Between, I_BETWEEN, OPERATORS.between);
infix(T.In, I_IN, OPERATORS.in);
infix(T.Collate, I_COLLATE, OPERATORS.collate);
// NOT in infix position: `x NOT LIKE y`, `x NOT BETWEEN ...`, `x NOT IN (...)`, at the level of what follows it.
INFIX[idx(T.Not)] = I_NOT;

/** The least level of the right operand of the infix operator whose token type index is `type` (0 for a token that is none). */
export function infixRight(type: number): number {
  return INFIX_RIGHT[type] ?? 0;
}

/**
 * The level an infix operator starting with `next` binds at (`after` is the token after it,
 * for NOT LIKE / NOT BETWEEN / NOT IN); -1 when `next` starts no infix operator.
 */
export function infixPrec(next: number, after: number): number {
  const kind = INFIX[next];
  if (kind === undefined) return -1;
  if (kind !== I_NOT) return INFIX_PREC[next] as number;
  const then = INFIX[after];
  return then === I_LIKE || then === I_BETWEEN || then === I_IN ? (INFIX_PREC[after] as number) : -1;
}

/** The tokens a parameter name can be: a word (identifier, contextual word or keyword). */
const PARAM_NAME_TOKEN: boolean[] = [];
for (const type of [T.Identifier, ...T.CONTEXTUAL_WORDS, ...T.KEYWORDS]) PARAM_NAME_TOKEN[idx(type)] = true;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const SEPARATORS: string[] = [];
SEPARATORS[idx(T.Dot)] = '.';
SEPARATORS[idx(T.At)] = '@';
SEPARATORS[idx(T.Colon)] = ':';

/** The tokens a specifier starts with: [-]number, 'name', WHERE, ALL, [. */
const SPECIFIER_START: boolean[] = [];
for (const type of [T.Minus, T.NumberLiteral, T.StringLiteral, T.Where, T.All, T.LBracket]) SPECIFIER_START[idx(type)] = true;

/** The literal each datetime word starts (`DATE '...'`), by token type index. */
const DATETIME_WORDS: ('datetime' | 'localdate' | 'localtime' | 'localdatetime')[] = [];
DATETIME_WORDS[idx(T.DatetimeWord)] = 'datetime';
DATETIME_WORDS[idx(T.DateWord)] = 'localdate';
DATETIME_WORDS[idx(T.TimeWord)] = 'localtime';
DATETIME_WORDS[idx(T.TimestampWord)] = 'localdatetime';

const DATETIME = idx(T.DatetimeWord), LPAREN = idx(T.LParen), MINUS = idx(T.Minus), NUMBER = idx(T.NumberLiteral);
const STRING = idx(T.StringLiteral), QUOTED = idx(T.QuotedIdentifier);
const COLUMN_WORD = idx(T.ColumnWord), ALIAS_WORD = idx(T.AliasWord), SYSTEM_COLUMN_WORD = idx(T.SystemColumnWord), DATABASE_COLUMN_WORD = idx(T.DatabaseColumnWord);

/** The lists of a frame that has none (frozen: a frame that forgot to make its own list fails loudly). */
const NO_ITEMS = Object.freeze([]) as unknown as Expr[];
const NO_ARMS = Object.freeze([]) as unknown as WhenClause[];

// Frame kinds: the constructs in progress on the expression stack.
const F_PREFIX = 1, F_PAREN = 2, F_BINARY = 3, F_IS = 4, F_LIKE = 5, F_BETWEEN = 6, F_IN = 7, F_CALL = 8, F_CASE = 9;
// CASE phases: what the expression just read is.
const CASE_BASE = 0, CASE_WHEN = 1, CASE_THEN = 2, CASE_ELSE = 3;

/**
 * One construct in progress. Frames are pooled (`frames`, `frameCount`), so every field is
 * always present and reset on push.
 */
class Frame {
  kind = 0;
  /** Start token and minimum precedence of the expression this construct is part of: restored when it completes. */
  start = MISSING;
  minPrec = 0;
  /** The left operand (binary operators, IS, LIKE, BETWEEN, IN) or the CASE base. */
  left: Expr | null = null;
  /** BETWEEN: the lower bound; CASE: the WHEN condition. */
  second: Expr = NULL;
  op: BinaryOp | UnaryOp = 'and';
  /** NOT LIKE, NOT BETWEEN, NOT IN, IS NOT. */
  not = false;
  /** The called name; the WHEN token of the current CASE arm. */
  token = MISSING;
  distinct = MISSING;
  star = MISSING;
  /** Call arguments, IN values (a new list per construct: it goes into the node). */
  items: Expr[] = NO_ITEMS;
  arms: WhenClause[] = NO_ARMS;
  /** BETWEEN: 0 before AND, 1 after; CASE: what was read last; call: the number of syntax errors before it. */
  phase = 0;
  otherwise: Expr | null = null;
}

export abstract class ExpressionRules extends ParserBase {
  /** The SELECT rule (parser.ts): subqueries in expressions. */
  protected abstract select(): Rule<Select>;

  private frames: Frame[] = [];
  private frameCount = 0;

  override begin(...args: Parameters<ParserBase['begin']>): void {
    super.begin(...args);
    this.frameCount = 0;
  }

  private push(kind: number, start: number, minPrec: number): Frame {
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
  private pop(frame: Frame): void {
    this.frameCount--;
    frame.left = null;
    frame.second = NULL;
    frame.otherwise = null;
    frame.items = NO_ITEMS;
    frame.arms = NO_ARMS;
  }

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
  private endIn(frame: Frame): Expr {
    this.leave();
    const node: Expr = this.mark(new InNode(frame.left as Expr, frame.items), frame.start);
    this.pop(frame);
    return frame.not ? this.mark(new UnaryNode('not', node), frame.start) : node;
  }

  /** A CASE part was read (`value`): take it; true when another expression follows. */
  private caseNext(frame: Frame, value: Expr): boolean {
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
  private endCase(frame: Frame): Expr {
    this.expect(T.End);
    this.leave();
    const node: Expr = this.mark(new CaseNode(frame.left, frame.arms, frame.otherwise), frame.start);
    this.pop(frame);
    return node;
  }

  /**
   * The form a contextual word starts, told by the tokens after it (`DATE '...'`,
   * `COLUMN(...)`, ...): the node, 'database_column' (a sub-rule), or null when the word is a
   * plain name here (a column or a call).
   */
  private contextualForm(start: number): Expr | 'database_column' | null {
    const type = this.t1();
    const second = this.tk(2);
    const third = this.tk(3);
    const kind = DATETIME_WORDS[type];
    if (kind !== undefined) {
      if (type === DATETIME && second === LPAREN && (third === MINUS || third === NUMBER)) {
        this.pos += 2;
        const negative = this.optional(T.Minus) !== MISSING;
        const n = this.expect(T.NumberLiteral);
        this.expect(T.RParen);
        return this.mark(new DatetimeNode('ms', this.wholeNumberText(n, negative, 'DATETIME(milliseconds)')), start);
      }
      if (second === STRING || second === QUOTED) {
        this.pos += 2;
        return this.datetime(kind, this.pos - 1, start);
      }
      return null;
    }
    if (second !== LPAREN) return null;
    const thirdIsName = IS_NAME[third] === true;
    switch (type) {
      case COLUMN_WORD: {
        if (!(thirdIsName || third === STRING)) return null;
        this.pos += 2;
        let path: string;
        if (this.at(T.StringLiteral)) {
          const s = this.next();
          path = stringValue(this.image(s));
          if (path === '') this.report('syntax/empty-path', "a column path cannot be empty ('')", s);
        } else {
          path = this.pathText(this.next());
        }
        this.expect(T.RParen);
        return this.mark(new ColumnNode(path), start);
      }
      case ALIAS_WORD: {
        if (!thirdIsName) return null;
        this.pos += 2;
        const name = this.next();
        this.expect(T.RParen);
        return this.mark(new AliasNode(this.nameOf(name)), start);
      }
      case SYSTEM_COLUMN_WORD: {
        if (!thirdIsName) return null;
        this.pos += 2;
        const table = this.next();
        this.expect(T.Comma);
        const column = this.expect(T.Name);
        this.expect(T.RParen);
        return this.mark(new SystemColumnNode(this.nameOf(table), this.nameOf(column)), start);
      }
      case DATABASE_COLUMN_WORD:
        return SPECIFIER_START[third] === true ? 'database_column' : null;
      default:
        return null;
    }
  }

  /** `DATABASE_COLUMN ( specifier , name , specifier )` (the caller saw its first three tokens). */
  private *databaseColumn(start: number): Rule<Expr> {
    this.pos++;
    this.enter(this.next());
    const database = (yield this.specifier()) as Specifier;
    this.expect(T.Comma);
    const table = this.expect(T.Name);
    this.expect(T.Comma);
    const column = (yield this.specifier()) as Specifier;
    this.expect(T.RParen);
    this.leave();
    return this.mark(new DatabaseColumnNode(database, this.nameOf(table), column), start);
  }

  // -------------------------------------------------------------------------------------
  // Paths

  /** A column (or alias) reference whose path starts with the name `first` (read). */
  private columnFrom(first: number): Expr {
    if (SEPARATORS[this.t1()] === undefined) return this.nameRef(this.nameOf(first), true, first);
    return this.nameRef(this.pathText(first), false, first);
  }

  /** The text of a path whose first name is `first` (read): `{ (.|@|:) name }` joined as written. */
  protected pathText(first: number): string {
    let text = this.nameOf(first);
    for (;;) {
      const separator = SEPARATORS[this.t1()];
      if (separator === undefined) return text;
      this.pos++;
      text += separator + this.nameOf(this.expect(T.Name));
    }
  }

  // -------------------------------------------------------------------------------------
  // Specifiers

  /** A database or field specifier: an id, a 'name', WHERE e, ALL, or [ ... ] of the first three. */
  protected *specifier(): Rule<Specifier> {
    const start = this.pos;
    if (this.at(T.All)) {
      this.pos++;
      return this.mark(new SpecAllNode(), start);
    }
    if (this.at(T.LBracket)) {
      this.pos++;
      const items: Extract<Specifier, { kind: 'spec_id' | 'spec_name' | 'spec_where' }>[] = [];
      if (SPECIFIER_START[this.t1()] === true && !this.at(T.All) && !this.at(T.LBracket)) {
        do items.push(yield* this.singularSpecifier('singularSpecifier'));
        while (this.optional(T.Comma) !== MISSING);
      }
      this.expect(T.RBracket);
      return this.mark(new SpecArrayNode(items), start);
    }
    return yield* this.singularSpecifier('specifier');
  }

  /** An id, a 'name' or WHERE e; `ruleName` names what was expected when it is none of these. */
  private *singularSpecifier(ruleName: string): Generator<Rule<unknown>, Extract<Specifier, { kind: 'spec_id' | 'spec_name' | 'spec_where' }>, unknown> {
    const start = this.pos;
    if (this.at(T.NumberLiteral) || this.at(T.Minus)) {
      const negative = this.optional(T.Minus) !== MISSING;
      const n = this.expect(T.NumberLiteral);
      return this.mark(new SpecIdNode(this.wholeNumberText(n, negative, 'an id')), start);
    }
    if (this.at(T.StringLiteral)) {
      const s = this.next();
      const name = stringValue(this.image(s));
      if (name === '') this.report('syntax/empty-name', "a name specifier cannot be empty ('')", s);
      return this.mark(new SpecNameNode(name), start);
    }
    if (this.at(T.Where)) {
      this.pos++;
      const where = (yield this.expression(0)) as Expr;
      return this.mark(new SpecWhereNode(where), start);
    }
    this.noViableAlt(ruleName);
    return new SpecIdNode('0');
  }

  /** A whole input that is one expression (`parseExpression`). */
  *standaloneExpression(): Rule<Expr> {
    const e = (yield this.expression(0)) as Expr;
    if (this.pos < this.end) this.notAllInputParsed('standaloneExpression');
    return e;
  }
}
