import { FIELD_LIST, denotesIn, type FieldEntry } from '../ast/fields.js';
import type { Denotes } from '../ast/field-checks.js';
import { KINDS, STATEMENT_WORDS } from '../ast/kinds.js';
import type { Node, NodeKind } from '../ast/nodes.js';
import { scopeOwnerOf, type Clause, type ScopeOwner } from '../lint/scope.js';
import type { Diagnostic } from '../diagnostic/index.js';
import { parseDocument } from '../syntax/parse.js';
import { RESERVED_WORDS } from '../syntax/words.js';

/**
 * What a place in a statement expects, read from the statement's tree and the kind table, for
 * every statement kind alike: the parser reads the statement with a probe name written at the
 * place (in place of the word there), and the field of the tree that holds the probe says what
 * stands there (`denotes` in the kind table, src/ast/field-checks.ts: a database, a field of the
 * database in scope, a record attribute), or that an expression over the records in scope
 * stands there, or that the place is inside a select (which has its own scope: completion.ts).
 * The parser recovers from errors and keeps the tree of a broken statement, so this works while
 * the statement is being typed. No kind is named here: a new kind whose fields say what they
 * denote is completed and hovered with no code of its own.
 */

/** The probe: a bare name nobody writes, read by the parser wherever a name may stand. */
const PROBE = 'dsq_probe_7f3a';

export type Expects = Denotes | 'expression' | 'select';

export interface Place {
  readonly expects: Expects;
  /** The text of the name at the place up to the probe: `shop.` for `shop.|`, '' for a name alone. */
  readonly before: string;
  /** The text of the name at the place after the probe (`.orders` when the probe stands for `shop` in `shop.orders`). */
  readonly after: string;
  /** The paths of the databases in scope: the names the nearest node above the place that has a database field gives there. */
  readonly databases: readonly string[];
  /**
   * The selects and actions whose scopes the place sees, the outermost first (lint's scope
   * analysis, src/lint/scope.ts: the same owners lint's rules see at a node there).
   */
  readonly owners: readonly ScopeOwner[];
  /** The part of the innermost select the place lies in (its field holding the place), or null outside a select. */
  readonly clause: Clause | null;
  /** The place takes the name as a string (`'note'`: an item of a specifier array, `DROP FIELDS ['note', ...]`), not as a bare name. */
  readonly quoted: boolean;
}

interface Found {
  readonly node: Node;
  readonly field: FieldEntry;
  readonly value: string;
  /** The nodes above, the root first, with the field of each that holds the next. */
  readonly path: readonly { node: Node; field: FieldEntry }[];
}

/**
 * The place of `statement[from, to)` (offsets into `text`, the word there replaced by the
 * probe) in the statement from `start` to `end`; null when the parser puts no name there (a
 * keyword stands there, or nothing may): also when it reports the probe, or what was written
 * from `accepted` up to it, unexpected, and reads it only by its recovery (`INSERT INTO t (a) |`
 * reads the probe as a value after the VALUES it says is missing).
 */
export function placeAt(text: string, start: number, end: number, from: number, to: number, accepted: number = from): Place | null {
  // A bare name first; where none may stand, a string (an item of a specifier array takes names only as strings).
  let quoted = false;
  let found = probeIn(`${text.slice(start, from)}${PROBE}${text.slice(to, end)}`, accepted - start, from - start + PROBE.length);
  if (found === null) {
    found = probeIn(`${text.slice(start, from)}'${PROBE}'${text.slice(to, end)}`, accepted - start, from - start + PROBE.length + 2);
    quoted = found !== null && KINDS[found.node.kind].role === 'specifier';
    if (!quoted) return null;
  }
  if (found === null) return null;
  const at = found.value.indexOf(PROBE);
  const before = found.value.slice(0, at);
  const after = found.value.slice(at + PROBE.length);
  const expects = expectsAt(found);
  if (expects === null) return null;
  const owners: ScopeOwner[] = [];
  let clause: Clause | null = null;
  for (const step of found.path) {
    const owner = scopeOwnerOf(step.node, step.field.key);
    if (owner === null) continue;
    owners.push(owner);
    if (owner.kind === 'select') clause = step.field.key as Clause;
  }
  if (quoted && expects !== 'database' && expects !== 'field') return null;
  return { expects, before, after, databases: databasesInScope(found), owners, clause, quoted };
}

/**
 * The words the parser expects at `at` in the statement from `start` (offsets into `text`).
 * Where the statement cut there is unfinished, its error at the cut (`expected SET, OBJECTS or
 * FILES after 'ALTER DATABASE ...'`) says what must follow: the words of its `expected` list
 * (or `(` where that is what it expects). Where it is complete (`DELETE FROM t |`), or its error
 * names no word (`OPTIONS (`: a name), the words that may follow: each word the
 * parser reads as a keyword (the lexer's reserved words, the statement words, and the words of
 * the statement kind's fields in the kind table, `RECORDS`, `FIELDS`, `USER`) that it reads there, the statement cut
 * with the word after it being parsed: the word is read when no error is found at it, and
 * where the parser then expects one word (`ORDER` then `BY`) it is offered with it. No list of
 * clauses per kind: what the parser reads is what is offered. (Not after a statement longer
 * than MAX_TRIED_AFTER.)
 */
export function expectedWordsAt(text: string, start: number, at: number): string[] {
  const cut = text.slice(start, at);
  const end = cut.trimEnd().length;
  const doc = parseDocument(cut);
  const error = doc.diagnostics.find((d) => d.severity === 'error' && d.span !== undefined && d.span.start >= end && d.expected !== undefined);
  // (`OPTIONS |`, `FROM |` of FETCH PSEUDORECORDS: the parenthesis, as a select's OPTIONS offers it.)
  if (error?.expected === "'('") return ['('];
  const listed = error?.expected === undefined ? [] : wordsOf(error.expected);
  if (listed.length > 0) return listed;
  // Where the error at the cut names no word (`OPTIONS (`: a name), the words tried as after a complete statement.
  if (doc.diagnostics.some((d) => isSyntaxError(d) && d !== error) || cut.length > MAX_TRIED_AFTER) return [];
  const root = doc.statements[0]?.node ?? doc.recovered[0]?.node;
  if (root === undefined) return [];
  // Where a name may stand, a word that is not reserved may be read as that name: only the reserved ones are tried.
  const nameRead = !unexpectedAt(`${cut} ${PROBE}`, cut.length + 1);
  const words: string[] = [];
  for (const word of candidateWords(root.kind)) {
    if (nameRead && !RESERVED.has(word)) continue;
    const probed = `${cut} ${word}`;
    // The first error at or after the cut: none, or one at the end (after the word), and the word is read.
    const after = parseDocument(probed).diagnostics.find((d) => isSyntaxError(d) && (d.span?.start ?? -1) >= end);
    if (after?.span === undefined) {
      words.push(word);
      continue;
    }
    if (after.span.start < probed.length) continue;
    // The word read, and its error at the end: the one word it needs after it (`ORDER` `BY`), if that is what the parser says.
    const next = after.expected === undefined ? [] : wordsOf(after.expected);
    words.push(next.length === 1 && /^[A-Z]+$/.test(next[0] as string) ? `${word} ${next[0]}` : word);
  }
  return words;
}

/** The words of an `expected` list (a description's list in parentheses when it is one: `a write action (INSERT, ...)`; other parenthesised notes left out), each with the words in capitals right after it (`FILE TEXT`). */
function wordsOf(expected: string): string[] {
  let list = /^[a-z][^(]*\((.*)\)$/.exec(expected)?.[1] ?? expected;
  for (let before = ''; before !== list; ) [before, list] = [list, list.replace(/\([^()]*\)/g, '')];
  const words: string[] = [];
  for (const item of list.split(/,\s*|\s+or\s+/)) {
    const word = /^[A-Z][A-Z0-9_]+(?: [A-Z][A-Z0-9_]+)*\b/.exec(item.trim())?.[0];
    if (word !== undefined && !words.includes(word)) words.push(word);
  }
  return words;
}

/** Whether the parser reports a syntax error starting at `offset` of `text` (or before it). */
function unexpectedAt(text: string, offset: number): boolean {
  return parseDocument(text).diagnostics.some((d) => isSyntaxError(d) && (d.span?.start ?? text.length) <= offset);
}

/**
 * The longest statement (characters up to the cursor) after which the words that may follow are
 * tried: each try parses it again (about 60 parses; 0.1 ms a character in all, measured), so a
 * longer one (a VALUES of hundreds of rows) gets none rather than a slow answer.
 */
const MAX_TRIED_AFTER = 2000;
const RESERVED: ReadonlySet<string> = new Set(RESERVED_WORDS);
const candidates = new Map<string, readonly string[]>();
/**
 * The words tried after a complete statement of a kind: the reserved words, the statement words
 * (`UPDATE t SET`), and its fields' names as words (`records` RECORDS; `failNoOp` FAIL_NO_OP is
 * tried and not read).
 */
function candidateWords(kind: NodeKind): readonly string[] {
  let words = candidates.get(kind);
  if (words === undefined) {
    const own = FIELD_LIST[kind].flatMap((f) => [f.key, f.json ?? f.key]).map((k) => k.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase());
    words = [...new Set([...RESERVED_WORDS, ...STATEMENT_WORDS, ...own])].filter((w) => /^[A-Z][A-Z0-9_]*$/.test(w));
    candidates.set(kind, words);
  }
  return words;
}

/**
 * The node and field holding the probe in the probed statement. A statement whose kind the
 * parser tells only by a word after the probe (`ALTER DATABASE d ALTER FIELD f` is a field's
 * alter once SET, OBJECTS or FILES follows) has no place for it while that word is not written
 * yet: then it is read again with the first word the parser expected after the probe written
 * where it expected it.
 */
function probeIn(probed: string, accepted: number, probeEnd: number): Found | null {
  const doc = parseDocument(probed);
  if (doc.diagnostics.some((d) => isSyntaxError(d) && (d.span?.start ?? -1) >= accepted && (d.span?.start ?? probeEnd) < probeEnd)) return null;
  const root = doc.statements[0]?.node ?? doc.recovered[0]?.node;
  const found = root === undefined ? null : findProbe(root);
  if (found !== null) return found;
  for (const d of doc.diagnostics) {
    const word = d.severity === 'error' && d.span !== undefined && d.span.start >= probeEnd ? /^[A-Z][A-Z_]*\b/.exec(d.expected ?? '')?.[0] : undefined;
    if (word === undefined || d.span === undefined) continue;
    const again = parseDocument(`${probed.slice(0, d.span.start)} ${word} ${probed.slice(d.span.start)}`);
    const node = again.statements[0]?.node ?? again.recovered[0]?.node;
    return node === undefined ? null : findProbe(node);
  }
  return null;
}

function isSyntaxError(d: Diagnostic): boolean {
  return d.severity === 'error' && d.code.startsWith('syntax/');
}

/** The node and field holding the probe, with the nodes above it (a walk with an explicit stack). */
function findProbe(root: Node): Found | null {
  const stack: { node: Node; path: { node: Node; field: FieldEntry }[] }[] = [{ node: root, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop() as { node: Node; path: { node: Node; field: FieldEntry }[] };
    const record = node as unknown as Record<string, unknown>;
    for (const field of FIELD_LIST[node.kind]) {
      const value = record[field.key];
      if (field.child !== null) {
        const items = Array.isArray(value) ? value : [value];
        for (const item of items) {
          if (typeof item === 'object' && item !== null && typeof (item as Node).kind === 'string')
            stack.push({ node: item as Node, path: [...path, { node, field }] });
        }
        continue;
      }
      const strings = Array.isArray(value) ? value : [value];
      for (const s of strings) if (typeof s === 'string' && s.includes(PROBE)) return { node, field, value: s, path };
    }
  }
  return null;
}

/** What the place of the probe expects, from the fields that hold it. */
function expectsAt(found: Found): Expects | null {
  const own = denotesIn(found.node, found.field);
  if (own !== undefined) return own;
  // A name of a specifier (`shop.orders`, each item of `[...]`): what the field holding the specifier denotes.
  if (KINDS[found.node.kind].role === 'specifier') {
    for (let i = found.path.length - 1; i >= 0; i--) {
      const step = found.path[i] as { node: Node; field: FieldEntry };
      const denotes = denotesIn(step.node, step.field);
      if (denotes !== undefined) return denotes;
      if (KINDS[step.node.kind].role !== 'specifier') break;
    }
  }
  // A column of an expression: the records in scope, unless a select or a specifier of databases is nearer;
  // an expression of an action that reads no database (FETCH TASKS' WHERE, FETCH PSEUDORECORDS' over its select's rows) too,
  // unless it filters a specifier (of users, groups: not records).
  if (found.node.kind !== 'column') return found.node.kind === 'table' ? 'select' : null;
  for (let i = found.path.length - 1; i >= 0; i--) {
    const step = found.path[i] as { node: Node; field: FieldEntry };
    if (step.node.kind === 'select') return 'select';
    // (A specifier's WHERE filters databases or users, not records: an expression with no fields in scope.)
    if (step.field.child?.denotes === 'database' || step.field.child?.role === 'spec')
      return found.path.some((s) => s.node.kind === 'spec_where') ? 'expression' : null;
    if (hasDatabaseField(step.node) || KINDS[step.node.kind].role === 'action') return 'expression';
  }
  return null;
}

function hasDatabaseField(node: Node): boolean {
  return FIELD_LIST[node.kind].some((f) => f.child !== null && denotesIn(node, f) === 'database');
}

/** The database paths the nearest node above the probe with a database field names (each name of a specifier array). */
function databasesInScope(found: Found): string[] {
  const chain = [...found.path.map((step) => step.node), found.node];
  for (let i = chain.length - 1; i >= 0; i--) {
    const node = chain[i] as Node;
    if (!hasDatabaseField(node)) continue;
    const out: string[] = [];
    const record = node as unknown as Record<string, unknown>;
    for (const f of FIELD_LIST[node.kind]) {
      if (f.child === null || denotesIn(node, f) !== 'database') continue;
      const stack = [record[f.key]];
      while (stack.length > 0) {
        const spec = stack.pop() as { kind?: string; name?: unknown; items?: unknown[] } | null;
        if (spec?.kind === 'spec_name' && typeof spec.name === 'string' && !spec.name.includes(PROBE)) out.push(spec.name);
        else if (spec?.kind === 'spec_array' && Array.isArray(spec.items)) stack.push(...spec.items);
      }
    }
    return out;
  }
  return [];
}
