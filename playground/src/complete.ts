/**
 * Completion in the dsq editor. Where a word stands: the keywords and the spec's functions, with
 * a schema also the fields of the databases the text reads from (all fields when it names none
 * the schema knows) and the database paths. With a schema, after FROM, JOIN or a comma of the
 * FROM clause: database paths; after `q.` where q is a source alias or a database path: the
 * fields of that database. Nothing inside a string or a comment.
 */
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { allDatabases, FUNCTIONS, KEYWORD_DOCS, KEYWORD_NAMES, tokenize, type FunctionInfo, type Schema, type SchemaDatabase } from './dsq.js';

const PLAIN = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const KEYWORDS: ReadonlySet<string> = new Set(KEYWORD_NAMES);

/** `KEYWORD_DOCS` entries are Markdown with backticks: shown as plain text. */
const plain = (doc: string | undefined) => doc?.replace(/`/g, '');

/** How many arguments a function takes, in words. */
function argumentCount(f: FunctionInfo): string {
  const n = (k: number) => `${k} argument${k === 1 ? '' : 's'}`;
  if (f.maxArgs === Infinity) return `${f.minArgs} or more arguments`;
  return f.minArgs === f.maxArgs ? n(f.minArgs) : `${f.minArgs} to ${n(f.maxArgs)}`;
}

/** The keywords that start a clause: ranked above the others (WHERE before WHEN). */
const CLAUSE_KEYWORDS: ReadonlySet<string> = new Set(['SELECT', 'FROM', 'WHERE', 'GROUP', 'HAVING', 'ORDER', 'LIMIT', 'OFFSET', 'JOIN', 'OPTIONS']);

/** The keywords and the spec's functions (`COUNT(` is written with its parenthesis). */
const WORDS: readonly Completion[] = [
  ...KEYWORD_NAMES.map(
    (k): Completion => ({ label: k, type: 'keyword', ...(KEYWORD_DOCS[k] ? { info: plain(KEYWORD_DOCS[k]) } : {}), boost: CLAUSE_KEYWORDS.has(k) ? -1 : -2 }),
  ),
  ...[...FUNCTIONS.values()].map(
    (f): Completion => ({
      label: f.name,
      apply: `${f.name}(`,
      type: 'function',
      detail: `${f.aggregate ? 'aggregate' : 'function'}, ${argumentCount(f)}`,
      boost: -1,
    }),
  ),
];

/** Whether an offset is inside a string, a quoted name or a comment (where nothing is offered). */
function insideText(text: string, offset: number): boolean {
  return tokenize(text).some(
    (t) =>
      (t.category === 'string' || t.category === 'comment') &&
      t.start < offset &&
      (offset < t.end || (t.unterminated === true && offset === t.end) || (t.category === 'comment' && t.type === 'LineComment' && offset === t.end)),
  );
}

/** A name as dsq text writes it: plain, or double-quoted (keywords and odd names). */
export function nameText(name: string): string {
  return PLAIN.test(name) && !KEYWORDS.has(name.toUpperCase()) ? name : `"${name.replace(/"/g, '""')}"`;
}

interface Entry {
  /** The path written in text: groups, then the database path (`shop.orders.lines`). */
  readonly full: string;
  /** The database path alone (`orders.lines`). */
  readonly path: string;
  readonly database: SchemaDatabase;
}

function entries(schema: Schema): Entry[] {
  return allDatabases(schema).map((e) => ({
    full: [...e.groups, ...e.path.split('.')].map(nameText).join('.'),
    path: e.path.split('.').map(nameText).join('.'),
    database: e.database,
  }));
}

/** Unquotes a path written in text (`"odd".x` → `odd.x`) for comparison. */
const bare = (path: string) => path.replace(/"((?:[^"]|"")*)"/g, (_m, inner: string) => inner.replace(/""/g, '"')).toLowerCase();

/** The database a path written in text refers to (by its full path or any tail of it). */
function databaseOf(all: readonly Entry[], written: string): SchemaDatabase | null {
  const w = bare(written.replace(/@.*$/, ''));
  const found = all.filter((e) => bare(e.full) === w || bare(e.full).endsWith(`.${w}`));
  return found.length === 1 ? (found[0] as Entry).database : null;
}

const SOURCE =
  /\b(?:FROM|JOIN)\s+((?:"(?:[^"]|"")*"|[A-Za-z_][\w$]*)(?:[.@:](?:"(?:[^"]|"")*"|[A-Za-z_][\w$]*))*)(?:\s+(?:AS\s+)?("(?:[^"]|"")*"|[A-Za-z_][\w$]*))?/gi;
const COMMA_SOURCE = /,\s*((?:"(?:[^"]|"")*"|[A-Za-z_][\w$]*)(?:[.@:](?:"(?:[^"]|"")*"|[A-Za-z_][\w$]*))*)(?:\s+(?:AS\s+)?("(?:[^"]|"")*"|[A-Za-z_][\w$]*))?/gi;

/** The sources the text reads from: database and alias, from FROM/JOIN (and commas after them). */
function sourcesIn(text: string, all: readonly Entry[]): { alias: string | null; database: SchemaDatabase }[] {
  const out: { alias: string | null; database: SchemaDatabase }[] = [];
  for (const re of [SOURCE, COMMA_SOURCE]) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const database = databaseOf(all, m[1] as string);
      if (!database) continue;
      const alias = m[2] && !KEYWORDS.has(m[2].toUpperCase()) ? bare(m[2]) : null;
      out.push({ alias, database });
    }
  }
  return out;
}

function fieldOptions(database: SchemaDatabase, boost = 0): Completion[] {
  return [
    ...database.fields.map((f) => ({
      label: nameText(f.name),
      type: 'property',
      detail: f.type + (f.nul ? ', nullable' : '') + (f.key ? ', key' : ''),
      info: f.label !== f.name ? `${f.label} (${database.name})` : database.name,
      boost,
    })),
    ...database.blobs.map((b) => ({ label: nameText(b.name), type: 'property', detail: 'blob', info: database.name, boost })),
  ];
}

/** The completion source, reading the current schema each time (null: none there). */
export function dsqCompletion(currentSchema: () => Schema | null): CompletionSource {
  return (cx: CompletionContext): CompletionResult | null => {
    const word = cx.matchBefore(/(?:(?:"(?:[^"]|"")*"|[A-Za-z_][\w$]*)[.@:])*(?:"(?:[^"]|"")*"?|[A-Za-z_][\w$]*)?/);
    if (!word || (word.from === word.to && !cx.explicit)) return null;
    const text = cx.state.doc.toString();
    if (insideText(text, cx.pos)) return null;
    const schema = currentSchema();
    // A parameter (`:name`), a number or a word after a dot without a schema: nothing to offer.
    const charBefore = cx.state.doc.sliceString(Math.max(0, word.from - 1), word.from);
    if (charBefore === ':' || /[0-9]/.test(charBefore)) return null;
    const dot = word.text.lastIndexOf('.');
    if (!schema) {
      if (dot >= 0 || word.text.startsWith('"')) return null;
      return { from: word.from, options: WORDS, validFor: /^[\w$]*$/ };
    }
    const all = entries(schema);
    const before = cx.state.doc.sliceString(Math.max(0, word.from - 200), word.from);
    const afterSourceKeyword =
      /\b(?:FROM|JOIN)\s*$/i.test(before) ||
      (/,\s*$/.test(before) && /\bFROM\b(?:(?!\b(?:WHERE|GROUP|HAVING|ORDER|LIMIT|OFFSET|SELECT)\b)[\s\S])*$/i.test(before));
    if (afterSourceKeyword) {
      return {
        from: word.from,
        options: all.flatMap((e) => [
          { label: e.full, type: 'class', detail: 'database', info: e.database.label },
          ...(e.path !== e.full ? [{ label: e.path, type: 'class', detail: 'database', info: e.database.label, boost: -1 }] : []),
        ]),
        validFor: /^[\w$."@:]*$/,
      };
    }
    if (dot > 0) {
      const qualifier = word.text.slice(0, dot);
      const sources = sourcesIn(text, all);
      const byAlias = sources.find((s) => s.alias !== null && s.alias === bare(qualifier));
      const database = byAlias?.database ?? databaseOf(all, qualifier);
      if (database) {
        // A child database is written on after its parent too (`orders.lines`).
        const children = database.databases.map((d) => ({ label: nameText(d.name), type: 'class', detail: 'database' }));
        return { from: word.from + dot + 1, options: [...fieldOptions(database), ...children], validFor: /^[\w$"]*$/ };
      }
    }
    const sources = sourcesIn(text, all);
    const seen = new Set<SchemaDatabase>();
    const fields: Completion[] = [];
    for (const s of sources) {
      if (seen.has(s.database)) continue;
      seen.add(s.database);
      fields.push(...fieldOptions(s.database, 1));
    }
    if (fields.length === 0) for (const e of all) fields.push(...fieldOptions(e.database));
    // One option per name (two databases with an `id` field offer it once, the first one's).
    const labels = new Set<string>();
    const unique = fields.filter((f) => !labels.has(f.label) && labels.add(f.label));
    return {
      from: word.from,
      options: [
        ...unique,
        ...all.map((e) => ({ label: e.full, type: 'class', detail: 'database', info: e.database.label, boost: -1 })),
        ...(dot >= 0 ? [] : WORDS),
      ],
      validFor: /^[\w$"]*$/,
    };
  };
}
