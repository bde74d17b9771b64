import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The typed data actions' errors as the compiler prints them (issue 16): mistakes.ts with its
 * `@ts-expect-error` directives stripped is compiled through the TypeScript API; each marked
 * line must have an error, and the quoted message (`msg: ...`) where the comment gives one; no
 * other line may have one.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const MISTAKES = join(ROOT, 'test', 'actions', 'typed', 'mistakes.ts');

interface Marked {
  readonly line: number; // 0-based line of the statement under the directive
  readonly why: string;
  readonly msg: string | null;
}

const lines = readFileSync(MISTAKES, 'utf8').split('\n');
const marked: Marked[] = [];
lines.forEach((text, i) => {
  const m = /^\s*\/\/ @ts-expect-error (.*)$/.exec(text);
  if (m === null) return;
  const [why, msg] = (m[1] as string).split(/\s{2}msg: /);
  marked.push({ line: i + 1, why: (why as string).trim(), msg: msg?.trim() ?? null });
});
const stripped = lines.map((l) => l.replace('// @ts-expect-error', '// (expected error)')).join('\n');

let errors: Map<number, string[]>;

beforeAll(() => {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (f) => (f === MISTAKES ? stripped : readFile(f));
  const program = ts.createProgram({ rootNames: [MISTAKES], options: parsed.options, host });
  const file = program.getSourceFile(MISTAKES) as ts.SourceFile;
  errors = new Map();
  for (const d of program.getSemanticDiagnostics(file)) {
    const line = file.getLineAndCharacterOfPosition(d.start ?? 0).line;
    errors.set(line, [...(errors.get(line) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
  }
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
