import { createToken, type IToken, type TokenType } from 'chevrotain';
import { grammarTokens, T } from './chevrotain-tokens.js';
import { DsqGrammar } from './grammar-rules.js';
import { FETCH_TYPES, STATEMENT_WORDS } from '../src/ast/kinds.js';
import { FIELD_LIST } from '../src/ast/fields.js';
import { FETCH_CLAUSES, type FetchClause } from '../src/ast/kinds-fetch.js';

/**
 * The data and administrative actions (src/syntax action-rules.ts, fetch-rules.ts,
 * write-rules.ts, admin-rules.ts) as Chevrotain rules over the statement grammar's
 * (grammar-rules.ts: expressions, selects, specifiers, paths); system-grammar.ts adds DOWNLOAD,
 * the task, system and struct actions over these, and is the grammar of a whole statement: what
 * grammar/diagrams.html draws, and a recognizer that test/grammar/agreement.test.ts runs beside
 * the parser on every statement kind. The parser reads the action words as bare words, so the
 * lexer has no tokens for them; here each gets a token of its own (a name too, so a database or
 * field may be called so), and `documentTokens` types the words of a text by them.
 */
const word = (name: string) => createToken({ name, pattern: new RegExp(name), label: name, categories: [T.Name] });

/** The flags written in OPTIONS (...) of any action (the kind table's flag fields, as the parser's `options` reads them). */
export const OPTION_WORDS: readonly string[] = [
  ...new Set(
    Object.values(FIELD_LIST).flatMap((fields) =>
      fields.filter((f) => f.value?.form === 'flag' && f.json !== null).map((f) => (f.json as string).toUpperCase()),
    ),
  ),
];

/** The grammar's word tokens, by word: every word an action reads as a keyword where it stands. */
export const W = Object.fromEntries(
  [
    ...new Set([
      // The statement words and FETCH types of the kind table, the option names, then the words of the actions' clauses.
      ...STATEMENT_WORDS.filter((w) => w !== 'SELECT'),
      ...FETCH_TYPES.map((t) => t.toUpperCase()),
      ...Object.values(FETCH_CLAUSES).flatMap((clauses) => (clauses ?? []).map((c) => c.word)),
      ...OPTION_WORDS,
      'COUNT',
      'FIELDS',
      'ATTRIBUTES',
      'USER',
      'TEXT',
      'INTO',
      'VALUES',
      'NONE',
      'DUPLICATE',
      'REMOVE',
      'FAIL',
      'FILE',
      'KEY',
      'BASE64',
      'CHILDREN',
      'FAIL_NO_OP',
      'TYPE',
      'SEEN',
      'POST',
      'FOLLOWING',
      'THREADS',
      'DATABASE',
      'RECORD',
      'TEAM',
      'CSV',
      'TSV',
      'DSV',
      'DELIMITER',
      'QUOTE',
      // The administrative actions' clause words (src/syntax/admin-rules.ts)
      'ADD',
      'PARTITIONS',
      'RESET',
      'FIRST',
      'AFTER',
      'LABEL',
      'FORMAT',
      'MEAS',
      'UNIT',
      'DEFAULT',
      'REF',
      'STRICT',
      'LOCK',
      'FIELD',
      'OBJECTS',
      'FILES',
      'TEAMS',
      'PATH',
      'BLOBS',
      'INDEXES',
      'DATABASES',
      // DOWNLOAD, the task, thread and system actions' (system-rules.ts)
      'VERSION',
      'TASK',
      'CONF',
      'PARENT',
      'THREAD',
      'SEQ',
      'PRIORITY',
      'TIMEOUT',
      'REF_ID',
      'DELAY',
      'TASKS',
      'BEFORE',
      // The struct actions' (struct-rules.ts)
      'BUFFER',
      'IMPORT',
      'PIPE',
      'AT',
      'MN',
      'EDIT',
      'ALIASES',
      'NAME',
      'STATE',
      'EVENT',
      'CLOSE',
      'EVENTS',
      'CATEGORY',
      'MODEL',
      'DEF',
      'NOTEBOOK',
      'PROJECT',
      'GROUP_TEAMS',
      'DATABASE_TEAMS',
      'PARTITION',
      'TO',
      'SINGULAR',
      'PLURAL',
      'LABEL_TYPE',
    ]),
  ].map((w) => [w, word(w)]),
) as Record<string, TokenType>;
/** A word's token. */
export const w = (name: string): TokenType => {
  const type = W[name];
  if (type === undefined) throw new Error(`action-grammar.ts: no word token ${name}`);
  return type;
};

/**
 * The FETCH types written field by field (the kind table's FETCH_CLAUSES), as fetchOther draws
 * them: the type's word (COUNT before it where a flag is COUNT), then its clauses, each group
 * of clauses written instead of each other (`TEAM spec | USER spec`) one optional choice. Each
 * place has its own occurrence index (`at`, past the hand-written ones' 1 to 9), fixed here
 * once: Chevrotain finds a place's lookahead by it on every run of the rule.
 */
const CLAUSE_FETCHES = (() => {
  let at = 10;
  return Object.entries(FETCH_CLAUSES).flatMap(([type, clauses]) => {
    if (clauses === null) return [];
    const groups: { at: number; clauses: { clause: FetchClause; at: number }[] }[] = [];
    const counted = clauses.some((c) => c.form === 'flag' && c.word === 'COUNT');
    const own = at++;
    for (const clause of clauses) {
      if (clause.form === 'flag') continue;
      const last = groups.at(-1);
      if (clause.orBefore && last !== undefined) last.clauses.push({ clause, at: at++ });
      else groups.push({ at: at++, clauses: [{ clause, at: at++ }] });
    }
    return [{ word: type.toUpperCase(), counted, at: own, groups }];
  });
})();

/** Any expression (the operand level that takes every operator). */
const ANY = { ARGS: [0] as [number] };

export class ActionGrammar extends DsqGrammar {
  /** `more`, `analyse`: as DsqGrammar's (system-grammar.ts extends this one). */
  constructor(more: readonly TokenType[] = [], analyse = true) {
    super([...Object.values(W), ...more], false);
    if (analyse) this.performSelfAnalysis();
  }

  public dataAction = this.RULE('dataAction', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.fetch) },
      { ALT: () => this.SUBRULE(this.insert) },
      { ALT: () => this.SUBRULE(this.update) },
      { ALT: () => this.SUBRULE(this.remove) },
      { ALT: () => this.CONSUME(w('SCHEMA')) },
      { ALT: () => this.SUBRULE(this.adminCreate) },
      { ALT: () => this.SUBRULE(this.drop) },
      { ALT: () => this.SUBRULE(this.alter) },
    ]);
  });

  /** `DROP (GROUP | DATABASE) spec [CHILDREN] [OPTIONS (CHILDREN = bool)]`, `DROP (TEAM | USER) spec`. */
  private drop = this.RULE('drop', () => {
    this.CONSUME(w('DROP'));
    this.OR([
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(T.Group) }, { ALT: () => this.CONSUME(w('DATABASE')) }]);
          this.SUBRULE(this.database);
          this.OPTION(() => this.CONSUME(w('CHILDREN')));
          this.OPTION2(() => this.SUBRULE(this.options));
        },
      },
      {
        ALT: () => {
          this.OR3([{ ALT: () => this.CONSUME(w('TEAM')) }, { ALT: () => this.CONSUME(w('USER')) }]);
          this.SUBRULE2(this.database);
        },
      },
    ]);
  });

  /**
   * `ALTER (GROUP g | DATABASE db [ALTER FIELD f] | USER u) alter_value`, or
   * `ALTER DATABASE db (ADD FIELDS ... | DROP FIELDS spec | ORDER FIELDS ... | RESET PARTITIONS spec)`.
   */
  private alter = this.RULE('alter', () => {
    this.CONSUME(w('ALTER'));
    this.OR([
      {
        ALT: () => {
          this.OR1([{ ALT: () => this.CONSUME(T.Group) }, { ALT: () => this.CONSUME(w('USER')) }]);
          this.SUBRULE(this.database);
          this.SUBRULE(this.alterValue);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('DATABASE'));
          this.SUBRULE1(this.database);
          this.OR2([
            { ALT: () => this.SUBRULE1(this.alterValue) },
            {
              ALT: () => {
                this.CONSUME1(w('ALTER'));
                this.CONSUME(w('FIELD'));
                this.SUBRULE2(this.database);
                this.SUBRULE2(this.alterValue);
              },
            },
            {
              ALT: () => {
                this.CONSUME(w('ADD'));
                this.CONSUME(w('FIELDS'));
                this.SUBRULE(this.fieldDefs);
                this.OPTION(() => this.CONSUME(w('FIRST')));
                this.OPTION2(() => {
                  this.CONSUME(w('AFTER'));
                  this.SUBRULE3(this.database);
                });
                this.OPTION3(() => this.SUBRULE(this.options));
              },
            },
            {
              ALT: () => {
                this.CONSUME(w('DROP'));
                this.CONSUME2(w('FIELDS'));
                this.SUBRULE4(this.database);
              },
            },
            {
              ALT: () => {
                this.CONSUME(T.Order);
                this.CONSUME3(w('FIELDS'));
                this.OR3({
                  IGNORE_AMBIGUITIES: true,
                  DEF: [
                    {
                      // `(WHERE e)` is a specifier: its parentheses are its own.
                      GATE: () => this.LA(2).tokenType !== T.Where,
                      ALT: () => {
                        this.CONSUME(T.LParen);
                        this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE5(this.database) });
                        this.CONSUME(T.RParen);
                      },
                    },
                    { ALT: () => this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE6(this.database) }) },
                  ],
                });
                this.OPTION4(() => {
                  this.CONSUME2(w('AFTER'));
                  this.SUBRULE7(this.database);
                });
              },
            },
            {
              ALT: () => {
                this.CONSUME(w('RESET'));
                this.CONSUME(w('PARTITIONS'));
                this.SUBRULE8(this.database);
              },
            },
          ]);
        },
      },
    ]);
  });

  /** `SET key = value, ...` (or SET's object in parentheses), `OBJECTS (...)`, `FILES (...)`: what ALTER sets. */
  private alterValue = this.RULE('alterValue', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(w('SET'));
          this.OR1([{ ALT: () => this.SUBRULE(this.jsonObject) }, { ALT: () => this.SUBRULE(this.jsonMembers) }]);
        },
      },
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(w('OBJECTS')) }, { ALT: () => this.CONSUME(w('FILES')) }]);
          this.SUBRULE1(this.jsonObject);
        },
      },
    ]);
  });

  /**
   * `CREATE GROUP name [DESC 'd'] [IN GROUP parent] [TEAMS teams]`,
   * `CREATE DATABASE name IN GROUP parent database_def [TEAMS teams]`.
   */
  private adminCreate = this.RULE('adminCreate', () => {
    this.CONSUME(w('CREATE'));
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Group);
          this.CONSUME(T.Name);
          this.OPTION(() => {
            this.CONSUME(T.Desc);
            this.CONSUME(T.StringLiteral);
          });
          this.OPTION1(() => {
            this.CONSUME(T.In);
            this.CONSUME1(T.Group);
            this.SUBRULE(this.database);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('DATABASE'));
          this.CONSUME1(T.Name);
          this.CONSUME1(T.In);
          this.CONSUME2(T.Group);
          this.SUBRULE1(this.database);
          this.SUBRULE(this.databaseDef);
        },
      },
    ]);
    this.OPTION2(() => {
      this.CONSUME(w('TEAMS'));
      this.SUBRULE(this.json);
    });
  });

  /**
   * A database definition after its name: `(field definitions)`, then, in any order (each once:
   * the parser's check), `LABEL | FORMAT | PATH | DESC 'text'`, `BLOBS (...)`, `INDEXES (...)`,
   * `OBJECTS (...)`, `FILES (...)`, `OPTIONS (flag = bool, ...)`, `DATABASES (name database_def, ...)`.
   */
  private databaseDef = this.RULE('databaseDef', () => {
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.fieldDef) });
    this.CONSUME(T.RParen);
    this.MANY(() =>
      this.OR([
        {
          ALT: () => {
            this.OR1([
              { ALT: () => this.CONSUME(w('LABEL')) },
              { ALT: () => this.CONSUME(w('FORMAT')) },
              { ALT: () => this.CONSUME(w('PATH')) },
              { ALT: () => this.CONSUME(T.Desc) },
            ]);
            this.CONSUME(T.StringLiteral);
          },
        },
        {
          ALT: () => {
            this.CONSUME(w('BLOBS'));
            this.CONSUME1(T.LParen);
            this.MANY_SEP1({ SEP: T.Comma, DEF: () => this.SUBRULE(this.blobDef) });
            this.CONSUME1(T.RParen);
          },
        },
        {
          ALT: () => {
            this.CONSUME(w('INDEXES'));
            this.CONSUME2(T.LParen);
            this.MANY_SEP({ SEP: T.Comma, DEF: () => this.CONSUME1(T.StringLiteral) });
            this.CONSUME2(T.RParen);
          },
        },
        {
          ALT: () => {
            this.OR2([{ ALT: () => this.CONSUME(w('OBJECTS')) }, { ALT: () => this.CONSUME(w('FILES')) }]);
            this.SUBRULE(this.jsonObject);
          },
        },
        { ALT: () => this.SUBRULE(this.options) },
        {
          ALT: () => {
            this.CONSUME(w('DATABASES'));
            this.CONSUME3(T.LParen);
            this.MANY_SEP2({
              SEP: T.Comma,
              DEF: () => {
                this.CONSUME(T.Name);
                this.SUBRULE(this.databaseDef);
              },
            });
            this.CONSUME3(T.RParen);
          },
        },
      ]),
    );
  });

  /** A blob of a database definition: `name [LABEL 'l'] [DESC 'd'] [[NOT] NULL]`. */
  private blobDef = this.RULE('blobDef', () => {
    this.CONSUME(T.Name);
    this.OPTION(() => {
      this.CONSUME(w('LABEL'));
      this.CONSUME(T.StringLiteral);
    });
    this.OPTION1(() => {
      this.CONSUME(T.Desc);
      this.CONSUME1(T.StringLiteral);
    });
    this.OPTION2(() => {
      this.OPTION3(() => this.CONSUME(T.Not));
      this.CONSUME(T.Null);
    });
  });

  /** Field definitions, in parentheses or not (the printer writes none). */
  protected fieldDefs = this.RULE('fieldDefs', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.fieldDef) });
          this.CONSUME(T.RParen);
        },
      },
      { ALT: () => this.AT_LEAST_ONE_SEP1({ SEP: T.Comma, DEF: () => this.SUBRULE1(this.fieldDef) }) },
    ]);
  });

  /** A field definition: `name type {property}` (in any order; each once is the parser's check). */
  private fieldDef = this.RULE('fieldDef', () => {
    this.CONSUME(T.Name);
    this.OR([
      {
        // A data type: a bare name (`int(4)`, `utf8text`), not a quoted one.
        GATE: () => !this.LA(1).image.startsWith('"'),
        ALT: () => {
          this.CONSUME1(T.Name);
          this.OPTION(() => {
            this.CONSUME(T.LParen);
            this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.NumberLiteral) });
            this.CONSUME(T.RParen);
          });
        },
      },
      { ALT: () => this.CONSUME(T.StringLiteral) },
    ]);
    this.MANY({
      // What follows the definitions: the action's OPTIONS (NAME = ...) (a field's are OPTIONS ('value', ...)).
      // (`OPTIONS ()` right after a definition is the field's, given empty: `"options": []`.)
      GATE: () => this.LA(1).tokenType !== T.Options || this.LA(3).tokenType === T.StringLiteral || this.LA(3).tokenType === T.RParen,
      DEF: () =>
        this.OR2([
          {
            ALT: () => {
              this.OR3(
                ['LABEL', 'FORMAT', 'MEAS', 'UNIT', 'DEFAULT', 'REF']
                  .map((word) => ({ ALT: () => this.CONSUME(w(word)) }))
                  .concat([{ ALT: () => this.CONSUME(T.Desc) }]),
              );
              this.CONSUME2(T.StringLiteral);
            },
          },
          {
            ALT: () => {
              this.OPTION2(() => this.CONSUME(T.Not));
              this.OR4([
                { ALT: () => this.CONSUME(w('KEY')) },
                { ALT: () => this.CONSUME(T.Null) },
                { ALT: () => this.CONSUME(w('STRICT')) },
                { ALT: () => this.CONSUME(w('LOCK')) },
              ]);
            },
          },
          {
            ALT: () => {
              this.CONSUME(T.Options);
              this.CONSUME2(T.LParen);
              this.MANY_SEP({
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
    });
  });

  /** `(key = value, ...)`: a JSON object. */
  protected jsonObject = this.RULE('jsonObject', () => {
    this.CONSUME(T.LParen);
    this.OPTION(() => this.SUBRULE(this.jsonMembers));
    this.CONSUME(T.RParen);
  });

  /** `key = value {, key = value}`: a JSON object's members (SET's also without parentheses). */
  private jsonMembers = this.RULE('jsonMembers', () => {
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.CONSUME(T.Name);
        this.CONSUME(T.Equals);
        this.SUBRULE(this.json);
      },
    });
  });

  /** A JSON value: an object, `[value, ...]`, or a literal. */
  protected json = this.RULE('json', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.jsonObject) },
      {
        ALT: () => {
          this.CONSUME(T.LBracket);
          this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.json) });
          this.CONSUME(T.RBracket);
        },
      },
      { ALT: () => this.SUBRULE(this.literal) },
    ]);
  });

  private fetch = this.RULE('fetch', () => {
    this.CONSUME(w('FETCH'));
    this.OR([
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(w('COUNT')));
          this.OR2([
            {
              ALT: () => {
                this.CONSUME(w('RECORDS'));
                this.OPTION2(() => {
                  this.CONSUME(w('FIELDS'));
                  this.SUBRULE(this.names);
                });
                this.OPTION3(() => {
                  this.CONSUME(w('ATTRIBUTES'));
                  this.SUBRULE2(this.names);
                });
                this.CONSUME(T.From);
                this.SUBRULE(this.database);
                this.OPTION4(() => {
                  this.CONSUME2(w('RECORDS'));
                  this.SUBRULE(this.records);
                });
              },
            },
            {
              ALT: () => {
                this.CONSUME(w('MULTIRECORDS'));
                this.CONSUME2(T.From);
                this.SUBRULE2(this.database);
              },
            },
            {
              ALT: () => {
                this.CONSUME(w('PSEUDORECORDS'));
                this.CONSUME3(T.From);
                this.CONSUME(T.LParen);
                this.SUBRULE(this.select);
                this.CONSUME(T.RParen);
              },
            },
            {
              ALT: () => {
                this.CONSUME(w('TASKS'));
                this.OPTION5(() => {
                  this.CONSUME4(T.From);
                  this.SUBRULE(this.whole);
                });
                this.OPTION6(() => {
                  this.CONSUME(w('USER'));
                  this.SUBRULE(this.specifier);
                });
                this.OPTION7(() => {
                  this.CONSUME(w('TEXT'));
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

  /**
   * The fetch types without expressions: LOGS and POSTS by hand (as fetch-rules.ts reads them),
   * and each type written field by field by its clauses in the kind table (FETCH_CLAUSES):
   * `[COUNT] TYPE {WORD spec | WORD n | WORD 'text'}`, then the OPTIONS of every action.
   */
  private fetchOther = this.RULE('fetchOther', () => {
    const clauseAlternatives = CLAUSE_FETCHES.map((f) => ({
      ALT: () => {
        if (f.counted) this.option(f.at, () => this.consume(f.at, w('COUNT')));
        this.consume(f.at, w(f.word));
        for (const group of f.groups) {
          this.option(
            group.at,
            () =>
              void this.or(
                group.at,
                group.clauses.map(({ clause: c, at }) => ({
                  ALT: () => {
                    this.consume(at, w(c.word));
                    if (c.form === 'spec') this.subrule(at, this.specifier);
                    else if (c.form === 'whole') this.subrule(at, this.whole);
                    else this.consume(at, T.StringLiteral);
                  },
                })),
              ),
          );
        }
      },
    }));
    this.OR([
      ...clauseAlternatives,
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
          this.CONSUME(w('DATABASE'));
          this.SUBRULE(this.database);
          this.OPTION(() => {
            this.CONSUME(w('RECORD'));
            this.SUBRULE(this.records);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('USER'));
          this.SUBRULE2(this.specifier);
        },
      },
    ]);
  });

  private fetchUsers = this.RULE('fetchUsers', () => {
    this.CONSUME(w('USERS'));
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
  protected whole = this.RULE('whole', () => {
    this.OPTION(() => this.CONSUME(T.Minus));
    this.CONSUME(T.NumberLiteral);
  });

  protected names = this.RULE('names', () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.Name) });
    this.CONSUME(T.RParen);
  });

  protected options = this.RULE('actionOptions', () => {
    this.CONSUME(T.Options);
    this.CONSUME(T.LParen);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.OR(OPTION_WORDS.map((name) => ({ ALT: () => this.CONSUME(w(name)) })));
        this.CONSUME(T.Equals);
        this.OR2([{ ALT: () => this.CONSUME(T.True) }, { ALT: () => this.CONSUME(T.False) }]);
      },
    });
    this.CONSUME(T.RParen);
  });

  protected insert = this.RULE('insert', () => {
    this.OR([{ ALT: () => this.CONSUME(w('INSERT')) }, { ALT: () => this.CONSUME(w('REPLACE')) }, { ALT: () => this.CONSUME(w('SET')) }]);
    this.CONSUME(w('INTO'));
    this.SUBRULE(this.database);
    this.OR2([
      {
        ALT: () => {
          // The field names of the rows: at least one.
          this.CONSUME5(T.LParen);
          this.AT_LEAST_ONE_SEP3({ SEP: T.Comma, DEF: () => this.CONSUME5(T.Name) });
          this.CONSUME5(T.RParen);
          this.CONSUME(w('VALUES'));
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.row) });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('RECORDS'));
          this.OR3([{ ALT: () => this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.record) }) }, { ALT: () => this.CONSUME(w('NONE')) }]);
        },
      },
      { ALT: () => this.SUBRULE(this.delimited) },
    ]);
    this.MANY(() => {
      this.CONSUME(T.On);
      this.OR4([
        {
          ALT: () => {
            this.CONSUME(w('DUPLICATE'));
            this.OR5([
              { ALT: () => this.CONSUME(w('FAIL')) },
              { ALT: () => this.CONSUME(w('UPDATE')) },
              { ALT: () => this.CONSUME(w('DELETE')) },
              { ALT: () => this.CONSUME(w('TRASH')) },
            ]);
          },
        },
        {
          ALT: () => {
            this.CONSUME(w('REMOVE'));
            this.OR6([{ ALT: () => this.CONSUME2(w('DELETE')) }, { ALT: () => this.CONSUME2(w('TRASH')) }]);
          },
        },
      ]);
    });
    this.OPTION(() => this.SUBRULE(this.options));
  });

  /** Records as delimiter-separated data (spec "Records"): the format, its options, the data as a binary object. */
  private delimited = this.RULE('delimited', () => {
    this.CONSUME(T.From);
    this.OR([{ ALT: () => this.CONSUME(w('CSV')) }, { ALT: () => this.CONSUME(w('TSV')) }, { ALT: () => this.CONSUME(w('DSV')) }]);
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.AT_LEAST_ONE_SEP({
        SEP: T.Comma,
        DEF: () => {
          this.OR2([{ ALT: () => this.CONSUME(w('DELIMITER')) }, { ALT: () => this.CONSUME(w('QUOTE')) }]);
          this.CONSUME(T.Equals);
          this.CONSUME(T.StringLiteral);
        },
      });
      this.CONSUME(T.RParen);
    });
    this.OR3([{ ALT: () => this.CONSUME(w('FILE')) }, { ALT: () => this.CONSUME(w('TEXT')) }, { ALT: () => this.CONSUME(w('BASE64')) }]);
    this.CONSUME2(T.StringLiteral);
  });

  protected row = this.RULE('row', () => {
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.value) });
    this.CONSUME(T.RParen);
  });

  protected record = this.RULE('record', () => {
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
  protected value = this.RULE('value', () => {
    this.OR([
      {
        // Tags: the value of the field `tags` (`tags = [...]`; in a row of VALUES, of any column: see keyBefore).
        GATE: () => this.keyBefore('tags'),
        ALT: () => {
          this.CONSUME(T.LBracket);
          this.MANY_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.StringLiteral) });
          this.CONSUME(T.RBracket);
        },
      },
      {
        // A binary object: the value of the field `file`.
        GATE: () => this.keyBefore('file'),
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(w('TEXT')) }, { ALT: () => this.CONSUME(w('BASE64')) }]);
          this.CONSUME2(T.StringLiteral);
        },
      },
      { ALT: () => this.CONSUME(T.True) },
      { ALT: () => this.CONSUME(T.False) },
      { ALT: () => this.SUBRULE(this.expression, ANY) },
    ]);
  });

  /**
   * True when the value being read is that of the field `field` (`field = value`), or of a column
   * of a row of VALUES (the grammar does not track which column a row's value is for).
   */
  private keyBefore(field: string): boolean {
    if (this.LA(0).tokenType !== T.Equals) return true;
    const image = this.LA(-1).image;
    const key = image.startsWith('"') ? image.slice(1, -1).replace(/""/g, '"') : image;
    return key.toLowerCase() === field;
  }

  protected literal = this.RULE('literal', () => {
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

  protected update = this.RULE('update', () => {
    this.CONSUME(w('UPDATE'));
    this.SUBRULE(this.database);
    this.OPTION(() => {
      this.CONSUME(w('SET'));
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
      this.CONSUME(w('FILE'));
      this.CONSUME(T.StringLiteral);
    });
    this.SUBRULE(this.writeRecords);
    this.OPTION3(() => this.SUBRULE(this.options));
  });

  protected remove = this.RULE('remove', () => {
    this.OR([
      { ALT: () => this.CONSUME(w('DELETE')) },
      { ALT: () => this.CONSUME(w('TRASH')) },
      { ALT: () => this.CONSUME(w('RESTORE')) },
      { ALT: () => this.CONSUME(w('DISPOSE')) },
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
            this.CONSUME(w('RECORDS'));
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

  protected database = this.RULE('database', () => {
    this.OR([
      // RECORDS after FROM starts the records: no database is read as called so.
      { GATE: () => this.LA(1).tokenType !== w('RECORDS'), ALT: () => this.SUBRULE(this.path) },
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

  protected records = this.RULE('records', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.keySpecifier) },
      {
        ALT: () => {
          this.CONSUME(T.LBracket);
          this.MANY_SEP({
            SEP: T.Comma,
            DEF: () => this.OR2([{ ALT: () => this.SUBRULE(this.singularSpecifier) }, { ALT: () => this.SUBRULE2(this.keySpecifier) }]),
          });
          this.CONSUME(T.RBracket);
        },
      },
      { ALT: () => this.SUBRULE(this.specifier) },
    ]);
  });

  private keySpecifier = this.RULE('keySpecifier', () => {
    this.CONSUME(w('KEY'));
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

const WORDS: ReadonlyMap<string, TokenType> = new Map(Object.entries(W));

/** The words this grammar reads right before a `(` (`KEY(`, `INTO (WHERE ...)`): any other word there is a call (`COUNT(*)`). */
const BEFORE_PAREN: ReadonlySet<string> = new Set([
  'KEY',
  'FIELDS',
  'ATTRIBUTES',
  'RECORDS',
  'VALUES',
  'CSV',
  'TSV',
  'DSV',
  'INTO',
  'UPDATE',
  'USER',
  'USERS',
  'TEAM',
  'DATABASE',
  'RECORD',
  'SET',
  'OBJECTS',
  'FILES',
  'TEAMS',
  'BLOBS',
  'INDEXES',
  'DATABASES',
  'CONF',
  'GROUP_TEAMS',
  'DATABASE_TEAMS',
  'PARTITION',
  'IF',
  'PIPE',
  'MODEL',
  'FIELD',
]);

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
    // (Before `(WHERE e)`, a database specifier, a word is never a call.)
    const call = tokens[i + 1]?.tokenType === T.LParen && tokens[i + 2]?.tokenType !== T.Where && !BEFORE_PAREN.has(upper);
    const type = t.tokenType === T.Identifier && !call && selects === 0 ? WORDS.get(upper) : undefined;
    return type === undefined ? t : { ...t, tokenType: type, tokenTypeIdx: type.tokenTypeIdx as number };
  });
}
