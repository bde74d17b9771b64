import { describe, expect, it, vi } from 'vitest';
import { hover } from '../../src/lsp/hover.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { cursor, positionIn, SHOP } from './helpers.js';

vi.mock('../../src/ast/kinds-expressions.js', async (original) => (await import('../helpers/test-call-kind.js')).withTestCallKinds(await original()));

const hoverAt = (marked: string) => {
  const { text, offset } = cursor(marked);
  const h = hover(textModelOf(text), offset, { schema: SHOP, rangeOf: (s, e) => ({ start: positionIn(text, s), end: positionIn(text, e) }) });
  return h === null ? null : (h.contents as { value: string }).value;
};

/** Hover on the keyword of a kind written `KEYWORD(a, b)`: from its kind-table entry alone (test kinds: test/helpers/test-call-kind.ts). */
describe('hover on a call kind of the kind table', () => {
  it('shows the form, the description and what an expression call gives, for a kind added to the table only', () => {
    expect(hoverAt('SELECT nullif_em|pty(name) FROM customers')).toBe(
      '```dsq\nNULLIF_EMPTY(e)\n```\nNull where `e` is the empty string, else `e`.\n\nGives a string, or null · kind `nullif_empty` (the kind table)',
    );
    expect(hoverAt('SELECT REMOTE_ONL|Y(1)')).toBe(
      '```dsq\nREMOTE_ONLY(e)\n```\nA value only the service computes (a test kind).\n\nGives an integer (null only where an argument is null) · kind `remote_only` (the kind table)',
    );
  });

  it('a quoted name is a function of that name, not the kind', () => {
    expect(hoverAt('SELECT "NULLIF_EMP|TY"(name) FROM customers')).toBe("`NULLIF_EMPTY` is not a function of the spec's table (unknown-function).");
  });
});
