import { createToken, EmbeddedActionsParser, type ISerializedGast, type TokenType } from 'chevrotain';
import { T } from './chevrotain-tokens.js';

/**
 * DOWNLOAD, the task and thread actions and the system actions (src/syntax/system-rules.ts) as
 * a Chevrotain grammar, for the syntax diagrams only (grammar/diagrams.html), as
 * action-grammar.ts draws the data actions: the parser reads these words as bare words, so each
 * gets a token of its own here. Rules drawn elsewhere (`select`, `records`, `database`,
 * `literal`, `actionOptions`, `insert`, `update`, `remove`) are stand-ins: the diagrams link to
 * the rules of those names.
 */
const word = (name: string) => createToken({ name: `system_${name}`, pattern: new RegExp(name), label: name });
const W = Object.fromEntries(
  [
    'DOWNLOAD', 'RECORD', 'POST', 'VERSION', 'RUN', 'TASK', 'CONF', 'PARENT', 'THREAD', 'SEQ', 'PRIORITY', 'TIMEOUT', 'REF_ID', 'REF', 'CONCLUDE', 'DELAY',
    'CANCEL', 'CLEAN', 'TASKS', 'PAUSE', 'THREADS', 'ACCESS', 'ECHO', 'WAIT', 'FAIL', 'BEFORE', 'IF',
    // The struct actions (src/syntax/struct-rules.ts)
    'STRUCT', 'BUFFER', 'IMPORT', 'INTO', 'PIPE', 'FILE', 'TEXT', 'BASE64', 'AT', 'MN', 'ALIAS', 'EDIT', 'ALIASES', 'NAME', 'STATE', 'EVENT', 'INSERT', 'CLOSE', 'UPDATE',
    'EVENTS', 'VALUES', 'RECORDS', 'CREATE', 'CATEGORY', 'MODEL', 'DEF', 'NOTEBOOK', 'PROJECT', 'LABEL', 'GROUP_TEAMS', 'DATABASE_TEAMS', 'PARTITION', 'TO',
    'TYPE', 'NONE', 'FILES', 'SINGULAR', 'PLURAL', 'LABEL_TYPE', 'FIELDS', 'TEAMS', 'SET',
  ].map((w) => [w, word(w)]),
) as Record<string, TokenType>;
const w = (name: string) => W[name] as TokenType;
const STAND_IN = createToken({ name: 'SystemStandIn', pattern: /\u0001/ });

/** Rules drawn elsewhere: here only stand-ins, left out of the productions. */
const STAND_INS = ['select', 'records', 'database', 'literal', 'actionOptions', 'insert', 'update', 'remove', 'names', 'row', 'record', 'fieldDef'];

class SystemGrammar extends EmbeddedActionsParser {
  constructor() {
    super([...(T.ALL_TOKENS as TokenType[]), ...Object.values(W), STAND_IN], { maxLookahead: 3, recoveryEnabled: false, skipValidations: true });
    this.performSelfAnalysis();
  }

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
            this.CONSUME(T.NumberLiteral);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('POST'));
          this.CONSUME2(T.NumberLiteral);
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
              this.option(idx + 10, () => this.consume(idx, T.Minus));
              this.consume(idx, T.NumberLiteral);
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
          this.OPTION8(() => this.SUBRULE(this.actionOptions));
        },
      },
    ]);
  });

  private taskRef = this.RULE('taskRef', () => {
    this.OPTION(() => this.CONSUME(w('REF')));
    this.OPTION2(() => this.CONSUME(T.Minus));
    this.CONSUME(T.NumberLiteral);
  });

  private jsonObject = this.RULE('jsonObject', () => {
    this.CONSUME(T.LParen);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.CONSUME(T.Name);
        this.CONSUME(T.Equals);
        this.SUBRULE(this.json);
      },
    });
    this.CONSUME(T.RParen);
  });

  private json = this.RULE('json', () => {
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

  private conclude = this.RULE('conclude', () => {
    this.CONSUME(w('CONCLUDE'));
    this.CONSUME(w('TASK'));
    this.CONSUME(T.NumberLiteral);
    this.OPTION(() => {
      this.CONSUME(w('DELAY'));
      this.CONSUME2(T.NumberLiteral);
    });
  });

  private cancel = this.RULE('cancel', () => {
    this.OR([{ ALT: () => this.CONSUME(w('CANCEL')) }, { ALT: () => this.CONSUME(w('CLEAN')) }]);
    this.CONSUME(w('TASKS'));
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.taskRef) });
    this.OPTION(() => this.SUBRULE(this.actionOptions));
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
          this.OPTION(() => this.CONSUME(T.NumberLiteral));
          this.OPTION2(() => {
            this.CONSUME(w('FAIL'));
            this.CONSUME(w('BEFORE'));
            this.SUBRULE(this.instant);
          });
          this.OPTION3(() => this.SUBRULE(this.actionOptions));
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
    this.MANY(() => {
      this.CONSUME(T.Else);
      this.CONSUME2(w('IF'));
      this.CONSUME2(T.LParen);
      this.SUBRULE2(this.select);
      this.CONSUME2(T.RParen);
      this.CONSUME2(T.Then);
      this.SUBRULE2(this.write);
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
          this.CONSUME(w('ALIAS'));
          this.CONSUME(T.NumberLiteral);
          this.CONSUME(T.In);
          this.SUBRULE(this.database);
          this.CONSUME(w('ALIASES'));
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME(T.StringLiteral) });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('EDIT'));
          this.CONSUME2(T.NumberLiteral);
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
                this.SUBRULE(this.names);
                this.CONSUME(w('VALUES'));
                this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.row) });
              },
            },
            {
              ALT: () => {
                this.CONSUME(w('RECORDS'));
                this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.record) });
              },
            },
          ]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('CLOSE'));
          this.SUBRULE2(this.database);
          this.CONSUME(w('EVENTS'));
          this.SUBRULE(this.records);
          this.OPTION(() => {
            this.CONSUME(w('AT'));
            this.CONSUME(T.NumberLiteral);
          });
          this.OPTION2(() => {
            this.CONSUME(w('SET'));
            this.SUBRULE2(this.record);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('UPDATE'));
          this.SUBRULE3(this.database);
          this.CONSUME2(w('SET'));
          this.SUBRULE3(this.record);
          this.OPTION3(() => {
            this.CONSUME2(w('EVENTS'));
            this.SUBRULE2(this.records);
          });
          this.OPTION4(() => {
            this.CONSUME2(w('AT'));
            this.CONSUME2(T.NumberLiteral);
          });
        },
      },
    ]);
  });

  private structName = this.RULE('structName', () => {
    this.OR([{ ALT: () => this.CONSUME(T.Name) }, { ALT: () => this.CONSUME(T.StringLiteral) }]);
  });

  /** `CREATE kind ...`: each kind's clauses in the printer's order (the parser takes them in any order, each once). */
  private structCreate = this.RULE('structCreate', () => {
    this.CONSUME(w('CREATE'));
    const text = (word: string, idx: number) =>
      this.option(idx, () => {
        this.consume(idx, word === 'DESC' ? T.Desc : w(word));
        this.consume(idx, T.StringLiteral);
      });
    const object = (word: string, idx: number) =>
      this.option(idx, () => {
        this.consume(idx, w(word));
        this.subrule(idx, this.jsonObject);
      });
    const inGroup = (idx: number) => {
      this.consume(idx, T.In);
      this.consume(idx, T.Group);
      this.subrule(idx, this.database);
    };
    this.OR([
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(w('CATEGORY')) }, { ALT: () => this.CONSUME(w('MODEL')) }, { ALT: () => this.CONSUME(w('PROJECT')) }]);
          this.SUBRULE(this.structName);
          this.OPTION(() => inGroup(1));
          this.SUBRULE(this.structNamed);
          this.OPTION2(() => this.SUBRULE(this.actionOptions));
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('PIPE'));
          this.SUBRULE2(this.structName);
          this.CONSUME(T.In);
          this.CONSUME2(w('MODEL'));
          this.SUBRULE(this.database);
          this.SUBRULE2(this.structNamed);
          this.OPTION3(() => {
            this.CONSUME(w('PARTITION'));
            this.OR3([
              { ALT: () => this.CONSUME(T.True) },
              { ALT: () => this.CONSUME(T.False) },
              {
                ALT: () => {
                  this.CONSUME(T.From);
                  this.CONSUME(T.NumberLiteral);
                  this.CONSUME(w('TO'));
                  this.CONSUME2(T.NumberLiteral);
                },
              },
              { ALT: () => this.SUBRULE(this.jsonObject) },
            ]);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('DEF'));
          inGroup(2);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('EVENT'));
          this.OPTION4(() => this.SUBRULE3(this.structName));
          inGroup(3);
          this.OPTION5(() => {
            this.CONSUME(w('TYPE'));
            this.OR4([{ ALT: () => this.CONSUME(w('NONE')) }, { ALT: () => this.CONSUME(w('FILE')) }, { ALT: () => this.CONSUME(w('FILES')) }]);
          });
          text('LABEL', 11);
          text('DESC', 12);
          text('SINGULAR', 13);
          text('PLURAL', 14);
          object('CONF', 15);
          text('LABEL_TYPE', 16);
          this.OPTION6(() => this.SUBRULE(this.structFields));
          object('TEAMS', 17);
        },
      },
      {
        ALT: () => {
          this.CONSUME(w('NOTEBOOK'));
          this.SUBRULE4(this.structName);
          inGroup(4);
          text('LABEL', 21);
          text('DESC', 22);
          this.OPTION7(() => this.SUBRULE2(this.structFields));
          object('TEAMS', 23);
        },
      },
    ]);
  });

  /** A group's LABEL, DESC and teams. */
  private structNamed = this.RULE('structNamed', () => {
    this.OPTION(() => {
      this.CONSUME(w('LABEL'));
      this.CONSUME(T.StringLiteral);
    });
    this.OPTION2(() => {
      this.CONSUME(T.Desc);
      this.CONSUME2(T.StringLiteral);
    });
    this.OPTION3(() => {
      this.CONSUME(w('GROUP_TEAMS'));
      this.SUBRULE(this.jsonObject);
    });
    this.OPTION4(() => {
      this.CONSUME(w('DATABASE_TEAMS'));
      this.SUBRULE2(this.jsonObject);
    });
  });

  /** `FIELDS (field definition, ...)`, or `FIELDS ()` (given empty). */
  private structFields = this.RULE('structFields', () => {
    this.CONSUME(w('FIELDS'));
    this.CONSUME(T.LParen);
    this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.fieldDef) });
    this.CONSUME(T.RParen);
  });

  // Stand-ins for the rules drawn elsewhere.
  private select = this.RULE('select', () => this.CONSUME(STAND_IN));
  private records = this.RULE('records', () => this.CONSUME2(STAND_IN));
  private database = this.RULE('database', () => this.CONSUME3(STAND_IN));
  private literal = this.RULE('literal', () => this.CONSUME4(STAND_IN));
  private actionOptions = this.RULE('actionOptions', () => this.CONSUME5(STAND_IN));
  private insert = this.RULE('insert', () => this.CONSUME6(STAND_IN));
  private update = this.RULE('update', () => this.CONSUME7(STAND_IN));
  private remove = this.RULE('remove', () => this.CONSUME8(STAND_IN));
  private names = this.RULE('names', () => this.CONSUME9(STAND_IN));
  private row = this.RULE('row', () => this.consume(10, STAND_IN));
  private record = this.RULE('record', () => this.consume(11, STAND_IN));
  private fieldDef = this.RULE('fieldDef', () => this.consume(12, STAND_IN));
}

let grammar: SystemGrammar | undefined;
/** The productions of these actions, without the stand-ins. */
export function systemProductions(): ISerializedGast[] {
  grammar ??= new SystemGrammar();
  return grammar.getSerializedGastProductions().filter((p) => !STAND_INS.includes((p as { name?: string }).name ?? ''));
}
