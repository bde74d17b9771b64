import { posix } from 'node:path';
import { EventEmitter, languages, Uri, ViewColumn, window, workspace, type Disposable, type TextDocumentContentProvider } from 'vscode';
import { COMPILED_SCHEME, compiledJson } from './compiled-json.js';

/** How long the side document waits after an edit before compiling again. */
const FOLLOW_MS = 150;

/**
 * "dsq: Show compiled JSON": a read-only side document (`dsq-json:` URIs, a content provider)
 * holding the JSON the dsq document compiles to, compiled in the extension by the bundled dsq.
 * It follows the edits of its document (compiled again 150 ms after the last one); documents
 * without a side document open cost nothing per keystroke.
 */
export class CompiledView implements TextDocumentContentProvider, Disposable {
  private readonly changed = new EventEmitter<Uri>();
  readonly onDidChange = this.changed.event;
  /** Source URI (as a string) → its side document's URI, while that is open. */
  private readonly shown = new Map<string, Uri>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly subscriptions: Disposable[];

  constructor() {
    this.subscriptions = [
      workspace.registerTextDocumentContentProvider(COMPILED_SCHEME, this),
      workspace.onDidChangeTextDocument((e) => {
        const key = e.document.uri.toString();
        const view = this.shown.get(key);
        if (!view) return;
        clearTimeout(this.timers.get(key));
        this.timers.set(
          key,
          setTimeout(() => {
            this.timers.delete(key);
            this.changed.fire(view);
          }, FOLLOW_MS),
        );
      }),
      workspace.onDidCloseTextDocument((d) => {
        if (d.uri.scheme === COMPILED_SCHEME) this.shown.delete(d.uri.query);
      }),
      this.changed,
    ];
  }

  /** The side document's URI for a dsq document: its path with `.json`, the source URI as the query. */
  static uriFor(source: Uri): Uri {
    return Uri.from({ scheme: COMPILED_SCHEME, path: `${source.path}.json`, query: source.toString() });
  }

  async provideTextDocumentContent(uri: Uri): Promise<string> {
    const source = Uri.parse(uri.query);
    const open = workspace.textDocuments.find((d) => d.uri.toString() === uri.query);
    const text = open ? open.getText() : new TextDecoder().decode(await workspace.fs.readFile(source));
    return compiledJson(text, posix.basename(source.path));
  }

  /** The command: opens the active dsq document's side document beside it. */
  async show(): Promise<void> {
    const editor = window.activeTextEditor;
    if (editor?.document.languageId !== 'dsq') {
      void window.showInformationMessage('dsq: Show compiled JSON works on a dsq document: open one first.');
      return;
    }
    const uri = CompiledView.uriFor(editor.document.uri);
    this.shown.set(editor.document.uri.toString(), uri);
    const doc = await workspace.openTextDocument(uri);
    await languages.setTextDocumentLanguage(doc, 'jsonc');
    await window.showTextDocument(doc, { viewColumn: ViewColumn.Beside, preserveFocus: true, preview: false });
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const s of this.subscriptions) s.dispose();
  }
}
