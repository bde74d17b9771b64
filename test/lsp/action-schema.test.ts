import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type CodeAction, type Diagnostic } from 'vscode-languageserver/node';
import { serve } from '../../src/lsp/stdio.js';

/**
 * The schema checks of the data actions in the editor: the language server (in process, over a
 * pair of streams as an editor drives it) publishes them for a workspace whose dsq.config.json
 * names a schema, and offers the "did you mean" of unknown-field and unknown-database as quick
 * fixes, never in "fix all".
 */

const dir = mkdtempSync(join(tmpdir(), 'dsq-lsp-actions-'));
writeFileSync(join(dir, 'dsq.config.json'), JSON.stringify({ schema: 'schema.json' }));
writeFileSync(join(dir, 'schema.json'), readFileSync(new URL('../lint/fixtures/action-schema.json', import.meta.url), 'utf8'));

const input = new PassThrough();
const output = new PassThrough();
const { connection: server } = serve(input, output);
const client = createProtocolConnection(new StreamMessageReader(output), new StreamMessageWriter(input));
const published = new Map<string, Diagnostic[]>();
const waiting: (() => void)[] = [];
client.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diagnostic[] }) => {
  published.set(p.uri, p.diagnostics);
  for (const w of waiting.splice(0)) w();
});
client.onRequest('client/registerCapability', () => null);
client.onRequest('window/workDoneProgress/create', () => null);
client.onRequest('workspace/configuration', () => []);
client.listen();

afterAll(async () => {
  // Shut down as an editor does: the server stops its timers and its watch on the folder, which
  // would otherwise see the folder removed below and lint again over the disposed connection.
  await client.sendRequest('shutdown');
  client.dispose();
  server.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function diagnosticsOf(uri: string): Promise<Diagnostic[]> {
  while (!published.has(uri)) await new Promise<void>((resolve) => waiting.push(resolve));
  return published.get(uri) as Diagnostic[];
}

const TEXT = [
  "UPDATE shop.orders SET statsu = 'paid' WHERE idd = 7;",
  'FETCH RECORDS FIELDS (id, amout) FROM shop.orders LIMIT 5; FETCH LOGS FROM shop.ordrs;',
  "DELETE FROM shop.orders WHERE amount = 'abc';",
  'INSERT INTO shop.orders (customer) VALUES (1);',
  'TRASH FROM shop.notes RECORDS KEY(n = 1);',
  '',
].join('\n');

describe('the language server on data actions with a schema', () => {
  const uri = pathToFileURL(join(dir, 'q.dsq')).href;

  it('publishes their schema findings', async () => {
    await client.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(dir).href, capabilities: {}, initializationOptions: { debounce: 0 } });
    client.sendNotification('initialized', {});
    client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'dsq', version: 1, text: TEXT } });
    const found = (await diagnosticsOf(uri)).filter((d) => d.code !== 'permanent-write' && d.code !== 'write-without-where');
    expect(found.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([
      ['unknown-field', 0, 23],
      ['unknown-field', 0, 45],
      ['unknown-field', 1, 26],
      ['unknown-database', 1, 75],
      ['type-mismatch', 2, 39],
      ['insert-missing-key', 3, 42],
      ['trash-without-feature', 4, 0],
      ['insert-missing-key', 4, 30],
    ]);
  });

  it('offers the did you mean as a quick fix, and not in fix all', async () => {
    const diagnostics = await diagnosticsOf(uri);
    const statsu = diagnostics.find((d) => d.range.start.line === 0 && d.range.start.character === 23) as Diagnostic;
    const actions = (await client.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: statsu.range,
      context: { diagnostics: [statsu] },
    })) as CodeAction[];
    const change = actions.find((a) => a.title === 'change statsu to status (unknown-field)');
    expect(change).toMatchObject({ kind: 'quickfix', isPreferred: true });
    expect(change?.edit?.changes?.[uri]).toEqual([{ range: { start: { line: 0, character: 23 }, end: { line: 0, character: 29 } }, newText: 'status' }]);

    const ordrs = diagnostics.find((d) => d.code === 'unknown-database') as Diagnostic;
    const onDatabase = (await client.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: ordrs.range,
      context: { diagnostics: [ordrs] },
    })) as CodeAction[];
    expect(onDatabase.map((a) => a.title)).toContain('change ordrs to orders (unknown-database)');

    const fixAll = (await client.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: statsu.range,
      context: { diagnostics: [], only: ['source.fixAll.dsq'] },
    })) as CodeAction[];
    expect(fixAll).toEqual([]);
  });
});
