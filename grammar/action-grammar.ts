import { createToken, type IToken, type ISerializedGast, type TokenType } from 'chevrotain';
import { grammarTokens, T } from './chevrotain-tokens.js';
import { DsqGrammar } from './grammar-rules.js';
import { DATA_ACTION_WORDS, FETCH_TYPES } from '../src/ast/kinds.js';

/**
 * The data actions (src/syntax action-rules.ts, fetch-rules.ts, write-rules.ts) as Chevrotain
 * rules over the statement grammar's (grammar-rules.ts: expressions, selects, specifiers,
 * paths): what grammar/diagrams.html draws for them, and a recognizer that
 * test/grammar/agreement.test.ts runs beside the parser on every statement kind. The parser
 * reads the action words as bare words, so the lexer has no tokens for them; here each gets a
 * token of its own (an Identifier too, so a database or field may be called so), and
 * `documentTokens` types the words of a text by them.
 */
const word = (name: string) => createToken({ name, pattern: new RegExp(name), label: name, categories: [T.Name] });
const W = Object.fromEntries(
  [
    // The statement words and FETCH types of the kind table, then the words of the actions' clauses.
    ...DATA_ACTION_WORDS, ...FETCH_TYPES.map((t) => t.toUpperCase()),
    'COUNT', 'FIELDS', 'ATTRIBUTES', 'USER', 'TEXT', 'INTO', 'VALUES', 'NONE', 'DUPLICATE', 'REMOVE', 'FAIL', 'FILE', 'KEY', 'BASE64', 'CHILDREN', 'FAIL_NO_OP',
    'TYPE', 'SEEN', 'POST', 'FOLLOWING', 'THREADS', 'DATABASE', 'RECORD', 'TEAM', 'CSV', 'TSV', 'DSV', 'DELIMITER', 'QUOTE',
    // The administrative actions' clause words (src/syntax/admin-rules.ts)
    'ADD', 'PARTITIONS', 'RESET', 'FIRST', 'AFTER', 'LABEL', 'FORMAT', 'MEAS', 'UNIT', 'DEFAULT', 'REF', 'STRICT', 'LOCK',
  ].map((w) => [w, word(w)]),
) as Record<string, TokenType>;

/** Any expression (the operand level that takes every operator). */
const ANY = { ARGS: [0] as [number] };

class ActionGrammar extends DsqGrammar {
  constructor() {
    super(Object.values(W), false);
    this.performSelfAnalysis();
  }

  /** A statement: a select (with its OPTIONS) or a data action. */
  public document = this.RULE('document', () => {
    this.OR([{ ALT: () => this.SUBRULE(this.dataAction) }, { ALT: () => this.SUBRULE(this.statement) }]);
  });

  public dataAction = this.RULE('dataAction', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.fetch) }, { ALT: () => this.SUBRULE(this.insert) }, { ALT: () => this.SUBRULE(this.update) }, { ALT: () => this.SUBRULE(this.remove) },
      { ALT: () => this.CONSUME(W['SCHEMA'] as TokenType) }, { ALT: () => this.SUBRULE(this.drop) }, { ALT: () => this.SUBRULE(this.alter) },
    ]);
  });

  /** `DROP (GROUP | DATABASE) spec [CHILDREN] [OPTIONS (CHILDREN = bool)]`, `DROP (TEAM | USER) spec`. */
  private drop = this.RULE('drop', () => {
    this.CONSUME(W['DROP'] as TokenType);
    this.OR([
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(T.Group) }, { ALT: () => this.CONSUME(W['DATABASE'] as TokenType) }]);
          this.SUBRULE(this.database);
          this.OPTION(() => this.CONSUME(W['CHILDREN'] as TokenType));
          this.OPTION2(() => this.SUBRULE(this.options));
        },
      },
      {
        ALT: () => {
          this.OR3([{ ALT: () => this.CONSUME(W['TEAM'] as TokenType) }, { ALT: () => this.CONSUME(W['USER'] as TokenType) }]);
          this.SUBRULE2(this.database);
        },
      },
    ]);
  });

  /** `ALTER DATABASE db (ADD FIELDS ... | DROP FIELDS spec | ORDER FIELDS ... | RESET PARTITIONS spec)`. */
  private alter = this.RULE('alter', () => {
    this.CONSUME(W['ALTER'] as TokenType);
    this.CONSUME(W['DATABASE'] as TokenType);
    this.SUBRULE(this.database);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(W['ADD'] as TokenType);
          this.CONSUME(W['FIELDS'] as TokenType);
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.fieldDef) });
          this.OPTION(() => this.CONSUME(W['FIRST'] as TokenType));
          this.OPTION2(() => {
            this.CONSUME(W['AFTER'] as TokenType);
            this.SUBRULE2(this.database);
          });
          this.OPTION3(() => this.SUBRULE(this.options));
        },
      },
      {
        ALT: () => {
          this.CONSUME(W['DROP'] as TokenType);
          this.CONSUME2(W['FIELDS'] as TokenType);
          this.SUBRULE3(this.database);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Order);
          this.CONSUME3(W['FIELDS'] as TokenType);
          this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE4(this.database) });
          this.OPTION4(() => {
            this.CONSUME2(W['AFTER'] as TokenType);
            this.SUBRULE5(this.database);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(W['RESET'] as TokenType);
          this.CONSUME(W['PARTITIONS'] as TokenType);
          this.SUBRULE6(this.database);
        },
      },
    ]);
  });

  /** A field definition: `name type {property}`. */
  private fieldDef = this.RULE('fieldDef', () => {
    this.CONSUME(T.Name);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Identifier);
          this.OPTION(() => {
            this.CONSUME(T.LParen);
            this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.NumberLiteral) });
            this.CONSUME(T.RParen);
          });
        },
      },
      { ALT: () => this.CONSUME(T.StringLiteral) },
    ]);
    this.MANY(() =>
      this.OR2([
        {
          ALT: () => {
            this.OR3(['LABEL', 'FORMAT', 'MEAS', 'UNIT', 'DEFAULT', 'REF'].map((w) => ({ ALT: () => this.CONSUME(W[w] as TokenType) })).concat([{ ALT: () => this.CONSUME(T.Desc) }]));
            this.CONSUME2(T.StringLiteral);
          },
        },
        {
          ALT: () => {
            this.OPTION2(() => this.CONSUME(T.Not));
            this.OR4([{ ALT: () => this.CONSUME(W['KEY'] as TokenType) }, { ALT: () => this.CONSUME(T.Null) }, { ALT: () => this.CONSUME(W['STRICT'] as TokenType) }, { ALT: () => this.CONSUME(W['LOCK'] as TokenType) }]);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Options);
            this.CONSUME2(T.LParen);
            this.AT_LEAST_ONE_SEP2({
              SEP: T.Comma,
              DEF: () => {
                this.CONSUME3(T.StringLiteral);
                this.OPTION3(() => {
                  this.CONSUME2(T.Desc);
                  this.CONSUME4(T.StringLiteral);
                });
              },
            });
            this.CONSUME2(T.RParen);
          },
        },
      ]),
    );
  });

  private fetch = this.RULE('fetch', () => {
    this.CONSUME(W['FETCH'] as TokenType);
    this.OR([
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(W['COUNT'] as TokenType));
          this.OR2([
            {
              ALT: () => {
                this.CONSUME(W['RECORDS'] as TokenType);
                this.OPTION2(() => {
                  this.CONSUME(W['FIELDS'] as TokenType);
                  this.SUBRULE(this.names);
                });
                this.OPTION3(() => {
                  this.CONSUME(W['ATTRIBUTES'] as TokenType);
                  this.SUBRULE2(this.names);
                });
                this.CONSUME(T.From);
                this.SUBRULE(this.database);
                this.OPTION4(() => {
                  this.CONSUME2(W['RECORDS'] as TokenType);
                  this.SUBRULE(this.records);
                });
              },
            },
            {
              ALT: () => {
                this.CONSUME(W['MULTIRECORDS'] as TokenType);
                this.CONSUME2(T.From);
                this.SUBRULE2(this.database);
              },
            },
            {
              ALT: () => {
                this.CONSUME(W['PSEUDORECORDS'] as TokenType);
                this.CONSUME3(T.From);
                this.CONSUME(T.LParen);
                this.SUBRULE(this.select);
                this.CONSUME(T.RParen);
              },
            },
            {
              ALT: () => {
                this.CONSUME(W['TASKS'] as TokenType);
                this.OPTION5(() => {
                  this.CONSUME4(T.From);
                  this.SUBRULE(this.whole);
                });
                this.OPTION6(() => {
                  this.CONSUME(W['USER'] as TokenType);
                  this.SUBRULE(this.specifier);
                });
                this.OPTION7(() => {
                  this.CONSUME(W['TEXT'] as TokenType);
                  this.CONSUME(T.StringLiteral);
                });
              },
            },
          ]);
          this.OPTION8(() => {
            this.CONSUME(T.Where);
            this.SUBRULE(this.expression, ANY);
          });
          this.SUBRULE(this.paging);
          this.OPTION9(() => this.SUBRULE(this.options));
        },
      },
      { ALT: () => this.SUBRULE(this.fetchUsers) },
      { ALT: () => this.SUBRULE(this.fetchOther) },
    ]);
  });

  private fetchOther = this.RULE('fetchOther', () => {
    const w = (name: string) => W[name] as TokenType;
    this.OR([
      { ALT: () => this.OR2([{ ALT: () => this.CONSUME(w('CRONS')) }, { ALT: () => this.CONSUME(w('PREF_DEFS')) }, { ALT: () => this.CONSUME(w('SEQS')) }]) },
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(w('COUNT')));
          this.OR3([{ ALT: () => this.CONSUME(w('FOLLOWS')) }, { ALT: () => this.CONSUME(w('KEYS')) }]);
          this.OPTION2(() => {
            this.CONSUME(w('USER'));
            this.SUBRULE(this.specifier);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('PREFS'));
          this.OPTION3(() => {
            this.CONSUME2(w('USER'));
            this.SUBRULE2(this.specifier);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('LOGS'));
          this.CONSUME(T.From);
          this.SUBRULE(this.database);
          this.SUBRULE(this.writeRecords);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('NOTIFICATIONS'));
          this.OPTION4(() => {
            this.CONSUME3(w('USER'));
            this.SUBRULE3(this.specifier);
          });
          this.OPTION5(() => {
            this.CONSUME(w('TYPE'));
            this.CONSUME(T.StringLiteral);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('POSTS'));
          this.OPTION6(() => {
            this.CONSUME(T.On);
            this.SUBRULE(this.wall);
          });
          this.OPTION7(() => {
            this.CONSUME(w('POST'));
            this.SUBRULE(this.whole);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('USER_SUBSCRIPTIONS'));
          this.OPTION8(() =>
            this.OR4([
              {
                ALT: () => {
                  this.CONSUME(w('TEAM'));
                  this.SUBRULE4(this.specifier);
                },
              },
              {
                ALT: () => {
                  this.CONSUME4(w('USER'));
                  this.SUBRULE5(this.specifier);
                },
              },
            ]),
          );
        },
      },
    ]);
    this.OPTION9(() => this.SUBRULE(this.options));
  });

  private wall = this.RULE('wall', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Group);
          this.SUBRULE(this.specifier);
        },
      },
      {
        ALT: () => {
          this.CONSUME(W['DATABASE'] as TokenType);
          this.SUBRULE(this.database);
          this.OPTION(() => {
            this.CONSUME(W['RECORD'] as TokenType);
            this.SUBRULE(this.records);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(W['USER'] as TokenType);
          this.SUBRULE2(this.specifier);
        },
      },
    ]);
  });

  private fetchUsers = this.RULE('fetchUsers', () => {
    this.CONSUME(W['USERS'] as TokenType);
    this.OPTION(() => this.SUBRULE(this.specifier));
    this.SUBRULE(this.paging);
  });

  private paging = this.RULE('paging', () => {
    this.OPTION(() => {
      this.CONSUME(T.Order);
      this.CONSUME(T.By);
      this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.orderTerm) });
    });
    // A whole number, or a parameter `:n` bound to one.
    this.OPTION2(() => {
      this.CONSUME(T.Limit);
      this.OR([{ ALT: () => this.SUBRULE(this.whole) }, { ALT: () => this.SUBRULE(this.param) }]);
    });
    this.OPTION3(() => {
      this.CONSUME(T.Offset);
      this.OR2([{ ALT: () => this.SUBRULE2(this.whole) }, { ALT: () => this.SUBRULE2(this.param) }]);
    });
  });

  /** A whole number (its sign and range are the parser's checks). */
  private whole = this.RULE('whole', () => {
    this.OPTION(() => this.CONSUME(T.Minus));
    this.CONSUME(T.NumberLiteral);
  });

  private names = this.RULE('names', () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Name) });
    this.CONSUME(T.RParen);
  });

  private options = this.RULE('actionOptions', () => {
    this.CONSUME(T.Options);
    this.CONSUME(T.LParen);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.OR(['CHILDREN', 'COUNT', 'FAIL_NO_OP', 'SEEN', 'FOLLOWING', 'THREADS', 'RECORDS', 'FIRST'].map((name) => ({ ALT: () => this.CONSUME(W[name] as TokenType) })));
        this.CONSUME(T.Equals);
        this.OR2([{ ALT: () => this.CONSUME(T.True) }, { ALT: () => this.CONSUME(T.False) }]);
      },
    });
    this.CONSUME(T.RParen);
  });

  private insert = this.RULE('insert', () => {
    this.OR([{ ALT: () => this.CONSUME(W['INSERT'] as TokenType) }, { ALT: () => this.CONSUME(W['REPLACE'] as TokenType) }, { ALT: () => this.CONSUME(W['SET'] as TokenType) }]);
    this.CONSUME(W['INTO'] as TokenType);
    this.SUBRULE(this.database);
    this.OR2([
      {
        ALT: () => {
          this.SUBRULE(this.names);
          this.CONSUME(W['VALUES'] as TokenType);
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.row) });
        },
      },
      {
        ALT: () => {
          this.CONSUME(W['RECORDS'] as TokenType);
          this.OR3([{ ALT: () => this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.record) }) }, { ALT: () => this.CONSUME(W['NONE'] as TokenType) }]);
        },
      },
      { ALT: () => this.SUBRULE(this.delimited) },
    ]);
    this.MANY(() => {
      this.CONSUME(T.On);
      this.OR4([
        {
          ALT: () => {
            this.CONSUME(W['DUPLICATE'] as TokenType);
            this.OR5([
              { ALT: () => this.CONSUME(W['FAIL'] as TokenType) },
              { ALT: () => this.CONSUME(W['UPDATE'] as TokenType) },
              { ALT: () => this.CONSUME(W['DELETE'] as TokenType) },
              { ALT: () => this.CONSUME(W['TRASH'] as TokenType) },
            ]);
          },
        },
        {
          ALT: () => {
            this.CONSUME(W['REMOVE'] as TokenType);
            this.OR6([{ ALT: () => this.CONSUME2(W['DELETE'] as TokenType) }, { ALT: () => this.CONSUME2(W['TRASH'] as TokenType) }]);
          },
        },
      ]);
    });
    this.OPTION(() => this.SUBRULE(this.options));
  });

  /** Records as delimiter-separated data (spec "Records"): the format, its options, the data as a binary object. */
  private delimited = this.RULE('delimited', () => {
    this.CONSUME(T.From);
    this.OR([{ ALT: () => this.CONSUME(W['CSV'] as TokenType) }, { ALT: () => this.CONSUME(W['TSV'] as TokenType) }, { ALT: () => this.CONSUME(W['DSV'] as TokenType) }]);
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.AT_LEAST_ONE_SEP({
        SEP: T.Comma,
        DEF: () => {
          this.OR2([{ ALT: () => this.CONSUME(W['DELIMITER'] as TokenType) }, { ALT: () => this.CONSUME(W['QUOTE'] as TokenType) }]);
          this.CONSUME(T.Equals);
          this.CONSUME(T.StringLiteral);
        },
      });
      this.CONSUME(T.RParen);
    });
    this.OR3([{ ALT: () => this.CONSUME(W['FILE'] as TokenType) }, { ALT: () => this.CONSUME(W['TEXT'] as TokenType) }, { ALT: () => this.CONSUME(W['BASE64'] as TokenType) }]);
    this.CONSUME2(T.StringLiteral);
  });

  private row = this.RULE('row', () => {
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.value) });
    this.CONSUME(T.RParen);
  });

  private record = this.RULE('record', () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.CONSUME(T.Name);
        this.CONSUME(T.Equals);
        this.SUBRULE(this.value);
      },
    });
    this.CONSUME(T.RParen);
  });

  /** A record's value: tags `[...]`, a binary object (`TEXT '...'`, `BASE64 '...'`, an id), TRUE, FALSE, or any expression. */
  private value = this.RULE('value', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.LBracket);
          this.MANY_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.StringLiteral) });
          this.CONSUME(T.RBracket);
        },
      },
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(W['TEXT'] as TokenType) }, { ALT: () => this.CONSUME(W['BASE64'] as TokenType) }]);
          this.CONSUME2(T.StringLiteral);
        },
      },
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      { ALT: () => this.SUBRULE(this.expression, ANY) },
    ]);
  });

  private literal = this.RULE('literal', () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Null) },
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(T.Minus));
          this.CONSUME(T.NumberLiteral);
        },
      },
      { ALT: () => this.CONSUME(T.StringLiteral) },
    ]);
  });

  private update = this.RULE('update', () => {
    this.CONSUME(W['UPDATE'] as TokenType);
    this.SUBRULE(this.database);
    this.OPTION(() => {
      this.CONSUME(W['SET'] as TokenType);
      this.AT_LEAST_ONE_SEP({
        SEP: T.Comma,
        DEF: () => {
          this.CONSUME(T.Name);
          this.CONSUME(T.Equals);
          this.SUBRULE(this.value);
        },
      });
    });
    this.OPTION2(() => {
      this.CONSUME(W['FILE'] as TokenType);
      this.CONSUME(T.StringLiteral);
    });
    this.SUBRULE(this.writeRecords);
    this.OPTION3(() => this.SUBRULE(this.options));
  });

  private remove = this.RULE('remove', () => {
    this.OR([
      { ALT: () => this.CONSUME(W['DELETE'] as TokenType) },
      { ALT: () => this.CONSUME(W['TRASH'] as TokenType) },
      { ALT: () => this.CONSUME(W['RESTORE'] as TokenType) },
      { ALT: () => this.CONSUME(W['DISPOSE'] as TokenType) },
    ]);
    this.CONSUME(T.From);
    this.SUBRULE(this.database);
    this.SUBRULE(this.writeRecords);
    this.OPTION(() => this.SUBRULE(this.options));
  });

  private writeRecords = this.RULE('writeRecords', () => {
    this.OPTION(() =>
      this.OR([
        {
          ALT: () => {
            this.CONSUME(W['RECORDS'] as TokenType);
            this.SUBRULE(this.records);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Where);
            this.SUBRULE(this.expression, ANY);
          },
        },
      ]),
    );
  });

  private database = this.RULE('database', () => {
    this.OR([
      // RECORDS after FROM starts the records: no database is read as called so.
      { GATE: () => this.LA(1).tokenType !== W['RECORDS'], ALT: () => this.SUBRULE(this.path) },
      { ALT: () => this.SUBRULE(this.specifier) },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.CONSUME(T.Where);
          this.SUBRULE(this.expression, ANY);
          this.CONSUME(T.RParen);
        },
      },
    ]);
  });

  private records = this.RULE('records', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.keySpecifier) },
      {
        ALT: () => {
          this.CONSUME(T.LBracket);
          this.MANY_SEP({ SEP: T.Comma, DEF: () => this.OR2([{ ALT: () => this.SUBRULE(this.singularSpecifier) }, { ALT: () => this.SUBRULE2(this.keySpecifier) }]) });
          this.CONSUME(T.RBracket);
        },
      },
      { ALT: () => this.SUBRULE(this.specifier) },
    ]);
  });

  private keySpecifier = this.RULE('keySpecifier', () => {
    this.CONSUME(W['KEY'] as TokenType);
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.CONSUME(T.Name);
        this.CONSUME(T.Equals);
        this.OR([{ ALT: () => this.SUBRULE(this.literal) }, { ALT: () => this.SUBRULE(this.param) }]);
      },
    });
    this.CONSUME(T.RParen);
  });

}

let grammar: ActionGrammar | undefined;
function actionGrammar(): ActionGrammar {
  grammar ??= new ActionGrammar();
  return grammar;
}

/** The data actions' productions (those of the statement grammar's rules are grammar-rules.ts's). */
export function actionProductions(statementRules: ReadonlySet<string>): ISerializedGast[] {
  return actionGrammar().getSerializedGastProductions().filter((p) => !statementRules.has((p as { name?: string }).name ?? '') && (p as { name?: string }).name !== 'document');
}

const WORDS: ReadonlyMap<string, TokenType> = new Map(Object.entries(W));

/** The words this grammar reads right before a `(` (`KEY(`, `INTO (WHERE ...)`): any other word there is a call (`COUNT(*)`). */
const BEFORE_PAREN: ReadonlySet<string> = new Set(['KEY', 'FIELDS', 'ATTRIBUTES', 'RECORDS', 'VALUES', 'CSV', 'TSV', 'DSV', 'INTO', 'UPDATE', 'USER', 'USERS', 'TEAM', 'DATABASE', 'RECORD']);

/**
 * A text's tokens as this grammar reads them: the statement grammar's, an action word typed as
 * its word outside selects (in a select every word is a name, as the parser reads it there).
 */
export function documentTokens(text: string): IToken[] {
  const tokens = grammarTokens(text);
  /** For each open `(`: whether a select follows it. */
  const open: boolean[] = [];
  let selects = tokens[0]?.tokenType === T.Select ? 1 : 0;
  return tokens.map((t, i) => {
    if (t.tokenType === T.LParen) {
      const sub = tokens[i + 1]?.tokenType === T.Select;
      open.push(sub);
      if (sub) selects++;
    } else if (t.tokenType === T.RParen && open.pop() === true) selects--;
    const upper = t.image.toUpperCase();
    const call = tokens[i + 1]?.tokenType === T.LParen && !BEFORE_PAREN.has(upper);
    const type = t.tokenType === T.Identifier && !call && selects === 0 ? WORDS.get(upper) : undefined;
    return type === undefined ? t : { ...t, tokenType: type, tokenTypeIdx: type.tokenTypeIdx as number };
  });
}

/** Whether the grammar reads the text as one statement (a select or a data action) without an error. */
export function documentAccepts(text: string): boolean {
  const g = actionGrammar();
  g.input = documentTokens(text);
  g.document();
  return g.errors.length === 0;
}
