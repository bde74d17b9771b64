import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type Diagnostic,
  type InitializeError,
  type InitializeResult,
  type Range,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CONFIG_FILE } from '../config/config.js';
import { showPointer } from '../diagnostic/pointer.js';
import type { LintResult } from '../lint/lint.js';
import { FIX_ALL_KIND } from './code-actions.js';
import { toLspDiagnostics } from './diagnostics.js';
import { IncrementalLinter } from './incremental.js';
import { DEFAULT_DEBOUNCE_MS, pathOf, readInitializeParams } from './initialize.js';
import { SEMANTIC_LEGEND } from './semantic.js';
import { registerFeatures, type Analysis } from './server-features.js';
import { SettingsStore, type DocumentSettings, type SettingsProblem } from './settings.js';
import { textModelOf, type TextModel } from './text-model.js';
import { DirectoryWatcher } from './watch.js';

/**
 * The dsq language server on a connection: diagnostics (debounced, from the parser and the
 * linter, with the nearest dsq.config.json's rules and schema, reloaded when they change),
 * formatting, completion, hover, code actions, definitions and references of aliases, document
 * symbols and semantic tokens for `.dsq` documents.
 */
export function startServer(connection: Connection): ServerHandle {
  const documents = new TextDocuments(TextDocument);
  const settings = new SettingsStore();
  const analyses = new Map<string, Analysis>();
  /** Per document: statements linted again only when they change. */
  const linters = new Map<string, IncrementalLinter>();
  const lintDoc = (doc: TextDocument, s: DocumentSettings): LintResult => {
    let linter = linters.get(doc.uri);
    if (!linter) {
      linter = new IncrementalLinter();
      linters.set(doc.uri, linter);
    }
    return linter.lint(doc.getText(), s.lint);
  };
  const models = new Map<string, { version: number; model: TextModel }>();
  const timers = new Map<string, NodeJS.Timeout>();
  /** Config and schema files with problems we published diagnostics for (cleared when fixed). */
  const problemFiles = new Set<string>();
  let roots: string[] = [];
  let debounce = DEFAULT_DEBOUNCE_MS;
  let snippets = false;
  let watchRegistration = false;
  let shuttingDown = false;

  const watcher = new DirectoryWatcher((path) => {
    if (isSettingsFile(path)) settingsChanged();
  });

  const fallbackDir = () => roots[0] ?? null;
  const settingsOf = (uri: string) => settings.get(pathOf(uri), fallbackDir());

  connection.onInitialize((params: unknown): InitializeResult | ResponseError<InitializeError> => {
    // stdio.ts refuses such params before the LSP library reads them; here for any other transport.
    const setup = readInitializeParams(params);
    if (typeof setup === 'string') return new ResponseError(ErrorCodes.InvalidParams, setup, { retry: false });
    roots = [...setup.roots];
    debounce = setup.debounce;
    snippets = setup.snippets;
    watchRegistration = setup.watchRegistration;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['.', '(', '@', ':'] },
        signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [','] },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        foldingRangeProvider: true,
        documentSymbolProvider: true,
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
        semanticTokensProvider: { legend: SEMANTIC_LEGEND, full: true },
      },
      serverInfo: { name: 'dsq', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    if (watchRegistration) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: `**/${CONFIG_FILE}` }, { globPattern: '**/*.json' }],
      });
    }
  });

  /** Whether a changed file is one the settings depend on. */
  function isSettingsFile(path: string): boolean {
    if (path.endsWith(CONFIG_FILE)) return true;
    return [...analyses.values()].some((a) => a.settings.configPath === path || a.settings.schemaPath === path);
  }

  let settingsTimer: NodeJS.Timeout | undefined;
  /** A config or schema file changed: read the settings again and lint every open document. */
  function settingsChanged(): void {
    clearTimeout(settingsTimer);
    settingsTimer = setTimeout(() => {
      settings.invalidate();
      for (const doc of documents.all()) void validate(doc.uri, true);
    }, 20);
  }

  connection.onDidChangeWatchedFiles((params) => {
    if (
      params.changes.some((c) => {
        const path = pathOf(c.uri);
        return path !== null && isSettingsFile(path);
      })
    )
      settingsChanged();
  });

  /** The directories to watch: each open document's and the ones its config and schema live in. */
  function updateWatches(): void {
    const dirs = new Set<string>();
    for (const doc of documents.all()) {
      const path = pathOf(doc.uri);
      if (path !== null) dirs.add(dirname(path));
      const a = analyses.get(doc.uri);
      if (a?.settings.configPath) dirs.add(dirname(a.settings.configPath));
      if (a?.settings.schemaPath) dirs.add(dirname(a.settings.schemaPath));
    }
    for (const root of roots) dirs.add(resolve(root));
    watcher.set(dirs);
  }

  async function validate(uri: string, force = false): Promise<void> {
    const doc = documents.get(uri);
    if (!doc || shuttingDown) return;
    const s = await settingsOf(uri);
    const current = documents.get(uri);
    if (!current || current.version !== doc.version || shuttingDown) return; // a newer change is on its way, or none is wanted
    const known = analyses.get(uri);
    if (!force && known && known.version === doc.version && known.settings === s) return;
    let result: LintResult;
    try {
      result = lintDoc(doc, s);
    } catch (err) {
      connection.console.error(`dsq: linting ${uri} failed: ${(err as Error).stack ?? String(err)}`);
      return;
    }
    const previous = known?.settings;
    analyses.set(uri, { version: doc.version, settings: s, result });
    const diagnostics = toLspDiagnostics(result.diagnostics, (o) => doc.positionAt(o));
    for (const p of s.problems) diagnostics.unshift(problemDiagnostic(p));
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
    publishProblems();
    if (previous?.configPath !== s.configPath || previous?.schemaPath !== s.schemaPath) updateWatches();
  }

  function problemDiagnostic(p: SettingsProblem): Diagnostic {
    const uri = pathToFileURL(p.file).href;
    return {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: DiagnosticSeverity.Warning,
      code: 'config',
      source: 'dsq',
      message: `${p.summary} (the defaults apply meanwhile)`,
      relatedInformation: [{ location: { uri, range: problemRange(p) }, message: p.diagnostics[0]?.message ?? p.summary }],
    };
  }

  function problemRange(p: SettingsProblem, d = p.diagnostics[0]): Range {
    const span = d?.span;
    if (!span) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return { start: { line: span.line - 1, character: span.column - 1 }, end: { line: span.endLine - 1, character: span.endColumn - 1 } };
  }

  /** Diagnostics on the config and schema files themselves; cleared once they are fixed. */
  function publishProblems(): void {
    const now = new Map<string, SettingsProblem>();
    for (const a of analyses.values()) for (const p of a.settings.problems) now.set(p.file, p);
    for (const [file, p] of now) {
      const uri = pathToFileURL(file).href;
      void connection.sendDiagnostics({
        uri,
        diagnostics: p.diagnostics.map((d) => ({
          range: problemRange(p, d),
          severity: DiagnosticSeverity.Error,
          source: 'dsq',
          code: d.code,
          message: d.pointer !== undefined ? `${showPointer(d.pointer)}: ${d.message}` : d.message,
        })),
      });
    }
    for (const file of problemFiles) {
      if (!now.has(file)) void connection.sendDiagnostics({ uri: pathToFileURL(file).href, diagnostics: [] });
    }
    problemFiles.clear();
    for (const file of now.keys()) problemFiles.add(file);
  }

  documents.onDidOpen((e) => {
    void validate(e.document.uri);
    updateWatches();
  });
  documents.onDidChangeContent((e) => {
    const uri = e.document.uri;
    clearTimeout(timers.get(uri));
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri);
        void validate(uri);
      }, debounce),
    );
  });
  documents.onDidClose((e) => {
    const uri = e.document.uri;
    clearTimeout(timers.get(uri));
    timers.delete(uri);
    analyses.delete(uri);
    models.delete(uri);
    linters.delete(uri);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
    publishProblems();
    updateWatches();
  });

  function modelOfDoc(doc: TextDocument): TextModel {
    const known = models.get(doc.uri);
    if (known && known.version === doc.version) return known.model;
    const model = textModelOf(doc.getText());
    models.set(doc.uri, { version: doc.version, model });
    return model;
  }

  /** The lint result of the document as it is now (linted again if a change is pending). */
  async function currentAnalysis(doc: TextDocument): Promise<Analysis> {
    const s = await settingsOf(doc.uri);
    const known = analyses.get(doc.uri);
    if (known && known.version === doc.version && known.settings === s) return known;
    return { version: doc.version, settings: s, result: lintDoc(doc, s) };
  }

  registerFeatures(connection, { documents, settingsOf, modelOfDoc, currentAnalysis, snippets: () => snippets });

  connection.onShutdown(() => {
    shuttingDown = true;
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    clearTimeout(settingsTimer);
    watcher.close();
  });

  documents.listen(connection);
  return {
    get shutDown() {
      return shuttingDown;
    },
  };
}

/** The running server, as its transport sees it. */
export interface ServerHandle {
  /** Whether the client asked it to shut down (the exit code when the input ends: 0, else 1). */
  readonly shutDown: boolean;
}
