import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { parse, parseExpression, parseStatements } from '../../src/syntax/index.js';

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
