import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/diagnostic/index.js';
import { print } from '../../src/print/index.js';
import { grammarRules } from '../../grammar/productions.js';
import { parseDocument } from '../../src/syntax/index.js';
import { lex } from '../../src/syntax/tokenize.js';
import { CONTEXTUAL_WORDS, RESERVED_WORDS } from '../../src/syntax/words.js';
import { grammarTokens } from '../../grammar/chevrotain-tokens.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { arbAction } from '../fixtures/action-arbitraries.js';
import { documentAccepts, documentError } from '../../grammar/system-grammar.js';
import { W } from '../../grammar/action-grammar.js';
import { KIND_EXAMPLES } from '../../src/syntax/kind-examples.js';
import { STATEMENT_KINDS, STATEMENT_WORDS } from '../../src/ast/kinds.js';
import { runs, timeLimit } from '../helpers/runs.js';
import { descendants } from '../../src/ast/walk.js';
import type { ColumnRef, FunctionCall, Node } from '../../src/ast/nodes.js';

/**
 * The syntax diagrams are drawn from the Chevrotain grammar in grammar/grammar-rules.ts (and
 * the actions' in grammar/action-grammar.ts and grammar/system-grammar.ts, over the same rules);
 * the parser is hand-written (src/syntax/*-rules.ts). Run as a recognizer, the
 * grammar must accept exactly the texts the parser reads without a syntax error: on the
 * identity corpus, on printed random statements, and on both with tokens deleted, repeated,
 * inserted and swapped.
 */

const identity = readFileSync(new URL('../fixtures/identity.dsq', import.meta.url), 'utf8')
  .split(';\n')
  .map((s) => s.trim())
  .filter((s) => s !== '');

/** Token texts to insert: every kind of token the grammar knows (no ';': it separates statements). */
const TOKENS = [
  '(',
  ')',
  '[',
  ']',
  ',',
  '.',
  '@',
  ':',
  '*',
  '-',
  '~',
  '+',
  '/',
  '%',
  '&',
  '|',
  '<<',
  '>>',
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  // Every keyword, reserved or contextual (src/syntax/words.ts).
  ...RESERVED_WORDS,
  ...CONTEXTUAL_WORDS,
  'x',
  '"q"',
  "'s'",
  '1',
  '2.5',
  'ROWS',
  'f',
];

type Mutation = { readonly kind: 'delete' | 'repeat' | 'insert' | 'swap'; readonly at: number; readonly token: string };
const arbMutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('delete' as const, 'repeat' as const, 'insert' as const, 'swap' as const),
  at: fc.nat(),
  token: fc.constantFrom(...TOKENS),
});

/** The text's tokens as written, mutated. */
function mutate(text: string, mutations: readonly Mutation[]): string {
  const words = lex(text, new LineIndex(text)).tokens.map((t) => t.image);
  for (const m of mutations) {
    if (words.length === 0) break;
    const i = m.at % words.length;
    if (m.kind === 'delete') words.splice(i, 1);
    else if (m.kind === 'repeat') words.splice(i, 0, words[i] as string);
    else if (m.kind === 'insert') words.splice(i, 0, m.token);
    else if (i + 1 < words.length) [words[i], words[i + 1]] = [words[i + 1] as string, words[i] as string];
  }
  return words.join(' ');
}

function grammarAccepts(text: string): boolean {
  const grammar = grammarRules();
  grammar.input = grammarTokens(text);
  grammar.statement();
  return grammar.errors.length === 0;
}

function parserAccepts(text: string): boolean {
  return !parseDocument(text).diagnostics.some((d) => d.code === 'syntax/unexpected-token');
}

function agree(text: string): void {
  if (text.trim() === '' || text.includes(';') || lex(text, new LineIndex(text)).diagnostics.length > 0) return;
  expect(grammarAccepts(text), text).toBe(parserAccepts(text));
}

describe('the grammar of the diagrams accepts exactly what the parser accepts', () => {
  it('the identity corpus: both accept every statement', () => {
    for (const text of identity) {
      expect(parserAccepts(text), text).toBe(true);
      expect(grammarAccepts(text), text).toBe(true);
    }
  });

  it('the identity corpus with tokens deleted, repeated, inserted, swapped (3,000 runs)', { timeout: timeLimit(300_000) }, () => {
    fc.assert(
      fc.property(fc.constantFrom(...identity), fc.array(arbMutation, { minLength: 1, maxLength: 3 }), (text, mutations) => agree(mutate(text, mutations))),
      { numRuns: runs(3000) },
    );
  });

  it('printed random statements, as printed and mutated', () => {
    fc.assert(
      fc.property(arbStatement, fc.array(arbMutation, { maxLength: 2 }), (statement, mutations) => {
        const text = print(statement, { width: 1000 });
        if (mutations.length === 0) expect(grammarAccepts(text), text).toBe(true);
        agree(mutate(text, mutations));
      }),
      { numRuns: runs(500) },
    );
  });
});

/**
 * Token texts to insert into actions: the select's, every statement word of the kind table
 * (src/ast/kinds.ts STATEMENT_WORDS, which the parser's action and system rules read), and every
 * clause word of the grammar's word table (grammar/action-grammar.ts W: the words the parser reads
 * as bare words where they stand).
 */
const ACTION_TOKENS = [...new Set([...TOKENS, ...STATEMENT_WORDS, ...Object.keys(W), '-1'])];
const arbActionMutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('delete' as const, 'repeat' as const, 'insert' as const, 'swap' as const),
  at: fc.nat(),
  token: fc.constantFrom(...ACTION_TOKENS),
});

/**
 * Where the grammar and the parser knowingly differ, each with its reason: the one place the
 * agreement property quotes or skips a text. `rewrite` turns a text the grammar rejects and the
 * parser reads without a syntax error into the form the two must agree on; `skip` says a text the
 * grammar accepts and the parser finds an unexpected token in is such a difference.
 */
type Doc = ReturnType<typeof parseDocument>;
const KNOWN_DIFFERENCES: readonly {
  readonly what: string;
  readonly why: string;
  readonly rewrite?: (text: string, doc: Doc) => string;
  readonly skip?: (text: string) => boolean;
}[] = [
  {
    what: 'a clause word read as a column or a function (`UPDATE a SET x = RECORDS - 1`, `WHERE count = 1`, `PARTITION(x)`)',
    why:
      'the grammar gives each action word a token of its own, read as a keyword where a clause may start; the parser also takes such a word as a column ' +
      "or function name in an expression. Making the word tokens names in expressions too made the grammar's analysis hang (issue 30). Compared with those columns quoted.",
    rewrite: quoteWordColumns,
  },
  {
    what: "tags or a binary object in a row of VALUES (`(a) VALUES (TEXT 'x')`)",
    why:
      "the parser reads `[...]` only as the value of the column tags and `TEXT '...'`, `BASE64 '...'` only as the column file's, by the column's " +
      "position in the field names; the grammar checks the field name in `name = value` but does not track which column a row's value is for.",
    skip: (text) => {
      const values = text.search(/\bVALUES\b/i);
      return values >= 0 && /\[|\b(?:TEXT|BASE64)\s*'/i.test(text.slice(values));
    },
  },
  {
    what: "a struct create's FIELDS without parentheses followed by another clause (`STRUCT CREATE EVENT IN GROUP g FIELDS a int SINGULAR 'x'`)",
    why:
      "the reference (and the grammar) end the field definitions where a word is no property of one, and read the next clause; the parser's " +
      'field definition reports such a word (admin-rules.ts fieldDef: open, the parser is the one to fix).',
    skip: (text) => /^\s*STRUCT\s+CREATE\b/i.test(text) && /\bFIELDS\s+(?!\()/i.test(text),
  },
];

/**
 * A statement's text: the grammar accepts it only if the parser finds no unexpected token in it,
 * and rejects it only if the parser finds a syntax error (the parser's errors for SQL habits a
 * statement cannot hold, `UPDATE ... ORDER BY`, and its checks, a row of VALUES of the wrong
 * length, an option the action does not take, a clause given twice, have codes of their own: the
 * grammar rejects the first, reads the second), but for the KNOWN_DIFFERENCES.
 */
function agreeOnAction(text: string): void {
  if (text.trim() === '' || text.includes(';') || lex(text, new LineIndex(text)).diagnostics.length > 0) return;
  const doc = parseDocument(text);
  const errors = doc.diagnostics.filter((d) => d.severity === 'error' && d.code.startsWith('syntax/'));
  if (documentAccepts(text)) {
    if (KNOWN_DIFFERENCES.some((k) => k.skip?.(text) === true)) return;
    expect(
      errors.filter((d) => d.code === 'syntax/unexpected-token').map((d) => d.message),
      text,
    ).toEqual([]);
    return;
  }
  if (errors.length > 0) return;
  const known = KNOWN_DIFFERENCES.map((k) => k.rewrite?.(text, doc) ?? text).find((t) => t !== text && documentAccepts(t));
  expect(known === undefined ? documentError(text) : undefined, `the grammar rejects ${text}; the parser finds no syntax error`).toBeUndefined();
}

/** A bare word as the lexer reads one (BASE64 too): the names the rewrite below may quote. */
const WORD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The text with each column or function the parser read from a bare clause word (`SET a = RECORDS - 1`:
 * a column named RECORDS; `PARTITION(x)`: a call) written quoted, in the statements that parsed and
 * in those with a spec error (`COUNT()`: in `recovered`, a tree all the same).
 */
function quoteWordColumns(text: string, doc: Doc): string {
  const spans = [...doc.statements, ...doc.recovered]
    .flatMap((s) => descendants(s.node as Node))
    .flatMap((n) => {
      const name = n.kind === 'column' ? (n as ColumnRef).path : n.kind === 'function' ? (n as FunctionCall).name : '';
      const span = WORD.test(name) && Object.hasOwn(W, name.toUpperCase()) ? doc.spans.get(n) : undefined;
      return span === undefined ? [] : [{ start: span.start, end: span.start + name.length }];
    })
    .filter((s) => WORD.test(text.slice(s.start, s.end)) && !/[A-Za-z0-9_$"]/.test(text[s.end] ?? ''))
    .sort((x, y) => y.start - x.start);
  let out = text;
  for (const s of spans) out = `${out.slice(0, s.start)}"${out.slice(s.start, s.end)}"${out.slice(s.end)}`;
  return out;
}

/** Any statement: a select (with its OPTIONS) or an action of any kind. */
const arbAnyStatement = fc.oneof({ weight: 1, arbitrary: arbStatement as fc.Arbitrary<{ kind: string }> }, { weight: 4, arbitrary: arbAction });

describe('the grammar of the diagrams reads every statement kind as the parser does', () => {
  it("every kind's example (src/syntax/kind-examples.ts): both accept it", () => {
    for (const [kind, text] of Object.entries(KIND_EXAMPLES)) {
      expect(parserAccepts(text), `${kind}: ${text}`).toBe(true);
      expect(documentError(text), `${kind}: ${text}`).toBeUndefined();
    }
  });

  it('selects read as statements of the document grammar: the identity corpus', () => {
    for (const text of identity) expect(documentAccepts(text), text).toBe(true);
  });

  it('the random actions cover every statement kind of the kind table', () => {
    // A fixed draw (not a property): which kinds 3,000 statements hold.
    const seen = new Set<string>(fc.sample(arbAnyStatement, { numRuns: 3000, seed: 30 }).map((statement) => statement.kind));
    expect(STATEMENT_KINDS.filter((k) => !seen.has(k))).toEqual([]);
  });

  it('printed random statements of every kind (select, data, administrative, task, system, struct, DOWNLOAD, IF), as printed and mutated (1,500 runs)', {
    timeout: timeLimit(300_000),
  }, () => {
    fc.assert(
      fc.property(arbAnyStatement, fc.array(arbActionMutation, { maxLength: 2 }), (statement, mutations) => {
        const text = print(statement as Parameters<typeof print>[0], { width: 1000 });
        if (mutations.length === 0) {
          // As printed (a column may be called count: the KNOWN_DIFFERENCES' rewrites apply).
          const doc = parseDocument(text);
          const known = KNOWN_DIFFERENCES.some((k) => k.rewrite !== undefined && documentAccepts(k.rewrite(text, doc)));
          expect(known ? undefined : documentError(text), text).toBeUndefined();
        } else agreeOnAction(mutate(text, mutations));
      }),
      { numRuns: runs(1500) },
    );
  });
});
