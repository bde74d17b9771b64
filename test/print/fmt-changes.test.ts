import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/ast/nodes.js';
import { lint } from '../../src/lint/index.js';
import { compileResult } from '../../src/params/compile.js';
import { format, print } from '../../src/print/index.js';
import { tokenize, type SourceToken } from '../../src/syntax/index.js';
import { arbDataAction } from '../fixtures/action-arbitraries.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * What `dsq fmt` changes is exactly what docs/cli.md lists (issue 28): formatting keeps the
 * lint findings (positions aside), and the tokens, apart from white space and the documented
 * spellings, come out in the same order. Each documented change is an entry below with the
 * token rewrite that makes both sides agree on it; docs/cli.md's list between
 * `<!-- fmt-changes -->` and `<!-- /fmt-changes -->` names the same entries, in the same order.
 */

type Tokens = readonly SourceToken[];

const is = (t: SourceToken | undefined, ...types: string[]) => t !== undefined && types.includes(t.type);

/**
 * The documented changes: the id docs/cli.md's entry starts with, the token rewrite that
 * undoes the change on both sides, and an example (text, formatted) where it is needed.
 */
const FMT_CHANGES: readonly { readonly id: string; readonly same: (tokens: Tokens) => Tokens; readonly example: readonly [string, string] }[] = [
  // (Names are compared in upper case too: their case is the round-trip tests' to check.)
  {
    id: 'case',
    same: (ts) => ts.map((t) => (is(t, 'StringLiteral', 'QuotedIdentifier') ? t : { ...t, image: t.image.toUpperCase() })),
    example: ['select count(a) from t', 'SELECT COUNT(a) FROM t'],
  },
  {
    id: 'not-equals',
    same: (ts) => ts.map((t) => (t.image === '<>' ? { ...t, image: '!=' } : t)),
    example: ['SELECT a FROM t WHERE a <> 1', 'SELECT a FROM t WHERE a != 1'],
  },
  { id: 'alias-as', same: (ts) => ts.filter((t) => !is(t, 'AS')), example: ['SELECT a b FROM t', 'SELECT a AS b FROM t'] },
  { id: 'parentheses', same: (ts) => ts.filter((t) => !is(t, 'LParen', 'RParen')), example: ['SELECT a FROM t WHERE (a = 1)', 'SELECT a FROM t WHERE a = 1'] },
  { id: 'asc', same: (ts) => ts.filter((t) => !is(t, 'ASC')), example: ['SELECT a FROM t ORDER BY a ASC', 'SELECT a FROM t ORDER BY a'] },
  {
    id: 'names',
    same: (ts) => ts.map((t) => (is(t, 'QuotedIdentifier') ? { ...t, type: 'Identifier', image: t.image.slice(1, -1).replace(/""/g, '"').toUpperCase() } : t)),
    example: ['SELECT "a" FROM t', 'SELECT a FROM t'],
  },
  {
    // (After 'parentheses' and 'names': `COLUMN ( "b" )` is `COLUMN B` by then.)
    id: 'column-call',
    same: (ts) => ts.filter((t, i) => !(is(t, 'COLUMN') && is(ts[i + 1], 'Identifier'))),
    example: ['SELECT a FROM t ORDER BY COLUMN(b)', 'SELECT a FROM t ORDER BY b'],
  },
  {
    // (After 'parentheses' and 'names', as column-call.)
    id: 'alias-call',
    same: (ts) => ts.filter((t, i) => !(is(t, 'ALIAS') && is(ts[i + 1], 'Identifier'))),
    example: ['SELECT a AS b FROM t ORDER BY ALIAS(b)', 'SELECT a AS b FROM t ORDER BY b'],
  },
  {
    id: 'cross-join',
    same: (ts) =>
      ts.flatMap((t, i) =>
        is(t, 'CROSS') && is(ts[i + 1], 'JOIN') ? [] : is(t, 'JOIN') && is(ts[i - 1], 'CROSS') ? [{ ...t, type: 'Comma', image: ',' }] : [t],
      ),
    example: ['SELECT * FROM a, /* c */ b', 'SELECT * FROM a CROSS JOIN /* c */ b'],
  },
  { id: 'semicolons', same: (ts) => (is(ts[ts.length - 1], 'Semicolon') ? ts.slice(0, -1) : ts), example: ['SELECT a FROM t;', 'SELECT a FROM t'] },
];

/** The tokens of a text as both sides of a format should agree on them: comments aside, each documented change undone (but `skip`). */
function sameTokens(text: string, skip?: string): string[] {
  let tokens: Tokens = tokenize(text).filter((t) => t.category !== 'comment');
  for (const change of FMT_CHANGES) if (change.id !== skip) tokens = change.same(tokens);
  return tokens.map((t) => t.image);
}

/** The lint findings of a text, positions aside (and the text they quote, which is the text's own layout). */
function findings(text: string): string[] {
  return lint(text)
    .diagnostics.map((d) => `${d.severity} ${d.code}`)
    .sort();
}

/**
 * Printed statements written as a person might: keywords in any case, `<>`, other white space,
 * AS left out, names quoted, literals in parentheses, ASC, a comment after a comma, a final `;`.
 * A change that would make the text mean something else (a quoted keyword, `(5)` as a field's
 * expression) is left out: the text must compile as the printed one does.
 */
const arbWritten: fc.Arbitrary<string> = fc
  .tuple(fc.array(fc.oneof(arbStatement, arbDataAction), { minLength: 1, maxLength: 3 }), fc.infiniteStream(fc.nat({ max: 9 })))
  .map(([statements, choices]) => {
    const text = statements.map((s) => print(s as Node)).join(';\n');
    const pick = () => choices.next().value as number;
    const write = (full: boolean) => {
      const out: string[] = [];
      let at = 0;
      let ordering = false;
      const tokens = tokenize(text);
      tokens.forEach((t, i) => {
        const gap = text.slice(at, t.start);
        out.push(gap === '' ? '' : (['  ', '\n', ' \n\t'][pick() % 3] as string).slice(0, pick() === 0 ? 3 : 1));
        at = t.end;
        const next = tokens[i + 1];
        const keyword = /^[A-Z]+$/.test(t.type) || (is(t, 'Identifier') && /^[A-Z_]+$/.test(t.image));
        if (is(t, 'BY') && is(tokens[i - 1], 'ORDER')) ordering = true;
        else if (is(t, 'LIMIT', 'OFFSET', 'OPTIONS', 'Semicolon', 'RParen')) ordering = false;
        if (full && ordering && is(t, 'Comma') && !is(tokens[i - 1], 'DESC') && pick() < 3) out.push(' ASC');
        if (full && is(t, 'AS') && pick() < 3) return;
        if (t.image === '!=' && pick() < 5) out.push('<>');
        else if (keyword && pick() < 5) out.push(t.image.toLowerCase());
        else if (full && is(t, 'Identifier') && !is(next, 'LParen') && pick() < 2) out.push(`"${t.image}"`);
        else if (full && is(t, 'NumberLiteral') && pick() < 2) out.push(`(${t.image})`);
        else out.push(t.image);
        if (full && is(t, 'Comma') && pick() < 2) out.push(' /* c */');
      });
      if (full && pick() < 5) out.push(';');
      return out.join('');
    };
    const full = write(true);
    return compileResult(full).value === compileResult(text).value ? full : write(false);
  });

describe('fmt changes only what docs/cli.md lists', () => {
  it('keeps the lint findings and the tokens in order, but for the documented spellings', () => {
    fc.assert(
      fc.property(arbWritten, (text) => {
        const once = format(text);
        expect(sameTokens(once)).toEqual(sameTokens(text));
        expect(findings(once)).toEqual(findings(text));
      }),
      { numRuns: runs(300) },
    );
  });

  it('each documented change is needed by its example', () => {
    for (const { id, example } of FMT_CHANGES) {
      const [text, formatted] = example;
      expect(format(text), id).toBe(`${formatted}\n`);
      expect(sameTokens(formatted), id).toEqual(sameTokens(text));
      expect(sameTokens(formatted, id), id).not.toEqual(sameTokens(text, id));
    }
  });

  it('docs/cli.md lists the same changes, in the same order, each with its example', () => {
    const cli = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
    const list = /<!-- fmt-changes -->\n([\s\S]*?)<!-- \/fmt-changes -->/.exec(cli)?.[1] ?? '';
    const ids = [...list.matchAll(/^- \*\*([a-z-]+)\*\*/gm)].map((m) => m[1]);
    expect(ids).toEqual(FMT_CHANGES.map((c) => c.id));
    for (const { id, example } of FMT_CHANGES) expect(list, id).toContain(`\`${example[0]}\` → \`${example[1]}\``);
  });
});
