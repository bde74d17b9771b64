import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/diagnostic/index.js';
import { print } from '../../src/print/index.js';
import { grammarRules } from '../../grammar/productions.js';
import { parseDocument } from '../../src/syntax/index.js';
import { lex } from '../../src/syntax/tokenize.js';
import { grammarTokens } from '../../grammar/chevrotain-tokens.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { arbDataAction } from '../fixtures/action-arbitraries.js';
import { documentAccepts } from '../../grammar/action-grammar.js';
import { KIND_EXAMPLES } from '../../src/syntax/kind-examples.js';
import { SYSTEM_ACTION_KINDS } from '../../src/ast/kinds.js';
import { ADMIN_KINDS } from '../../src/ast/kinds-admin.js';
import { runs } from '../helpers/runs.js';
import { descendants } from '../../src/ast/walk.js';
import type { ColumnRef, Node } from '../../src/ast/nodes.js';

/**
 * The syntax diagrams are drawn from the Chevrotain grammar in grammar/grammar-rules.ts (and
 * the data actions' in grammar/action-grammar.ts, over the same rules);
 * the parser is hand-written (parser.ts, expression-rules.ts). Run as a recognizer, the
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
  '(', ')', '[', ']', ',', '.', '@', ':', '*', '-', '~', '+', '/', '%', '&', '|', '<<', '>>', '=', '!=', '<', '<=', '>', '>=',
  'SELECT', 'DISTINCT', 'FROM', 'WHERE', 'GROUP', 'BY', 'HAVING', 'ORDER', 'ASC', 'DESC', 'LIMIT', 'OFFSET', 'AS', 'JOIN',
  'INNER', 'LEFT', 'OUTER', 'CROSS', 'ON', 'USING', 'AND', 'OR', 'NOT', 'IS', 'NULL', 'LIKE', 'REGEXP', 'BETWEEN', 'IN',
  'EXISTS', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'COLLATE', 'OPTIONS', 'TRUE', 'FALSE', 'ALL', 'DATE', 'TIME',
  'TIMESTAMP', 'DATETIME', 'COLUMN', 'ALIAS', 'SYSTEM_COLUMN', 'DATABASE_COLUMN', 'TABLE', 'SYSTEM_TABLE', 'DATABASE_TABLE',
  'x', '"q"', "'s'", '1', '2.5', 'ROWS', 'f',
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

  it('the identity corpus with tokens deleted, repeated, inserted, swapped', () => {
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

/** Words of the data actions to insert (the parser reads them as bare words). */
const ACTION_TOKENS = [
  ...TOKENS, 'RECORDS', 'KEY', 'VALUES', 'INTO', 'SET', 'FIELDS', 'ATTRIBUTES', 'USER', 'TEXT', 'FILE', 'DUPLICATE', 'REMOVE', 'UPDATE', 'DELETE',
  'COUNT', 'NONE', 'DATABASE', 'RECORD', 'CSV', 'DELIMITER', 'FAIL_NO_OP', 'CHILDREN', 'BASE64', '-1',
];
/** The clause words of the data actions (the action grammar's keywords the parser also reads as names). */
const ACTION_WORDS = new Set(ACTION_TOKENS.filter((t) => /^[A-Z_]+$/.test(t)));
const arbActionMutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('delete' as const, 'repeat' as const, 'insert' as const, 'swap' as const),
  at: fc.nat(),
  token: fc.constantFrom(...ACTION_TOKENS),
});

/**
 * A data action's text: the grammar accepts it only if the parser finds no syntax error in it,
 * and rejects it only if the parser finds one. (The parser's errors for SQL habits a data action
 * cannot hold, `UPDATE ... ORDER BY`, and its checks, a row of VALUES of the wrong length, have
 * codes of their own: the grammar rejects the first and reads the second.)
 */
function agreeOnAction(text: string): void {
  if (text.trim() === '' || text.includes(';') || lex(text, new LineIndex(text)).diagnostics.length > 0) return;
  const doc = parseDocument(text);
  const errors = doc.diagnostics.filter((d) => d.severity === 'error' && d.code.startsWith('syntax/'));
  if (documentAccepts(text)) expect(errors.filter((d) => d.code === 'syntax/unexpected-token').map((d) => d.message), text).toEqual([]);
  else if (errors.length === 0) expect(documentAccepts(quoteWordColumns(text, doc)), `the grammar rejects ${text}; the parser finds no syntax error`).toBe(true);
}

/**
 * The text with each column the parser read from a bare clause word (`SET a = RECORDS - 1`: a
 * column named RECORDS) written quoted. The action grammar reads its clause words (FILE, COUNT,
 * RECORDS, ...) as keywords only, where the parser also takes them as column names (making them
 * identifiers too made the grammar's parse hang: open in issue 30); quoted, the two must agree.
 */
function quoteWordColumns(text: string, doc: ReturnType<typeof parseDocument>): string {
  const spans = doc.statements
    .flatMap((s) => descendants(s.node as Node))
    .filter((n): n is ColumnRef => n.kind === 'column' && /^[A-Za-z_]+$/.test(n.path) && ACTION_WORDS.has(n.path.toUpperCase()))
    .map((n) => doc.spans.get(n))
    .filter((s): s is NonNullable<typeof s> => s !== undefined && /^[A-Za-z_]+$/.test(text.slice(s.start, s.end)))
    .sort((x, y) => y.start - x.start);
  let out = text;
  for (const s of spans) out = `${out.slice(0, s.start)}"${out.slice(s.start, s.end)}"${out.slice(s.end)}`;
  return out;
}

describe('the grammar of the diagrams reads every statement kind as the parser does', () => {
  // The administrative actions' rules (in action-grammar.ts) and DOWNLOAD, the task and system
  // actions (grammar/system-grammar.ts) draw diagrams only, not yet checked against the parser
  // (issue 29 left this open): their kinds are left out here.
  const SYSTEM_PARTS = new Set<string>([...SYSTEM_ACTION_KINDS, 'task_def', 'task_id', 'task_ref', 'if_condition', 'json_object', 'json_member', 'json_array', ...Object.keys(ADMIN_KINDS)]);
  it('every kind\'s example (src/syntax/kind-examples.ts): both accept it', () => {
    for (const [kind, text] of Object.entries(KIND_EXAMPLES)) {
      if (SYSTEM_PARTS.has(kind)) continue;
      expect(parserAccepts(text), `${kind}: ${text}`).toBe(true);
      expect(documentAccepts(text), `${kind}: ${text}`).toBe(true);
    }
  });

  it('selects read as statements of the document grammar: the identity corpus', () => {
    for (const text of identity) expect(documentAccepts(text), text).toBe(true);
  });

  it('printed random data actions of every kind, as printed and mutated', () => {
    fc.assert(
      fc.property(arbDataAction.filter((a) => !Object.hasOwn(ADMIN_KINDS, a.kind)), fc.array(arbActionMutation, { maxLength: 2 }), (action, mutations) => {
        const text = print(action, { width: 1000 });
        if (mutations.length === 0) expect(documentAccepts(text), text).toBe(true);
        // Inserted, repeated and swapped words are not compared yet: the action grammar reads its
        // clause words (FILE, COUNT, VALUES, ...) as keywords where the parser also takes them as
        // column names (deletions that leave one as a column are compared with it quoted:
        // quoteWordColumns). Open in issue 30.
        else if (!mutations.some((m) => m.kind === 'insert' || m.kind === 'repeat' || m.kind === 'swap')) agreeOnAction(mutate(text, mutations));
      }),
      { numRuns: runs(1500) },
    );
  });
});
