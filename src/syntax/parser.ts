import { EmbeddedActionsParser, EOF, type DSLMethodOpts, type IOrAlt, type IToken, type OrMethodOpts, type TokenType } from 'chevrotain';
import {
  BINARY_PREC, NULL, Prec, between, binary, caseExpr, col, alias as aliasRef, fn, inList, orderTerm,
  resultColumn, select as makeSelect, selectAction, str, table, unary, when,
  type BinaryOp, type Expr, type JoinOp, type Node, type OrderTerm, type ResultColumn, type Select,
  type SelectAction, type Source, type Specifier, type Statement, type WhenClause,
  checkDateTimeText, checkNumber, isWholeNumber, type DateTimeKind, type Spans,
} from '../ast/index.js';
import { LineIndex, type Diagnostic, type Span } from '../diagnostic/index.js';
import { tokenEnd } from './lexer.js';
import { normalizeNumber, quotedNameValue, stringValue } from './literals.js';
import { messageProvider } from './messages.js';
import * as T from './tokens.js';

/** Thrown (outside Chevrotain's recovery) when the input nests deeper than `maxDepth`. */
export class NestingTooDeep extends Error {
  constructor(readonly token: IToken, readonly limit: number) {
    super(`nesting deeper than ${limit} levels`);
  }
}

/** The AST operator of each binary operator token; its level comes from src/ast/precedence.ts. */
const BINARY_TOKEN_OPS: ReadonlyMap<TokenType, BinaryOp> = new Map<TokenType, BinaryOp>([
  [T.Or, 'or'], [T.And, 'and'],
  [T.Equals, '='], [T.NotEquals, '!='], [T.Less, '<'], [T.LessEquals, '<='], [T.Greater, '>'], [T.GreaterEquals, '>='],
  [T.Pipe, '|'], [T.Ampersand, '&'], [T.ShiftLeft, '<<'], [T.ShiftRight, '>>'],
  [T.Plus, '+'], [T.Minus, '-'], [T.Star, '*'], [T.Slash, '/'], [T.Percent, '%'],
]);
/** Binding power of an infix token, by token type index (-1: not infix). */
const INFIX_PREC: number[] = [];
for (const [type, op] of BINARY_TOKEN_OPS) INFIX_PREC[type.tokenTypeIdx as number] = BINARY_PREC[op];
for (const type of [T.Is, T.Like, T.Regexp, T.Between, T.In]) INFIX_PREC[type.tokenTypeIdx as number] = Prec.comparison;
INFIX_PREC[T.Collate.tokenTypeIdx as number] = Prec.collate;
const NOT_INFIX: ReadonlySet<TokenType> = new Set([T.Like, T.Regexp, T.Between, T.In]);

const SMALL_INTEGER = /^(?:0|[1-9][0-9]*)$/;

const PATH_SEPARATORS: ReadonlyMap<TokenType, string> = new Map([[T.Dot, '.'], [T.At, '@'], [T.Colon, ':']]);

/** The state of one expression-rule invocation. */
interface ExprFrame {
  readonly start: IToken;
  left: Expr;
  readonly minPrec: number;
}

interface AliasScope {
  readonly aliases: Set<string>;
  active: boolean;
}

/** Per-parse state, reset by `begin`. */
export interface ParseState {
  /** Where node spans go; null when the caller does not want them (parse(): faster, less GC). */
  spans: Spans | null;
  lines: LineIndex;
  diagnostics: Diagnostic[];
  maxDepth: number;
}

/**
 * The dsq parser: Chevrotain embedded actions building the AST (src/ast) directly. One
 * instance, reused (`parser.input = tokens`). Expression levels are read from the shared
 * precedence table by one precedence-climbing rule, so binary chains are loops, not recursion.
 */
export class DsqParser extends EmbeddedActionsParser {
  private state: ParseState = { spans: null, lines: new LineIndex(''), diagnostics: [], maxDepth: 200 };
  private depth = 0;
  private scopes: AliasScope[] = [];
  /** Column nodes written as one double-quoted name (for the quoted-text warning). */
  private quotedColumns = new WeakSet<Node>();

  constructor() {
    super(T.ALL_TOKENS as TokenType[], {
      recoveryEnabled: true,
      maxLookahead: 3,
      errorMessageProvider: messageProvider,
    });
    this.performSelfAnalysis();
  }

  /** Prepare for a new input (tokens of one statement). */
  begin(tokens: IToken[], state: ParseState): void {
    this.input = tokens;
    this.state = state;
    this.depth = 0;
    this.scopes = [];
  }

  /** The next token to read (where a parse stopped when it was aborted). */
  currentToken(): IToken | undefined {
    const token = this.LA(1);
    return token.tokenType === EOF ? undefined : token;
  }

  // -------------------------------------------------------------------------------------
  // Helpers (called only inside ACTION or GATE)

  private spanOf(start: IToken, end: IToken): Span {
    const from = Number.isNaN(start.startOffset) ? 0 : start.startOffset;
    const to = Number.isNaN(end.startOffset) || end.startOffset < from ? tokenEnd(start) : tokenEnd(end);
    return this.state.lines.span(from, Math.max(from, to));
  }

  /** Record the node's span (from `start` to the last consumed token) and return the node. */
  private mark<N extends Node>(node: N, start: IToken): N {
    if (this.state.spans !== null) this.state.spans.set(node, this.spanOf(start, this.LA(0)));
    return node;
  }

  private report(code: string, message: string, start: IToken, end: IToken = start, hint?: string): void {
    if (start.isInsertedInRecovery) return;
    this.state.diagnostics.push({ code, severity: 'error', message, span: this.spanOf(start, end), ...(hint ? { hint } : {}) });
  }

  private warn(code: string, message: string, span: Span | undefined, hint?: string): void {
    this.state.diagnostics.push({ code, severity: 'warning', message, ...(span ? { span } : {}), ...(hint ? { hint } : {}) });
  }

  private enter(token: IToken): void {
    if (++this.depth > this.state.maxDepth) throw new NestingTooDeep(token, this.state.maxDepth);
  }

  private nameOf(token: IToken): string {
    if (token.tokenType === T.QuotedIdentifier) {
      const value = quotedNameValue(token.image);
      if (value === '') this.report('syntax/empty-name', 'a name cannot be empty ("")', token);
      return value;
    }
    return token.image;
  }

  private numberText(token: IToken, negative: boolean): string {
    if (token.isInsertedInRecovery) return '0';
    // Fast path: a plain integer of up to 15 digits is valid JSON number text as written.
    const image = token.image;
    if (image.length <= 15 && SMALL_INTEGER.test(image)) return negative ? `-${image}` : image;
    const text = (negative ? '-' : '') + normalizeNumber(token.image);
    const check = checkNumber(text);
    if (!check.ok) this.report('syntax/invalid-number', check.reason, token);
    return text;
  }

  private wholeNumberText(token: IToken, negative: boolean, what: string): string {
    const text = this.numberText(token, negative);
    if (!token.isInsertedInRecovery && !isWholeNumber(text)) {
      this.report('syntax/expected-integer', `${what} must be a whole number, found ${text}`, token);
    }
    return text;
  }

  private infixPrec(): number {
    const next = this.LA(1);
    if (next.tokenType === T.Not) return NOT_INFIX.has(this.LA(2).tokenType) ? Prec.comparison : -1;
    return INFIX_PREC[next.tokenType.tokenTypeIdx as number] ?? -1;
  }

  /** An unqualified name in ORDER BY / GROUP BY / HAVING equal to a result alias is an alias reference. */
  private nameRef(path: string, single: boolean, start: IToken, quoted: boolean): Expr {
    const scope = this.scopes[this.scopes.length - 1];
    if (single && scope?.active && scope.aliases.has(path)) return this.mark(aliasRef(path), start);
    const node = this.mark(col(path), start);
    if (quoted) this.quotedColumns.add(node);
    return node;
  }

  private checkQuotedText(node: Expr): void {
    if (this.state.spans === null) return; // warnings are for parseDocument only
    if (node.kind !== 'binary' || !(node.op === '=' || node.op === '!=' || node.op === 'like')) return;
    for (const side of [node.e1, node.e2]) {
      if (side.kind === 'column' && this.quotedColumns.has(side) && /[\s%]/.test(side.path)) {
        this.warn(
          'syntax/quoted-text',
          `"${side.path}" is a column name (double quotes), but looks like text`,
          this.state.spans?.get(side),
          `for text use single quotes: '${side.path.replace(/'/g, "''")}'`,
        );
      }
    }
  }

  private datetime(kind: DateTimeKind, token: IToken, start: IToken): Expr {
    const text = token.tokenType === T.QuotedIdentifier ? quotedNameValue(token.image) : stringValue(token.image);
    if (token.tokenType === T.QuotedIdentifier) {
      this.report(
        'syntax/quoted-text',
        `expected a string in single quotes after ${start.image.toUpperCase()}, found the double-quoted name ${token.image}`,
        token,
        token,
        `double quotes make a name; write ${start.image.toUpperCase()} '${text.replace(/'/g, "''")}'`,
      );
    } else if (!token.isInsertedInRecovery) {
      const problem = checkDateTimeText(kind, text);
      if (problem) this.report('syntax/invalid-datetime', problem, token);
    }
    const node: Expr =
      kind === 'datetime' ? { kind: 'datetime', form: 'iso', value: text } : { kind, value: text };
    return this.mark(node, start);
  }

  // -------------------------------------------------------------------------------------
  // Statements

  public statement = this.RULE('statement', (): Statement => {
    const start = this.LA(1);
    // The statement's own SELECT is not a nesting level: it enters at depth 0.
    this.ACTION(() => (this.depth = -1));
    const sel = this.SUBRULE(this.select);
    let action: SelectAction | null = null;
    this.OPTION(() => {
      this.CONSUME(T.Options);
      this.CONSUME(T.LParen);
      const options: { rows: string | null; useStrings: boolean | null; echo: boolean | null } = {
        rows: null,
        useStrings: null,
        echo: null,
      };
      this.MANY_SEP({
        SEP: T.Comma,
        DEF: () => {
          const opt = this.SUBRULE(this.actionOption);
          this.ACTION(() => {
            const { key, value, token } = opt;
            if (key === null) return;
            if (options[key] !== null) this.report('syntax/duplicate-option', `option ${token.image.toUpperCase()} is given twice`, token);
            (options as Record<string, unknown>)[key] = value;
          });
        },
      });
      this.CONSUME(T.RParen);
      action = this.ACTION(() => selectAction(sel, options));
    });
    return this.ACTION(() => this.mark(action ?? sel, start));
  }, { recoveryValueFunc: () => makeSelect() });

  private actionOption = this.RULE('actionOption', (): { key: 'rows' | 'useStrings' | 'echo' | null; value: string | boolean; token: IToken } => {
    const name = this.CONSUME(T.Identifier);
    this.CONSUME(T.Equals);
    const key = this.ACTION(() => {
      const word = name.image.toUpperCase();
      if (word === 'ROWS') return 'rows' as const;
      if (word === 'USE_STRINGS') return 'useStrings' as const;
      if (word === 'ECHO') return 'echo' as const;
      this.report('syntax/unknown-option', `unknown option ${name.image}: expected ROWS, USE_STRINGS or ECHO`, name);
      return null;
    });
    const value = this.OR([
      {
        ALT: () => {
          const minus = this.OPTION(() => this.CONSUME(T.Minus));
          const n = this.CONSUME(T.NumberLiteral);
          return this.ACTION(() => {
            if (key !== 'rows' && key !== null) this.report('syntax/option-value', `${name.image.toUpperCase()} takes TRUE or FALSE`, n);
            return this.wholeNumberText(n, minus !== undefined, 'ROWS');
          });
        },
      },
      { ALT: () => (this.CONSUME(T.True), true) },
      { ALT: () => (this.CONSUME(T.False), false) },
    ]);
    this.ACTION(() => {
      if (key === 'rows' && typeof value === 'boolean') this.report('syntax/option-value', 'ROWS takes a whole number', this.LA(0));
    });
    return { key: key ?? null, value, token: name };
  }, { recoveryValueFunc: () => ({ key: null, value: false, token: { image: '' } as IToken }) });

  public select = this.RULE('select', (): Select => {
    const start = this.LA(1);
    this.ACTION(() => this.enter(start));
    const scopeDepth = this.scopes.length;
    const scope: AliasScope = { aliases: new Set(), active: false };
    this.ACTION(() => this.scopes.push(scope));
    try {
      this.CONSUME(T.Select);
      const distinct = this.OPTION(() => this.CONSUME(T.Distinct)) !== undefined;
      let columns: 'all' | ResultColumn[] = 'all';
      this.OR([
        { ALT: () => this.CONSUME(T.Star) },
        {
          ALT: () => {
            const list: ResultColumn[] = [];
            this.AT_LEAST_ONE_SEP({
              SEP: T.Comma,
              DEF: () => {
                const rc = this.SUBRULE(this.resultColumn);
                this.ACTION(() => {
                  list.push(rc);
                  if (rc.alias !== null) scope.aliases.add(rc.alias);
                });
              },
            });
            columns = list;
          },
        },
      ]);
      let from: Source | null = null;
      let where: Expr | null = null;
      const group: Expr[] = [];
      let having: Expr | null = null;
      const order: OrderTerm[] = [];
      let limit: Expr | null = null;
      let offset: Expr | null = null;
      this.OPTION1(() => {
        this.CONSUME(T.From);
        from = this.SUBRULE(this.source);
      });
      this.OPTION2(() => {
        this.CONSUME(T.Where);
        where = this.SUBRULE(this.expression, { ARGS: [0] });
      });
      this.ACTION(() => (scope.active = true));
      this.OPTION3(() => {
        this.CONSUME(T.Group);
        this.CONSUME(T.By);
        this.AT_LEAST_ONE_SEP1({
          SEP: T.Comma,
          DEF: () => {
            const e = this.SUBRULE1(this.expression, { ARGS: [0] });
            this.ACTION(() => group.push(e));
          },
        });
      });
      this.OPTION4(() => {
        this.CONSUME(T.Having);
        having = this.SUBRULE2(this.expression, { ARGS: [0] });
      });
      this.OPTION5(() => {
        this.CONSUME(T.Order);
        this.CONSUME1(T.By);
        this.AT_LEAST_ONE_SEP2({
          SEP: T.Comma,
          DEF: () => {
            const term = this.SUBRULE(this.orderTerm);
            this.ACTION(() => order.push(term));
          },
        });
      });
      this.ACTION(() => (scope.active = false));
      this.OPTION6(() => {
        this.CONSUME(T.Limit);
        limit = this.SUBRULE3(this.expression, { ARGS: [0] });
        this.OPTION7(() => {
          const comma = this.CONSUME1(T.Comma);
          this.SUBRULE4(this.expression, { ARGS: [0] });
          this.ACTION(() =>
            this.report('syntax/limit-comma', 'LIMIT takes one expression: dsq has no LIMIT offset, count', comma, this.LA(0), 'write LIMIT count OFFSET offset'),
          );
        });
      });
      this.OPTION8(() => {
        this.CONSUME(T.Offset);
        offset = this.SUBRULE5(this.expression, { ARGS: [0] });
      });
      return this.ACTION(() =>
        this.mark(makeSelect({ distinct, columns, from, where, group, having, order, limit, offset }), start),
      );
    } finally {
      this.ACTION(() => {
        this.scopes.length = scopeDepth;
        this.depth--;
      });
    }
  }, { recoveryValueFunc: () => makeSelect() });

  private resultColumn = this.RULE('resultColumn', (): ResultColumn => {
    const start = this.LA(1);
    const e = this.SUBRULE(this.expression, { ARGS: [0] });
    let name: string | null = null;
    this.OPTION(() => {
      this.OPTION1(() => this.CONSUME(T.As));
      const token = this.CONSUME(T.Name);
      name = this.ACTION(() => this.nameOf(token));
    });
    return this.ACTION(() => this.mark(resultColumn(e, name), start));
  }, { recoveryValueFunc: () => resultColumn(NULL) });

  private orderTerm = this.RULE('orderTerm', (): OrderTerm => {
    const start = this.LA(1);
    const e = this.SUBRULE(this.expression, { ARGS: [0] });
    let dir: 'asc' | 'desc' = 'asc';
    this.OPTION(() => {
      this.OR([{ ALT: () => this.CONSUME(T.Asc) }, { ALT: () => (this.CONSUME(T.Desc), (dir = 'desc')) }]);
    });
    return this.ACTION(() => this.mark(orderTerm(e, dir), start));
  }, { recoveryValueFunc: () => orderTerm(NULL) });

  // -------------------------------------------------------------------------------------
  // Sources

  private source = this.RULE('source', (): Source => {
    const start = this.LA(1);
    let left = this.SUBRULE(this.sourcePrimary);
    this.MANY(() => {
      const op = this.OR([
        { ALT: () => (this.CONSUME(T.Comma), 'cross' as JoinOp) },
        { ALT: () => this.SUBRULE(this.joinOperator) },
      ]);
      const right = this.SUBRULE1(this.sourcePrimary);
      this.OPTION(() => {
        this.OR1([
          {
            ALT: () => {
              const on = this.CONSUME(T.On);
              this.SUBRULE(this.expression, { ARGS: [0] });
              this.ACTION(() => this.joinConditionError(on));
            },
          },
          {
            ALT: () => {
              const using = this.CONSUME(T.Using);
              this.CONSUME(T.LParen);
              this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Name) });
              this.CONSUME(T.RParen);
              this.ACTION(() => this.joinConditionError(using));
            },
          },
        ]);
      });
      left = this.ACTION(() => this.mark({ kind: 'join', op, s1: left, s2: right }, start));
    });
    return left;
  }, { recoveryValueFunc: () => table('?') });

  private joinConditionError(token: IToken): void {
    this.report(
      'syntax/join-condition',
      `JOIN ... ${token.image.toUpperCase()} is not supported: the select object's join carries no condition`,
      token,
      this.LA(0),
      'put the join condition in WHERE',
    );
  }

  private joinOperator = this.RULE('joinOperator', (): JoinOp => {
    return this.OR([
      { ALT: () => (this.CONSUME(T.Join), 'join' as JoinOp) },
      { ALT: () => (this.CONSUME(T.Inner), this.CONSUME1(T.Join), 'inner' as JoinOp) },
      { ALT: () => (this.CONSUME(T.Cross), this.CONSUME2(T.Join), 'cross' as JoinOp) },
      {
        ALT: () => {
          this.CONSUME(T.Left);
          const outer = this.OPTION(() => this.CONSUME(T.Outer));
          this.CONSUME3(T.Join);
          return outer !== undefined ? ('left_outer' as JoinOp) : ('left' as JoinOp);
        },
      },
    ]);
  }, { recoveryValueFunc: (): JoinOp => 'join' });

  private sourceAlias = this.RULE('sourceAlias', (): string | null => {
    let name: string | null = null;
    this.OPTION(() => {
      this.OPTION1(() => this.CONSUME(T.As));
      const token = this.CONSUME(T.Name);
      name = this.ACTION(() => this.nameOf(token));
    });
    return name;
  }, { recoveryValueFunc: () => null });

  private sourcePrimary = this.RULE('sourcePrimary', (): Source => {
    const start = this.LA(1);
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(T.TableWord);
            this.CONSUME(T.LParen);
            const path = this.CONSUME(T.StringLiteral);
            this.CONSUME(T.RParen);
            const name = this.SUBRULE(this.sourceAlias);
            return this.ACTION(() => {
              const text = stringValue(path.image);
              if (text === '' && !path.isInsertedInRecovery) this.report('syntax/empty-path', "a table path cannot be empty ('')", path);
              return this.mark(table(text, name), start);
            });
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.SystemTableWord);
            this.CONSUME1(T.LParen);
            const token = this.CONSUME(T.Name);
            this.CONSUME1(T.RParen);
            const name = this.SUBRULE1(this.sourceAlias);
            return this.ACTION(() => this.mark({ kind: 'table_system', table: this.nameOf(token), alias: name }, start));
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.DatabaseTableWord);
            this.CONSUME2(T.LParen);
            const database = this.SUBRULE(this.specifier);
            this.CONSUME(T.Comma);
            const token = this.CONSUME1(T.Name);
            this.CONSUME2(T.RParen);
            const name = this.SUBRULE2(this.sourceAlias);
            return this.ACTION(() =>
              this.mark({ kind: 'table_database', database, table: this.nameOf(token), alias: name }, start),
            );
          },
        },
        {
          ALT: () => {
            this.CONSUME3(T.LParen);
            const sel = this.SUBRULE(this.select);
            this.CONSUME3(T.RParen);
            this.OPTION(() => {
              const asToken = this.OPTION1(() => this.CONSUME(T.As));
              const token = this.CONSUME2(T.Name);
              this.ACTION(() =>
                this.report(
                  'syntax/subquery-alias',
                  `a subquery source has no alias in the select object, found ${asToken ? 'AS ' : ''}${token.image}`,
                  asToken ?? token,
                  token,
                  'remove the alias and refer to the subquery\'s columns by their names',
                ),
              );
            });
            return this.ACTION(() => this.mark({ kind: 'select_source', select: sel }, start));
          },
        },
        {
          ALT: () => {
            const open = this.CONSUME4(T.LParen);
            this.ACTION(() => this.enter(open));
            try {
              const inner = this.SUBRULE(this.source);
              this.CONSUME4(T.RParen);
              return inner;
            } finally {
              this.ACTION(() => this.depth--);
            }
          },
        },
        {
          ALT: () => {
            const path = this.SUBRULE(this.path);
            const name = this.SUBRULE3(this.sourceAlias);
            return this.ACTION(() => this.mark(table(path.text, name), start));
          },
        },
      ],
    });
  }, { recoveryValueFunc: () => table('?') });

  /** `name { (.|@|:) name }`: a table or column path, joined as written. */
  private path = this.RULE('path', (): { text: string; single: boolean; quoted: boolean } => {
    const first = this.CONSUME(T.Name);
    let text = this.ACTION(() => this.nameOf(first));
    let single = true;
    this.MANY(() => {
      const sep = this.OR([
        { ALT: () => this.CONSUME(T.Dot) },
        { ALT: () => this.CONSUME(T.At) },
        { ALT: () => this.CONSUME(T.Colon) },
      ]);
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

  private specifier = this.RULE('specifier', (): Specifier => {
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

  private singularSpecifier = this.RULE('singularSpecifier', (): Extract<Specifier, { kind: 'spec_id' | 'spec_name' | 'spec_where' }> => {
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
          const e = this.SUBRULE(this.expression, { ARGS: [0] });
          return this.ACTION(() => this.mark({ kind: 'spec_where', where: e }, start));
        },
      },
    ]);
  }, { recoveryValueFunc: () => ({ kind: 'spec_id', id: '0' }) as Extract<Specifier, { kind: 'spec_id' }> });

  // -------------------------------------------------------------------------------------
  // Expressions

  /** Precedence climbing: a prefix form, then infix operators binding at least `minPrec`. */
  public expression = this.RULE('expression', (minPrec: number): Expr => {
    const frame: ExprFrame = { start: this.LA(1), left: NULL, minPrec };
    this.frames.push(frame);
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
      this.frames.pop();
    }
  }, { recoveryValueFunc: () => NULL });

  // The expression rule's alternatives are built once and cached (Chevrotain's advice for
  // embedded actions: no closures allocated per call). They read the current invocation's
  // state from the top of `frames`, which nested invocations restore when they return.
  private frames: ExprFrame[] = [];
  private prefixAlts: OrMethodOpts<Expr> | undefined;
  private infixAlts: IOrAlt<Expr>[] | undefined;
  private infixLoop: DSLMethodOpts<unknown> | undefined;

  private frame(): ExprFrame {
    return this.frames[this.frames.length - 1] as ExprFrame;
  }

  /**
   * Prefix operators and primary forms: what an expression starts with. Every alternative
   * starts with a different token (LL(1)), so Chevrotain picks one with a table lookup; forms
   * that need a second token to tell apart live one level down (`(`, `-`, names).
   */
  private prefixAlternatives(): IOrAlt<Expr>[] {
    return [
      {
        ALT: () => {
          const not = this.CONSUME(T.Not);
          this.ACTION(() => this.enter(not));
          try {
            const e = this.SUBRULE(this.expression, { ARGS: [Prec.not] });
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
                  const e = this.SUBRULE7(this.expression, { ARGS: [0] });
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
      { ALT: () => this.SUBRULE(this.nameExpression) },
    ];
  }

  /** The operand of a prefix `-` or `~` (binds tighter than `*`, looser than COLLATE). */
  private unaryOperand(op: '-' | '~', index: 1 | 8): Expr {
    this.ACTION(() => this.enter(this.frame().start));
    try {
      const e = index === 1 ? this.SUBRULE1(this.expression, { ARGS: [Prec.unary] }) : this.SUBRULE8(this.expression, { ARGS: [Prec.unary] });
      return this.ACTION(() => this.mark(unary(op, e), this.frame().start));
    } finally {
      this.ACTION(() => this.depth--);
    }
  }

  private nameAlts: OrMethodOpts<Expr> | undefined;

  /** Forms that start with a name: typed literals, COLUMN(...) and friends, calls, column paths. */
  private nameExpression = this.RULE('nameExpression', (): Expr => {
    return this.OR(
      (this.nameAlts ??= {
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
          { ALT: () => this.SUBRULE(this.functionCall) },
          {
            ALT: () => {
              const p = this.SUBRULE1(this.path);
              return this.ACTION(() => this.nameRef(p.text, p.single, this.frame().start, p.single && p.quoted));
            },
          },
        ],
      }),
    );
  }, { recoveryValueFunc: () => NULL });

  /** One infix operator with its right side, applied to the left operand (LL(1), like the prefixes). */
  private infixAlternatives(): IOrAlt<Expr>[] {
    return [
      {
        ALT: () => {
          const token = this.CONSUME(T.BinaryOperator);
          const op = this.ACTION(() => BINARY_TOKEN_OPS.get(token.tokenType) as BinaryOp);
          const right = this.SUBRULE2(this.expression, { ARGS: [this.ACTION(() => BINARY_PREC[op] + 1)] });
          return this.ACTION(() => {
            const node = this.mark(binary(op, this.frame().left, right), this.frame().start);
            this.checkQuotedText(node);
            return node;
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Is);
          const not = this.OPTION2(() => this.CONSUME2(T.Not));
          const right = this.SUBRULE3(this.expression, { ARGS: [Prec.comparison + 1] });
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

  private predicateAlts: IOrAlt<Expr>[] | undefined;

  /** `LIKE e`, `REGEXP e`, `BETWEEN e AND e`, `IN (...)` applied to the left operand (after an optional NOT). */
  private predicate = this.RULE('predicate', (): Expr => {
    return this.OR(
      (this.predicateAlts ??= [
        {
          ALT: () => {
            const op = this.OR1([
              { ALT: () => (this.CONSUME(T.Like), 'like' as const) },
              { ALT: () => (this.CONSUME(T.Regexp), 'regexp' as const) },
            ]);
            const right = this.SUBRULE(this.expression, { ARGS: [Prec.comparison + 1] });
            return this.ACTION(() => {
              const b = this.mark(binary(op, this.frame().left, right), this.frame().start);
              this.checkQuotedText(b);
              return b;
            });
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Between);
            const min = this.SUBRULE1(this.expression, { ARGS: [Prec.comparison + 1] });
            this.CONSUME(T.And);
            const max = this.SUBRULE2(this.expression, { ARGS: [Prec.comparison + 1] });
            return this.ACTION(() => this.mark(between(this.frame().left, min, max), this.frame().start));
          },
        },
        { ALT: () => this.SUBRULE(this.inTail) },
      ]),
    );
  }, { recoveryValueFunc: () => NULL });

  /** `IN ( SELECT ... )` or `IN ( [e {, e}] )`. */
  private inTail = this.RULE('inTail', (): Expr => {
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
                  const v = this.SUBRULE(this.expression, { ARGS: [0] });
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
  private datetimeLiteral = this.RULE('datetimeLiteral', (): Expr => {
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

  /** `name ( [DISTINCT] ( '*' | [e {, e}] ) )`: COUNT(*), COUNT/AVG/SUM(DISTINCT ...), f(...). */
  private functionCall = this.RULE('functionCall', (): Expr => {
    const start = this.LA(1);
    const nameToken = this.CONSUME(T.Name);
    const open = this.CONSUME(T.LParen);
    this.ACTION(() => this.enter(open));
    try {
      const distinct = this.OPTION(() => this.CONSUME(T.Distinct));
      const args: Expr[] = [];
      let star: IToken | undefined;
      this.OR({
        IGNORE_AMBIGUITIES: true,
        DEF: [
          { ALT: () => (star = this.CONSUME(T.Star)) },
          {
            ALT: () => {
              this.MANY_SEP({
                SEP: T.Comma,
                DEF: () => {
                  const e = this.SUBRULE(this.expression, { ARGS: [0] });
                  this.ACTION(() => args.push(e));
                },
              });
            },
          },
        ],
      });
      this.CONSUME(T.RParen);
      return this.ACTION(() => this.callNode(nameToken, distinct, star, args, start));
    } finally {
      this.ACTION(() => this.depth--);
    }
  }, { recoveryValueFunc: () => NULL });

  private callNode(nameToken: IToken, distinct: IToken | undefined, star: IToken | undefined, args: Expr[], start: IToken): Expr {
    const quoted = nameToken.tokenType === T.QuotedIdentifier;
    const name = quoted ? this.nameOf(nameToken) : nameToken.image.toUpperCase();
    if (star) {
      if (quoted || name !== 'COUNT' || distinct) {
        this.report('syntax/star-argument', `'*' is an argument only in COUNT(*), found ${nameToken.image}(${distinct ? 'DISTINCT ' : ''}*)`, star);
      }
      return this.mark({ kind: 'count_rows' }, start);
    }
    if (distinct) {
      if (quoted || !(name === 'COUNT' || name === 'AVG' || name === 'SUM')) {
        this.report('syntax/distinct-argument', `DISTINCT is allowed only in COUNT, AVG and SUM, found ${nameToken.image}(DISTINCT ...)`, distinct);
      } else if (args.length === 0) {
        this.report('syntax/distinct-argument', `expected an expression after DISTINCT in ${name}(DISTINCT ...)`, distinct);
      }
      return this.mark(fn(`${name}_DISTINCT`, args), start);
    }
    return this.mark(fn(name, args), start);
  }

  private caseExpression = this.RULE('caseExpression', (): Expr => {
    const start = this.CONSUME(T.Case);
    this.ACTION(() => this.enter(start));
    try {
      const base = this.OPTION(() => this.SUBRULE(this.expression, { ARGS: [0] })) ?? null;
      const cases: WhenClause[] = [];
      this.AT_LEAST_ONE(() => {
        const w = this.CONSUME(T.When);
        const cond = this.SUBRULE1(this.expression, { ARGS: [0] });
        this.CONSUME(T.Then);
        const then = this.SUBRULE2(this.expression, { ARGS: [0] });
        this.ACTION(() => cases.push(this.mark(when(cond, then), w)));
      });
      const otherwise = this.OPTION1(() => {
        this.CONSUME(T.Else);
        return this.SUBRULE3(this.expression, { ARGS: [0] });
      }) ?? null;
      this.CONSUME(T.End);
      return this.ACTION(() => this.mark(caseExpr(base, cases, otherwise), start));
    } finally {
      this.ACTION(() => this.depth--);
    }
  }, { recoveryValueFunc: () => NULL });

  /** A whole input that is one expression (`parseExpression`). */
  public standaloneExpression = this.RULE('standaloneExpression', (): Expr => {
    return this.SUBRULE(this.expression, { ARGS: [0] });
  }, { recoveryValueFunc: () => NULL });

  /** The end-of-input marker for messages. */
  static readonly EOF = EOF;
}
