import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompletionItem, Hover } from 'vscode-languageserver/node';
import { MAX_COMPLETION_SEGMENTS } from '../../src/lsp/completion-schema.js';
import { deepSchemaText } from '../fixtures/schema-arbitraries.js';
import { startLsp } from './client.js';

/**
 * `dsq lsp --stdio` with a workspace schema of child databases nested 2,000 and 100,000 deep:
 * it reads the schema (the recursive reader overflowed and the server exited), lints against
 * it, completes and hovers, and shuts down cleanly.
 */

const dir = mkdtempSync(join(tmpdir(), 'dsq-lsp-deep-'));
const lsp = startLsp();
afterAll(() => {
  if (lsp.child.exitCode === null) lsp.child.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('the server on a deeply nested schema', () => {
  it('initializes', async () => {
    await lsp.connection.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(dir).href, capabilities: {} });
    lsp.connection.sendNotification('initialized', {});
  });

  it.each([2_000, 100_000])(
    'lints, completes and hovers against a schema %i deep',
    async (depth) => {
      const ws = join(dir, `ws${depth}`);
      mkdirSync(ws);
      writeFileSync(join(ws, 'dsq.config.json'), JSON.stringify({ schema: 'schema.json' }));
      writeFileSync(join(ws, 'schema.json'), deepSchemaText(depth));
      const uri = pathToFileURL(join(ws, 'q.dsq')).href;
      const last = `d${depth - 1}`;
      const text = `SELECT nope, f FROM ${last};\nSELECT * FROM d5.`;
      lsp.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'dsq', version: 1, text } });
      const diagnostics = await lsp.diagnostics(uri, () => true, 0);
      expect(diagnostics.map((d) => [d.code, d.range.start])).toEqual([
        ['unknown-field', { line: 0, character: 7 }],
        ['syntax-error', expect.anything()],
      ]);

      // After FROM: the databases down to MAX_COMPLETION_SEGMENTS deep; after `d5.`: what continues the path.
      const from = (await lsp.connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line: 0, character: 20 },
      })) as CompletionItem[];
      const tables = from.filter((i) => i.kind === 7).map((i) => i.label);
      expect(tables).toEqual(expect.arrayContaining(['d0', 'd0.d1', 'd0.d1.d2.d3.d4.d5.d6.d7']));
      expect(Math.max(...tables.map((t) => t.split('.').length))).toBe(MAX_COMPLETION_SEGMENTS);
      const after = (await lsp.connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line: 1, character: 17 },
      })) as CompletionItem[];
      expect(after.map((i) => i.label)).toEqual([
        'd6',
        'd6.d7',
        'd6.d7.d8',
        'd6.d7.d8.d9',
        'd6.d7.d8.d9.d10',
        'd6.d7.d8.d9.d10.d11',
        'd6.d7.d8.d9.d10.d11.d12',
        'd6.d7.d8.d9.d10.d11.d12.d13',
      ]);

      const hover = (await lsp.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 13 } })) as Hover;
      expect((hover.contents as { value: string }).value).toContain('**f**: field of database');
    },
    120_000,
  );

  it('shuts down and exits with 0, having written nothing to stderr', async () => {
    await lsp.connection.sendRequest('shutdown');
    lsp.connection.sendNotification('exit');
    expect(await lsp.exited).toBe(0);
    expect(lsp.stderr()).toBe('');
  });
});
