import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  DocumentSymbol,
  Hover,
  InitializeResult,
  Location,
  SemanticTokens,
  TextEdit,
} from 'vscode-languageserver/node';
import { runCli } from '../helpers/cli.js';
import { SHOP_SCHEMA_TEXT } from './helpers.js';
import { startLsp, type LspProcess } from './client.js';

/**
 * `dsq lsp --stdio` as a real process, driven as an editor drives it: a workspace with a
 * dsq.config.json and a schema; open, change, format, complete, hover, act, shut down.
 */

let dir: string;
let lsp: LspProcess;
let uri: string;
let version = 1;

const CONFIG = { schema: 'schema.json', keywordCase: 'lower', width: 60, rules: { 'like-without-wildcard': 'error' } };

function applyEdits(text: string, edits: TextEdit[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const offset = (p: { line: number; character: number }) => (starts[p.line] ?? text.length) + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start)))
    out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

/** Replaces the whole document (an incremental change covering everything) and waits for its diagnostics. */
async function change(text: string): Promise<Diagnostic[]> {
  version++;
  const v = version;
  lsp.connection.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: v },
    contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 10_000, character: 0 } }, text }],
  });
  return lsp.diagnostics(uri, (p) => p.version === v);
}

const request = <R>(method: string, params: object) => lsp.connection.sendRequest(method, params) as Promise<R>;
const at = (line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-lsp-'));
  writeFileSync(join(dir, 'dsq.config.json'), JSON.stringify(CONFIG));
  writeFileSync(join(dir, 'schema.json'), SHOP_SCHEMA_TEXT);
  uri = pathToFileURL(join(dir, 'report.dsq')).href;
  lsp = startLsp();
});

afterAll(async () => {
  if (lsp.child.exitCode === null) lsp.child.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('dsq lsp --stdio', () => {
  it('initializes with the capabilities an editor needs', async () => {
    const result = await request<InitializeResult>('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(dir).href,
      workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }],
      capabilities: {
        workspace: { didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: { completion: { completionItem: { snippetSupport: false } } },
      },
      initializationOptions: { debounce: 10 },
    });
    expect(result.serverInfo?.name).toBe('dsq');
    const caps = result.capabilities;
    expect(caps.textDocumentSync).toBe(2);
    for (const cap of [
      'hoverProvider',
      'definitionProvider',
      'referencesProvider',
      'documentSymbolProvider',
      'documentFormattingProvider',
      'documentRangeFormattingProvider',
    ] as const) {
      expect(caps[cap], cap).toBe(true);
    }
    expect(caps.completionProvider?.triggerCharacters).toEqual(['.', '(', '@', ':']);
    expect(caps.signatureHelpProvider).toEqual({ triggerCharacters: ['(', ','], retriggerCharacters: [','] });
    expect(caps.renameProvider).toEqual({ prepareProvider: true });
    expect(caps.foldingRangeProvider).toBe(true);
    expect(caps.codeActionProvider).toEqual({ codeActionKinds: ['quickfix', 'source.fixAll.dsq'] });
    expect(caps.semanticTokensProvider?.legend.tokenTypes).toContain('keyword');
    lsp.connection.sendNotification('initialized', {});
  });

  it('publishes diagnostics on open: rule code, docs link, config severities, UTF-16 ranges', async () => {
    // The emoji is two UTF-16 units: the ranges after it count it as two characters, as LSP does.
    const text = "select o.nope, c.name from orders o, customers c\nwhere c.name = '😀' and o.status = null and c.region like 'x'\n";
    lsp.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'dsq', version, text } });
    const diagnostics = await lsp.diagnostics(uri, () => true, 0);
    expect(diagnostics.map((d) => [d.code, d.severity, d.range])).toEqual([
      ['unknown-field', 1, { start: { line: 0, character: 7 }, end: { line: 0, character: 13 } }],
      ['null-comparison', 1, { start: { line: 1, character: 24 }, end: { line: 1, character: 39 } }],
      // like-without-wildcard is a warning by default; the workspace's config makes it an error.
      ['like-without-wildcard', 1, { start: { line: 1, character: 58 }, end: { line: 1, character: 61 } }],
    ]);
    const lines = text.split('\n');
    expect(lines[1]!.slice(24, 39)).toBe('o.status = null');
    for (const d of diagnostics) {
      expect(d.source).toBe('dsq');
      const href = d.codeDescription?.href ?? '';
      expect(href).toMatch(new RegExp(`/docs/rules/${d.code}\\.md$`));
      expect(existsSync(fileURLToPath(href))).toBe(true);
    }
    expect(diagnostics[0]!.message).toContain('nope');
  });

  it('publishes an empty list for a clean document, and syntax errors for a broken one', async () => {
    expect(await change('select amount from orders\n')).toEqual([]);
    const broken = await change('select amount from orders where (\n');
    expect(broken.map((d) => d.code)).toEqual(['syntax-error']);
    // At the end of the input: right after the last token, `(`.
    expect(broken[0]!.range).toEqual({ start: { line: 0, character: 33 }, end: { line: 0, character: 33 } });
  });

  it('formats the statements that parse, leaves a broken one as written and says so in window/showMessage (issue 28)', async () => {
    const messages: { type: number; message: string }[] = [];
    lsp.connection.onNotification('window/showMessage', (m: { type: number; message: string }) => {
      messages.push(m);
    });
    const text = 'select  amount from orders;\nselect amount from orders where (\n';
    await change(text);
    const edits = await request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    expect(applyEdits(text, edits)).toBe('select amount from orders;\nselect amount from orders where (\n');
    // The notification is sent before the answer: it has arrived.
    expect(messages).toEqual([
      { type: 3, message: 'dsq: formatted the statements that parse; the statement at line 2 has syntax errors and was left as written' },
    ]);
  });

  it('formats the document exactly like dsq fmt with the workspace config', async () => {
    const text =
      "SELECT o.id, SUM(l.price * l.qty) AS total FROM orders o JOIN orders.lines l WHERE o.status = 'paid' GROUP BY o.id ORDER BY total DESC;\nselect 1";
    await change(text);
    const edits = await request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
    const formatted = applyEdits(text, edits);
    writeFileSync(join(dir, 'report.dsq'), text);
    const cli = await runCli(['fmt', 'report.dsq'], { cwd: dir });
    expect(cli.code).toBe(0);
    expect(formatted).toBe(cli.out);
    expect(formatted).toContain('\nfrom orders as o join orders.lines as l\n'); // keywordCase lower, width 60 from the config
    // Range formatting: only the statement the range touches.
    const ranged = applyEdits(
      text,
      await request<TextEdit[]>('textDocument/rangeFormatting', {
        textDocument: { uri },
        range: { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } },
        options: { tabSize: 2, insertSpaces: true },
      }),
    );
    expect(ranged.split('\n')[0]).toBe(text.split('\n')[0]);
    expect(ranged.endsWith(';\nselect 1')).toBe(true);
  });

  it('completes by scope at several positions', async () => {
    const text = 'select o.amount, | from orders o join customers c where o.status = 1 order by \nselect * from SYSTEM_TABLE(users) u';
    const lines = ['select o.amount,  from orders o join customers c where o.status = 1 order by ', 'select * from SYSTEM_TABLE(users) u'];
    await change(lines.join('\n'));
    void text;
    const labels = async (line: number, character: number) =>
      (await request<CompletionItem[]>('textDocument/completion', at(line, character))).map((i) => i.label);
    // Select list: fields of both sources (id qualified: both have it), functions, keywords in lower case (config).
    const select = await labels(0, 17);
    expect(select).toEqual(expect.arrayContaining(['o.id', 'c.id', 'amount', 'name', 'sum', 'count', 'case', 'not']));
    // After FROM: the schema's databases with their labels.
    const from = await request<CompletionItem[]>('textDocument/completion', at(0, 23));
    expect(from.find((i) => i.label === 'orders')?.detail).toBe('Orders (shop)');
    expect(from.map((i) => i.label)).toContain('orders.lines');
    // After an alias and a dot: that source's fields only.
    const dot = await labels(0, 9);
    expect(dot).toEqual(expect.arrayContaining(['amount', 'status', 'placed']));
    expect(dot).not.toContain('name');
    // ORDER BY: fields and result aliases.
    expect(await labels(0, lines[0]!.length)).toEqual(expect.arrayContaining(['amount', 'region']));
    // Inside SYSTEM_TABLE(: the system tables the open documents use.
    expect(await labels(1, 27)).toEqual(['users']);
  });

  it('hovers a field, a function and a keyword', async () => {
    await change('select sum(o.amount) from orders o where o.placed > 1');
    const field = await request<Hover>('textDocument/hover', at(0, 15));
    expect((field.contents as { value: string }).value).toBe(
      '**amount**: field of database `orders` (Orders)\n\ntype `decimal(10,2)` · nullable · label "Order amount"',
    );
    const fn = await request<Hover>('textDocument/hover', at(0, 8));
    expect((fn.contents as { value: string }).value).toContain('**Aggregate**');
    const kw = await request<Hover>('textDocument/hover', at(0, 35));
    expect((kw.contents as { value: string }).value).toMatch(/^\*\*WHERE\*\*/);
  });

  it('offers code actions: the fix, suppression comments and fix all', async () => {
    const text = 'select a from orders where a = null and b != null';
    await change(text);
    const actions = await request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 29 }, end: { line: 0, character: 29 } },
      context: { diagnostics: [] },
    });
    expect(actions.map((a) => a.title)).toEqual([
      'write IS (null-comparison)',
      'Disable null-comparison for this line',
      'Disable null-comparison for the entire file',
      'Fix all dsq problems',
      'Fix all auto-fixable dsq problems in the file',
    ]);
    expect(applyEdits(text, actions[0]!.edit!.changes![uri]!)).toBe('select a from orders where a is null and b != null');
    // The fixes follow the configured keyword case (lower).
    expect(applyEdits(text, actions[3]!.edit!.changes![uri]!)).toBe('select a from orders where a is null and b is not null');
    const fixAll = await request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] },
    });
    expect(fixAll.map((a) => a.kind)).toEqual(['source.fixAll.dsq']);
  });

  it("goes to an alias's definition and finds its references; lists symbols; gives semantic tokens", async () => {
    const text = 'select o.id, count(*) n from orders o group by o.id order by n';
    await change(text);
    const def = await request<Location[]>('textDocument/definition', at(0, 47));
    expect(def.map((l) => l.range.start.character)).toEqual([text.indexOf('orders o') + 7]);
    const refs = await request<Location[]>('textDocument/references', { ...at(0, text.length - 1), context: { includeDeclaration: true } });
    expect(refs.map((l) => l.range.start.character)).toEqual([text.indexOf(' n ') + 1, text.length - 1]);
    const symbols = await request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(symbols.map((s) => s.name)).toEqual([`${text.slice(0, 59)}…`]);
    const tokens = await request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    expect(tokens.data.length % 5).toBe(0);
    expect(tokens.data.length).toBeGreaterThan(5 * 10);
  });

  it('gives the words of data statements the keyword type and their databases the namespace type (issue 30)', async () => {
    const text =
      'update shop.orders set amount = 1 where id = 2;\nfetch records fields (note) from shop.orders records key(id = 1);\ninsert into orders (id) values (1);\ndelete from shop.orders where';
    await change(text);
    const tokens = await request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    const lines = text.split('\n');
    const decoded: string[] = [];
    for (let i = 0, line = 0, char = 0; i < tokens.data.length; i += 5) {
      line += tokens.data[i]!;
      char = tokens.data[i] === 0 ? char + tokens.data[i + 1]! : tokens.data[i + 1]!;
      decoded.push(
        `${lines[line]!.slice(char, char + tokens.data[i + 2]!)}:${['keyword', 'function', 'variable', 'property', 'parameter', 'namespace'][tokens.data[i + 3]!]}`,
      );
    }
    expect(decoded).toEqual([
      'update:keyword',
      'shop:namespace',
      'orders:namespace',
      'set:keyword',
      'amount:property',
      'where:keyword',
      'id:property',
      'fetch:keyword',
      'records:keyword',
      'fields:keyword',
      'note:property',
      'from:keyword',
      'shop:namespace',
      'orders:namespace',
      'records:keyword',
      'key:keyword',
      'id:property',
      'insert:keyword',
      'into:keyword',
      'orders:namespace',
      'id:property',
      'values:keyword',
      'delete:keyword',
      'from:keyword',
      'shop:namespace',
      'orders:namespace',
      'where:keyword',
    ]);
  });

  it('renames, folds, helps with signatures and names statements by -- name: (issue 28)', async () => {
    const text = '-- name: Big\nselect o.id, pow(o.amount, 2) as sq\nfrom orders o\nwhere o.amount > :min\norder by sq';
    await change(text);
    const prepared = await request<{ range: { start: { line: number; character: number } }; placeholder: string }>('textDocument/prepareRename', at(2, 12));
    expect(prepared).toEqual({ range: { start: { line: 2, character: 12 }, end: { line: 2, character: 13 } }, placeholder: 'o' });
    expect(await request('textDocument/prepareRename', at(1, 9))).toBeNull();
    const renamed = await request<{ changes: Record<string, TextEdit[]> }>('textDocument/rename', { ...at(2, 12), newName: 'ord' });
    expect(applyEdits(text, renamed.changes[uri]!)).toBe(
      '-- name: Big\nselect ord.id, pow(ord.amount, 2) as sq\nfrom orders ord\nwhere ord.amount > :min\norder by sq',
    );
    const param = await request<{ changes: Record<string, TextEdit[]> }>('textDocument/rename', { ...at(3, 19), newName: 'floor' });
    expect(applyEdits(text, param.changes[uri]!)).toContain('> :floor');
    await expect(request('textDocument/rename', { ...at(3, 19), newName: 'a b' })).rejects.toMatchObject({ code: -32602 });
    const folds = await request<{ startLine: number; endLine: number }[]>('textDocument/foldingRange', { textDocument: { uri } });
    expect(folds).toEqual([{ startLine: 1, endLine: 4 }]);
    const help = await request<{ signatures: { label: string }[]; activeParameter: number }>('textDocument/signatureHelp', at(1, 27));
    expect(help.signatures.map((s) => s.label)).toEqual(['POW(base, exponent)']);
    expect(help.activeParameter).toBe(1);
    const symbols = await request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    expect(symbols.map((s) => s.name)).toEqual(['Big']);
  });

  it("goes to a parameter's -- @param line, finds its uses, hovers its type", async () => {
    const text = '-- @param min number\nselect * from orders where amount > :min or amount < :min limit :n';
    await change(text);
    const def = await request<Location[]>('textDocument/definition', at(1, 55));
    expect(def.map((l) => [l.range.start.line, l.range.start.character, l.range.end.character])).toEqual([[0, 10, 13]]);
    const refs = await request<Location[]>('textDocument/references', { ...at(1, 37), context: { includeDeclaration: true } });
    expect(refs.map((l) => [l.range.start.line, l.range.start.character])).toEqual([
      [0, 10],
      [1, 36],
      [1, 53],
    ]);
    // Without a -- @param line, its first use is its definition.
    const first = await request<Location[]>('textDocument/definition', at(1, 65));
    expect(first.map((l) => [l.range.start.line, l.range.start.character])).toEqual([[1, 64]]);
    const h = await request<Hover>('textDocument/hover', at(1, 65));
    expect((h.contents as { value: string }).value).toMatch(/^\*\*:n\*\* — parameter · `integer`/);
  });

  it('picks up a change to the config and to the schema without a restart', async () => {
    const text = 'select o.nope from orders o where o.status = null';
    expect((await change(text)).map((d) => d.code)).toEqual(['unknown-field', 'null-comparison']);
    // The config turns null-comparison off: the client tells the server the file changed.
    const since = lsp.published.length;
    writeFileSync(join(dir, 'dsq.config.json'), JSON.stringify({ ...CONFIG, rules: { 'null-comparison': 'off' } }));
    lsp.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(join(dir, 'dsq.config.json')).href, type: 2 }] });
    const afterConfig = await lsp.diagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === 'null-comparison'), since);
    expect(afterConfig.map((d) => d.code)).toEqual(['unknown-field']);
    // The schema gains the field; no notification from the client this time: the server watches the files itself.
    const schema = JSON.parse(SHOP_SCHEMA_TEXT);
    schema.groups[0].databases[0].fields.push({ name: 'nope', type: 'int(4)' });
    const since2 = lsp.published.length;
    writeFileSync(join(dir, 'schema.json'), JSON.stringify(schema));
    expect(await lsp.diagnostics(uri, (p) => p.diagnostics.length === 0, since2)).toEqual([]);
  });

  it('reports a broken config on the document and on the config file, and recovers', async () => {
    const since = lsp.published.length;
    writeFileSync(join(dir, 'dsq.config.json'), '{ "width": "wide" }');
    const configUri = pathToFileURL(join(dir, 'dsq.config.json')).href;
    lsp.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: configUri, type: 2 }] });
    const onDoc = await lsp.diagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'config'), since);
    expect(onDoc[0]!.message).toMatch(/dsq\.config\.json is not a valid dsq config: "width" must be a whole number/);
    const onConfig = await lsp.diagnostics(configUri, () => true, since);
    // On the value at fault: "wide".
    expect(onConfig.map((d) => d.range.start)).toEqual([{ line: 0, character: 11 }]);
    const since2 = lsp.published.length;
    writeFileSync(join(dir, 'dsq.config.json'), JSON.stringify(CONFIG));
    lsp.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: configUri, type: 2 }] });
    await lsp.diagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === 'config'), since2);
    expect(await lsp.diagnostics(configUri, (p) => p.diagnostics.length === 0, since2)).toEqual([]);
  });

  it('clears diagnostics on close, shuts down and exits with 0', async () => {
    const since = lsp.published.length;
    lsp.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    expect(await lsp.diagnostics(uri, () => true, since)).toEqual([]);
    await request('shutdown', {});
    lsp.connection.sendNotification('exit');
    expect(await lsp.exited).toBe(0);
    expect(lsp.stderr()).toBe('');
    void readFileSync;
  });
});
