import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, languageService } from '../../helpers/typescript.js';

/**
 * What an editor shows on hovering a typed query (issue 12): the result row first, written
 * out (`SelectQuery<{ id: bigint; total: number; }, ...>`), not the schema and the sources;
 * and `RowType<typeof q>` is the row alone. Asked of the TypeScript language service
 * (quick info at the variable's name), as an editor asks it.
 */
const PROBE = join(ROOT, 'test', 'builder', 'typed', '__hover-probe.ts');

/** Each case: a query, and the row its hover must show (as the compiler writes it, on one line). */
const CASES: readonly (readonly [string, string, string])[] = [
  ['named fields', "db.selectFrom('invoices').select('id', 'total')", '{ id: bigint; total: number; }'],
  ['no select is SELECT *', "db.selectFrom('customers')", '{ id: number; name: string; email: string | null; region: string | null; vip: boolean; }'],
  [
    'a left join: its fields may be null',
    "db.selectFrom('invoices', 'i').leftJoin('customers', 'c').select('i.id', 'c.name')",
    '{ id: bigint; name: string | null; }',
  ],
  [
    'an aggregate',
    "db.selectFrom('invoices').select(({ col, fn }) => [col('status'), fn.sum(col('total')).as('sum')]).groupBy('status')",
    '{ status: string; sum: number | null; }',
  ],
  [
    'a column added by $if is optional',
    "db.selectFrom('invoices').select('id').$if(true, (q) => q.select('memo'))",
    '{ id: bigint; memo?: string | null | undefined; }',
  ],
  ['a subquery source', "db.selectFrom(db.selectFrom('invoices').select('id', 'paid')).select('paid')", '{ paid: boolean; }'],
  [
    'selectAll after select',
    "db.selectFrom('customers').select('id').selectAll()",
    '{ id: number; name: string; email: string | null; region: string | null; vip: boolean; }',
  ],
  ['the keys in select order (issue 26)', "db.selectFrom('invoices').select('status', 'total', 'id')", '{ status: string; total: number; id: bigint; }'],
  [
    'the keys in select order, from an array and a callback',
    "db.selectFrom('invoices').select(['memo', 'id'], ({ col }) => [col('total').as('t'), col('customer')])",
    '{ memo: string | null; id: bigint; t: number; customer: number; }',
  ],
  [
    'a correlated scalar subquery',
    "db.selectFrom('customers', 'c').select(({ scalar, selectFrom }) => [scalar(selectFrom('invoices').select('total').where(({ col }) => col('customer').eq(col('c.id')))).as('last')])",
    '{ last: number | null; }',
  ],
];

const TEXT = [
  "import { builder, type RowType } from '../../../src/builder/index.js';",
  "import { ShopFields, type Shop } from './schema.js';",
  'const db = builder<Shop>(ShopFields);',
  ...CASES.flatMap(([, query], i) => [`export const q${i} = ${query};`, `export type R${i} = RowType<typeof q${i}>;`]),
  '',
].join('\n');

let service: ts.LanguageService;
beforeAll(() => {
  service = languageService({ [PROBE]: TEXT });
}, 120_000);

/** The hover text at the first character of `name`'s declaration, on one line. */
function hover(name: string): string {
  const at = TEXT.indexOf(` ${name} =`) + 1;
  const info = service.getQuickInfoAtPosition(PROBE, at);
  return ts.displayPartsToString(info?.displayParts).replace(/\s+/g, ' ');
}

/** The first type argument of a generic type's text (`A<{ x: B<C>; }, D>` → `{ x: B<C>; }`). */
function firstArgument(text: string): string {
  const start = text.indexOf('<') + 1;
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '<' || c === '{' || c === '(' || c === '[') depth++;
    else if (c === '>' || c === '}' || c === ')' || c === ']') {
      if (depth === 0) return text.slice(start, i).trim();
      depth--;
    } else if (c === ',' && depth === 0) return text.slice(start, i).trim();
  }
  return text.slice(start);
}

describe('hovering a typed query', () => {
  it('the probe compiles', () => {
    const program = service.getProgram() as ts.Program;
    const diagnostics = program.getSemanticDiagnostics(program.getSourceFile(PROBE));
    expect(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  });

  it.each(CASES.map(([name, , row], i) => [name, i, row] as const))('%s: the hover shows the row first', (_, i, row) => {
    const text = hover(`q${i}`);
    expect(text.startsWith(`const q${i}: SelectQuery<{`), text).toBe(true);
    expect(firstArgument(text)).toBe(row);
  });

  it.each(CASES.map(([name, , row], i) => [name, i, row] as const))('%s: RowType<typeof q> is the row alone', (_, i, row) => {
    expect(hover(`R${i}`)).toBe(`type R${i} = ${row}`);
  });
});
