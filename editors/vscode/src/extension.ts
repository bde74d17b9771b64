import { commands, Uri, window, workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { CompiledView } from './compiled-view.js';
import { OPEN_RULE_COMMAND, ruleCommandUri } from './rule-links.js';
import { chooseServer } from './server-path.js';

let client: LanguageClient | undefined;

/**
 * Starts `dsq lsp --stdio` (the setting's dsq, the workspace's, or the bundled one: `chooseServer`)
 * for dsq documents; rule links in diagnostics open the rendered rule page; "dsq: Show compiled
 * JSON" opens the document's JSON beside it.
 */
export async function activate(context: ExtensionContext): Promise<void> {
  const output = window.createOutputChannel('dsq', { log: true });
  context.subscriptions.push(output);

  const start = async () => {
    const folders = (workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    const setting = workspace.getConfiguration('dsq').get<string>('server.path', '');
    const choice = chooseServer(setting, folders, context.asAbsolutePath('dist/server.js'), workspace.isTrusted);
    const untrusted = workspace.isTrusted ? '' : ', the workspace is not trusted: nothing is run from it';
    output.info(`starting the language server from ${choice.module} (${choice.source}${untrusted})`);
    // TransportKind.stdio adds --stdio (and --clientProcessId) to the arguments: `dsq lsp --stdio`.
    const server = { module: choice.module, transport: TransportKind.stdio, args: ['lsp'] };
    const serverOptions: ServerOptions = { run: server, debug: server };
    const clientOptions: LanguageClientOptions = {
      documentSelector: [
        { scheme: 'file', language: 'dsq' },
        { scheme: 'untitled', language: 'dsq' },
      ],
      outputChannel: output,
      middleware: {
        // A finding's link to its rule page opens the page rendered (the Markdown preview), not its source.
        handleDiagnostics(uri, diagnostics, next) {
          for (const d of diagnostics) {
            if (typeof d.code !== 'object' || !d.code.target) continue;
            const command = ruleCommandUri(d.code.target.toString());
            if (command) d.code = { value: d.code.value, target: Uri.parse(command) };
          }
          next(uri, diagnostics);
        },
      },
    };
    client = new LanguageClient('dsq', 'dsq', serverOptions, clientOptions);
    await client.start();
  };

  const restart = async () => {
    await client?.stop();
    client = undefined;
    await start();
  };
  const compiled = new CompiledView();
  context.subscriptions.push(
    compiled,
    commands.registerCommand('dsq.showCompiledJson', () => compiled.show()),
    commands.registerCommand(OPEN_RULE_COMMAND, (href: string) => commands.executeCommand('markdown.showPreview', Uri.parse(href))),
    commands.registerCommand('dsq.restartServer', restart),
    workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('dsq.server.path')) await restart();
    }),
    // Trusted now: the workspace's own dsq may be the one to run.
    workspace.onDidGrantWorkspaceTrust(restart),
  );
  await start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
