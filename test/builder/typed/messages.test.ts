import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, errorsByLine, languageService, markedMistakes, shownMistakes } from '../../helpers/typescript.js';

/**
 * The typed builder's errors as the compiler prints them (issue 12): mistakes.ts with its
 * `@ts-expect-error` directives stripped is compiled through the TypeScript API; each marked
 * line must have an error, the quoted message (`msg: ...`) where the comment gives one, and
 * a name error is one short sentence, not an expanded scope type. The editor's completions
 * for the first argument of `select(` are the field names.
 */
const DIR = join(ROOT, 'test', 'builder', 'typed');
const MISTAKES = join(DIR, 'mistakes.ts');
const PROBE = join(DIR, '__completion-probe.ts');
const TOUR = join(ROOT, 'examples', 'builder-tour.ts');
const TOUR_PROBE = join(DIR, '__tour-probe.ts');

/** The tour's mistakes: `// code` then `//   → message`, after the line that introduces them. */
const tourMistakes = shownMistakes(readFileSync(TOUR, 'utf8'), '// Mistakes are compile errors', '// 3. Tagged template');
const TOUR_PROBE_TEXT = [
  "import { builder } from '../../../src/builder/index.js';",
  "import type { Schema } from '../../../examples/shop.schema.js';",
  'const db = builder<Schema>();',
  ...tourMistakes.map((m) => `${m.code};`),
  '',
].join('\n');
const TOUR_FIRST_LINE = 3;

const { marked, stripped } = markedMistakes(MISTAKES);

const PROBE_TEXT = [
  "import { builder } from '../../../src/builder/index.js';",
  "import { ShopFields, type Shop } from './schema.js';",
  'const db = builder<Shop>(ShopFields);',
  "db.selectFrom('invoices').select('');",
  "db.selectFrom('invoices', 'i').join('customers', 'c').where(({ col }) => col('').isNull());",
  "db.selectFrom('invoices').groupBy('status', '');",
  "db.selectFrom('invoices', 'i').join('customers', 'c').whereRef('i.customer', '=', '');",
  // A name being typed (a wrong name until it is complete): completions list names only.
  "db.selectFrom('invoices').select('to');",
  "db.selectFrom('invoices').select('id', 'to');",
  "db.selectFrom('invoices').where('to', '=', 1);",
  "db.selectFrom('invoices').orWhere('to');",
  "db.selectFrom('invoices').having('to', '=', 1);",
  "db.selectFrom('invoices').orderBy('to');",
  "db.selectFrom('invoices').groupBy('to');",
  "db.selectFrom('invoices').where(({ col }) => col('to').isNull());",
  "db.selectFrom('invoices', 'i').join('customers', 'c').whereRef('i.customer', '=', 'c.na');",
  "db.selectFrom('invoices', 'i').join('customers', 'c').whereRef('i.cus', '=', 'c.id');",
  "db.insertInto('invoices').values([{ }]);",
  "db.updateTable('invoices').set({ });",
  "db.selectFrom('invoices').where(({ ref }) => ref('to').gt(1));",
  "db.fetchRecords('invoices').orderBy('to');",
  '',
].join('\n');

let errors: Map<number, string[]>;
let tourErrors: Map<number, string[]>;

/**
 * A message's words, sorted: for the compiler's own messages, whose unions come in the order
 * the compiler made their members. The builder's lists of names are sorted (stable), so a tour
 * message that lists names must match exactly.
 */
const words = (text: string) =>
  text
    .replaceAll('\\"', '"')
    .split(/[\s,;:()'"]+/)
    .filter(Boolean)
    .sort();
let service: ts.LanguageService;

beforeAll(() => {
  service = languageService({ [MISTAKES]: stripped, [PROBE]: PROBE_TEXT, [TOUR_PROBE]: TOUR_PROBE_TEXT });
  errors = errorsByLine(service, MISTAKES);
  tourErrors = errorsByLine(service, TOUR_PROBE);
}, 120_000);

describe('typed builder errors through the compiler', () => {
  it('marks at least 40 mistakes', () => {
    expect(marked.length).toBeGreaterThanOrEqual(40);
  });

  it('every marked mistake is an error on its own line, and only those lines have errors', () => {
    const missing = marked.filter((m) => !errors.has(m.line)).map((m) => `${m.line + 1}: ${m.why}`);
    expect(missing).toEqual([]);
    const wanted = new Set(marked.map((m) => m.line));
    const stray = [...errors].filter(([line]) => !wanted.has(line)).map(([line, msgs]) => `${line + 1}: ${msgs[0]}`);
    expect(stray).toEqual([]);
  });

  it.each(marked.filter((m) => m.msg !== null).map((m) => [m.why, m] as const))('%s: the message says so', (_, m) => {
    const text = (errors.get(m.line) ?? []).join('\n').replaceAll('\\"', '"');
    expect(text).toContain(m.msg);
  });

  it('a misspelt name is one short error that lists the valid names', () => {
    const text = (errors.get(marked.find((m) => m.why === 'unknown field')?.line ?? -1) ?? []).join('\n');
    expect(text).toBe(
      `Argument of type '"totl"' is not assignable to parameter of type '"no column \\"totl\\" in this query; the columns are: total, customer, due, id, issued, memo, paid, status"'.`,
    );
    const ambiguous = (errors.get(marked.find((m) => m.why === 'an ambiguous plain name')?.line ?? -1) ?? []).join('\n');
    expect(ambiguous.split('\n')).toHaveLength(1);
    expect(ambiguous).not.toMatch(/View<|ScopeOf|Db</);
  });

  it('what is not a condition is one short line saying what it got, not the expression builder type', () => {
    const conditions = marked.filter((m) => m.msg?.includes('needs a condition') === true);
    expect(conditions.length).toBeGreaterThanOrEqual(14);
    for (const m of conditions) {
      const text = (errors.get(m.line) ?? []).join('\n');
      expect(text.split('\n'), text).toHaveLength(1);
      expect(text.length, text).toBeLessThan(320);
      expect(text).not.toMatch(/ExpressionBuilder<|Expression_<|__type|boolean \| null \| undefined/);
    }
  });

  it('the mistakes the README tour shows give the messages it shows', () => {
    expect(tourMistakes.length).toBeGreaterThanOrEqual(5);
    tourMistakes.forEach((m, i) => {
      const got = tourErrors.get(TOUR_FIRST_LINE + i) ?? [];
      expect(got.length, m.code).toBeGreaterThan(0);
      const match = got
        .flatMap((g) => g.split('\n'))
        .some((line) => {
          const shown = words(m.message);
          const inner = /to (?:parameter of )?type '"(.*)"'\.$/.exec(line)?.[1]?.replaceAll('\\"', '"');
          const lists = /the columns are|ambiguous/.test(m.message);
          return [line, inner ?? ''].some((t) => (!lists && JSON.stringify(words(t)) === JSON.stringify(shown)) || t.trim().startsWith(m.message));
        });
      expect(match, `${m.code}\n  shown: ${m.message}\n  got: ${got.join('\n')}`).toBe(true);
    });
  });

  it('completes field names for the first argument of select(, of col(, of groupBy( and of whereRef(', () => {
    const names = (needle: string) => {
      const at = PROBE_TEXT.indexOf(needle) + needle.length;
      return (service.getCompletionsAtPosition(PROBE, at, {})?.entries ?? []).map((e) => e.name);
    };
    expect(names(".select('")).toEqual(expect.arrayContaining(['id', 'total', 'status', 'invoices.total', 'record_id']));
    expect(names("col('")).toEqual(expect.arrayContaining(['total', 'name', 'i.id', 'c.id']));
    expect(names("col('")).not.toContain('id');
    expect(names("groupBy('status', '")).toEqual(expect.arrayContaining(['id', 'total', 'status', 'invoices.total']));
    expect(names("whereRef('i.customer', '=', '")).toEqual(expect.arrayContaining(['c.id', 'i.total']));
  });

  it('lists names only while a name is typed, never a message (the messages are for the error path)', () => {
    const names = (needle: string) => {
      const at = PROBE_TEXT.indexOf(needle) + needle.length;
      expect(at, needle).toBeGreaterThan(needle.length - 1);
      return (service.getCompletionsAtPosition(PROBE, at, {})?.entries ?? []).map((e) => e.name);
    };
    const wanted: [string, string][] = [
      [".select('", 'total'],
      [".select('to", 'total'],
      [".select('id', 'to", 'total'],
      [".where('to", 'total'],
      [".orWhere('to", 'total'],
      [".having('to", 'total'],
      [".orderBy('to", 'total'],
      [".groupBy('to", 'total'],
      ["col('to", 'total'],
      ["whereRef('i.customer', '=', 'c.na", 'c.name'],
      ["whereRef('i.cus", 'i.customer'],
      ['values([{ ', 'total'],
      ['set({ ', 'total'],
      ["ref('to", 'total'],
      ["fetchRecords('invoices').orderBy('to", 'total'],
    ];
    for (const [needle, name] of wanted) {
      const got = names(needle);
      expect(got, needle).toContain(name);
      expect(
        got.filter((n) => !/^[\w.-]+$/.test(n)),
        needle,
      ).toEqual([]);
    }
  });
});
