import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { FrameSplitter, MAX_FRAME_BODY, MAX_FRAME_HEADER } from '../../src/lsp/frames.js';
import { serve } from '../../src/lsp/stdio.js';
import { startLsp } from './client.js';
import { runs } from '../helpers/runs.js';

/**
 * The language server's frames (src/lsp/frames.ts): bad bytes on its input (a header without
 * Content-Length, a negative, huge or non-numeric length, a line without ":", a header that
 * never ends, a body that is not JSON) are answered with a JSON-RPC error and skipped; every
 * valid request after them is still answered.
 */

const frame = (body: string | object) => {
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`, 'latin1'), bytes]);
};
const bytes = (text: string) => Buffer.from(text, 'latin1');

/** Every class of bad input, each as it arrives before a valid frame. */
const MALFORMED: readonly [string, string][] = [
  ['no Content-Length', 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n'],
  ['no Content-Length, with a body', 'Foo: 1\r\n\r\n{"jsonrpc":"2.0","id":99,"method":"shutdown"}'],
  ['a negative length', 'Content-Length: -5\r\n\r\n'],
  ['a line without ":"', 'Content-Length 12\r\n\r\n'],
  ['a bare line of garbage', 'garbage\r\n\r\n'],
  ['a non-numeric length', 'Content-Length: abc\r\n\r\n'],
  ['a length in another notation', 'Content-Length: 1e3\r\n\r\n'],
  ['a length over the limit', `Content-Length: ${MAX_FRAME_BODY + 1}\r\n\r\n`],
  ['a huge length', 'Content-Length: 99999999999999999999999\r\n\r\n'],
  ['a length whose body never comes', 'Content-Length: 5000\r\n\r\n{"jsonrpc":'],
  ['a length too short', 'Content-Length: 3\r\n\r\n{"jsonrpc":"2.0"}'],
  ['Content-Length twice', 'Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}'],
  ['a header block that never ends', 'Content-Length: 10\r\nX-Other: y\r\n'],
  ['a header longer than the limit', `X-Long: ${'x'.repeat(MAX_FRAME_HEADER + 10)}`],
  ['garbage without a line break', 'hello world'],
  ['a name that is not a name', 'Content Length: 7\r\n\r\n'],
];

/** Splits `input` (in chunks of the given sizes, cycled) and returns the bodies and problems. */
function split(input: Buffer, sizes: readonly number[] = [input.length]) {
  const bodies: string[] = [];
  const problems: string[] = [];
  const splitter = new FrameSplitter(
    (b) => bodies.push(b.toString('utf8')),
    (p) => problems.push(p),
  );
  for (let at = 0, i = 0; at < input.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length] as number);
    splitter.push(input.subarray(at, at + size));
    at += size;
  }
  return { bodies, problems };
}

describe('the frame splitter', () => {
  const a = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'a' });
  const b = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'b' });

  it.each(MALFORMED)('skips %s and reads the frames after it, whole or byte by byte', (_, garbage) => {
    for (const sizes of [[Infinity], [1], [7, 3]]) {
      const { bodies, problems } = split(Buffer.concat([bytes(garbage), frame(a), frame(b)]), sizes);
      expect(bodies.filter((x) => x === a || x === b)).toEqual([a, b]);
      expect(problems.length).toBe(1);
    }
  });

  it('says what was wrong', () => {
    expect(split(bytes('Content-Length: -5\r\n\r\n')).problems).toEqual(['Content-Length must be a whole number of bytes, got "-5"']);
    expect(split(bytes('garbage\r\n\r\n')).problems).toEqual(['a header line has no ":" ("garbage")']);
    expect(split(bytes('Foo: 1\r\n\r\n')).problems).toEqual(['the header has no Content-Length']);
    expect(split(Buffer.concat([bytes('Content-Length: 500\r\n\r\n{'), frame(a)])).problems).toEqual([
      'a header starts at byte 1 of a body of 500 bytes (its Content-Length is too long, or the body never came)',
    ]);
  });

  it('takes headers in any case, with Content-Type, and a body in several chunks', () => {
    const body = JSON.stringify({ text: 'é😀'.repeat(50_000) });
    const input = Buffer.concat([
      bytes(`content-length: ${Buffer.byteLength(body)}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n`),
      Buffer.from(body),
    ]);
    expect(split(input, [65_536, 13])).toEqual({ bodies: [body], problems: [] });
  });

  /** Bad bytes: one of the classes above, header-like pieces, or any bytes at all. */
  const garbage = fc.oneof(
    fc.constantFrom(...MALFORMED.map(([, g]) => g)).map(bytes),
    fc
      .array(
        fc.constantFrom(
          'Content-Length',
          'content-length',
          ':',
          ': ',
          ' ',
          '-',
          '12',
          '99999999',
          '\r',
          '\n',
          '\r\n',
          '\r\n\r\n',
          '{',
          '}',
          '"',
          'x',
          'Content-Type: a',
        ),
        { maxLength: 12 },
      )
      .map((p) => bytes(p.join(''))),
    fc.uint8Array({ maxLength: 40 }).map((u) => Buffer.from(u)),
  );

  it('reads every valid frame whatever bad bytes come between them, however the input is cut', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            garbage.map((g) => ({ garbage: g })),
            fc.string({ maxLength: 30 }).map((text) => ({ text })),
          ),
          { maxLength: 12 },
        ),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 5 }),
        (items, sizes) => {
          const sent: string[] = [];
          const parts = items.map((item, i) => {
            if ('garbage' in item) return item.garbage;
            const body = JSON.stringify({ valid: i, text: item.text });
            sent.push(body);
            return frame(body);
          });
          // A valid frame at the end: bad bytes last would still be waiting for what follows.
          const last = JSON.stringify({ valid: 'last' });
          sent.push(last);
          const { bodies } = split(Buffer.concat([...parts, frame(last)]), sizes);
          expect(bodies.filter((x) => x.startsWith('{"valid":'))).toEqual(sent);
        },
      ),
      { numRuns: runs(2000) },
    );
  });
});

/** The server in this process on a pair of streams: raw bytes in, the messages it writes out. */
function inProcess() {
  const input = new PassThrough();
  const output = new PassThrough();
  const { connection } = serve(input, output);
  const messages: { id?: unknown; result?: unknown; error?: { code: number; message: string } }[] = [];
  const waiters: (() => void)[] = [];
  const splitter = new FrameSplitter(
    (b) => {
      messages.push(JSON.parse(b.toString('utf8')));
      for (const w of waiters.splice(0)) w();
    },
    (p) => {
      throw new Error(`the server wrote a bad frame: ${p}`);
    },
  );
  output.on('data', (d: Buffer) => splitter.push(d));
  /** The response to the request with this id. */
  const response = async (id: number) => {
    for (;;) {
      const found = messages.find((m) => m.id === id);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { input, messages, response, dispose: () => connection.dispose() };
}

describe('the server after bad input', () => {
  const server = inProcess();
  afterAll(() => server.dispose());
  let id = 0;
  const text = 'SELECT a FROM t WHERE a = NULL';
  const SYMBOLS = [expect.objectContaining({ name: text })];

  it('initializes and opens a document', async () => {
    server.input.write(frame({ jsonrpc: '2.0', id: ++id, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
    expect((await server.response(id)).result).toMatchObject({ serverInfo: { name: 'dsq' } });
    server.input.write(frame({ jsonrpc: '2.0', method: 'initialized', params: {} }));
    server.input.write(
      frame({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 'untitled:q', languageId: 'dsq', version: 1, text } } }),
    );
  });

  const symbols = () => frame({ jsonrpc: '2.0', id: ++id, method: 'textDocument/documentSymbol', params: { textDocument: { uri: 'untitled:q' } } });

  it.each(MALFORMED)('answers %s with a parse error (id null) and the next request as usual', async (_, garbage) => {
    const before = server.messages.length;
    server.input.write(bytes(garbage));
    server.input.write(symbols());
    expect((await server.response(id)).result).toEqual(SYMBOLS);
    // One error, or two where the bytes after a broken body make a second bad header.
    const errors = server.messages.slice(before).filter((m) => m.id === null);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    for (const e of errors) {
      expect(e.error?.code).toBe(-32700);
      expect(e.error?.message).toMatch(/^Parse error: /);
    }
  });

  it('answers a body that is not JSON with a parse error, one that is not a message with Invalid Request', async () => {
    const before = server.messages.length;
    server.input.write(frame('{"jsonrpc": "2.0", "id": 5, '));
    server.input.write(Buffer.concat([bytes('Content-Length: 2\r\n\r\n'), Buffer.from([0xc3, 0x28])]));
    server.input.write(frame('[]'));
    server.input.write(frame('42'));
    server.input.write(frame({ jsonrpc: '2.0', id: { x: 1 }, method: 'textDocument/hover' }));
    server.input.write(frame({ jsonrpc: '2.0', id: 'no method' }));
    server.input.write(symbols());
    expect((await server.response(id)).result).toEqual(SYMBOLS);
    const errors = server.messages.slice(before).filter((m) => m.error);
    expect(errors.map((m) => [m.id, m.error!.code])).toEqual([
      [null, -32700],
      [null, -32700],
      [null, -32600],
      [null, -32600],
      [null, -32600],
      ['no method', -32600],
    ]);
    expect(errors[1]!.error!.message).toContain('not UTF-8');
  });

  it('answers every valid request, whatever garbage comes between them and however the bytes are cut', async () => {
    const garbage = fc.oneof(
      fc.constantFrom(...MALFORMED.map(([, g]) => g)).map(bytes),
      fc.uint8Array({ maxLength: 40 }).map((u) => Buffer.from(u)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(garbage, { freq: 2 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 50 }), async (items, size) => {
        const ids: number[] = [];
        const parts = items.map((g) => {
          if (g !== null) return g;
          const request = symbols();
          ids.push(id);
          return request;
        });
        parts.push(symbols());
        ids.push(id);
        const all = Buffer.concat(parts);
        for (let at = 0; at < all.length; at += size) server.input.write(all.subarray(at, at + size));
        for (const i of ids) expect((await server.response(i)).result).toEqual(SYMBOLS);
      }),
      { numRuns: runs(150) },
    );
  });
});

describe('dsq lsp --stdio after bad input', () => {
  it('answers the requests after each malformed frame, and exits with 0 after shutdown', async () => {
    const lsp = startLsp();
    const nullErrors: unknown[] = [];
    const splitter = new FrameSplitter(
      (b) => {
        const m = JSON.parse(b.toString('utf8'));
        if (m.id === null) nullErrors.push(m.error.code);
      },
      () => {},
    );
    lsp.child.stdout!.on('data', (d: Buffer) => splitter.push(d));
    await lsp.connection.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
    for (const [, garbage] of MALFORMED) {
      lsp.child.stdin!.write(bytes(garbage));
      expect(await lsp.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: 'untitled:none' } })).toEqual([]);
    }
    expect(nullErrors.length).toBeGreaterThanOrEqual(MALFORMED.length);
    expect(new Set(nullErrors)).toEqual(new Set([-32700]));
    await lsp.connection.sendRequest('shutdown');
    lsp.connection.sendNotification('exit');
    expect(await lsp.exited).toBe(0);
  });
});
