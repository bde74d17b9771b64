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

/** Records and `.set()` being written, for the editor's completions (issue 26). */
const PROBE = join(ROOT, 'test', 'actions', 'typed', '__completion-probe.ts');
const PROBE_TEXT = [
  "import { builder } from '../../../src/builder/index.js';",
  "import { ShopFields, type Shop } from '../../builder/typed/schema.js';",
  "const db = builder<Shop, { customers: { 'E-mail': 'email' } }>(ShopFields);",
  "db.insertInto('invoices').values([{ id: 1n,  }]);",
  "db.updateTable('invoices').set({  });",
  "db.updateTable('customers').set({ name: 'x',  });",
  '',
].join('\n');

let errors: Map<number, string[]>;
let service: ReturnType<typeof languageService>;

beforeAll(() => {
  service = languageService({ [MISTAKES]: stripped, [PROBE]: PROBE_TEXT });
  errors = errorsByLine(service, MISTAKES);
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

  it('completes every field and label not given yet in a record and in .set({ ... })', () => {
    const names = (needle: string) => {
      const at = PROBE_TEXT.indexOf(needle) + needle.length;
      return (service.getCompletionsAtPosition(PROBE, at, {})?.entries ?? []).map((e) => e.name).sort();
    };
    expect(names('values([{ id: 1n, ')).toEqual(['customer', 'due', 'issued', 'memo', 'paid', 'status', 'total']);
    expect(names("invoices').set({ ")).toEqual(['customer', 'due', 'id', 'issued', 'memo', 'paid', 'status', 'total']);
    expect(names("set({ name: 'x', ")).toEqual(['"E-mail"', 'email', 'id', 'region', 'vip']);
  });

  it.each(marked.filter((m) => m.msg !== null).map((m) => [m.why, m] as const))('%s: the message says so', (_, m) => {
    expect((errors.get(m.line) ?? []).join('\n').replaceAll('\\"', '"')).toContain(m.msg);
  });
});
