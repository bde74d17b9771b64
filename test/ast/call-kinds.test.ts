import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/ast/kinds.js';
import { CALL_FORMS, EXPR_CALLS } from '../../src/ast/kinds-expressions.js';
import { isChildField, type Field } from '../../src/ast/field-checks.js';
import { NullNode } from '../../src/ast/objects.js';
import { isReservedWord } from '../../src/syntax/words.js';
import { specFunction } from '../../src/spec/functions.js';
import { EXPRESSION_FORMS } from '../../src/lsp/keywords.js';
import { print } from '../../src/print/print.js';
import { parse } from '../../src/syntax/parse.js';
import { KIND_EXAMPLES } from '../../src/syntax/kind-examples.js';

/**
 * The kinds written `KEYWORD(a, b)` (an entry's `call`, src/ast/kind-spec.ts): what the rest of
 * dsq derives from the entry holds for every such kind of the table. docs/trial-kind.md shows a
 * trial expression call (NULLIF_EMPTY) run through parse, print, JSON, lint, LSP and SQL.
 */
describe('the kinds written KEYWORD(a, b)', () => {
  it('name fields of their kind, and have a keyword', () => {
    expect(Object.keys(CALL_FORMS)).toEqual(expect.arrayContaining(['system_column', 'database_column']));
    for (const [kind, form] of Object.entries(CALL_FORMS)) {
      const fields = KINDS[kind as keyof typeof KINDS].fields as Readonly<Record<string, Field>>;
      expect(form?.keyword, kind).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(form?.args.every((f) => f in fields)).toBe(true);
    }
  });

  it('print by the one call layout: each argument a node or a name, broken as a call', () => {
    expect(print(parse('SELECT system_column(t, "c d"), DATABASE_COLUMN(WHERE a = 1, t, \'c\')'))).toBe(
      'SELECT SYSTEM_COLUMN(t, "c d"), DATABASE_COLUMN(WHERE a = 1, t, \'c\')',
    );
    expect(print(parse("SELECT DATABASE_COLUMN('a database name', a_table_name, 'a column')"), { width: 20 })).toBe(
      "SELECT\n  DATABASE_COLUMN(\n    'a database name',\n    a_table_name,\n    'a column'\n  )",
    );
  });

  it('are offered by the language server as forms, with a placeholder per argument', () => {
    const forms = new Map(EXPRESSION_FORMS.map((f) => [f.label, f]));
    for (const form of Object.values(CALL_FORMS)) {
      if (form === undefined) continue;
      expect(forms.get(form.keyword)?.snippet).toBe(`${form.keyword}(${form.args.map((_, i) => `$${i + 1}`).join(', ')})`);
    }
    expect(forms.get('DATABASE_COLUMN')?.insert).toBe('DATABASE_COLUMN(, , )');
  });
});

describe('the expression calls (a call whose entry says what it gives)', () => {
  it('take expressions only, by a keyword that is a bare word, no keyword and no function of the spec', () => {
    for (const call of EXPR_CALLS) {
      const fields = KINDS[call.kind as keyof typeof KINDS].fields as Readonly<Record<string, Field>>;
      expect(Object.keys(fields), call.kind).toEqual([...call.args]);
      for (const f of call.args) {
        const field = fields[f] as Field;
        expect(isChildField(field) && field.role === 'expr' && field.shape === 'one', `${call.kind}.${f}`).toBe(true);
      }
      expect(isReservedWord(call.keyword), call.keyword).toBe(false);
      expect(specFunction(call.keyword), call.keyword).toBeUndefined();
    }
  });

  it('make their node from the arguments in order, and their SQL names only those arguments', () => {
    for (const call of EXPR_CALLS) {
      const args = call.args.map(() => new NullNode());
      const node = call.make(...args) as unknown as Readonly<Record<string, unknown>>;
      expect(node.kind).toBe(call.kind);
      call.args.forEach((f, i) => expect(node[f], `${call.kind}.${f}`).toBe(args[i]));
      for (const [, i] of call.value.sql?.matchAll(/%(\d+)/g) ?? []) expect(Number(i)).toBeLessThan(call.args.length);
    }
  });

  it('each has a kind example, KEYWORD(a, ...), that the parser reads into its kind', () => {
    for (const call of EXPR_CALLS) {
      const example = KIND_EXAMPLES[call.kind];
      expect(example).toBe(`SELECT ${call.keyword}(${call.args.map((_, i) => String.fromCharCode(97 + i)).join(', ')})`);
    }
  });
});
