import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Expr, Node } from '../../src/ast/nodes.js';
import { print } from '../../src/print/index.js';
import { parse, parseExpression } from '../../src/syntax/index.js';
import { arbExpr, arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

const arbWidth = fc.integer({ min: 20, max: 120 });
const arbCase = fc.constantFrom('upper' as const, 'lower' as const, 'preserve' as const);
const arbIndent = fc.integer({ min: 0, max: 4 });

/**
 * The longest unbreakable token of a line: a keyword phrase (`LEFT OUTER JOIN`), a typed
 * literal (`DATE '...'`), a string, a quoted
 * name, a one-argument form written without spaces (`DATETIME(123)`, `ALIAS(x)`), a word.
 */
function longestToken(text: string): number {
  let longest = 0;
  const token =
    /(?:LEFT OUTER JOIN|LEFT JOIN|INNER JOIN|CROSS JOIN|NOT BETWEEN|NOT REGEXP|NOT LIKE|NOT IN|IS NOT)\b|[-~]?(?:DATE|TIME|TIMESTAMP|DATETIME) '(?:[^']|'')*'|'(?:[^']|'')*'|"(?:[^"]|"")*"|[-~]?[\w$]+\((?:DISTINCT|[^()\s,'"]*|'(?:[^']|'')*'|"(?:[^"]|"")*")\)|[^\s,()'"]+/gi;
  for (const m of text.matchAll(token)) longest = Math.max(longest, m[0].length);
  return longest;
}

/** A keyword that cannot be parted from the token after it (`BETWEEN`, `THEN NOT`). */
const KEYWORD_SLACK = 8;

/**
 * Lines longer than the width where one token (with the keyword that must precede it) is not the reason: the line without its
 * longest token must fit. Texts with line breaks inside strings or names are not measured.
 */
function overlong(text: string, width: number, node: Node): string[] {
  if (/\\[nr]|\u2028|\u2029/.test(JSON.stringify(node))) return [];
  return text.split('\n').filter((l) => l.length > width && l.length - longestToken(l) > width + KEYWORD_SLACK);
}

describe('print → parse is the identity', () => {
  it('for every statement and width 20..120', () => {
    fc.assert(
      fc.property(arbStatement, arbWidth, arbCase, arbIndent, (statement, width, keywordCase, indent) => {
        const text = print(statement, { width, keywordCase, indent });
        expect(parse(text)).toEqual(statement);
        expect(overlong(text, width, statement)).toEqual([]);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('for every expression and width 20..120', () => {
    fc.assert(
      fc.property(arbExpr, arbWidth, (e: Expr, width) => {
        const text = print(e, { width });
        expect(parseExpression(text)).toEqual(e);
        expect(overlong(text, width, e)).toEqual([]);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('prints the same text for the same tree, whatever node objects hold it', () => {
    fc.assert(
      fc.property(arbStatement, (s: Node) => {
        expect(print(structuredClone(s))).toBe(print(s));
      }),
      { numRuns: runs(200) },
    );
  });
});
