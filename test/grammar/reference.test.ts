import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { checkDateTimeText, DATETIME_GRAMMAR } from '../../src/ast/datetime.js';
import { SPEC_FUNCTIONS } from '../../src/spec/functions.js';
import { parse, parseExpression, parseStatements } from '../../src/syntax/index.js';
import { KEYWORDS } from '../../src/syntax/tokens.js';
import { ALIAS_RESERVED_WORDS, BARE_NAME_SOURCE, RESERVED_WORDS, WHITE_SPACE_SOURCE } from '../../src/syntax/words.js';

/** grammar/reference.md: every example on the page parses (and every error example is rejected). */
const page = readFileSync(new URL('../../grammar/reference.md', import.meta.url), 'utf8');

const blocks = [...page.matchAll(/```dsq\n([\s\S]*?)```/g)].map((m) => m[1] as string);

interface TableExample {
  readonly section: string;
  readonly code: string;
  readonly error: boolean;
}

/** Code spans of the first column of the Sources, Specifiers and Expressions tables. */
function tableExamples(): TableExample[] {
  const out: TableExample[] = [];
  let section = '';
  for (const line of page.split('\n')) {
    const heading = /^##+ (.*)$/.exec(line);
    if (heading) section = heading[1] as string;
    if (!['Sources', 'Specifiers', 'Expressions'].includes(section) || !line.startsWith('| `')) continue;
    const [, first = '', second = ''] = line.split(/(?<!\\)\|/);
    for (const m of first.matchAll(/`([^`]+)`/g)) {
      const code = m[1] as string;
      // Templates, not examples: placeholders and elisions.
      if (/\.\.\.|\[AS|\bspec\b|\bs1\b|\[base\]/.test(code)) continue;
      out.push({ section, code, error: second.trim().startsWith('error') });
    }
  }
  return out;
}

function check(example: TableExample): () => unknown {
  const { section, code } = example;
  if (section === 'Sources') return () => parse(`SELECT * FROM ${code}`);
  if (section === 'Specifiers') return () => parse(`SELECT * FROM DATABASE_TABLE(${code}, t)`);
  return () => parseExpression(code);
}

describe('grammar/reference.md examples', () => {
  it('has example blocks and table examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(7);
    expect(tableExamples().length).toBeGreaterThanOrEqual(50);
  });

  it.each(blocks.map((b, i) => [i + 1, b] as const))('```dsq block %i parses', (_, block) => {
    expect(parseStatements(block).length).toBeGreaterThan(0);
  });

  it.each(tableExamples().map((e) => [e.section, e.code, e] as const))('%s: %s', (_, __, example) => {
    if (example.error) expect(check(example)).toThrow(DsqError);
    else expect(check(example)).not.toThrow();
  });
});

/** The text of a `### heading` section (up to the next heading). */
function section(heading: string): string {
  const at = page.indexOf(`\n### ${heading}\n`);
  if (at < 0) throw new Error(`no section ${heading}`);
  const rest = page.slice(at + heading.length + 6);
  const end = rest.search(/\n##+ /);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The lines of the section that are only upper-case words: the word lists. */
const wordLists = (text: string) =>
  text
    .split('\n')
    .filter((l) => /^[A-Z_]+( [A-Z_]+)+$/.test(l))
    .map((l) => l.split(' '));

describe('grammar/reference.md lists what the lexer and parser read (issue 11)', () => {
  it('the reserved words are exactly the keyword tokens, and the alias-reserved words exactly words.ts', () => {
    const [keywords, aliasWords] = wordLists(section('Reserved words'));
    expect(keywords).toEqual([...RESERVED_WORDS]);
    expect(KEYWORDS.map((t) => t.name)).toEqual(keywords);
    expect(aliasWords).toEqual([...ALIAS_RESERVED_WORDS]);
    for (const word of aliasWords ?? []) expect(() => parse(`SELECT a AS ${word} FROM t`)).toThrow(DsqError);
  });

  it("the bare-name rule is the lexer's (words.ts), and the white-space characters are exactly the lexer's", () => {
    const names = section('Bare names');
    expect(names).toContain(`bare_name := ${BARE_NAME_SOURCE}\n`);
    const listed = [...names.matchAll(/U\+([0-9A-F]{4})/g)].map((m) => parseInt(m[1] as string, 16));
    const start = names.indexOf('White space between tokens');
    const whiteListed = [...names.slice(start, names.indexOf('The line and paragraph')).matchAll(/U\+([0-9A-F]{4})/g)].map((m) => parseInt(m[1] as string, 16));
    expect(listed.length).toBeGreaterThan(whiteListed.length);
    const white: number[] = [];
    const re = new RegExp(`^${WHITE_SPACE_SOURCE}$`);
    for (let c = 0; c < 0x10000; c++) if (re.test(String.fromCharCode(c))) white.push(c);
    expect(whiteListed).toEqual(white);
    // And what the lexer does with them: white space between tokens, never inside a name.
    for (const c of white) expect(parse(`SELECT a${String.fromCharCode(c)}FROM t`)).toEqual(parse('SELECT a FROM t'));
  });

  it('the datetime grammar is the one src/ast/datetime.ts reads, and each example there is valid', () => {
    const text = section('Datetime text');
    expect(text).toContain(`\`\`\`\n${DATETIME_GRAMMAR}\n\`\`\``);
    const examples = [...text.matchAll(/`(\d{2}[^`]*|\d{4}-[^`]*)`/g)].map((m) => m[1] as string);
    expect(examples).toEqual(['10.5', '10:30.5', '10:30:15,250', '2024-01-01T10.5Z']);
    for (const example of examples) {
      const kind = /^\d{4}/.test(example) ? 'datetime' : 'localtime';
      expect(checkDateTimeText(kind, example), example).toBeNull();
    }
  });

  it('the function table is src/spec/functions.ts', () => {
    const rows = [...section('Functions').matchAll(/^\| ([A-Z_]+) \| (1 or more|\d+) \| (yes|no) \|$/gm)].map((m) => [m[1], m[2], m[3]]);
    const table = Object.entries(SPEC_FUNCTIONS).map(([name, f]) => [name, f.args === 'n' ? '1 or more' : String(f.args), f.aggregate ? 'yes' : 'no']);
    expect(rows).toEqual(table);
  });
});
