import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection,
} from 'vscode-languageserver/node';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `dsq lsp --stdio` as a real process, driven over its standard input and output as an editor drives it. */
export interface LspProcess {
  readonly connection: ProtocolConnection;
  readonly child: ChildProcess;
  /** Every publishDiagnostics notification received, in order. */
  readonly published: { uri: string; version?: number; diagnostics: any[] }[];
  /** Waits for the next diagnostics of a URI that satisfy a test (or the first after `since`). */
  diagnostics(uri: string, test?: (d: any[]) => boolean, since?: number): Promise<any[]>;
  stderr(): string;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
}

export function startLsp(cwd: string = ROOT): LspProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../helpers/dsq-source.ts', import.meta.url)), 'lsp', '--stdio'], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let err = '';
  child.stderr?.on('data', (d) => (err += String(d)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: LspProcess['published'] = [];
  const waiters: { uri: string; test: (d: any[]) => boolean; since: number; resolve: (d: any[]) => void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: any[] }) => {
    published.push(p);
    const index = published.length - 1;
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i]!;
      if (w.uri === p.uri && index >= w.since && w.test(p.diagnostics)) {
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
  return {
    connection,
    child,
    published,
    diagnostics(uri, test = () => true, since = published.length) {
      for (let i = since; i < published.length; i++) {
        const p = published[i]!;
        if (p.uri === uri && test(p.diagnostics)) return Promise.resolve(p.diagnostics);
      }
      return new Promise((resolve) => waiters.push({ uri, test, since, resolve }));
    },
    stderr: () => err,
    exited,
  };
}
