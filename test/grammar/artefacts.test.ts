import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { syntaxDiagramsHtml, textMateGrammar } from '../../src/syntax/grammar.js';
import { tokenizeLine, type Grammar } from './textmate.js';

const read = (name: string) => readFileSync(new URL(`../../grammar/${name}`, import.meta.url), 'utf8');

describe('grammar/ artefacts are generated from the parser (npm run grammar)', () => {
  it('diagrams.html equals the generated syntax diagrams', () => {
    expect(read('diagrams.html')).toBe(syntaxDiagramsHtml());
  });

  it('dsq.tmLanguage.json equals the generated TextMate grammar', () => {
    expect(read('dsq.tmLanguage.json')).toBe(`${JSON.stringify(textMateGrammar(), null, 2)}\n`);
  });

  it('the diagrams show every rule of the parser', () => {
    const html = read('diagrams.html');
    for (const rule of ['statement', 'select', 'expression', 'source', 'sourcePrimary', 'specifier', 'caseExpression', 'contextualExpression', 'predicate', 'datetimeLiteral', 'path']) {
      expect(html).toContain(`"name": "${rule}"`);
    }
  });
});

describe('TextMate grammar tokenization', () => {
  const grammar = JSON.parse(read('dsq.tmLanguage.json')) as Grammar;
  const scopesOf = (line: string) => tokenizeLine(grammar, line).map((t) => [t.text, t.scopes[1] ?? 'source.dsq']);

  it('scopes keywords, names, literals, operators and comments', () => {
    expect(scopesOf("SELECT a, COUNT(*) FROM t WHERE x = 'it''s' AND y >= 1.5e3 -- note")).toEqual([
      ['SELECT', 'keyword.other.dsq'],
      ['a', 'source.dsq'],
      [',', 'punctuation.separator.comma.dsq'],
      ['COUNT', 'entity.name.function.dsq'],
      ['(', 'punctuation.section.parens.dsq'],
      ['*', 'keyword.operator.arithmetic.dsq'],
      [')', 'punctuation.section.parens.dsq'],
      ['FROM', 'keyword.other.dsq'],
      ['t', 'source.dsq'],
      ['WHERE', 'keyword.other.dsq'],
      ['x', 'source.dsq'],
      ['=', 'keyword.operator.comparison.dsq'],
      ["'it''s'", 'string.quoted.single.dsq'],
      ['AND', 'keyword.operator.logical.dsq'],
      ['y', 'source.dsq'],
      ['>=', 'keyword.operator.comparison.dsq'],
      ['1.5e3', 'constant.numeric.dsq'],
      ['-- note', 'comment.line.double-dash.dsq'],
    ]);
  });

  it('knows contextual words only where they have meaning, quoted names, block comments', () => {
    expect(scopesOf("select date, DATE '2024-01-31', \"odd \"\" name\" /* c */ is not null")).toEqual([
      ['select', 'keyword.other.dsq'],
      ['date', 'source.dsq'],
      [',', 'punctuation.separator.comma.dsq'],
      ['DATE', 'support.function.builtin.dsq'],
      ["'2024-01-31'", 'string.quoted.single.dsq'],
      [',', 'punctuation.separator.comma.dsq'],
      ['"odd "" name"', 'variable.other.quoted.dsq'],
      ['/* c */', 'comment.block.dsq'],
      ['is', 'keyword.operator.logical.dsq'],
      ['not', 'keyword.operator.logical.dsq'],
      ['null', 'constant.language.null.dsq'],
    ]);
  });

  it('does not take keywords inside names', () => {
    expect(scopesOf('selection orders')).toEqual([['selection orders', 'source.dsq']]);
  });
});
