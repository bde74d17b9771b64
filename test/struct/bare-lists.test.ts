import { describe, expect, it } from 'vitest';
import { documentAccepts } from '../../grammar/system-grammar.js';
import { toJson } from '../../src/json/index.js';
import { format } from '../../src/print/index.js';
import { parse, parseResult } from '../../src/syntax/index.js';

/**
 * A list written without parentheses, followed by another clause of its statement: the list ends
 * where that clause's word starts (grammar/reference.md: `struct_fields := ... | ['('] fielddef
 * {, fielddef} [')']`, the clauses "in any order"). STRUCT CREATE EVENT's `FIELDS a int SINGULAR 'x'`
 * was refused: the field definition read SINGULAR as one of its properties. Each row: the bare
 * text reads to the same tree as the text with the list in parentheses (or to the JSON given),
 * without a diagnostic, and the diagrams' grammar accepts it too.
 */

interface Row {
  readonly bare: string;
  /** The same statement with the list in parentheses, or the JSON when there is no such form. */
  readonly same: string | { readonly json: unknown };
}

const EVENT = 'STRUCT CREATE EVENT x IN GROUP g';
const NOTEBOOK = 'STRUCT CREATE NOTEBOOK n IN GROUP g';
/** A clause of each word that may follow FIELDS, besides LABEL and DESC (a field's own words). */
const EVENT_CLAUSES = ['TYPE FILE', "SINGULAR 's'", "PLURAL 'p'", 'CONF (sep = 1)', "LABEL_TYPE 'utf8vstring(64)'", 'TEAMS (ops = (read = TRUE))'];
const NOTEBOOK_CLAUSES = ['TEAMS (ops = (read = TRUE))'];

const ROWS: readonly Row[] = [
  ...EVENT_CLAUSES.map((c) => ({ bare: `${EVENT} FIELDS a int, b utf8text NOT NULL ${c}`, same: `${EVENT} FIELDS (a int, b utf8text NOT NULL) ${c}` })),
  ...EVENT_CLAUSES.map((c) => ({ bare: `${EVENT} FIELDS a int KEY ${c} LABEL 'l'`, same: `${EVENT} FIELDS (a int KEY) ${c} LABEL 'l'` })),
  ...NOTEBOOK_CLAUSES.map((c) => ({ bare: `${NOTEBOOK} FIELDS a int ${c}`, same: `${NOTEBOOK} FIELDS (a int) ${c}` })),
  // LABEL and DESC after a bare list are the last field's (a fielddef takes them): put the
  // event's own before FIELDS or the list in parentheses.
  { bare: `${EVENT} FIELDS a int LABEL 'l' DESC 'd'`, same: `${EVENT} FIELDS (a int LABEL 'l' DESC 'd')` },
  { bare: `${NOTEBOOK} FIELDS a int DESC 'd' TEAMS (ops = (read = TRUE))`, same: `${NOTEBOOK} FIELDS (a int DESC 'd') TEAMS (ops = (read = TRUE))` },
  // The other lists without parentheses of the administrative, struct and task actions, and what may follow them.
  { bare: 'ALTER DATABASE d ADD FIELDS a int, b int FIRST', same: 'ALTER DATABASE d ADD FIELDS (a int, b int) FIRST' },
  {
    bare: 'ALTER DATABASE d ADD FIELDS a int, b int AFTER c OPTIONS (FIRST = FALSE)',
    same: 'ALTER DATABASE d ADD FIELDS (a int, b int) AFTER c OPTIONS (FIRST = FALSE)',
  },
  {
    bare: "ALTER DATABASE d ADD FIELDS a int OPTIONS ('x') OPTIONS (FIRST = FALSE)",
    same: "ALTER DATABASE d ADD FIELDS (a int OPTIONS ('x')) OPTIONS (FIRST = FALSE)",
  },
  { bare: 'ALTER DATABASE d ORDER FIELDS a, b AFTER c', same: 'ALTER DATABASE d ORDER FIELDS (a, b) AFTER c' },
  { bare: "STRUCT MN ALIAS 12 IN plant.mn ALIASES 'a', 'b'", same: { json: { action: 'struct_mn_alias', database: 'plant.mn', mn: 12, aliases: ['a', 'b'] } } },
  {
    bare: 'STRUCT EVENT INSERT INTO p.e RECORDS (e_id = 4), (e_id = 5)',
    same: { json: { action: 'struct_event', op: 'insert', database: 'p.e', events: [{ e_id: 4 }, { e_id: 5 }] } },
  },
  { bare: 'CANCEL TASKS 1, 2 OPTIONS (IGNORE = TRUE)', same: { json: { action: 'cancel', tasks: [1, 2], ignore: true } } },
  { bare: "ALTER GROUP g SET label = 'l', \"desc\" = 'd'", same: "ALTER GROUP g SET (label = 'l', \"desc\" = 'd')" },
];

describe('a list without parentheses ends where the next clause starts', () => {
  it.each(ROWS.map((r) => [r.bare, r] as const))('%s', (_text, { bare, same }) => {
    const r = parseResult(bare);
    expect(r.diagnostics).toEqual([]);
    if (typeof same === 'string') expect(r.value).toEqual(parse(same));
    else expect(JSON.parse(toJson(parse(bare)))).toEqual(same.json);
    expect(documentAccepts(bare)).toBe(true);
    // Printed (with its parentheses) it reads back to the same tree.
    expect(parse(format(bare))).toEqual(parse(bare));
  });

  it('a word no clause of the kind takes still ends the list with an error (NOTEBOOK has no SINGULAR), in the parser and the grammar alike', () => {
    for (const text of [`${NOTEBOOK} FIELDS a int SINGULAR 's'`, `${EVENT} FIELDS a int BOGUS 's'`]) {
      expect(parseResult(text).diagnostics.map((d) => d.code)).toEqual(['syntax/unexpected-token']);
      expect(documentAccepts(text)).toBe(false);
    }
  });
});
