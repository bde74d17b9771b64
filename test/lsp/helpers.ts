import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readSchema, type Schema } from '../../src/index.js';
import { complete, type CompletionContext } from '../../src/lsp/completion.js';
import { textModelOf } from '../../src/lsp/text-model.js';

export const SHOP_SCHEMA_TEXT = readFileSync(fileURLToPath(new URL('../../examples/shop.schema.json', import.meta.url)), 'utf8');
export const SHOP: Schema = readSchema(SHOP_SCHEMA_TEXT);

/** Text with a `|` marking the cursor: the text without it and the cursor's offset. */
export function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  if (offset < 0) throw new Error('no | in the text');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

/** A position from an offset (0-based line and UTF-16 character), as LSP counts. */
export function positionIn(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

export function completions(marked: string, options: Partial<CompletionContext> = {}) {
  const { text, offset } = cursor(marked);
  return complete(textModelOf(text), offset, {
    schema: SHOP,
    keywordCase: 'upper',
    snippets: false,
    systemTables: [],
    positionAt: (o) => positionIn(text, o),
    ...options,
  });
}

export const labels = (marked: string, options: Partial<CompletionContext> = {}) => completions(marked, options).map((i) => i.label);
