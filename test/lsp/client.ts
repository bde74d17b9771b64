import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type Diagnostic, type ProtocolConnection } from 'vscode-languageserver/node';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Published {
  readonly uri: string;
  readonly version?: number;
  readonly diagnostics: Diagnostic[];
}

/** `dsq lsp --stdio` as a real process, driven over its standard input and output as an editor drives it. */
export interface LspProcess {
  readonly connection: ProtocolConnection;
  readonly child: ChildProcess;
  /** Every publishDiagnostics notification received, in order. */
  readonly published: Published[];
  /** The first diagnostics of a URI published from notification `since` on (default: the next one) that pass a test. */
  diagnostics(uri: string, test?: (p: Published) => boolean, since?: number): Promise<Diagnostic[]>;
  stderr(): string;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
}

export function startLsp(): LspProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../helpers/dsq-source.ts', import.meta.url)), 'lsp', '--stdio'], {
    // tsx is found from the repository (the workspace under test is given by rootUri).
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let err = '';
  child.stderr?.on('data', (d) => (err += String(d)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: LspProcess['published'] = [];
  const waiters: { uri: string; test: (p: Published) => boolean; since: number; resolve: (d: Diagnostic[]) => void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: Published) => {
    published.push(p);
    const index = published.length - 1;
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i]!;
      if (w.uri === p.uri && index >= w.since && w.test(p)) {
        waiters.splice(i, 1);
        w.resolve(p.diagnostics);
      }
    }
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('workspace/configuration', () => []);
  connection.listen();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // A server that dies fails the pending requests at once (instead of a test timeout).
  void exited.then(() => connection.dispose());
  return {
    connection,
    child,
    published,
    diagnostics(uri, test = () => true, since = published.length) {
      for (let i = since; i < published.length; i++) {
        const p = published[i]!;
        if (p.uri === uri && test(p)) return Promise.resolve(p.diagnostics);
      }
      return new Promise((resolve) => waiters.push({ uri, test, since, resolve }));
    },
    stderr: () => err,
    exited,
  };
}
