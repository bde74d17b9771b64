import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { FrameSplitter } from '../../src/lsp/frames.js';
import { readInitializeParams } from '../../src/lsp/initialize.js';
import { serve } from '../../src/lsp/stdio.js';
import { startLsp } from './client.js';
import { runs } from '../helpers/runs.js';

/**
 * The `initialize` request with params the server cannot work with (none, null, no
 * capabilities, a field of the wrong type): answered with InvalidParams, and the server keeps
 * serving, over stdio and for any params a client may send.
 */

const frame = (body: object) => {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`, 'latin1'), bytes]);
};

describe('readInitializeParams', () => {
  it('takes what the server uses from valid params', () => {
    expect(readInitializeParams({ processId: null, rootUri: null, capabilities: {} })).toEqual({
      roots: [],
      debounce: 50,
      snippets: false,
      watchRegistration: false,
    });
    expect(
      readInitializeParams({
        processId: 12,
        rootUri: 'file:///ws',
        workspaceFolders: [
          { uri: 'file:///a', name: 'a' },
          { uri: 'untitled:b', name: 'b' },
        ],
        capabilities: {
          textDocument: { completion: { completionItem: { snippetSupport: true } } },
          workspace: { didChangeWatchedFiles: { dynamicRegistration: true } },
        },
        initializationOptions: { debounce: 0 },
      }),
    ).toEqual({ roots: ['/a'], debounce: 0, snippets: true, watchRegistration: true });
    // The root when there are no folders; rootPath when rootUri is absent; capabilities of another type mean "not supported".
    expect(readInitializeParams({ rootUri: 'file:///ws', capabilities: { textDocument: 7, workspace: null } })).toMatchObject({
      roots: ['/ws'],
      snippets: false,
      watchRegistration: false,
    });
    expect(readInitializeParams({ rootPath: '/old', capabilities: {} })).toMatchObject({ roots: ['/old'] });
  });

  it('says what is wrong with params it cannot use', () => {
    expect(readInitializeParams(undefined)).toBe('initialize: the params must be an object, got none');
    expect(readInitializeParams(null)).toBe('initialize: the params must be an object, got null');
    expect(readInitializeParams([1])).toBe('initialize: the params must be an object, got an array');
    expect(readInitializeParams({ processId: null })).toBe('initialize: "capabilities" must be an object, got none');
    expect(readInitializeParams({ capabilities: 'all' })).toBe('initialize: "capabilities" must be an object, got a string');
    expect(readInitializeParams({ capabilities: {}, processId: 1.5 })).toBe('initialize: "processId" must be null or a process id, got 1.5');
    expect(readInitializeParams({ capabilities: {}, rootUri: 3 })).toBe('initialize: "rootUri" must be a string or null, got a number');
    expect(readInitializeParams({ capabilities: {}, workspaceFolders: [{ uri: null }] })).toBe(
      'initialize: "workspaceFolders"[0] must be an object with a "uri" string',
    );
    expect(readInitializeParams({ capabilities: {}, initializationOptions: 'x' })).toBe(
      'initialize: "initializationOptions" must be an object or null, got a string',
    );
    expect(readInitializeParams({ capabilities: {}, initializationOptions: { debounce: -1 } })).toMatch(
      /^initialize: "initializationOptions.debounce" must be a number of milliseconds/,
    );
  });
});

/** Where a hostile value may go in the params, as a path of keys. */
const POSITIONS: readonly (readonly (string | number)[])[] = [
  [],
  ['capabilities'],
  ['processId'],
  ['rootUri'],
  ['rootPath'],
  ['workspaceFolders'],
  ['workspaceFolders', 0],
  ['workspaceFolders', 0, 'uri'],
  ['initializationOptions'],
  ['initializationOptions', 'debounce'],
  ['trace'],
  ['workDoneToken'],
  ['clientInfo'],
  ['locale'],
  ['capabilities', 'textDocument'],
  ['capabilities', 'textDocument', 'completion'],
  ['capabilities', 'textDocument', 'completion', 'completionItem'],
  ['capabilities', 'textDocument', 'completion', 'completionItem', 'snippetSupport'],
  ['capabilities', 'workspace'],
  ['capabilities', 'workspace', 'workspaceFolders'],
  ['capabilities', 'workspace', 'didChangeWatchedFiles'],
  ['capabilities', 'workspace', 'didChangeWatchedFiles', 'dynamicRegistration'],
  ['capabilities', 'window'],
  ['capabilities', 'window', 'workDoneProgress'],
  ['capabilities', 'general'],
];

const hostile = fc.oneof(
  fc.object({ maxDepth: 2 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(null, true, false, undefined, -1, 0, 2 ** 53, 'file:///', 'off', 'verbose'),
);

/** Valid params with `value` put at `path` (undefined: the key removed). */
function paramsWith(path: readonly (string | number)[], value: unknown): unknown {
  const params: Record<string, unknown> = {
    processId: null,
    rootUri: null,
    workspaceFolders: [{ uri: 'untitled:ws', name: 'ws' }],
    initializationOptions: { debounce: 10 },
    capabilities: {
      textDocument: { completion: { completionItem: { snippetSupport: true } } },
      workspace: { didChangeWatchedFiles: { dynamicRegistration: false } },
      window: {},
    },
  };
  if (path.length === 0) return value;
  let at: Record<string | number, unknown> = params;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete at[last];
  else at[last] = value;
  // A process id that might name a live process: the LSP library would watch it and end this
  // test process when it is not found. Only wrong ones are of interest here.
  if (Number.isInteger(params.processId) && (params.processId as number) >= 0) params.processId = null;
  return params;
}

describe('the server on hostile initialize params', () => {
  const input = new PassThrough();
  const output = new PassThrough();
  const { connection } = serve(input, output);
  afterAll(() => connection.dispose());
  const messages = new Map<unknown, { result?: unknown; error?: { code: number; message: string } }>();
  const waiters: (() => void)[] = [];
  const splitter = new FrameSplitter(
    (b) => {
      const m = JSON.parse(b.toString('utf8'));
      if (m.id !== undefined) messages.set(m.id, m);
      for (const w of waiters.splice(0)) w();
    },
    () => {},
  );
  output.on('data', (d: Buffer) => splitter.push(d));
  const response = async (id: number) => {
    while (!messages.has(id)) await new Promise<void>((resolve) => waiters.push(resolve));
    return messages.get(id)!;
  };
  let id = 0;

  it('answers each with its capabilities or InvalidParams, never an internal error, and keeps answering', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSITIONS), hostile, async (path, value) => {
        const params = paramsWith(path, value);
        const init = ++id;
        input.write(frame({ jsonrpc: '2.0', id: init, method: 'initialize', ...(params === undefined ? {} : { params }) }));
        const answer = await response(init);
        if (answer.error) {
          expect(answer.error.code, answer.error.message).toBe(-32602);
          expect(answer.error.message).toMatch(/^initialize: /);
        } else {
          expect(answer.result).toMatchObject({ serverInfo: { name: 'dsq' } });
        }
        const next = ++id;
        input.write(frame({ jsonrpc: '2.0', id: next, method: 'textDocument/documentSymbol', params: { textDocument: { uri: 'untitled:none' } } }));
        expect((await response(next)).result).toEqual([]);
      }),
      { numRuns: runs(400) },
    );
  });

  it('refuses exactly the params readInitializeParams refuses', async () => {
    for (const params of [null, 'x', 5, [], { processId: null }, { capabilities: null }, { capabilities: [] }, { capabilities: {}, workspaceFolders: 5 }]) {
      const init = ++id;
      input.write(frame({ jsonrpc: '2.0', id: init, method: 'initialize', params }));
      const problem = readInitializeParams(params);
      expect(typeof problem).toBe('string');
      expect((await response(init)).error).toEqual({ code: -32602, message: problem });
    }
  });
});

describe('dsq lsp --stdio on an initialize without capabilities', () => {
  it('answers InvalidParams, then initializes when asked again, and exits with 0 after shutdown', async () => {
    const lsp = startLsp();
    await expect(lsp.connection.sendRequest('initialize', { processId: null, rootUri: null })).rejects.toMatchObject({
      code: -32602,
      message: 'initialize: "capabilities" must be an object, got none',
    });
    await expect(lsp.connection.sendRequest('initialize', null)).rejects.toMatchObject({ code: -32602 });
    const result = await lsp.connection.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
    expect(result).toMatchObject({ serverInfo: { name: 'dsq' } });
    await lsp.connection.sendRequest('shutdown');
    lsp.connection.sendNotification('exit');
    expect(await lsp.exited).toBe(0);
    expect(lsp.stderr()).toBe('');
  });
});
