import { readdirSync, readFileSync } from 'node:fs';
import { StringStream } from '@codemirror/language';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textMateTokenizer, tagOfScope, type TmGrammar } from '../../playground/src/textmate.js';
import { print } from '../../src/print/index.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { tokenizeLine, type Grammar } from '../grammar/textmate.js';
import { runs } from '../helpers/runs.js';

const grammar = JSON.parse(readFileSync(new URL('../../grammar/dsq.tmLanguage.json', import.meta.url), 'utf8')) as TmGrammar & Grammar;
const tokenizer = textMateTokenizer(grammar);

/** The playground's tokens of some lines, as [text, outermost scope] with plain runs merged and trimmed (the test tokenizer's shape). */
function playgroundTokens(lines: readonly string[], fresh: boolean): [string, string][][] {
  let state = tokenizer.startState();
  return lines.map((line) => {
    if (fresh) state = tokenizer.startState();
    const out: [string, string][] = [];
    const stream = new StringStream(line, 4, 2);
    while (!stream.eol()) {
      stream.start = stream.pos;
      // Inside a begin/end rule, the pieces continue the token its begin started.
      const continues = state.open.length > 0 && out.length > 0;
      const scopes = tokenizer.token(stream, state);
      expect(stream.pos).toBeGreaterThan(stream.start);
      const scope = scopes?.split(' ')[0] ?? 'source.dsq';
      const text = line.slice(stream.start, stream.pos);
      const last = out[out.length - 1];
      if (last && (continues || (scope === 'source.dsq' && last[1] === scope))) last[0] += text;
      else out.push([text, scope]);
    }
    return out.map(([text, scope]): [string, string] => [scope === 'source.dsq' ? text.trim() : text, scope]).filter(([text]) => text !== '');
  });
}

const reference = (line: string) => tokenizeLine(grammar, line).map((t): [string, string] => [t.text, t.scopes[1] ?? 'source.dsq']);

const examples = readdirSync(new URL('../../examples/', import.meta.url))
  .filter((f) => f.endsWith('.dsq'))
  .flatMap((f) => readFileSync(new URL(`../../examples/${f}`, import.meta.url), 'utf8').split('\n'));
const identity = readFileSync(new URL('../fixtures/identity.dsq', import.meta.url), 'utf8').split('\n');

describe('playground highlighting is the TextMate grammar (grammar/dsq.tmLanguage.json)', () => {
  it('tokenizes every line of the identity corpus and the examples as the TextMate tokenizer does', () => {
    const lines = [...identity, ...examples].filter((l) => !l.includes('/*') || l.includes('*/'));
    expect(lines.length).toBeGreaterThan(300);
    const ours = playgroundTokens(lines, true);
    lines.forEach((line, i) => expect([line, ours[i]]).toEqual([line, reference(line)]));
  });

  it('agrees on printed random statements and on hostile lines', () => {
    const hostile = [
      "SELECT 'unterminated",
      'SELECT "unterminated',
      "x = 'a''b' -- c 'd'",
      '/* a */ b /* c',
      'selection orders fromage',
      "DATE date DATE(x) date '2024'",
      'ñame(1) «» \u0000 \t SELECT',
      '.5e3 1. 007 1e+7 ..',
      '\'\' "" \'\'\'\' """"',
      '',
      '   ',
    ];
    const ours = playgroundTokens(hostile, true);
    hostile.forEach((line, i) => expect(ours[i]).toEqual(reference(line)));
    fc.assert(
      fc.property(arbStatement, (statement) => {
        const lines = print(statement, { width: 60 }).split('\n');
        const mine = playgroundTokens(lines, true);
        lines.forEach((line, i) => expect(mine[i]).toEqual(reference(line)));
      }),
      { numRuns: runs(100) },
    );
  });

  it('carries block comments and strings across lines', () => {
    const lines = ['SELECT /* one', 'two SELECT', "three */ a, 'x", "y ' FROM t"];
    expect(playgroundTokens(lines, false)).toEqual([
      [
        ['SELECT', 'keyword.other.dsq'],
        ['/* one', 'comment.block.dsq'],
      ],
      [['two SELECT', 'comment.block.dsq']],
      [
        ['three */', 'comment.block.dsq'],
        ['a', 'source.dsq'],
        [',', 'punctuation.separator.comma.dsq'],
        ["'x", 'string.quoted.single.dsq'],
      ],
      [
        ["y '", 'string.quoted.single.dsq'],
        ['FROM', 'keyword.other.dsq'],
        ['t', 'source.dsq'],
      ],
    ]);
  });

  it('gives every scope of the grammar a highlighting tag', () => {
    const scopes = new Set<string>();
    const stack = [...grammar.patterns, ...Object.values(grammar.repository).flatMap((r) => r.patterns)];
    while (stack.length > 0) {
      const rule = stack.pop() as (typeof stack)[number];
      if (rule.name) scopes.add(rule.name);
      if (rule.patterns) stack.push(...rule.patterns);
    }
    expect(scopes.size).toBeGreaterThan(10);
    for (const scope of scopes) expect([scope, tagOfScope(scope)]).not.toEqual([scope, null]);
  });
});
