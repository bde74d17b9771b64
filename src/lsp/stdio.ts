import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server.js';

/**
 * `dsq lsp --stdio`: the language server on standard input and output. Standard output carries
 * the protocol, so console output goes to the client's log instead. The process ends on the
 * client's `exit` notification, or when standard input closes.
 */
export function runStdioServer(): Promise<number> {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  console.log = log;
  console.info = log;
  console.warn = (...args: unknown[]) => connection.console.warn(args.map(String).join(' '));
  console.error = (...args: unknown[]) => connection.console.error(args.map(String).join(' '));
  startServer(connection);
  connection.listen();
  return new Promise<number>(() => {});
}
