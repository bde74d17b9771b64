import type { ISerializedGast, TokenType } from 'chevrotain';
import { T } from './chevrotain-tokens.js';
import { ActionGrammar, documentTokens, w } from './action-grammar.js';

/**
 * DOWNLOAD, the task and thread actions, the system actions (src/syntax/system-rules.ts) and the
 * struct actions (struct-rules.ts) as Chevrotain rules over the data and administrative actions'
 * (action-grammar.ts), with the same word tokens: the grammar of a whole statement (`document`),
 * what grammar/diagrams.html draws beyond the select's rules, and the recognizer
 * test/grammar/agreement.test.ts runs beside the parser on every statement kind.
 */
class SystemGrammar extends ActionGrammar {
  constructor() {
    super([], false);
    this.performSelfAnalysis();
  }

  /** A statement: a select (with its OPTIONS), a data or administrative action, or one of these. */
  public document = this.RULE('document', () => {
    this.OR([{ ALT: () => this.SUBRULE(this.dataAction) }, { ALT: () => this.SUBRULE(this.systemAction) }, { ALT: () => this.SUBRULE(this.statement) }]);
  });

  public systemAction = this.RULE('systemAction', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.download) },
      { ALT: () => this.SUBRULE(this.run) },
      { ALT: () => this.SUBRULE(this.conclude) },
      { ALT: () => this.SUBRULE(this.cancel) },
      { ALT: () => this.SUBRULE(this.pause) },
      { ALT: () => this.SUBRULE(this.system) },
      { ALT: () => this.SUBRULE(this.ifAction) },
      { ALT: () => this.SUBRULE(this.struct) },
    ]);
  });

  private download = this.RULE('download', () => {
    this.CONSUME(w('DOWNLOAD'));
    this.OR([
      {
        ALT: () => {
          this.CONSUME(w('RECORD'));
          this.SUBRULE(this.records);
          this.CONSUME(T.From);
          this.SUBRULE(this.database);
          this.OPTION(() => {
            this.CONSUME(w('VERSION'));
            this.SUBRULE(this.whole);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('POST'));
          this.SUBRULE2(this.whole);
        },
      },
    ]);
  });

  private run = this.RULE('run', () => {
    this.CONSUME(w('RUN'));
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.task) });
  });

  private task = this.RULE('task', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.taskRef) },
      {
        ALT: () => {
          this.CONSUME(w('TASK'));
          this.CONSUME(T.StringLiteral);
          this.CONSUME(w('CONF'));
          this.SUBRULE(this.jsonObject);
          const number = (name: string, idx: number) =>
            this.option(idx, () => {
              this.consume(idx, w(name));
              this.subrule(idx, this.whole);
            });
          const text = (token: TokenType, idx: number) =>
            this.option(idx, () => {
              this.consume(idx, token);
              this.consume(idx, T.StringLiteral);
            });
          number('PARENT', 1);
          text(w('THREAD'), 2);
          text(w('SEQ'), 3);
          text(T.Desc, 4);
          number('PRIORITY', 5);
          number('TIMEOUT', 6);
          number('REF_ID', 7);
          this.OPTION8(() => this.SUBRULE(this.options));
        },
      },
    ]);
  });

  private taskRef = this.RULE('taskRef', () => {
    this.OPTION(() => this.CONSUME(w('REF')));
    this.SUBRULE(this.whole);
  });

  private conclude = this.RULE('conclude', () => {
    this.CONSUME(w('CONCLUDE'));
    this.CONSUME(w('TASK'));
    this.SUBRULE(this.whole);
    this.OPTION(() => {
      this.CONSUME(w('DELAY'));
      this.OPTION2(() => this.CONSUME(T.Minus));
      this.CONSUME2(T.NumberLiteral);
    });
  });

  private cancel = this.RULE('cancel', () => {
    this.OR([{ ALT: () => this.CONSUME(w('CANCEL')) }, { ALT: () => this.CONSUME(w('CLEAN')) }]);
    this.CONSUME(w('TASKS'));
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.taskRef) });
    this.OPTION(() => this.SUBRULE(this.options));
  });

  private pause = this.RULE('pause', () => {
    this.CONSUME(w('PAUSE'));
    this.CONSUME(w('THREADS'));
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.StringLiteral) });
  });

  private system = this.RULE('system', () => {
    this.OR([
      { ALT: () => this.CONSUME(w('ACCESS')) },
      {
        ALT: () => {
          this.CONSUME(w('ECHO'));
          this.CONSUME(T.StringLiteral);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('WAIT'));
          this.OPTION(() => {
            this.OPTION1(() => this.CONSUME(T.Minus));
            this.CONSUME(T.NumberLiteral);
          });
          this.OPTION2(() => {
            this.CONSUME(w('FAIL'));
            this.CONSUME(w('BEFORE'));
            this.SUBRULE(this.instant);
          });
          this.OPTION3(() => this.SUBRULE(this.options));
        },
      },
    ]);
  });

  private instant = this.RULE('instant', () => {
    this.CONSUME(T.DatetimeWord);
    this.OR([
      { ALT: () => this.CONSUME(T.StringLiteral) },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.OPTION(() => this.CONSUME(T.Minus));
          this.CONSUME(T.NumberLiteral);
          this.CONSUME(T.RParen);
        },
      },
    ]);
  });

  private ifAction = this.RULE('ifAction', () => {
    this.CONSUME(w('IF'));
    this.CONSUME(T.LParen);
    this.SUBRULE(this.select);
    this.CONSUME(T.RParen);
    this.CONSUME(T.Then);
    this.SUBRULE(this.write);
    this.MANY({
      GATE: () => this.LA(2).tokenType === w('IF'),
      DEF: () => {
        this.CONSUME(T.Else);
        this.CONSUME2(w('IF'));
        this.CONSUME2(T.LParen);
        this.SUBRULE2(this.select);
        this.CONSUME2(T.RParen);
        this.CONSUME2(T.Then);
        this.SUBRULE2(this.write);
      },
    });
    this.OPTION(() => {
      this.CONSUME3(T.Else);
      this.SUBRULE3(this.write);
    });
  });

  private write = this.RULE('write', () => {
    this.OR([{ ALT: () => this.SUBRULE(this.insert) }, { ALT: () => this.SUBRULE(this.update) }, { ALT: () => this.SUBRULE(this.remove) }]);
  });

  /** The struct actions: `STRUCT` and the words of one of them. */
  private struct = this.RULE('struct', () => {
    this.CONSUME(w('STRUCT'));
    this.OR([
      { ALT: () => this.SUBRULE(this.structBuffer) },
      { ALT: () => this.SUBRULE(this.structMn) },
      { ALT: () => this.SUBRULE(this.structEvent) },
      { ALT: () => this.SUBRULE(this.structCreate) },
    ]);
  });

  private structBuffer = this.RULE('structBuffer', () => {
    this.CONSUME(w('BUFFER'));
    this.CONSUME(w('IMPORT'));
    this.CONSUME(w('INTO'));
    this.CONSUME(w('PIPE'));
    this.SUBRULE(this.database);
    this.CONSUME(w('FILE'));
    this.OPTION(() => this.OR([{ ALT: () => this.CONSUME(w('TEXT')) }, { ALT: () => this.CONSUME(w('BASE64')) }]));
    this.CONSUME(T.StringLiteral);
    this.OPTION2(() => {
      this.CONSUME(w('CONF'));
      this.SUBRULE(this.jsonObject);
    });
    this.OPTION3(() => {
      this.CONSUME(w('AT'));
      this.SUBRULE(this.instant);
    });
  });

  private structMn = this.RULE('structMn', () => {
    this.CONSUME(w('MN'));
    this.OR([
      {
        ALT: () => {
          // ALIAS is a contextual word (ALIAS(name) in an expression): its own token.
          this.CONSUME(T.AliasWord);
          this.SUBRULE(this.whole);
          this.CONSUME(T.In);
          this.SUBRULE(this.database);
          this.CONSUME(w('ALIASES'));
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.StringLiteral) });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('EDIT'));
          this.SUBRULE2(this.whole);
          this.CONSUME2(T.In);
          this.SUBRULE2(this.database);
          this.OPTION(() => {
            this.CONSUME(w('NAME'));
            this.CONSUME2(T.StringLiteral);
          });
          this.OPTION2(() => {
            this.CONSUME(w('STATE'));
            this.CONSUME3(T.StringLiteral);
          });
        },
      },
    ]);
  });

  /** `EVENT INSERT INTO ...`, or `EVENT CLOSE | UPDATE db` and its clauses in any order (each once: the parser's check; CLOSE needs EVENTS, UPDATE SET). */
  private structEvent = this.RULE('structEvent', () => {
    this.CONSUME(w('EVENT'));
    this.OR([
      {
        ALT: () => {
          this.CONSUME(w('INSERT'));
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
                this.OR3([
                  { ALT: () => this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.record) }) },
                  { ALT: () => this.CONSUME(w('NONE')) },
                ]);
              },
            },
          ]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('CLOSE'));
          this.SUBRULE2(this.database);
          this.eventClauses(1, ['AT', 'SET']);
          this.eventClause(9, 'EVENTS');
          this.eventClauses(2, ['AT', 'SET', 'EVENTS']);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('UPDATE'));
          this.SUBRULE3(this.database);
          this.eventClauses(3, ['AT', 'EVENTS']);
          this.eventClause(10, 'SET');
          this.eventClauses(4, ['AT', 'SET', 'EVENTS']);
        },
      },
    ]);
  });

  /** Clauses of STRUCT EVENT CLOSE or UPDATE, any of `words`, in any order (`i`: the DSL indices). */
  private eventClauses(i: number, words: readonly string[]): void {
    this.many(i, () =>
      this.or(
        i + 10,
        words.map((word, k) => ({ ALT: () => this.eventClause(i * 10 + 20 + k, word) })),
      ),
    );
  }

  /** `EVENTS records`, `AT n`, `SET record` (`i`: the DSL index). */
  private eventClause(i: number, word: string): void {
    this.consume(i, w(word));
    if (word === 'EVENTS') this.subrule(i, this.records);
    else if (word === 'AT') this.subrule(i, this.whole);
    else this.subrule(i, this.record);
  }

  private structName = this.RULE('structName', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Name) }, { ALT: () => this.CONSUME(T.StringLiteral) }]);
  });

  /** `CREATE kind ...`: each kind's clauses in any order (each once: the parser's check). */
  private structCreate = this.RULE('structCreate', () => {
    this.CONSUME(w('CREATE'));
    const inGroup = (idx: number) => {
      this.consume(idx, T.In);
      this.consume(idx, T.Group);
      this.subrule(idx, this.database);
    };
    const NAMED = ['LABEL', 'DESC', 'GROUP_TEAMS', 'DATABASE_TEAMS'];
    this.OR([
      {
        ALT: () => {
          this.CONSUME(w('CATEGORY'));
          this.SUBRULE(this.structName);
          inGroup(1);
          this.structClauses(1, NAMED);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('MODEL'));
          this.SUBRULE5(this.structName);
          inGroup(6);
          this.structClauses(6, NAMED);
          this.OPTION2(() => this.SUBRULE(this.options));
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('PROJECT'));
          this.SUBRULE1(this.structName);
          this.OPTION(() => inGroup(2));
          this.structClauses(2, NAMED);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('PIPE'));
          this.SUBRULE2(this.structName);
          this.CONSUME(T.In);
          this.CONSUME2(w('MODEL'));
          this.SUBRULE(this.database);
          this.structClauses(3, [...NAMED, 'PARTITION']);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('DEF'));
          inGroup(3);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('EVENT'));
          this.OPTION4(() => this.SUBRULE3(this.structName));
          inGroup(4);
          this.structClauses(4, ['TYPE', 'LABEL', 'DESC', 'SINGULAR', 'PLURAL', 'CONF', 'LABEL_TYPE', 'FIELDS', 'TEAMS']);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('NOTEBOOK'));
          this.SUBRULE4(this.structName);
          inGroup(5);
          this.structClauses(5, ['LABEL', 'DESC', 'FIELDS', 'TEAMS']);
        },
      },
    ]);
  });

  /** Clauses of a struct create, any of `words`, in any order (`i`: the DSL indices, one range per kind). */
  private structClauses(i: number, words: readonly string[]): void {
    this.many(i, () =>
      this.or(
        i + 10,
        words.map((word, k) => ({ ALT: () => this.structClause(i * 20 + 20 + k, word) })),
      ),
    );
  }

  /** One clause of a struct create (`i`: its DSL index). */
  private structClause(i: number, word: string): void {
    this.consume(i, word === 'DESC' ? T.Desc : w(word));
    switch (word) {
      case 'CONF':
      case 'TEAMS':
      case 'GROUP_TEAMS':
      case 'DATABASE_TEAMS':
        this.subrule(i, this.jsonObject);
        break;
      case 'TYPE':
        this.or(i, [
          { ALT: () => this.consume(i + 100, w('NONE')) },
          { ALT: () => this.consume(i + 100, w('FILE')) },
          { ALT: () => this.consume(i + 100, w('FILES')) },
        ]);
        break;
      case 'PARTITION':
        this.or(i, [
          { ALT: () => this.consume(i, T.True) },
          { ALT: () => this.consume(i, T.False) },
          {
            ALT: () => {
              this.consume(i, T.From);
              this.consume(i, T.NumberLiteral);
              this.consume(i, w('TO'));
              this.consume(i + 100, T.NumberLiteral);
            },
          },
          { ALT: () => this.subrule(i, this.jsonObject) },
        ]);
        break;
      case 'FIELDS':
        this.subrule(i, this.structFields);
        break;
      default:
        this.consume(i, T.StringLiteral);
    }
  }

  /** `FIELDS` (read) then `()` (the list given empty) or field definitions. */
  private structFields = this.RULE('structFields', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          this.CONSUME(T.RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.fieldDefs) },
    ]);
  });
}

let grammar: SystemGrammar | undefined;
function documentGrammar(): SystemGrammar {
  grammar ??= new SystemGrammar();
  return grammar;
}

/** The productions of the actions (those of the statement grammar's rules, `statementRules`, are grammar-rules.ts's). */
export function actionProductions(statementRules: ReadonlySet<string>): ISerializedGast[] {
  return documentGrammar()
    .getSerializedGastProductions()
    .filter((p) => !statementRules.has((p as { name?: string }).name ?? '') && (p as { name?: string }).name !== 'document');
}

/** Whether the grammar reads the text as one statement (a select or an action) without an error. */
export function documentAccepts(text: string): boolean {
  return documentError(text) === undefined;
}

/** The grammar's first error in reading the text as one statement (its message and where), or undefined. */
export function documentError(text: string): string | undefined {
  const g = documentGrammar();
  g.input = documentTokens(text);
  g.document();
  const error = g.errors[0];
  return error === undefined ? undefined : `${error.message} (at offset ${error.token.startOffset})`;
}
