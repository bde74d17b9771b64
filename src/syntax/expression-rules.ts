import type { DSLMethodOpts, IOrAlt, IToken, OrMethodOpts, ParserMethod } from 'chevrotain';
import {
  NULL, Prec, between, binary, caseExpr, col, alias as aliasRef, inList, str, unary, when,
  type BinaryOp, type Expr, type Select, type Specifier, type WhenClause,
} from '../ast/index.js';
import { stringValue } from './literals.js';
import { BINARY_TOKEN_OPS, PATH_SEPARATORS, ParserBase, RIGHT_ARGS, argsAt } from './parser-base.js';
import * as T from './tokens.js';

/** A path as read: its text, whether it is one name, whether that name was quoted. */
interface PathText {
  readonly text: string;
  readonly single: boolean;
  readonly quoted: boolean;
}

/**
 * The expression rules of the dsq parser (and the paths and specifiers they use): precedence
 * climbing over src/ast/precedence.ts, so binary chains are loops, not recursion.
 */
export abstract class ExpressionRules extends ParserBase {
  /** The SELECT rule (parser.ts): subqueries in expressions. */
  protected abstract select: ParserMethod<[], Select>;

  /** `name { (.|@|:) name }`: a table or column path, joined as written. */
  protected path = this.RULE('path', (): PathText => {
    const first = this.CONSUME(T.Name);
    return this.SUBRULE(this.pathFrom, { ARGS: [first] });
  }, { recoveryValueFunc: () => ({ text: '?', single: false, quoted: false }) });

  /** The rest of a path whose first name is `first`: `{ (.|@|:) name }`. */
  protected pathFrom = this.RULE('pathFrom', (first: IToken): PathText => {
    let text = this.ACTION(() => this.nameOf(first));
    let single = true;
    this.MANY(() => {
      const sep = this.OR((this.separatorAlts ??= [
        { ALT: () => this.CONSUME(T.Dot) },
        { ALT: () => this.CONSUME(T.At) },
        { ALT: () => this.CONSUME(T.Colon) },
      ]));
      const next = this.CONSUME1(T.Name);
      this.ACTION(() => {
        text += PATH_SEPARATORS.get(sep.tokenType) + this.nameOf(next);
        single = false;
      });
    });
    return { text, single, quoted: this.ACTION(() => first.tokenType === T.QuotedIdentifier) };
  }, { recoveryValueFunc: () => ({ text: '?', single: false, quoted: false }) });

  // -------------------------------------------------------------------------------------
  // Specifiers

  protected specifier = this.RULE('specifier', (): Specifier => {
    const start = this.LA(1);
    return this.OR([
      { ALT: () => this.SUBRULE(this.singularSpecifier) },
      { ALT: () => (this.CONSUME(T.All), this.ACTION(() => this.mark({ kind: 'spec_all' }, start))) },
      {
        ALT: () => {
          this.CONSUME(T.LBracket);
          const items: Extract<Specifier, { kind: 'spec_id' | 'spec_name' | 'spec_where' }>[] = [];
          this.MANY_SEP({
            SEP: T.Comma,
            DEF: () => {
              const item = this.SUBRULE1(this.singularSpecifier);
              this.ACTION(() => items.push(item));
            },
          });
          this.CONSUME(T.RBracket);
          return this.ACTION(() => this.mark({ kind: 'spec_array', items }, start));
        },
      },
    ]);
  }, { recoveryValueFunc: (): Specifier => ({ kind: 'spec_all' }) });

  protected singularSpecifier = this.RULE('singularSpecifier', (): Extract<Specifier, { kind: 'spec_id' | 'spec_name' | 'spec_where' }> => {
    const start = this.LA(1);
    return this.OR([
      {
        ALT: () => {
          const minus = this.OPTION(() => this.CONSUME(T.Minus));
          const n = this.CONSUME(T.NumberLiteral);
          return this.ACTION(() => this.mark({ kind: 'spec_id', id: this.wholeNumberText(n, minus !== undefined, 'an id') }, start));
        },
      },
      {
        ALT: () => {
          const s = this.CONSUME(T.StringLiteral);
          return this.ACTION(() => {
            const name = stringValue(s.image);
            if (name === '' && !s.isInsertedInRecovery) this.report('syntax/empty-name', "a name specifier cannot be empty ('')", s);
            return this.mark({ kind: 'spec_name', name }, start);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Where);
          const e = this.SUBRULE(this.expression, argsAt(0));
          return this.ACTION(() => this.mark({ kind: 'spec_where', where: e }, start));
        },
      },
    ]);
  }, { recoveryValueFunc: () => ({ kind: 'spec_id', id: '0' }) as Extract<Specifier, { kind: 'spec_id' }> });

  // -------------------------------------------------------------------------------------
  // Expressions

  /** Precedence climbing: a prefix form, then infix operators binding at least `minPrec`. */
  public expression = this.RULE('expression', (minPrec: number): Expr => {
    const frame = this.pushFrame(this.LA(1), minPrec);
    try {
      frame.left = this.OR((this.prefixAlts ??= { IGNORE_AMBIGUITIES: true, DEF: this.prefixAlternatives() }));
      this.MANY(
        (this.infixLoop ??= {
          GATE: () => this.infixPrec() >= this.frame().minPrec,
          DEF: () => {
            const f = this.frame();
            f.left = this.OR2((this.infixAlts ??= this.infixAlternatives()));
          },
        }),
      );
      return frame.left;
    } finally {
      this.popFrame();
    }
  }, { recoveryValueFunc: () => NULL });

  // The expression rule's alternatives are built once and cached (Chevrotain's advice for
  // embedded actions: no closures allocated per call). They read the current invocation's
  // state from the top of `frames`, which nested invocations restore when they return.
  protected prefixAlts: OrMethodOpts<Expr> | undefined;
  protected infixAlts: IOrAlt<Expr>[] | undefined;
  protected infixLoop: DSLMethodOpts<unknown> | undefined;

  /**
   * Prefix operators and primary forms: what an expression starts with. Every alternative
   * starts with a different token (LL(1)), so Chevrotain picks one with a table lookup; forms
   * that need a second token to tell apart live one level down (`(`, `-`, names).
   */
  protected prefixAlternatives(): IOrAlt<Expr>[] {
    return [
      {
        ALT: () => {
          const not = this.CONSUME(T.Not);
          this.ACTION(() => this.enter(not));
          try {
            const e = this.SUBRULE(this.expression, argsAt(Prec.not));
            return this.ACTION(() => this.mark(unary('not', e), this.frame().start));
          } finally {
            this.ACTION(() => this.depth--);
          }
        },
      },
      {
        // '-': a number literal right after it folds into the number; otherwise unary minus.
        ALT: () => {
          this.CONSUME(T.Minus);
          return this.OR1({
            IGNORE_AMBIGUITIES: true,
            DEF: [
              {
                ALT: () => {
                  const n = this.CONSUME(T.NumberLiteral);
                  return this.ACTION(() => this.mark({ kind: 'number', value: this.numberText(n, true) }, this.frame().start));
                },
              },
              { ALT: () => this.unaryOperand('-', 1) },
            ],
          });
        },
      },
      { ALT: () => (this.CONSUME(T.Tilde), this.unaryOperand('~', 8)) },
      {
        ALT: () => {
          const n = this.CONSUME1(T.NumberLiteral);
          return this.ACTION(() => this.mark({ kind: 'number', value: this.numberText(n, false) }, this.frame().start));
        },
      },
      {
        ALT: () => {
          const s = this.CONSUME(T.StringLiteral);
          return this.ACTION(() => {
            const value = stringValue(s.image);
            return this.mark(value === '' ? { kind: 'null' } : str(value), this.frame().start);
          });
        },
      },
      { ALT: () => (this.CONSUME(T.Null), this.ACTION(() => this.mark({ kind: 'null' }, this.frame().start))) },
      {
        // '(' SELECT ... ')' is a scalar subquery; '(' expression ')' a parenthesised expression.
        ALT: () => {
          const open = this.CONSUME4(T.LParen);
          return this.OR5([
            {
              ALT: () => {
                const sel = this.SUBRULE(this.select);
                this.CONSUME4(T.RParen);
                return this.ACTION(() => this.mark({ kind: 'subquery', select: sel }, this.frame().start));
              },
            },
            {
              ALT: () => {
                this.ACTION(() => this.enter(open));
                try {
                  const e = this.SUBRULE7(this.expression, argsAt(0));
                  this.CONSUME5(T.RParen);
                  return e;
                } finally {
                  this.ACTION(() => this.depth--);
                }
              },
            },
          ]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Exists);
          this.CONSUME6(T.LParen);
          const sel = this.SUBRULE1(this.select);
          this.CONSUME6(T.RParen);
          return this.ACTION(() => this.mark({ kind: 'exists', select: sel }, this.frame().start));
        },
      },
      { ALT: () => this.SUBRULE(this.caseExpression) },
      {
        ALT: () => {
          const b = this.OR6([{ ALT: () => this.CONSUME(T.True) }, { ALT: () => this.CONSUME(T.False) }]);
          this.ACTION(() =>
            this.report(
              'syntax/boolean-literal',
              `dsq has no boolean literals, found ${b.image.toUpperCase()}`,
              b,
              b,
              'write a comparison (x = 1) or a number (1 or 0)',
            ),
          );
          return this.ACTION(() => this.mark({ kind: 'null' }, this.frame().start));
        },
      },
      {
        // A plain name (the common case): a call or a column path, told apart by the next token.
        ALT: () => {
          this.CONSUME(T.PlainName);
          // Built once (no array and closures per name); each reads the name just consumed.
          return this.OR7((this.plainNameAlts ??= [
            { ALT: () => this.callTail(this.LA(0)) },
            { ALT: () => this.columnFrom(this.LA(0), 0) },
          ]));
        },
      },
      // A contextual word may start its own form (`DATE '...'`, `COLUMN(...)`): two tokens decide.
      { ALT: () => this.SUBRULE(this.contextualExpression) },
    ];
  }

  /** The operand of a prefix `-` or `~` (binds tighter than `*`, looser than COLLATE). */
  protected unaryOperand(op: '-' | '~', index: 1 | 8): Expr {
    this.ACTION(() => this.enter(this.frame().start));
    try {
      const e = index === 1 ? this.SUBRULE1(this.expression, argsAt(Prec.unary)) : this.SUBRULE8(this.expression, argsAt(Prec.unary));
      return this.ACTION(() => this.mark(unary(op, e), this.frame().start));
    } finally {
      this.ACTION(() => this.depth--);
    }
  }

  protected contextualAlts: OrMethodOpts<Expr> | undefined;
  protected plainNameAlts: IOrAlt<Expr>[] | undefined;
  protected separatorAlts: IOrAlt<IToken>[] | undefined;

  /** A column (or alias) reference whose path starts with `first`. */
  private columnFrom(first: IToken, index: 0 | 1): Expr {
    const p = index === 0 ? this.SUBRULE(this.pathFrom, { ARGS: [first] }) : this.SUBRULE1(this.pathFrom, { ARGS: [first] });
    return this.ACTION(() => this.nameRef(p.text, p.single, this.frame().start));
  }

  /** A contextual word: its own form when the next token says so, else a call or a column path. */
  protected contextualExpression = this.RULE('contextualExpression', (): Expr => {
    return this.OR(
      (this.contextualAlts ??= {
        IGNORE_AMBIGUITIES: true,
        DEF: [
          { ALT: () => this.SUBRULE(this.datetimeLiteral) },
          {
            ALT: () => {
              this.CONSUME(T.ColumnWord);
              this.CONSUME(T.LParen);
              const text = this.OR1([
                {
                  ALT: () => {
                    const s = this.CONSUME1(T.StringLiteral);
                    return this.ACTION(() => {
                      const value = stringValue(s.image);
                      if (value === '' && !s.isInsertedInRecovery) this.report('syntax/empty-path', "a column path cannot be empty ('')", s);
                      return value;
                    });
                  },
                },
                {
                  ALT: () => {
                    const p = this.SUBRULE(this.path);
                    return this.ACTION(() => p.text);
                  },
                },
              ]);
              this.CONSUME(T.RParen);
              return this.ACTION(() => this.mark(col(text), this.frame().start));
            },
          },
          {
            ALT: () => {
              this.CONSUME(T.AliasWord);
              this.CONSUME1(T.LParen);
              const token = this.CONSUME(T.Name);
              this.CONSUME1(T.RParen);
              return this.ACTION(() => this.mark(aliasRef(this.nameOf(token)), this.frame().start));
            },
          },
          {
            ALT: () => {
              this.CONSUME(T.SystemColumnWord);
              this.CONSUME2(T.LParen);
              const t = this.CONSUME1(T.Name);
              this.CONSUME(T.Comma);
              const c = this.CONSUME2(T.Name);
              this.CONSUME2(T.RParen);
              return this.ACTION(() => this.mark({ kind: 'system_column', table: this.nameOf(t), column: this.nameOf(c) }, this.frame().start));
            },
          },
          {
            ALT: () => {
              this.CONSUME(T.DatabaseColumnWord);
              this.CONSUME3(T.LParen);
              const database = this.SUBRULE(this.specifier);
              this.CONSUME1(T.Comma);
              const t = this.CONSUME3(T.Name);
              this.CONSUME2(T.Comma);
              const column = this.SUBRULE1(this.specifier);
              this.CONSUME3(T.RParen);
              return this.ACTION(() =>
                this.mark({ kind: 'database_column', database, table: this.nameOf(t), column }, this.frame().start),
              );
            },
          },
          {
            ALT: () => {
              const word = this.CONSUME(T.ContextualWord);
              return this.OR5([
                { ALT: () => this.callTail(word) },
                { ALT: () => this.columnFrom(word, 1) },
              ]);
            },
          },
        ],
      }),
    );
  }, { recoveryValueFunc: () => NULL });

  /** One infix operator with its right side, applied to the left operand (LL(1), like the prefixes). */
  protected infixAlternatives(): IOrAlt<Expr>[] {
    return [
      {
        ALT: () => {
          const token = this.CONSUME(T.BinaryOperator);
          // (token is undefined only while Chevrotain records the grammar, when ARGS are unused.)
          const right = this.SUBRULE2(this.expression, RIGHT_ARGS[token?.tokenType?.tokenTypeIdx as number] ?? argsAt(0));
          return this.ACTION(() => {
            const op = BINARY_TOKEN_OPS.get(token.tokenType) as BinaryOp;
            return this.mark(binary(op, this.frame().left, right), this.frame().start);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Is);
          const not = this.OPTION2(() => this.CONSUME2(T.Not));
          const right = this.SUBRULE3(this.expression, argsAt(Prec.comparison + 1));
          return this.ACTION(() => {
            const node = this.mark(binary('is', this.frame().left, right), this.frame().start);
            return not ? this.mark(unary('not', node), this.frame().start) : node;
          });
        },
      },
      { ALT: () => this.SUBRULE(this.predicate) },
      {
        ALT: () => {
          this.CONSUME3(T.Not);
          const node = this.SUBRULE1(this.predicate);
          return this.ACTION(() => this.mark(unary('not', node), this.frame().start));
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Collate);
          const token = this.CONSUME4(T.Name);
          return this.ACTION(() => this.mark({ kind: 'collate', e: this.frame().left, collation: this.nameOf(token) }, this.frame().start));
        },
      },
    ];
  }

  protected predicateAlts: IOrAlt<Expr>[] | undefined;

  /** `LIKE e`, `REGEXP e`, `BETWEEN e AND e`, `IN (...)` applied to the left operand (after an optional NOT). */
  protected predicate = this.RULE('predicate', (): Expr => {
    return this.OR(
      (this.predicateAlts ??= [
        {
          ALT: () => {
            const op = this.OR1([
              { ALT: () => (this.CONSUME(T.Like), 'like' as const) },
              { ALT: () => (this.CONSUME(T.Regexp), 'regexp' as const) },
            ]);
            const right = this.SUBRULE(this.expression, argsAt(Prec.comparison + 1));
            return this.ACTION(() => {
              return this.mark(binary(op, this.frame().left, right), this.frame().start);
            });
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Between);
            const min = this.SUBRULE1(this.expression, argsAt(Prec.comparison + 1));
            this.CONSUME(T.And);
            const max = this.SUBRULE2(this.expression, argsAt(Prec.comparison + 1));
            return this.ACTION(() => this.mark(between(this.frame().left, min, max), this.frame().start));
          },
        },
        { ALT: () => this.SUBRULE(this.inTail) },
      ]),
    );
  }, { recoveryValueFunc: () => NULL });

  /** `IN ( SELECT ... )` or `IN ( [e {, e}] )`. */
  protected inTail = this.RULE('inTail', (): Expr => {
    // The left operand and start of the expression being extended (read before nested parses).
    const left = this.ACTION(() => this.frame().left);
    const start = this.ACTION(() => this.frame().start);
    this.CONSUME(T.In);
    const open = this.CONSUME(T.LParen);
    this.ACTION(() => this.enter(open));
    try {
      return this.OR({
        IGNORE_AMBIGUITIES: true,
        DEF: [
          {
            ALT: () => {
              const sel = this.SUBRULE(this.select);
              this.CONSUME(T.RParen);
              return this.ACTION(() => this.mark({ kind: 'in_select', e: left, select: sel }, start));
            },
          },
          {
            ALT: () => {
              const values: Expr[] = [];
              this.MANY_SEP({
                SEP: T.Comma,
                DEF: () => {
                  const v = this.SUBRULE(this.expression, argsAt(0));
                  this.ACTION(() => values.push(v));
                },
              });
              this.CONSUME1(T.RParen);
              return this.ACTION(() => this.mark(inList(left, values), start));
            },
          },
        ],
      });
    } finally {
      this.ACTION(() => this.depth--);
    }
  }, { recoveryValueFunc: () => NULL });

  /** `DATE '...'`, `TIME '...'`, `TIMESTAMP '...'`, `DATETIME '...'`, `DATETIME(ms)`. */
  protected datetimeLiteral = this.RULE('datetimeLiteral', (): Expr => {
    const start = this.LA(1);
    return this.OR([
      {
        ALT: () => {
          this.CONSUME(T.DatetimeWord);
          this.CONSUME(T.LParen);
          const minus = this.OPTION(() => this.CONSUME(T.Minus));
          const n = this.CONSUME(T.NumberLiteral);
          this.CONSUME(T.RParen);
          return this.ACTION(() =>
            this.mark({ kind: 'datetime', form: 'ms', value: this.wholeNumberText(n, minus !== undefined, 'DATETIME(milliseconds)') }, start),
          );
        },
      },
      {
        ALT: () => {
          const kind = this.OR1([
            { ALT: () => (this.CONSUME(T.DateWord), 'localdate' as const) },
            { ALT: () => (this.CONSUME(T.TimeWord), 'localtime' as const) },
            { ALT: () => (this.CONSUME(T.TimestampWord), 'localdatetime' as const) },
            { ALT: () => (this.CONSUME1(T.DatetimeWord), 'datetime' as const) },
          ]);
          const token = this.OR2([{ ALT: () => this.CONSUME(T.StringLiteral) }, { ALT: () => this.CONSUME(T.QuotedIdentifier) }]);
          return this.ACTION(() => this.datetime(kind, token, start));
        },
      },
    ]);
  }, { recoveryValueFunc: () => NULL });

  /**
   * `( [DISTINCT] ( '*' | [e {, e}] ) )` after a name: COUNT(*), COUNT/AVG/SUM(DISTINCT ...),
   * f(...). A helper, not a rule (one rule less per nested call); its DSL indices (7, 9) are
   * unused elsewhere in the two rules that call it.
   */
  private callTail(nameToken: IToken): Expr {
    const open = this.CONSUME7(T.LParen);
    this.ACTION(() => this.enter(open));
    try {
      const distinct = this.OPTION7(() => this.CONSUME7(T.Distinct));
      const star = this.OPTION8(() => this.CONSUME7(T.Star));
      const args: Expr[] = [];
      this.MANY_SEP7({
        SEP: T.Comma,
        DEF: () => {
          const e = this.SUBRULE9(this.expression, argsAt(0));
          this.ACTION(() => args.push(e));
        },
      });
      this.CONSUME7(T.RParen);
      return this.ACTION(() => this.callNode(nameToken, distinct, star, args, nameToken));
    } finally {
      this.ACTION(() => this.depth--);
    }
  }

  protected caseExpression = this.RULE('caseExpression', (): Expr => {
    const start = this.CONSUME(T.Case);
    this.ACTION(() => this.enter(start));
    try {
      const base = this.OPTION(() => this.SUBRULE(this.expression, argsAt(0))) ?? null;
      const cases: WhenClause[] = [];
      this.AT_LEAST_ONE(() => {
        const w = this.CONSUME(T.When);
        const cond = this.SUBRULE1(this.expression, argsAt(0));
        this.CONSUME(T.Then);
        const then = this.SUBRULE2(this.expression, argsAt(0));
        this.ACTION(() => cases.push(this.mark(when(cond, then), w)));
      });
      const otherwise = this.OPTION1(() => {
        this.CONSUME(T.Else);
        return this.SUBRULE3(this.expression, argsAt(0));
      }) ?? null;
      this.CONSUME(T.End);
      return this.ACTION(() => this.mark(caseExpr(base, cases, otherwise), start));
    } finally {
      this.ACTION(() => this.depth--);
    }
  }, { recoveryValueFunc: () => NULL });

  /** A whole input that is one expression (`parseExpression`). */
  public standaloneExpression = this.RULE('standaloneExpression', (): Expr => {
    return this.SUBRULE(this.expression, argsAt(0));
  }, { recoveryValueFunc: () => NULL });

}
