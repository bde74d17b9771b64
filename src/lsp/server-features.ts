import {
  ErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  type Connection,
  type Location,
  type Range,
  type TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LintResult } from '../lint/lint.js';
import { codeActions } from './code-actions.js';
import { complete } from './completion.js';
import { foldingRanges } from './folding.js';
import { formatDocument, formatRange, skippedMessage, type Formatting, type OffsetEdit } from './formatting.js';
import { hover } from './hover.js';
import { paramAt } from './params.js';
import { aliasAt } from './references.js';
import { renameEdits, renameTarget } from './rename.js';
import { semanticTokens } from './semantic.js';
import { signatureHelp } from './signature.js';
import type { DocumentSettings } from './settings.js';
import type { TextModel } from './text-model.js';
import { documentSymbols } from './symbols.js';

/** A document's lint result, for the version and settings it was made with. */
export interface Analysis {
  readonly version: number;
  readonly settings: DocumentSettings;
  readonly result: LintResult;
}

/** What the requests read of the server's state (server.ts): the open documents, their settings, models and lint results. */
export interface ServerState {
  readonly documents: TextDocuments<TextDocument>;
  readonly settingsOf: (uri: string) => Promise<DocumentSettings>;
  readonly modelOfDoc: (doc: TextDocument) => TextModel;
  /** The lint result of the document as it is now (linted again if a change is pending). */
  readonly currentAnalysis: (doc: TextDocument) => Promise<Analysis>;
  /** Whether the client takes snippets (known after initialize). */
  readonly snippets: () => boolean;
}

/**
 * The language features on a connection, each answered from the document as it is now:
 * completion, hover, definitions, references and highlights (of aliases and parameters),
 * document symbols, formatting, code actions and semantic tokens.
 */
export function registerFeatures(connection: Connection, state: ServerState): void {
  const { documents, settingsOf, modelOfDoc, currentAnalysis } = state;

  /** System table names written in the open documents (the spec does not list them). */
  function systemTables(): string[] {
    const names = new Set<string>();
    for (const doc of documents.all()) {
      const code = modelOfDoc(doc).code;
      for (let i = 0; i + 2 < code.length; i++) {
        const t = code[i];
        if ((t?.type === 'SYSTEM_TABLE' || t?.type === 'SYSTEM_COLUMN') && code[i + 1]?.type === 'LParen') {
          const name = code[i + 2];
          if (name && (name.category === 'name' || name.category === 'contextual')) names.add(name.image);
        }
      }
    }
    return [...names].sort();
  }

  const rangeIn =
    (doc: TextDocument) =>
    (start: number, end: number): Range => ({ start: doc.positionAt(start), end: doc.positionAt(end) });
  const edits = (doc: TextDocument, list: readonly OffsetEdit[]) => list.map((e) => ({ range: rangeIn(doc)(e.start, e.end), newText: e.text }));

  connection.onCompletion(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return [];
    const s = await settingsOf(doc.uri);
    const model = modelOfDoc(doc);
    const offset = doc.offsetAt(params.position);
    const needsSystemTables = model.code.some((t) => t.type === 'SYSTEM_TABLE' || t.type === 'SYSTEM_COLUMN');
    return complete(model, offset, {
      schema: s.schema,
      keywordCase: s.keywordCase,
      snippets: state.snippets(),
      systemTables: needsSystemTables ? systemTables() : [],
      positionAt: (o) => doc.positionAt(o),
    });
  });

  connection.onSignatureHelp((params) => {
    const doc = documents.get(params.textDocument.uri);
    return doc ? signatureHelp(modelOfDoc(doc), doc.offsetAt(params.position)) : null;
  });

  connection.onHover(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return null;
    const s = await settingsOf(doc.uri);
    return hover(modelOfDoc(doc), doc.offsetAt(params.position), { schema: s.schema, rangeOf: rangeIn(doc) });
  });

  const aliasUses = (uri: string, position: { line: number; character: number }) => {
    const doc = documents.get(uri);
    if (!doc) return null;
    const model = modelOfDoc(doc);
    const found = aliasAt(model, doc.offsetAt(position));
    if (!found) return null;
    const at = (i: number): Range => rangeIn(doc)((model.code[i] as { start: number }).start, (model.code[i] as { end: number }).end);
    return { found, at };
  };

  /** A parameter at a position: its declaration (-- @param, else its first use) and its uses, as ranges. */
  const paramPlaces = (uri: string, position: { line: number; character: number }) => {
    const doc = documents.get(uri);
    if (!doc) return null;
    const model = modelOfDoc(doc);
    const found = paramAt(model, doc.offsetAt(position));
    if (!found) return null;
    const range = rangeIn(doc);
    const uses = found.uses.map((u) => range((model.code[u.colon] as { start: number }).start, (model.code[u.word] as { end: number }).end));
    const declaration = found.declaration ? range(found.declaration.start, found.declaration.end) : (uses[0] ?? null);
    return { declaration, uses, declared: found.declaration !== null };
  };

  connection.onDefinition((params) => {
    const p = paramPlaces(params.textDocument.uri, params.position);
    if (p) return p.declaration ? [{ uri: params.textDocument.uri, range: p.declaration }] : null;
    const r = aliasUses(params.textDocument.uri, params.position);
    return r ? [{ uri: params.textDocument.uri, range: r.at(r.found.definition) }] : null;
  });
  connection.onReferences((params) => {
    const p = paramPlaces(params.textDocument.uri, params.position);
    if (p) {
      const ranges = [...(params.context.includeDeclaration && p.declared && p.declaration ? [p.declaration] : []), ...p.uses];
      return ranges.map((range): Location => ({ uri: params.textDocument.uri, range }));
    }
    const r = aliasUses(params.textDocument.uri, params.position);
    if (!r) return [];
    const indexes = [...(params.context.includeDeclaration ? [r.found.definition] : []), ...r.found.uses.filter((u) => u !== r.found.definition)];
    return indexes.map((i): Location => ({ uri: params.textDocument.uri, range: r.at(i) }));
  });
  connection.onDocumentHighlight((params) => {
    const p = paramPlaces(params.textDocument.uri, params.position);
    if (p)
      return [...(p.declared && p.declaration ? [{ range: p.declaration, kind: 3 as const }] : []), ...p.uses.map((range) => ({ range, kind: 2 as const }))];
    const r = aliasUses(params.textDocument.uri, params.position);
    if (!r) return [];
    return [r.found.definition, ...r.found.uses.filter((u) => u !== r.found.definition)].map((i) => ({
      range: r.at(i),
      kind: i === r.found.definition ? 3 : 2,
    }));
  });

  connection.onPrepareRename((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return null;
    const target = renameTarget(modelOfDoc(doc), doc.offsetAt(params.position));
    return target ? { range: rangeIn(doc)(target.start, target.end), placeholder: target.name } : null;
  });
  connection.onRenameRequest((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return null;
    const list = renameEdits(modelOfDoc(doc), doc.offsetAt(params.position), params.newName);
    if (typeof list === 'string') return new ResponseError(ErrorCodes.InvalidParams, list);
    return { changes: { [doc.uri]: edits(doc, list) } };
  });

  connection.onFoldingRanges((params) => {
    const doc = documents.get(params.textDocument.uri);
    return doc ? foldingRanges(modelOfDoc(doc), (o) => doc.positionAt(o).line) : [];
  });

  connection.onDocumentSymbol((params) => {
    const doc = documents.get(params.textDocument.uri);
    return doc ? documentSymbols(modelOfDoc(doc), rangeIn(doc)) : [];
  });

  /** Formatting's edits; the client is told (window/showMessage) which statements were left as written. */
  const formatted = (doc: TextDocument, result: Formatting) => {
    if (result.skipped.length > 0)
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: skippedMessage(result.skipped) });
    return edits(doc, result.edits);
  };

  connection.onDocumentFormatting(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return null;
    const s = await settingsOf(doc.uri);
    return formatted(doc, formatDocument(doc.getText(), s.print));
  });

  connection.onDocumentRangeFormatting(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return null;
    const s = await settingsOf(doc.uri);
    return formatted(doc, formatRange(doc.getText(), doc.offsetAt(params.range.start), doc.offsetAt(params.range.end), s.print));
  });

  connection.onCodeAction(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return [];
    const a = await currentAnalysis(doc);
    return codeActions(
      {
        uri: doc.uri,
        text: doc.getText(),
        model: modelOfDoc(doc),
        lint: a.settings.lint,
        findings: a.result.diagnostics,
        keywordCase: a.settings.keywordCase,
        positionAt: (o) => doc.positionAt(o),
        ...(params.context.only ? { only: params.context.only } : {}),
      },
      doc.offsetAt(params.range.start),
      doc.offsetAt(params.range.end),
    );
  });

  connection.languages.semanticTokens.on((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return { data: [] };
    return semanticTokens(modelOfDoc(doc), (o) => doc.positionAt(o));
  });
}
