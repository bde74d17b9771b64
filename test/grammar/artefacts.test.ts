import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diagramRules, INLINED_RULES, SHOWN_RULES, syntaxDiagramsHtml } from '../../grammar/diagrams.js';
import { grammarProductions, textMateGrammar } from '../../grammar/productions.js';
import { tokenizeLine, type Grammar } from './textmate.js';
import { FETCH_TYPES, STATEMENT_WORDS } from '../../src/ast/kinds.js';

const read = (name: string) => readFileSync(new URL(`../../grammar/${name}`, import.meta.url), 'utf8');

describe('grammar/ artefacts are generated from the parser (npm run grammar)', () => {
  it('diagrams.html equals the generated syntax diagrams', () => {
    expect(read('diagrams.html')).toBe(syntaxDiagramsHtml());
  });

  it('dsq.tmLanguage.json equals the generated TextMate grammar', () => {
    expect(read('dsq.tmLanguage.json')).toBe(`${JSON.stringify(textMateGrammar(), null, 2)}\n`);
  });

  it('the diagrams show every rule of the parser, helpers drawn in place', () => {
    const shown = diagramRules().map((r) => r.name);
    for (const rule of grammarProductions()) {
      const name = (rule as unknown as { name: string }).name;
      if (INLINED_RULES.includes(name)) expect(shown).not.toContain(name);
      else expect(shown).toContain(SHOWN_RULES[name]?.name);
    }
    const html = read('diagrams.html');
    for (const name of shown) expect(html).toContain(`<h2 class="diagramHeader">${name}</h2>`);
    // No rule refers to a helper that is not drawn: every non-terminal is a shown rule.
    const refs = new Set<string>();
    const stack = [...diagramRules()] as { type: string; name?: string; definition?: unknown[] }[];
    while (stack.length > 0) {
      const p = stack.pop() as (typeof stack)[number];
      if (p.type === 'NonTerminal') refs.add(p.name as string);
      if (p.definition) stack.push(...(p.definition as typeof stack));
    }
    for (const ref of refs) expect(shown).toContain(ref);
  });

  it("rule names are the reference's, or say what they are", () => {
    const reference = read('reference.md');
    // The productions of the reference: `name :=` at the start of a line of a grammar block.
    const productions = new Set([...reference.matchAll(/^(\w+)\s+:=/gm)].map((m) => m[1]));
    expect(productions).toContain('source_primary');
    const unexplained = Object.values(SHOWN_RULES).filter((s) => !productions.has(s.name) && !s.note);
    expect(unexplained).toEqual([]);
    for (const rule of diagramRules()) expect(rule.name).toMatch(/^[a-z_]+$/);
    // Helpers do not show under their internal names.
    const html = read('diagrams.html');
    for (const internal of ['pathFrom', 'sourceAlias', 'resultColumn', 'sourcePrimary']) expect(html).not.toContain(`"name":"${internal}"`);
    for (const label of ['StringLiteral', 'NumberLiteral', 'a name']) expect(html).not.toContain(`"label":"${label}"`);
    expect(html).toContain('"label":"string"');
  });

  it("diagrams.html is self-contained: chevrotain's scripts and styles inlined, nothing loaded", () => {
    const html = read('diagrams.html');
    expect(html).not.toMatch(/<script[^>]*\ssrc=/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/(?:src|href)=["']?(?:https?:)?\/\//i);
    expect(html).not.toContain('unpkg');
    expect(html).toContain('function buildSyntaxDiagramsText');
    expect(html).toContain('initDiagramsBehavior');
    expect(html).toContain('svg.railroad-diagram path');
  });
});

describe('TextMate grammar tokenization', () => {
  const grammar = JSON.parse(read('dsq.tmLanguage.json')) as Grammar;
  const scopesOf = (line: string) => tokenizeLine(grammar, line).map((t) => [t.text, t.scopes[1] ?? 'source.dsq']);

  it('scopes every statement word and FETCH type of the kind table as a keyword where a statement starts', () => {
    for (const word of STATEMENT_WORDS.filter((w) => w !== 'SELECT')) {
      expect(scopesOf(`${word.toLowerCase()} x`)[0], word).toEqual([word.toLowerCase(), 'keyword.other.dsq']);
    }
    for (const type of FETCH_TYPES) expect(scopesOf(`SELECT 1; FETCH ${type.toUpperCase()}`).at(-1)?.[1], type).toBe('keyword.other.dsq');
  });

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

  it("scopes the administrative actions' words where they start a statement or a clause (issue 29)", () => {
    const keywords = (line: string) =>
      scopesOf(line)
        .filter(([, scope]) => scope === 'keyword.other.dsq')
        .map(([text]) => text);
    expect(keywords('ALTER DATABASE shop.orders ADD FIELDS note utf8text')).toEqual(['ALTER DATABASE', 'ADD FIELDS']);
    expect(keywords('DROP GROUP archive')).toEqual(['DROP GROUP']);
    expect(keywords('SCHEMA')).toEqual(['SCHEMA']);
    expect(keywords('SELECT drop FROM t')).toEqual(['SELECT', 'FROM']);
  });

  it('knows contextual words only where they have meaning, quoted names, block comments', () => {
    expect(scopesOf('select date, DATE \'2024-01-31\', "odd "" name" /* c */ is not null')).toEqual([
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

  it('scopes parameters :name (keywords too), not the : of a path', () => {
    expect(scopesOf('WHERE photo:size = :size AND id IN :ids LIMIT :limit')).toEqual([
      ['WHERE', 'keyword.other.dsq'],
      ['photo', 'source.dsq'],
      [':', 'punctuation.separator.path.dsq'],
      ['size', 'source.dsq'],
      ['=', 'keyword.operator.comparison.dsq'],
      [':size', 'variable.parameter.dsq'],
      ['AND', 'keyword.operator.logical.dsq'],
      ['id', 'source.dsq'],
      ['IN', 'keyword.operator.logical.dsq'],
      [':ids', 'variable.parameter.dsq'],
      ['LIMIT', 'keyword.other.dsq'],
      [':limit', 'variable.parameter.dsq'],
    ]);
    expect(scopesOf('KEY(id = :id) OPTIONS (ROWS = :n)').filter(([, s]) => s === 'variable.parameter.dsq')).toEqual([
      [':id', 'variable.parameter.dsq'],
      [':n', 'variable.parameter.dsq'],
    ]);
  });

  it('does not take keywords inside names', () => {
    expect(scopesOf('selection orders')).toEqual([['selection orders', 'source.dsq']]);
  });
});
