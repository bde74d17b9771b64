import { E } from '../../src/ast/field-checks.js';
import { json } from '../../src/ast/kind-spec.js';
import type * as KindsExpressions from '../../src/ast/kinds-expressions.js';

/**
 * Expression calls made for tests, added to the kind table's expressions where a test file mocks
 * src/ast/kinds-expressions.ts with this (vitest `vi.mock`, the mock in that file only):
 *
 *     vi.mock('../../src/ast/kinds-expressions.js', async (original) =>
 *       (await import('../helpers/test-call-kind.js')).withTestCallKinds(await original()));
 *
 * Every part that reads the table (KINDS, the call tables, the parser, printer, SQL, hover)
 * then sees them. `REMOTE_ONLY(e)` has `sql: null`, which no kind of the table has today.
 */
export const TEST_CALL_KINDS = {
  nullif_empty: {
    role: 'expr',
    fields: { e: E },
    json: json({ type: 'nullif_empty' }),
    keyword: 'NULLIF_EMPTY',
    operator: null,
    make: (e: unknown) => ({ kind: 'nullif_empty', e }),
    call: { args: ['e'], value: { type: 'string', nullable: true, sql: "NULLIF(%0, '')" }, description: 'Null where `e` is the empty string, else `e`.' },
  },
  remote_only: {
    role: 'expr',
    fields: { e: E },
    json: json({ type: 'remote_only' }),
    keyword: 'REMOTE_ONLY',
    operator: null,
    make: (e: unknown) => ({ kind: 'remote_only', e }),
    call: { args: ['e'], value: { type: 'integer', nullable: false, sql: null }, description: 'A value only the service computes (a test kind).' },
  },
} as const;

/** The module kinds-expressions.ts with TEST_CALL_KINDS added to its entries and its call tables derived again. */
export function withTestCallKinds(original: typeof KindsExpressions): typeof KindsExpressions {
  const EXPRESSION_KINDS = { ...original.EXPRESSION_KINDS, ...TEST_CALL_KINDS } as unknown as typeof original.EXPRESSION_KINDS;
  return { ...original, EXPRESSION_KINDS, ...original.callTables(EXPRESSION_KINDS) };
}
