import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompletionItemKind } from 'vscode-languageserver/node';
import { Items, SORT, type CompletionContext } from '../../src/lsp/completion-items.js';
import { childDatabases, databases, MAX_COMPLETION_SEGMENTS } from '../../src/lsp/completion-schema.js';
import { writePath } from '../../src/lsp/source-names.js';
import { allDatabases, type Schema } from '../../src/schema/index.js';
import { arbSchema, arbSchemaPath } from '../fixtures/schema-arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * The databases completion offers after FROM and after `path.` (src/lsp/completion-schema.ts),
 * walked without building every database's full path: the same items as the full paths give,
 * for schemas no deeper than MAX_COMPLETION_SEGMENTS (test/lsp/deep-schema.test.ts: deeper).
 */

const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const context = (schema: Schema): CompletionContext => ({ schema, keywordCase: 'upper', snippets: false, systemTables: [], positionAt: () => range.start });

/** What continues a qualifier, from every full path (groups, then databases) it stands in. */
function referenceChildren(schema: Schema, qualifier: string): Items {
  const out = new Items(context(schema), range);
  const wanted = qualifier.toLowerCase().split('.');
  for (const e of allDatabases(schema)) {
    const full = [...e.groups, ...e.path.split('.')];
    for (let at = 0; at + wanted.length < full.length; at++) {
      if (!wanted.every((w, k) => full[at + k]?.toLowerCase() === w)) continue;
      const rest = full.slice(at + wanted.length).join('.');
      out.add(rest, writePath(rest), CompletionItemKind.Class, e.database.label, SORT.database);
    }
  }
  return out;
}

const depthOf = (schema: Schema) => Math.max(0, ...allDatabases(schema).map((e) => [...e.groups, ...e.path.split('.')].length));
const sorted = (items: Items) => [...items.items].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));

describe('completion from the schema', () => {
  it('continues a path with what every full path holding it continues with', () => {
    fc.assert(
      fc.property(arbSchema, arbSchemaPath, (schema, qualifier) => {
        fc.pre(depthOf(schema) <= MAX_COMPLETION_SEGMENTS);
        const out = new Items(context(schema), range);
        childDatabases(out, context(schema), qualifier);
        expect(sorted(out)).toEqual(sorted(referenceChildren(schema, qualifier)));
      }),
      { numRuns: runs(1000) },
    );
  });

  it('lists every database of a schema no deeper than the limit', () => {
    fc.assert(
      fc.property(arbSchema, (schema) => {
        fc.pre(depthOf(schema) <= MAX_COMPLETION_SEGMENTS);
        const out = new Items(context(schema), range);
        databases(out, context(schema));
        const labels = out.items.map((i) => i.label);
        for (const e of allDatabases(schema)) expect(labels.includes(e.path) || labels.includes([...e.groups, e.path].join('.'))).toBe(true);
        expect(out.items.length).toBeLessThanOrEqual(allDatabases(schema).length);
      }),
      { numRuns: runs(300) },
    );
  });
});
