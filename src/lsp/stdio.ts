import { createConnection, ErrorCodes, Message, ProposedFeatures, StreamMessageWriter, type Connection } from 'vscode-languageserver/node';
import { FrameReader, type FrameProblem } from './frames.js';
import { readInitializeParams } from './initialize.js';
import { startServer, type ServerHandle } from './server.js';

/**
 * `dsq lsp --stdio`: the language server on standard input and output. Standard output carries
 * the protocol, so console output goes to the client's log instead. The process ends on the
 * client's `exit` notification, or when standard input closes (exit code 0 after `shutdown`,
 * else 1).
 */
export function runStdioServer(): Promise<number> {
  const { connection, server } = serve(process.stdin, process.stdout);
  const log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  console.log = log;
  console.info = log;
  console.warn = (...args: unknown[]) => connection.console.warn(args.map(String).join(' '));
  console.error = (...args: unknown[]) => connection.console.error(args.map(String).join(' '));
  const end = () => process.exit(server.shutDown ? 0 : 1);
  process.stdin.on('end', end);
  process.stdin.on('close', end);
  return new Promise<number>(() => {});
}

/**
 * The server on a byte stream pair, listening. The frames are read by `FrameReader`, so a
 * malformed one is answered with a JSON-RPC error and skipped, never leaving the server deaf;
 * an `initialize` whose params the server or its LSP library cannot read is answered with
 * InvalidParams before the library sees it.
 */
export function serve(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): { connection: Connection; server: ServerHandle } {
  const reader = new FrameReader(input, checkInitialize);
  const writer = new StreamMessageWriter(output);
  reader.onProblem((p) => void writer.write({ jsonrpc: '2.0', id: p.id, error: { code: p.code, message: p.message } } as Message));
  const connection = createConnection(ProposedFeatures.all, reader, writer);
  const server = startServer(connection);
  connection.listen();
  return { connection, server };
}

function checkInitialize(message: Message): FrameProblem | null {
  if (!Message.isRequest(message) || message.method !== 'initialize') return null;
  const setup = readInitializeParams(message.params);
  return typeof setup === 'string' ? { code: ErrorCodes.InvalidParams, message: setup, id: message.id } : null;
}
