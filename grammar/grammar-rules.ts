import {
  defaultParserErrorProvider,
  EmbeddedActionsParser,
  getLookaheadPaths,
  type IToken,
  NoViableAltException,
  type ParserMethod,
  type TokenType,
} from 'chevrotain';
import { OPERATORS } from '../src/ast/operators.js';
import { infixPrec, infixRight } from '../src/syntax/expression-tables.js';
import { dsqIndex, T } from './chevrotain-tokens.js';
import { isAliasReservedWord, isUnsupportedJoinWord } from '../src/syntax/words.js';

/** The operand level of `expression` after each infix operator (left-associative: one more than its own). */
const ANY = { ARGS: [0] as [number] };
/** How many tokens ahead the grammar looks to choose an alternative. */
const MAX_LOOKAHEAD = 3;
/** The tokens a parameter name can be (after ':'): a word. */
const PARAM_NAME_ALTS: readonly TokenType[] = [T.Identifier, ...T.CONTEXTUAL_WORDS, ...T.KEYWORDS];

/** The members of Chevrotain's parser that raising an error takes, which its types do not declare. */
type ChevrotainInternals = { getCurrRuleFullName(): string; SAVE_ERROR(error: Error): Error };

/**
 * The dsq grammar as Chevrotain rules: what grammar/diagrams.html draws (productions.ts), and a
 * recognizer that test/grammar runs beside the parser (parser.ts, expression-rules.ts) to
 * check, on generated and mutated texts, that the two accept exactly the same token
 * sequences. It builds nothing and checks nothing beyond the syntax: number ranges, datetime
 * texts, `*` and DISTINCT in calls, join conditions, subquery aliases and LIMIT a, b are the
 * parser's errors, not the grammar's (the grammar reads them, so the diagrams show them).
 *
 * Precedence is not drawn: an expression is a prefix form followed by infix operators with
 * their operands; `expression(minPrec)` takes only operators binding at least `minPrec` (a
 * gate over src/ast/operators.ts, as the parser does), so `a BETWEEN b OR c AND d` is
 * rejected by both. Chevrotain reads nesting by recursion, so the recognizer is for shallow
 * texts; the parser itself has no recursion.
 */
export class DsqGrammar extends EmbeddedActionsParser {
  /**
   * `more`: the token types of a grammar that extends this one (action-grammar.ts); it runs the
   * grammar analysis itself, after its own rules (`analyse` false).
   */
  constructor(more: readonly TokenType[] = [], analyse = true) {
    // The extending grammar's alternatives overlap where the parser decides by a word's text (`KEY (` or a name): Chevrotain takes the first.
    super([...(T.ALL_TOKENS as TokenType[]), ...more], {
      maxLookahead: MAX_LOOKAHEAD,
      recoveryEnabled: false,
      ...(analyse ? {} : { skipValidations: true }),
    });
    if (analyse) this.performSelfAnalysis();
  }

  /** Each alternation's expected token paths (`rule occurrence`), for the messages of its errors. */
  private readonly noAltPaths = new Map<string, TokenType[][][]>();

  /**
   * Chevrotain's own raiseNoAltException (chevrotain 11, traits/error_handler.js), but for the
   * expected paths of its message, worked out once per alternation rather than on every error:
   * they depend only on the rule, the alternation and the lookahead, and working them out took
   * 95% of the time the recognizer spends on a text it rejects (6 ms a text; test/grammar's
   * agreement property reads thousands). The error, its message and its token are as before
   * (test/grammar/error-paths.test.ts).
   */
  raiseNoAltException(occurrence: number, errMsgTypes: string | undefined): never {
    const internal = this as unknown as ChevrotainInternals;
    const ruleName = internal.getCurrRuleFullName();
    const key = `${ruleName} ${occurrence}`;
    let expectedPathsPerAlt = this.noAltPaths.get(key);
    if (expectedPathsPerAlt === undefined) {
      const rule = this.getGAstProductions()[ruleName];
      if (rule === undefined) throw new Error(`no productions for the rule ${ruleName}`);
      expectedPathsPerAlt = getLookaheadPaths({ occurrence, rule, prodType: 'Alternation', maxLookahead: MAX_LOOKAHEAD });
      this.noAltPaths.set(key, expectedPathsPerAlt);
    }
    const actual: IToken[] = [];
    for (let i = 1; i <= MAX_LOOKAHEAD; i++) actual.push(this.LA(i));
    const previous = this.LA(0);
    const message = defaultParserErrorProvider.buildNoViableAltMessage({
      expectedPathsPerAlt,
      actual,
      previous,
      customUserDescription: errMsgTypes,
      ruleName,
    });
    throw internal.SAVE_ERROR(new NoViableAltException(message, this.LA(1), previous));
  }

  // -------------------------------------------------------------------------------------
  // Statements

  public statement = this.RULE('statement', () => {
    this.SUBRULE(this.select);
    this.OPTION(() => {
      this.CONSUME(T.Options);
      this.CONSUME(T.LParen);
      this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.actionOption) });
      this.CONSUME(T.RParen);
    });
  });

  private actionOption = this.RULE('actionOption', () => {
    this.CONSUME(T.Identifier);
    this.CONSUME(T.Equals);
    this.OR([
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(T.Minus));
          this.CONSUME(T.NumberLiteral);
        },
      },
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      // ROWS = :n
      { ALT: () => this.SUBRULE(this.param) },
    ]);
  });

  protected select = this.RULE('select', () => {
    this.CONSUME(T.Select);
    this.OPTION(() => this.CONSUME(T.Distinct));
    this.OR([{ ALT: () => this.CONSUME(T.Star) }, { ALT: () => this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.resultColumn) }) }]);
    this.OPTION1(() => {
      this.CONSUME(T.From);
      this.SUBRULE(this.source);
    });
    this.OPTION2(() => {
      this.CONSUME(T.Where);
      this.SUBRULE(this.expression, ANY);
    });
    this.OPTION3(() => {
      this.CONSUME(T.Group);
      this.CONSUME(T.By);
      this.AT_LEAST_ONE_SEP1({ SEP: T.Comma, DEF: () => this.SUBRULE1(this.expression, ANY) });
    });
    this.OPTION4(() => {
      this.CONSUME(T.Having);
      this.SUBRULE2(this.expression, ANY);
    });
    this.OPTION5(() => {
      this.CONSUME(T.Order);
      this.CONSUME1(T.By);
      this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.orderTerm) });
    });
    this.OPTION6(() => {
      this.CONSUME(T.Limit);
      this.SUBRULE3(this.expression, ANY);
      // LIMIT offset, count: read, then reported by the parser.
      this.OPTION7(() => {
        this.CONSUME1(T.Comma);
        this.SUBRULE4(this.expression, ANY);
      });
    });
    this.OPTION8(() => {
      this.CONSUME(T.Offset);
      this.SUBRULE5(this.expression, ANY);
    });
  });

  private resultColumn = this.RULE('resultColumn', () => {
    this.SUBRULE(this.expression, ANY);
    this.OPTION({
      // A word that is a keyword in common SQL is never a bare alias (words.ts).
      GATE: () => !this.aliasReservedAt(1),
      DEF: () => {
        this.OPTION1(() => this.CONSUME(T.As));
        this.CONSUME(T.Name);
      },
    });
  });

  /** True when the token at `k` is a bare word that may not be an alias (words.ts ALIAS_RESERVED_WORDS). */
  private aliasReservedAt(k: number): boolean {
    const token = this.LA(k);
    return token.tokenType === T.Identifier && isAliasReservedWord(token.image);
  }

  /** True when the next tokens are an unsupported join: join words (and OUTER, INNER, LEFT, CROSS) up to JOIN or APPLY, or STRAIGHT_JOIN. */
  private unsupportedJoinAhead(): boolean {
    for (let k = 1; k <= 4; k++) {
      const token = this.LA(k);
      if (token.tokenType === T.Join) return k > 1;
      if (token.tokenType === T.Identifier) {
        const word = token.image.toUpperCase();
        if (word === 'STRAIGHT_JOIN' || (word === 'APPLY' && k > 1)) return true;
        if (!isUnsupportedJoinWord(token.image)) return false;
      } else if (![T.Outer, T.Inner, T.Left, T.Cross].includes(token.tokenType)) return false;
    }
    return false;
  }

  /** True when the token at `k` is a bare word of words.ts UNSUPPORTED_JOIN_WORDS. */
  private joinWordAt(k: number): boolean {
    const token = this.LA(k);
    return token.tokenType === T.Identifier && isUnsupportedJoinWord(token.image);
  }

  protected orderTerm = this.RULE('orderTerm', () => {
    this.SUBRULE(this.expression, ANY);
    this.OPTION(() => this.OR([{ ALT: () => this.CONSUME(T.Asc) }, { ALT: () => this.CONSUME(T.Desc) }]));
  });

  // -------------------------------------------------------------------------------------
  // Sources

  private source = this.RULE('source', () => {
    this.SUBRULE(this.sourcePrimary);
    this.MANY({
      // A bare word continues the FROM list only when it starts a join the select object lacks
      // (`a RIGHT JOIN b`; `FROM a right` alone is not one).
      GATE: () => this.LA(1).tokenType !== T.Identifier || this.unsupportedJoinAhead(),
      DEF: () => this.join(),
    });
  });

  /** `, source` or `join_operator source [ON e | USING (...)]` (a helper: drawn inside `source`). */
  private join(): void {
    this.OR([{ ALT: () => this.CONSUME(T.Comma) }, { ALT: () => this.SUBRULE(this.joinOperator) }, { ALT: () => this.SUBRULE(this.unsupportedJoin) }]);
    this.SUBRULE1(this.sourcePrimary);
    // A join condition: read, then reported by the parser (the select object's join has none).
    this.OPTION(() => {
      this.OR1([
        {
          ALT: () => {
            this.CONSUME(T.On);
            this.SUBRULE(this.expression, ANY);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Using);
            this.CONSUME(T.LParen);
            this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Name) });
            this.CONSUME(T.RParen);
          },
        },
      ]);
    });
  }

  /**
   * `RIGHT [OUTER] JOIN`, `FULL JOIN`, `NATURAL [LEFT] JOIN`, `OUTER JOIN`, `OUTER APPLY`, ...:
   * read, then reported by the parser (joins the select object cannot hold).
   */
  private unsupportedJoin = this.RULE('unsupportedJoin', () => {
    this.OR([{ GATE: () => this.joinWordAt(1), ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(T.Outer) }]);
    this.MANY({
      GATE: () => this.LA(1).tokenType !== T.Identifier || this.joinWordAt(1),
      DEF: () => {
        this.OR1([
          { ALT: () => this.CONSUME1(T.Identifier) },
          { ALT: () => this.CONSUME1(T.Outer) },
          { ALT: () => this.CONSUME(T.Inner) },
          { ALT: () => this.CONSUME(T.Left) },
          { ALT: () => this.CONSUME(T.Cross) },
        ]);
      },
    });
    this.OPTION(() => this.CONSUME(T.Join));
  });

  private joinOperator = this.RULE('joinOperator', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Join) },
      {
        ALT: () => {
          this.CONSUME(T.Inner);
          this.CONSUME1(T.Join);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Cross);
          this.CONSUME2(T.Join);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Left);
          this.OPTION(() => this.CONSUME(T.Outer));
          this.CONSUME3(T.Join);
        },
      },
    ]);
  });

  private sourceAlias = this.RULE('sourceAlias', () => {
    this.OPTION({
      // `a RIGHT JOIN b` is not `a` aliased RIGHT: such words are left to the join rules.
      GATE: () => !this.aliasReservedAt(1),
      DEF: () => {
        this.OPTION1(() => this.CONSUME(T.As));
        this.CONSUME(T.Name);
      },
    });
  });

  private sourcePrimary = this.RULE('sourcePrimary', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          // `LATERAL (SELECT ...)`, `LATERAL f(x)`: read, then reported by the parser.
          GATE: () => this.lateralAt(),
          ALT: () => {
            this.CONSUME(T.Identifier);
            this.SUBRULE1(this.sourcePrimary);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.TableWord);
            this.CONSUME(T.LParen);
            this.CONSUME(T.StringLiteral);
            this.CONSUME(T.RParen);
            this.SUBRULE(this.sourceAlias);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.SystemTableWord);
            this.CONSUME1(T.LParen);
            this.CONSUME(T.Name);
            this.CONSUME1(T.RParen);
            this.SUBRULE1(this.sourceAlias);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.DatabaseTableWord);
            this.CONSUME2(T.LParen);
            this.SUBRULE(this.specifier);
            this.CONSUME(T.Comma);
            this.CONSUME1(T.Name);
            this.CONSUME2(T.RParen);
            this.SUBRULE2(this.sourceAlias);
          },
        },
        {
          ALT: () => {
            this.CONSUME3(T.LParen);
            this.SUBRULE(this.select);
            this.CONSUME3(T.RParen);
            // An alias: read, then reported by the parser (a subquery source has none).
            this.OPTION(() => {
              this.OPTION1(() => this.CONSUME(T.As));
              this.CONSUME2(T.Name);
            });
          },
        },
        {
          ALT: () => {
            this.CONSUME4(T.LParen);
            this.SUBRULE(this.source);
            this.CONSUME4(T.RParen);
          },
        },
        {
          ALT: () => {
            this.SUBRULE(this.path);
            this.SUBRULE3(this.sourceAlias);
          },
        },
      ],
    });
  });

  /** `LATERAL` followed by a source (not a table named lateral). */
  private lateralAt(): boolean {
    const token = this.LA(1);
    if (token.tokenType !== T.Identifier || token.image.toUpperCase() !== 'LATERAL') return false;
    const next = this.LA(2).tokenType;
    return next === T.LParen || next === T.Identifier || next === T.QuotedIdentifier || T.CONTEXTUAL_WORDS.includes(next);
  }

  /** `name { (.|@|:) name }`: a table or column path. */
  protected path = this.RULE('path', () => {
    this.CONSUME(T.Name);
    this.SUBRULE(this.pathFrom);
  });

  /** `{ (.|@|:) name }`: the rest of a path after its first name. */
  private pathFrom = this.RULE('pathFrom', () => {
    this.MANY(() => {
      this.OR([{ ALT: () => this.CONSUME(T.Dot) }, { ALT: () => this.CONSUME(T.At) }, { ALT: () => this.CONSUME(T.Colon) }]);
      this.CONSUME(T.Name);
    });
  });

  // -------------------------------------------------------------------------------------
  // Specifiers

  protected specifier = this.RULE('specifier', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.singularSpecifier) },
      { ALT: () => this.CONSUME(T.All) },
      {
        ALT: () => {
          this.CONSUME(T.LBracket);
          this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE1(this.singularSpecifier) });
          this.CONSUME(T.RBracket);
        },
      },
    ]);
  });

  protected singularSpecifier = this.RULE('singularSpecifier', () => {
    this.OR([
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(T.Minus));
          this.CONSUME(T.NumberLiteral);
        },
      },
      { ALT: () => this.CONSUME(T.StringLiteral) },
      {
        ALT: () => {
          this.CONSUME(T.Where);
          this.SUBRULE(this.expression, ANY);
        },
      },
    ]);
  });

  // -------------------------------------------------------------------------------------
  // Expressions

  /** A prefix form, then the infix operators binding at least `minPrec` with their operands. */
  public expression: ParserMethod<[number], void> = this.RULE('expression', (minPrec: number) => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.Not);
            this.SUBRULE(this.expression, { ARGS: [OPERATORS.unary.not.right] });
          },
        },
        {
          // '-' right before a number is part of the number; otherwise unary minus.
          ALT: () => {
            this.CONSUME(T.Minus);
            this.OR1({
              IGNORE_AMBIGUITIES: true,
              DEF: [{ ALT: () => this.CONSUME(T.NumberLiteral) }, { ALT: () => this.SUBRULE1(this.expression, { ARGS: [OPERATORS.unary['-'].right] }) }],
            });
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Tilde);
            this.SUBRULE2(this.expression, { ARGS: [OPERATORS.unary['~'].right] });
          },
        },
        { ALT: () => this.CONSUME1(T.NumberLiteral) },
        { ALT: () => this.CONSUME(T.StringLiteral) },
        { ALT: () => this.CONSUME(T.Null) },
        {
          // '(' SELECT ... ')' is a scalar subquery; '(' expression ')' a parenthesised expression.
          ALT: () => {
            this.CONSUME(T.LParen);
            this.OR2([{ ALT: () => this.SUBRULE(this.select) }, { ALT: () => this.SUBRULE3(this.expression, ANY) }]);
            this.CONSUME(T.RParen);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Exists);
            this.CONSUME1(T.LParen);
            this.SUBRULE1(this.select);
            this.CONSUME1(T.RParen);
          },
        },
        { ALT: () => this.SUBRULE(this.caseExpression) },
        // TRUE and FALSE: read, then reported by the parser (dsq has no boolean literals).
        { ALT: () => this.CONSUME(T.True) },
        { ALT: () => this.CONSUME(T.False) },
        {
          ALT: () => {
            this.CONSUME(T.PlainName);
            this.OR3({
              IGNORE_AMBIGUITIES: true,
              DEF: [{ ALT: () => this.callArguments(0) }, { ALT: () => this.SUBRULE1(this.pathFrom) }],
            });
          },
        },
        { ALT: () => this.SUBRULE(this.contextualExpression) },
        { ALT: () => this.SUBRULE(this.param) },
      ],
    });
    this.MANY({ GATE: () => infixPrec(dsqIndex(this.LA(1)), dsqIndex(this.LA(2))) >= minPrec, DEF: () => this.infix() });
  });

  /**
   * An infix operator with its right side (the operand binds tighter than the operator:
   * left-associative). A helper, not a rule: drawn inside `expression`.
   */
  private infix(): void {
    this.OR4([
      {
        ALT: () => {
          const operator: IToken = this.CONSUME(T.BinaryOperator);
          this.SUBRULE4(this.expression, { ARGS: [infixRight(dsqIndex(operator))] });
        },
      },
      {
        ALT: () => {
          const is = this.CONSUME(T.Is);
          this.OPTION(() => this.CONSUME2(T.Not));
          this.SUBRULE5(this.expression, { ARGS: [infixRight(dsqIndex(is))] });
        },
      },
      {
        ALT: () => {
          this.OPTION1(() => this.CONSUME3(T.Not));
          this.SUBRULE(this.predicate);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Collate);
          this.CONSUME(T.Name);
        },
      },
    ]);
  }

  /**
   * `( [DISTINCT] ( * | [e {, e}] ) )` after a function name. A helper, not a rule: drawn where
   * it is used; `i` keeps the DSL indices of its two uses apart.
   */
  private callArguments(i: 0 | 1): void {
    const k = i === 0 ? 7 : 6;
    const items = { SEP: T.Comma, DEF: () => this.subrule(k, this.expression, ANY) };
    this.consume(k, T.LParen);
    this.option(k, () => this.consume(k, T.Distinct));
    this.or(k, [{ ALT: () => this.consume(k, T.Star) }, { ALT: () => (i === 0 ? this.MANY_SEP7(items) : this.MANY_SEP6(items)) }]);
    this.consume(k, T.RParen);
  }

  /** A contextual word: its own form when the next tokens say so, else a call or a column path. */
  private contextualExpression = this.RULE('contextualExpression', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { ALT: () => this.SUBRULE(this.datetimeLiteral) },
        {
          ALT: () => {
            this.CONSUME(T.ColumnWord);
            this.CONSUME(T.LParen);
            this.OR1([{ ALT: () => this.CONSUME1(T.StringLiteral) }, { ALT: () => this.SUBRULE(this.path) }]);
            this.CONSUME(T.RParen);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.AliasWord);
            this.CONSUME1(T.LParen);
            this.CONSUME(T.Name);
            this.CONSUME1(T.RParen);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.SystemColumnWord);
            this.CONSUME2(T.LParen);
            this.CONSUME1(T.Name);
            this.CONSUME(T.Comma);
            this.CONSUME2(T.Name);
            this.CONSUME2(T.RParen);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.DatabaseColumnWord);
            this.CONSUME3(T.LParen);
            this.SUBRULE(this.specifier);
            this.CONSUME1(T.Comma);
            this.CONSUME3(T.Name);
            this.CONSUME2(T.Comma);
            this.SUBRULE1(this.specifier);
            this.CONSUME3(T.RParen);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.ContextualWord);
            this.OR5({
              IGNORE_AMBIGUITIES: true,
              DEF: [{ ALT: () => this.callArguments(1) }, { ALT: () => this.SUBRULE2(this.pathFrom) }],
            });
          },
        },
      ],
    });
  });

  /** `LIKE e`, `REGEXP e`, `BETWEEN e AND e`, `IN (...)`: after an operand, and an optional NOT. */
  private predicate = this.RULE('predicate', () => {
    this.OR([
      {
        ALT: () => {
          const operator = this.OR1([{ ALT: () => this.CONSUME(T.Like) }, { ALT: () => this.CONSUME(T.Regexp) }]);
          this.SUBRULE(this.expression, { ARGS: [infixRight(dsqIndex(operator))] });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Between);
          this.SUBRULE1(this.expression, { ARGS: [OPERATORS.between.right] });
          this.CONSUME(T.And);
          this.SUBRULE2(this.expression, { ARGS: [OPERATORS.between.right] });
        },
      },
      { ALT: () => this.SUBRULE(this.inTail) },
    ]);
  });

  /** `IN ( SELECT ... )`, `IN ( [e {, e}] )` or `IN :name` (a list parameter). */
  private inTail = this.RULE('inTail', () => {
    this.CONSUME(T.In);
    this.OR1([
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.OR({
            IGNORE_AMBIGUITIES: true,
            DEF: [{ ALT: () => this.SUBRULE(this.select) }, { ALT: () => this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expression, ANY) }) }],
          });
          this.CONSUME(T.RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.param) },
    ]);
  });

  /** A parameter `:name`: a value given at compile time. The name is a word (keywords too: `:limit`). */
  protected param = this.RULE('param', () => {
    this.CONSUME(T.Colon);
    this.OR(PARAM_NAME_ALTS.map((type) => ({ ALT: () => this.CONSUME(type) })));
  });

  /** `DATE '...'`, `TIME '...'`, `TIMESTAMP '...'`, `DATETIME '...'`, `DATETIME(ms)`. */
  private datetimeLiteral = this.RULE('datetimeLiteral', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.DatetimeWord);
          this.CONSUME(T.LParen);
          this.OPTION(() => this.CONSUME(T.Minus));
          this.CONSUME(T.NumberLiteral);
          this.CONSUME(T.RParen);
        },
      },
      {
        ALT: () => {
          this.OR1([
            { ALT: () => this.CONSUME(T.DateWord) },
            { ALT: () => this.CONSUME(T.TimeWord) },
            { ALT: () => this.CONSUME(T.TimestampWord) },
            { ALT: () => this.CONSUME1(T.DatetimeWord) },
          ]);
          // A double-quoted text: read, then reported by the parser (a string is in single quotes).
          this.OR2([{ ALT: () => this.CONSUME(T.StringLiteral) }, { ALT: () => this.CONSUME(T.QuotedIdentifier) }]);
        },
      },
    ]);
  });

  private caseExpression = this.RULE('caseExpression', () => {
    this.CONSUME(T.Case);
    this.OPTION(() => this.SUBRULE(this.expression, ANY));
    this.AT_LEAST_ONE(() => {
      this.CONSUME(T.When);
      this.SUBRULE1(this.expression, ANY);
      this.CONSUME(T.Then);
      this.SUBRULE2(this.expression, ANY);
    });
    this.OPTION1(() => {
      this.CONSUME(T.Else);
      this.SUBRULE3(this.expression, ANY);
    });
    this.CONSUME(T.End);
  });

  /** A whole input that is one expression (`parseExpression`). */
  public standaloneExpression = this.RULE('standaloneExpression', () => {
    this.SUBRULE(this.expression, ANY);
  });
}
