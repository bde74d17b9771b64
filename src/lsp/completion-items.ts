import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Range } from 'vscode-languageserver/node';
import type { Schema } from '../schema/definitions.js';

/** What completion (completion.ts) knows beside the text, and the list of items it builds. */

export interface CompletionContext {
  readonly schema: Schema | null;
  readonly keywordCase: 'upper' | 'lower' | 'preserve';
  /** Whether the client takes snippets (`$1` placeholders). */
  readonly snippets: boolean;
  /** System table names known from the open documents (the spec does not list them). */
  readonly systemTables: readonly string[];
  /** Offset → LSP position, for text edits. */
  readonly positionAt: (offset: number) => Range['start'];
}

/**
 * The order items are shown in: the likeliest first. Result aliases where they are read
 * (GROUP BY, HAVING, ORDER BY) come first, then fields, record attributes (`1z`), the rest.
 */
export const SORT = { result: '0', field: '1', alias: '2', database: '2', keyword: '4', function: '3', form: '5' } as const;

/** The list being built: no duplicates, keywords in the configured case. */
export class Items {
  readonly items: CompletionItem[] = [];
  private readonly seen = new Set<string>();
  constructor(
    private readonly ctx: CompletionContext,
    private readonly range: Range,
  ) {}

  kw(word: string): string {
    return this.ctx.keywordCase === 'lower' ? word.toLowerCase() : word;
  }

  add(label: string, insert: string, kind: CompletionItemKind, detail: string, sort: string, doc?: string, snippet?: string): void {
    const key = `${kind}:${label}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const useSnippet = snippet !== undefined && this.ctx.snippets;
    this.items.push({
      label,
      kind,
      detail,
      sortText: `${sort}${label.toLowerCase()}`,
      filterText: label,
      textEdit: { range: this.range, newText: useSnippet ? snippet : insert },
      ...(useSnippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
      ...(doc !== undefined ? { documentation: doc } : {}),
    });
  }

  keyword(word: string): void {
    const text = this.kw(word);
    this.add(text, text, CompletionItemKind.Keyword, 'keyword', SORT.keyword);
  }

  /** A function of the spec's table: `name(` inserted, or the whole call with a placeholder per argument (`snippet`) where the client takes snippets. */
  fn(f: { readonly name: string; readonly aggregate: boolean }, signature: string, snippet: string): void {
    const text = this.kw(f.name);
    this.add(text, `${text}(`, CompletionItemKind.Function, `${signature}${f.aggregate ? ' · aggregate' : ''}`, SORT.function, undefined, snippet);
  }

  form(f: { label: string; insert: string; snippet: string }, detail: string): void {
    const label = this.kw(f.label);
    const re = (s: string) => (this.ctx.keywordCase === 'lower' ? s.replace(f.label, label) : s);
    this.add(label, re(f.insert), CompletionItemKind.Keyword, detail, SORT.form, undefined, re(f.snippet));
  }
}
