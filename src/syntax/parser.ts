import type { IToken } from 'chevrotain';
import {
  NULL, orderTerm, resultColumn, select as makeSelect, selectAction, table,
  type Expr, type JoinOp, type OrderTerm, type ResultColumn, type Select, type SelectAction, type Source,
  type Statement,
} from '../ast/index.js';
import { ExpressionRules } from './expression-rules.js';
import { fieldKey } from './field-spans.js';
import { stringValue } from './literals.js';
import { argsAt, type AliasScope } from './parser-base.js';
import * as T from './tokens.js';
import { isAliasReservedWord, isUnsupportedJoinWord } from './words.js';

export { NestingTooDeep, type ParseState } from './parser-base.js';

/**
 * The dsq parser: Chevrotain embedded actions building the AST (src/ast) directly. One
 * instance, reused (`begin(tokens, state)`). This file holds the statement, SELECT and source
 * rules; expressions are in expression-rules.ts, state and helpers in parser-base.ts.
 */
export class DsqParser extends ExpressionRules {
  constructor() {
    super();
    this.performSelfAnalysis();
  }

  // -------------------------------------------------------------------------------------
  // Statements

  public statement = this.RULE('statement', (): Statement => {
    const start = this.LA(1);
    // The statement's own SELECT is not a nesting level: it enters at depth 0.
    this.ACTION(() => (this.depth = -1));
    const sel = this.SUBRULE(this.select);
    let action: SelectAction | null = null;
    let rowsAt: IToken | null = null;
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
            if (key === 'rows') rowsAt = token;
          });
        },
      });
      this.CONSUME(T.RParen);
      action = this.ACTION(() => {
        const node = selectAction(sel, options);
        // `ROWS = n` has its own span: the spec check places a bad value there.
        if (rowsAt !== null && this.state.spans !== null) {
          const { from, to } = this.offsetsOf(rowsAt);
          this.state.spans.record(fieldKey(node, 'rows'), from, to);
        }
        return node;
      });
    });
    return this.ACTION(() => this.mark(action ?? sel, start));
  }, { recoveryValueFunc: () => makeSelect() });

  /** Offsets of an option, from its name to its value. */
  private offsetsOf(start: IToken): { from: number; to: number } {
    const end = this.optionEnds.get(start) ?? start;
    return { from: start.startOffset, to: end.startOffset + end.image.length };
  }

  /** The last token of each option (its value), by the option's name token. */
  private optionEnds = new WeakMap<IToken, IToken>();

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
      this.optionEnds.set(name, this.LA(0));
    });
    return { key: key ?? null, value, token: name };
  }, { recoveryValueFunc: () => ({ key: null, value: false, token: { image: '' } as IToken }) });

  protected override select = this.RULE('select', (): Select => {
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
        where = this.SUBRULE(this.expression, argsAt(0));
      });
      this.ACTION(() => (scope.active = true));
      this.OPTION3(() => {
        this.CONSUME(T.Group);
        this.CONSUME(T.By);
        this.AT_LEAST_ONE_SEP1({
          SEP: T.Comma,
          DEF: () => {
            const e = this.SUBRULE1(this.expression, argsAt(0));
            this.ACTION(() => group.push(e));
          },
        });
      });
      this.OPTION4(() => {
        this.CONSUME(T.Having);
        having = this.SUBRULE2(this.expression, argsAt(0));
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
        limit = this.SUBRULE3(this.expression, argsAt(0));
        this.OPTION7(() => {
          const comma = this.CONSUME1(T.Comma);
          this.SUBRULE4(this.expression, argsAt(0));
          this.ACTION(() =>
            this.report('syntax/limit-comma', 'LIMIT takes one expression: dsq has no LIMIT offset, count', comma, this.LA(0), 'write LIMIT count OFFSET offset'),
          );
        });
      });
      this.OPTION8(() => {
        this.CONSUME(T.Offset);
        offset = this.SUBRULE5(this.expression, argsAt(0));
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
    const e = this.SUBRULE(this.expression, argsAt(0));
    let name: string | null = null;
    this.OPTION({
      // A word that is a keyword in common SQL is never a bare alias (words.ts): it is left for
      // the error it makes where it stands (`SELECT a UNION SELECT b`).
      GATE: () => !this.aliasReservedAt(1),
      DEF: () => {
        this.OPTION1(() => this.CONSUME(T.As));
        const token = this.CONSUME(T.Name);
        name = this.ACTION(() => this.aliasOf(token));
      },
    });
    return this.ACTION(() => this.mark(resultColumn(e, name), start));
  }, { recoveryValueFunc: () => resultColumn(NULL) });

  /** True when the token at `k` is a bare word that may not be an alias (words.ts ALIAS_RESERVED_WORDS). */
  private aliasReservedAt(k: number): boolean {
    const token = this.LA(k);
    return token.tokenType === T.Identifier && isAliasReservedWord(token.image);
  }

  /** An alias name; after AS a reserved word is an error that says how to write it. */
  private aliasOf(token: IToken): string {
    if (token.tokenType === T.Identifier && isAliasReservedWord(token.image)) {
      const word = token.image.toUpperCase();
      this.report(
        'syntax/reserved-alias',
        `${word} is an SQL keyword and is never read as an alias`,
        token,
        token,
        `for an alias of that name quote it: AS "${token.image.replace(/"/g, '""')}"`,
      );
    }
    return this.nameOf(token);
  }

  private orderTerm = this.RULE('orderTerm', (): OrderTerm => {
    const start = this.LA(1);
    const e = this.SUBRULE(this.expression, argsAt(0));
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
    this.MANY({
      // A bare word continues the FROM list only when it starts a join the select object lacks
      // (`a RIGHT JOIN b`); `FROM a right` alone is an alias attempt, reported as such.
      GATE: () => this.LA(1).tokenType !== T.Identifier || this.unsupportedJoinAhead(),
      DEF: () => {
        const op = this.OR([
          { ALT: () => (this.CONSUME(T.Comma), 'cross' as JoinOp) },
          { ALT: () => this.SUBRULE(this.joinOperator) },
          { ALT: () => this.SUBRULE(this.unsupportedJoin) },
        ]);
        const right = this.SUBRULE1(this.sourcePrimary);
        this.OPTION(() => {
          this.OR1([
            {
              ALT: () => {
                const on = this.CONSUME(T.On);
                this.SUBRULE(this.expression, argsAt(0));
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
      },
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

  /**
   * `RIGHT [OUTER] JOIN`, `FULL JOIN`, `NATURAL [LEFT] JOIN`, `OUTER JOIN`, `OUTER APPLY`, ...:
   * joins the select object cannot hold. Read whole (so the rest parses on) and reported once,
   * with the dialect's way as a hint.
   */
  private unsupportedJoin = this.RULE('unsupportedJoin', (): JoinOp => {
    const words: IToken[] = [];
    const first = this.OR([
      { GATE: () => this.joinWordAt(1), ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.CONSUME(T.Outer) },
    ]);
    this.ACTION(() => words.push(first));
    this.MANY({
      GATE: () => this.LA(1).tokenType !== T.Identifier || this.joinWordAt(1),
      DEF: () => {
        const next = this.OR1([
          { ALT: () => this.CONSUME1(T.Identifier) },
          { ALT: () => this.CONSUME1(T.Outer) },
          { ALT: () => this.CONSUME(T.Inner) },
          { ALT: () => this.CONSUME(T.Left) },
          { ALT: () => this.CONSUME(T.Cross) },
        ]);
        this.ACTION(() => words.push(next));
      },
    });
    const join = this.OPTION(() => this.CONSUME(T.Join));
    this.ACTION(() => {
      const written = [...words, ...(join ? [join] : [])].map((t) => t.image.toUpperCase()).join(' ');
      const { message, hint } = unsupportedJoinMessage(words.map((t) => t.image.toUpperCase()), written);
      this.report('syntax/unsupported-join', message, first, this.LA(0), hint);
    });
    return 'join';
  }, { recoveryValueFunc: (): JoinOp => 'join' });

  /**
   * True when the next tokens are an unsupported join: join words (and OUTER, INNER, LEFT,
   * CROSS) up to JOIN or APPLY, or STRAIGHT_JOIN.
   */
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

  private sourceAlias = this.RULE('sourceAlias', (): string | null => {
    let name: string | null = null;
    this.OPTION({
      // `a RIGHT JOIN b` is not `a` aliased RIGHT: such words are left to the join rules.
      GATE: () => !this.aliasReservedAt(1),
      DEF: () => {
        this.OPTION1(() => this.CONSUME(T.As));
        const token = this.CONSUME(T.Name);
        name = this.ACTION(() => this.aliasOf(token));
      },
    });
    return name;
  }, { recoveryValueFunc: () => null });

  private sourcePrimary = this.RULE('sourcePrimary', (): Source => {
    const start = this.LA(1);
    return this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          // `LATERAL (SELECT ...)`, `LATERAL f(x)`: the word, then the source it qualifies.
          GATE: () => this.lateralAt(),
          ALT: () => {
            const lateral = this.CONSUME(T.Identifier);
            this.ACTION(() => this.enter(lateral));
            let inner: Source;
            try {
              inner = this.SUBRULE1(this.sourcePrimary);
            } finally {
              this.ACTION(() => this.depth--);
            }
            this.ACTION(() =>
              this.report(
                'syntax/unsupported-join',
                'LATERAL is not in the select object: a source cannot refer to the sources before it',
                lateral,
                lateral,
                'join the subquery without LATERAL and put the correlation in WHERE',
              ),
            );
            return inner;
          },
        },
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

  /** `LATERAL` followed by a source (not a table named lateral). */
  private lateralAt(): boolean {
    const token = this.LA(1);
    if (token.tokenType !== T.Identifier || token.image.toUpperCase() !== 'LATERAL') return false;
    const next = this.LA(2).tokenType;
    return next === T.LParen || next === T.Identifier || next === T.QuotedIdentifier || T.CONTEXTUAL_WORDS.includes(next);
  }
}

const SELECT_JOINS = 'JOIN, INNER JOIN, CROSS JOIN (or a comma), LEFT JOIN and LEFT OUTER JOIN';

/** What to say about a join the select object lacks, from its words (upper case, before JOIN). */
function unsupportedJoinMessage(words: readonly string[], written: string): { message: string; hint: string } {
  const message = `${written} is not a join of the select object: its joins are ${SELECT_JOINS}`;
  const has = (w: string) => words.includes(w);
  if (has('RIGHT')) return { message, hint: 'swap the two sources and write LEFT JOIN: b LEFT JOIN a' };
  if (has('FULL')) return { message, hint: 'a full outer join cannot be expressed; combine a LEFT JOIN with a second statement for the rows only on the right' };
  if (has('NATURAL')) return { message, hint: 'write JOIN and put the equality of the shared columns in WHERE' };
  if (has('APPLY')) return { message, hint: 'join a subquery source instead: a source cannot refer to the sources before it' };
  if (has('SEMI') || has('ANTI')) return { message, hint: `write WHERE ${has('ANTI') ? 'NOT ' : ''}EXISTS (SELECT ...) instead` };
  if (has('STRAIGHT_JOIN')) return { message, hint: 'write JOIN' };
  if (words[0] === 'OUTER') return { message: `${written} needs LEFT: the select object's outer join is LEFT OUTER JOIN`, hint: 'write LEFT OUTER JOIN (RIGHT and FULL outer joins are not in the select object)' };
  return { message, hint: `write one of ${SELECT_JOINS}` };
}
