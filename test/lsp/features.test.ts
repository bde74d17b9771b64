import { describe, expect, it } from 'vitest';
import { format } from '../../src/index.js';
import { lint } from '../../src/lint/index.js';
import { codeActions, FIX_ALL_KIND } from '../../src/lsp/code-actions.js';
import { formatDocument, formatRange, skippedMessage, type OffsetEdit } from '../../src/lsp/formatting.js';
import { aliasAt } from '../../src/lsp/references.js';
import { SEMANTIC_LEGEND, semanticTokens } from '../../src/lsp/semantic.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { documentSymbols } from '../../src/lsp/symbols.js';
import { cursor, positionIn } from './helpers.js';
import { parseStatements } from '../../src/syntax/index.js';

/** The text of every token an alias lookup names: definition first, then the uses. */
function aliasTokens(marked: string) {
  const { text, offset } = cursor(marked);
  const model = textModelOf(text);
  const found = aliasAt(model, offset);
  if (!found) return null;
  const at = (i: number) => model.code[i]!.start;
  return { kind: found.kind, definition: at(found.definition), uses: found.uses.map(at) };
}

describe('go to definition and references of aliases', () => {
  it('finds a source alias from its definition and from each qualifier', () => {
    const text = 'SELECT o.amount FROM orders o WHERE o.status = 1 ORDER BY o.placed';
    const def = text.indexOf(' o ') + 1;
    const uses = [7, text.indexOf('o.status'), text.indexOf('o.placed')];
    expect(aliasTokens(`${text.slice(0, def)}|${text.slice(def)}`)).toEqual({ kind: 'source', definition: def, uses });
    expect(aliasTokens(`SELECT |${text.slice(7)}`)).toEqual({ kind: 'source', definition: def, uses });
  });

  it('lets a subquery that defines the same alias hide the outer one, and sees outer aliases from inside', () => {
    const text = 'SELECT o.id FROM orders o WHERE EXISTS (SELECT 1 FROM lines o WHERE o.qty > 1) AND o.paid = 1';
    const outerDef = text.indexOf('orders o') + 7;
    const r = aliasTokens(`${text.slice(0, outerDef)}|${text.slice(outerDef)}`);
    expect(r?.uses).toEqual([7, text.indexOf('o.paid')]);
    const inner = text.indexOf('o.qty');
    expect(aliasTokens(`${text.slice(0, inner)}|${text.slice(inner)}`)?.definition).toBe(text.indexOf('lines o') + 6);
    const correlated = 'SELECT 1 FROM orders o WHERE EXISTS (SELECT 1 FROM lines l WHERE l.sku = o.id)';
    const use = correlated.indexOf('o.id');
    expect(aliasTokens(`${correlated.slice(0, use)}|${correlated.slice(use)}`)?.definition).toBe(correlated.indexOf('orders o') + 7);
  });

  it('finds a result alias in GROUP BY, HAVING, ORDER BY and ALIAS(), not elsewhere or in a subquery', () => {
    const text = 'SELECT status s, COUNT(*) n FROM orders WHERE ALIAS(n) > 0 AND s = 1 GROUP BY s HAVING n > 1 ORDER BY n, COLUMN(n)';
    const def = text.indexOf(' n ') + 1;
    const r = aliasTokens(`${text.slice(0, def)}|${text.slice(def)}`);
    expect(r?.kind).toBe('result');
    expect(r?.uses).toEqual([def, text.indexOf('ALIAS(n)') + 6, text.indexOf('HAVING n') + 7, text.indexOf('BY n,') + 3]);
    const s = aliasTokens(`SELECT status |s, COUNT(*) n FROM orders WHERE s = 1 GROUP BY s`);
    expect(s?.uses.length).toBe(2); // the definition and GROUP BY s; WHERE s is a column
  });

  it('finds nothing for a plain column or a keyword', () => {
    expect(aliasTokens('SELECT am|ount FROM orders')).toBeNull();
    expect(aliasTokens('SEL|ECT amount FROM orders')).toBeNull();
  });
});

describe('document symbols', () => {
  it('lists every statement, parsed or not, with its aliases', () => {
    const text = '-- first\nSELECT status s, SUM(amount) AS total FROM orders o;\nSELECT broken (((;\n\nSELECT 1';
    const symbols = documentSymbols(textModelOf(text), (s, e) => ({ start: positionIn(text, s), end: positionIn(text, e) }));
    expect(symbols.map((s) => s.name)).toEqual(['SELECT status s, SUM(amount) AS total FROM orders o', 'SELECT broken (((', 'SELECT 1']);
    expect(symbols[0]!.range.start).toEqual({ line: 1, character: 0 });
    expect(symbols[0]!.children?.map((c) => [c.name, c.detail])).toEqual([
      ['s', 'result alias'],
      ['total', 'result alias'],
      ['o', 'source orders'],
    ]);
  });
});

describe('semantic tokens', () => {
  /** [text, type] for each token, decoded from the relative encoding. */
  function decode(text: string) {
    const data = semanticTokens(textModelOf(text), (o) => positionIn(text, o)).data;
    const lines = text.split('\n');
    const out: [string, string, string[]][] = [];
    let line = 0;
    let char = 0;
    for (let i = 0; i < data.length; i += 5) {
      line += data[i]!;
      char = data[i] === 0 ? char + data[i + 1]! : data[i + 1]!;
      const mods = SEMANTIC_LEGEND.tokenModifiers.filter((_, k) => (data[i + 4]! & (1 << k)) !== 0);
      out.push([lines[line]!.slice(char, char + data[i + 2]!), SEMANTIC_LEGEND.tokenTypes[data[i + 3]!]!, mods]);
    }
    return out;
  }

  it('colours names that are keywords elsewhere as names', () => {
    const tokens = decode("SELECT date, table, DATE '2024-01-01', COLUMN(time) FROM t AS column WHERE sum(x) > 1");
    expect(tokens).toEqual([
      ['SELECT', 'keyword', []],
      ['date', 'property', []],
      ['table', 'property', []],
      ['DATE', 'keyword', []],
      ['COLUMN', 'keyword', []],
      ['time', 'property', []],
      ['FROM', 'keyword', []],
      ['t', 'namespace', []],
      ['AS', 'keyword', []],
      ['column', 'variable', ['declaration']],
      ['WHERE', 'keyword', []],
      ['sum', 'function', ['defaultLibrary']],
      ['x', 'property', []],
    ]);
  });

  it('marks qualifiers, aliases, system tables and options', () => {
    const tokens = decode('SELECT o.id AS n FROM SYSTEM_TABLE(users) o\nOPTIONS (ROWS = 5)');
    expect(tokens.filter(([, type]) => type !== 'keyword')).toEqual([
      ['o', 'variable', []],
      ['id', 'property', []],
      ['n', 'variable', ['declaration']],
      ['users', 'namespace', []],
      ['o', 'variable', ['declaration']],
      ['ROWS', 'parameter', []],
    ]);
  });
});

const apply = (text: string, edits: readonly OffsetEdit[]) => {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
};

describe('formatting', () => {
  const text = 'select a,b from t where x=1;\n\n-- two\nselect   c from u\n';

  it('formats the whole document exactly like dsq fmt, as one smallest edit', () => {
    const { edits, skipped } = formatDocument(text, { keywordCase: 'lower' });
    expect(skipped).toEqual([]);
    expect(edits).toHaveLength(1);
    const e = edits[0]!;
    expect(text.slice(0, e.start) + e.text + text.slice(e.end)).toBe(format(text, { keywordCase: 'lower' }));
    expect(e.start).toBeGreaterThan(0);
    expect(formatDocument(format(text), {})).toEqual({ edits: [], skipped: [] });
  });

  it('formats the statements a range touches', () => {
    const start = text.indexOf('select   c');
    const { edits } = formatRange(text, start + 2, start + 4, {});
    let out = text;
    for (const e of [...edits].reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
    expect(out).toBe('select a,b from t where x=1;\n\n-- two\nSELECT c FROM u\n');
  });

  // Found by the range-formatting property (test/lsp/robust.test.ts, seed 292639476): a statement
  // whose formatting ends with a `--` comment from inside it (its parentheses dropped) commented
  // out what followed it on its line: the `;` and the next statement.
  it('a range formatted to end with a -- comment keeps what followed it on its line out of the comment', () => {
    const text = 'SELECT a FROM t WHERE (b -- c\n); SELECT 2';
    const { edits } = formatRange(text, 0, 0, {});
    let out = text;
    for (const e of [...edits].reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
    expect(out).toBe('SELECT a FROM t WHERE b -- c\n; SELECT 2');
    expect(parseStatements(out)).toEqual(parseStatements(text));
    // Blanks after the statement would join the comment's text (seed 8080): they go.
    const blanks = 'SELECT a FROM t WHERE (b -- c\n)  \n; SELECT 2';
    const [edit] = formatRange(blanks, 0, 0, {}).edits;
    expect(blanks.slice(0, edit!.start) + edit!.text + blanks.slice(edit!.end)).toBe('SELECT a FROM t WHERE b -- c\n; SELECT 2');
  });

  it('formats the statements that parse and leaves a broken one as written, saying where it is (issue 28)', () => {
    const broken = 'select a,b from t where x=1;\n\nselect   c from (\n  where;\nselect  d from u';
    const whole = formatDocument(broken, {});
    expect(whole.skipped).toEqual([3]);
    const out = apply(broken, whole.edits);
    expect(out).toBe('SELECT a, b FROM t WHERE x = 1;\n\nselect   c from (\n  where;\nSELECT d FROM u');
    // Formatting again changes nothing; the broken statement still reads as before.
    expect(formatDocument(out, {}).edits).toEqual([]);
    expect(formatDocument('SELECT FROM (', {})).toEqual({ edits: [], skipped: [1] });
    // A range over the broken statement only: nothing to do, and it says so.
    expect(formatRange(broken, broken.indexOf('select   c'), broken.indexOf('select   c') + 3, {})).toEqual({ edits: [], skipped: [3] });
    expect(formatRange(broken, 0, 3, {}).skipped).toEqual([]);
    expect(skippedMessage([3])).toBe('dsq: formatted the statements that parse; the statement at line 3 has syntax errors and was left as written');
    expect(skippedMessage([3, 9])).toMatch(/the statements at lines 3, 9 have syntax errors and were left as written$/);
  });
});

describe('code actions', () => {
  const uri = 'file:///q.dsq';
  function actions(text: string, start: number, end = start, only?: string[], keywordCase: 'upper' | 'lower' | 'preserve' = 'upper') {
    const findings = lint(text).diagnostics;
    return codeActions(
      { uri, text, model: textModelOf(text), lint: {}, findings, keywordCase, positionAt: (o) => positionIn(text, o), ...(only ? { only } : {}) },
      start,
      end,
    );
  }
  const apply = (text: string, action: { edit?: { changes?: Record<string, { range: any; newText: string }[]> } }) => {
    const lines = text.split('\n');
    const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
    let out = text;
    for (const e of [...action.edit!.changes![uri]!].sort((a, b) => offset(b.range.start) - offset(a.range.start)))
      out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
    return out;
  };

  it('offers each lint fix as a quick fix, with suppression comments', () => {
    const text = 'SELECT a FROM t\n  WHERE b = NULL';
    const list = actions(text, text.indexOf('NULL'));
    expect(list.map((a) => a.title)).toEqual([
      'write IS (null-comparison)',
      'Disable null-comparison for this line',
      'Disable null-comparison for the entire file',
      'Fix all dsq problems',
    ]);
    expect(list[3]!.kind).toBe(FIX_ALL_KIND);
    expect(list[0]!.diagnostics?.[0]?.code).toBe('null-comparison');
    expect(apply(text, list[0]!)).toBe('SELECT a FROM t\n  WHERE b IS NULL');
    const line = apply(text, list[1]!);
    expect(line).toBe('SELECT a FROM t\n  -- dsq-disable-next-line null-comparison\n  WHERE b = NULL');
    expect(lint(line).diagnostics).toEqual([]);
    const file = apply(text, list[2]!);
    expect(file).toBe('/* dsq-disable null-comparison */\nSELECT a FROM t\n  WHERE b = NULL');
    expect(lint(file).diagnostics).toEqual([]);
  });

  it('writes the keywords of a fix in the configured case', () => {
    const text = "select a from t where b = null and c != ''";
    const lower = actions(text, 0, 0, [FIX_ALL_KIND], 'lower');
    expect(apply(text, lower[0]!)).toBe('select a from t where b is null and c is not null');
    const preserve = actions(text, text.indexOf('null'), undefined, undefined, 'preserve');
    expect(apply(text, preserve[0]!)).toBe("select a from t where b is null and c != ''");
    expect(apply(text, actions(text, 0, 0, [FIX_ALL_KIND])[0]!)).toBe('select a from t where b IS null and c IS NOT NULL');
  });

  it('adds a rule to a directive already above the line', () => {
    const text = "SELECT a FROM t\n-- dsq-disable-next-line like-without-wildcard -- why\nWHERE b LIKE 'x' AND c = NULL";
    const add = actions(text, text.indexOf('NULL')).find((a) => a.title.startsWith('Disable null-comparison for this'))!;
    const out = apply(text, add);
    expect(out).toBe("SELECT a FROM t\n-- dsq-disable-next-line like-without-wildcard, null-comparison -- why\nWHERE b LIKE 'x' AND c = NULL");
    expect(lint(out).diagnostics).toEqual([]);
  });

  it('fixes everything in the file at once (source.fixAll.dsq), as dsq lint --fix does', () => {
    const text = 'SELECT a FROM t WHERE b = NULL AND c != NULL';
    const all = actions(text, 0, 0, [FIX_ALL_KIND]);
    expect(all.map((a) => a.kind)).toEqual([FIX_ALL_KIND]);
    expect(apply(text, all[0]!)).toBe('SELECT a FROM t WHERE b IS NULL AND c IS NOT NULL');
    expect(actions(text, text.indexOf('NULL')).map((a) => a.title)).toContain('Fix all auto-fixable dsq problems in the file');
  });

  it('removes a suppression comment that suppresses nothing, and never writes a comment into a string', () => {
    const text = '-- dsq-disable-next-line null-comparison\nSELECT 1';
    const remove = actions(text, 3).find((a) => a.title === 'Remove this suppression comment')!;
    expect(apply(text, remove)).toBe('SELECT 1');
    const inString = "SELECT a FROM t WHERE b = 'x\n' AND c = NULL";
    expect(actions(inString, inString.indexOf('NULL')).map((a) => a.title)).not.toContain('Disable null-comparison for this line');
  });
});
