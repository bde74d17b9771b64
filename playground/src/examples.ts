/**
 * The files of examples/, bundled at build time: dsq queries (loaded into the text side), spec
 * JSON inputs (`*.select.json`, loaded into the JSON side) and the shop schema.
 */
const dsqFiles = import.meta.glob<string>('../../examples/*.dsq', { query: '?raw', import: 'default', eager: true });
const jsonFiles = import.meta.glob<string>('../../examples/*.select.json', { query: '?raw', import: 'default', eager: true });
const schemaFiles = import.meta.glob<string>('../../examples/shop.schema.json', { query: '?raw', import: 'default', eager: true });

export interface Example {
  /** The file name in examples/. */
  readonly file: string;
  /** Which side it loads into. */
  readonly side: 'text' | 'json';
  readonly content: string;
  /** What it shows: the file's first comment line, when it has one. */
  readonly title: string;
}

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

function titleOf(content: string): string {
  const first = content.split('\n', 1)[0] ?? '';
  return first.startsWith('--') ? first.slice(2).trim() : '';
}

export const EXAMPLES: readonly Example[] = [
  ...Object.entries(dsqFiles).map(([path, content]) => ({ file: fileName(path), side: 'text' as const, content, title: titleOf(content) })),
  ...Object.entries(jsonFiles).map(([path, content]) => ({ file: fileName(path), side: 'json' as const, content, title: 'spec JSON, decompiled to text' })),
].sort((a, b) => a.file.localeCompare(b.file));

/** examples/shop.schema.json. */
export const SHOP_SCHEMA: string = Object.values(schemaFiles)[0] ?? '';
