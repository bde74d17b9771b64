import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/index.js';
import { readSchema } from '../../src/schema/index.js';
import { tokenizeLine, type Grammar } from '../grammar/textmate.js';

const schema = readSchema(JSON.stringify({
  groups: [{ name: 'sales', databases: [{ name: 'orders', fields: [{ name: 'id', type: 'int(8)', key: true }, { name: 'region', type: 'utf8vstring(8)', key: true }, { name: 'amount', type: 'decimal(12,2)' }] }] }],
}));
const codes = (text: string, withSchema = false) => lint(text, withSchema ? { schema } : {}).diagnostics.map((d) => d.code);

describe('lint rules for data actions', () => {
  it('write-without-where: UPDATE/DELETE/TRASH/RESTORE/DISPOSE without WHERE or RECORDS act on every record', () => {
    for (const t of ['UPDATE t SET a = 1', 'DELETE FROM t', 'TRASH FROM t', 'RESTORE FROM t', 'DISPOSE FROM t']) expect(codes(t)).toContain('write-without-where');
    for (const t of ['UPDATE t SET a = 1 WHERE id = 1', 'DELETE FROM t RECORDS [1, 2]', 'DISPOSE FROM t RECORDS ALL']) expect(codes(t)).not.toContain('write-without-where');
  });

  it('write-without-where quotes the spec for DELETE and DISPOSE', () => {
    expect(lint('DISPOSE FROM t').diagnostics[0]?.message).toMatch(/delete permanently and cannot be undone/);
  });

  it('insert-missing-key: every key field needs a value (with a schema)', () => {
    expect(codes('INSERT INTO sales.orders (id, amount) VALUES (1, 5)', true)).toContain('insert-missing-key');
    expect(codes("INSERT INTO sales.orders (id, region, amount) VALUES (1, NULL, 5)", true)).toContain('insert-missing-key');
    expect(codes("INSERT INTO sales.orders (id, region, amount) VALUES (1, 'eu', 5)", true)).not.toContain('insert-missing-key');
    expect(codes('INSERT INTO sales.orders (amount) VALUES (5)')).not.toContain('insert-missing-key');
  });

  it('a field set twice is an error of the file (the spec check)', () => {
    expect(codes('UPDATE t SET a = 1, a = 2 WHERE id = 1')).toContain('syntax-error');
  });
});

describe('TextMate grammar: the action words are keywords where they act as such', () => {
  const grammar = JSON.parse(readFileSync(new URL('../../grammar/dsq.tmLanguage.json', import.meta.url), 'utf8')) as Grammar;
  const keywordsOf = (line: string) => tokenizeLine(grammar, line).filter((t) => t.scopes[1] === 'keyword.other.dsq').map((t) => t.text.trim());
  it('at a statement start and in their clauses', () => {
    expect(keywordsOf("UPDATE shop.orders SET status = 'paid' WHERE id = 7")).toEqual(['UPDATE', 'SET', 'WHERE']);
    expect(keywordsOf('FETCH COUNT RECORDS FROM t RECORDS [1]')).toEqual(['FETCH COUNT RECORDS', 'FROM', 'RECORDS']);
    expect(keywordsOf('INSERT INTO t (a) VALUES (1) ON DUPLICATE UPDATE')).toEqual(['INSERT INTO', 'VALUES', 'ON DUPLICATE UPDATE']);
    expect(keywordsOf('DELETE FROM t; TRASH FROM t')).toEqual(['DELETE FROM', 'TRASH FROM']);
  });
  it('a column called update stays a name', () => {
    expect(keywordsOf('SELECT update, set FROM t')).toEqual(['SELECT', 'FROM']);
  });
});
