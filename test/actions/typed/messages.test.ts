import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, errorsByLine, languageService, markedMistakes } from '../../helpers/typescript.js';

/**
 * The typed data actions' errors as the compiler prints them (issue 16): mistakes.ts with its
 * `@ts-expect-error` directives stripped is compiled through the TypeScript API; each marked
 * line must have an error, and the quoted message (`msg: ...`) where the comment gives one; no
 * other line may have one.
 */
const MISTAKES = join(ROOT, 'test', 'actions', 'typed', 'mistakes.ts');

const { marked, stripped } = markedMistakes(MISTAKES);

let errors: Map<number, string[]>;

beforeAll(() => {
  errors = errorsByLine(languageService({ [MISTAKES]: stripped }), MISTAKES);
}, 120_000);

describe('typed data action errors through the compiler', () => {
  it('marks at least 35 mistakes', () => {
    expect(marked.length).toBeGreaterThanOrEqual(35);
  });

  it('every marked mistake is an error on its own line, and only those lines have errors', () => {
    expect(marked.filter((m) => !errors.has(m.line)).map((m) => `${m.line + 1}: ${m.why}`)).toEqual([]);
    const wanted = new Set(marked.map((m) => m.line));
    expect([...errors].filter(([line]) => !wanted.has(line)).map(([line, msgs]) => `${line + 1}: ${msgs[0]}`)).toEqual([]);
  });

  it.each(marked.filter((m) => m.msg !== null).map((m) => [m.why, m] as const))('%s: the message says so', (_, m) => {
    expect((errors.get(m.line) ?? []).join('\n').replaceAll('\\"', '"')).toContain(m.msg);
  });
});
