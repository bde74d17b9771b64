import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostic/index.js';
import { childPointer } from '../../src/diagnostic/pointer.js';
import { fromJsonExpressionResult, fromJsonResult, fromJsonStatementsResult, readSpecJson, toJson, type JsonValue } from '../../src/json/index.js';
import { arbAction } from '../fixtures/action-arbitraries.js';
import { arbExpr, arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * Every reader collects: a document with k independent problems reports each of them. Valid
 * JSON from the shared arbitraries gets k mutations (a value replaced by one of another type,
 * an unknown key added) at places that do not hold one another; then the reader reports at
 * least k diagnostics, and each mutation's place (or its parent, where a reader reports a
 * problem at the object that holds it) is among their pointers.
 *
 * A mutation is only used where, made alone, it is a read error (`json/...`) at its place: a
 * replacement the reader accepts there (`{}` is a select object, `true` a record field) is no
 * mutation. So the property says: what each mutation reports alone, all of them report together.
 */

/** The JSON as a plain tree: numbers and strings kept as their JSON text, keys as written. */
type Tree =
  | { readonly t: 'lit'; readonly text: string }
  | { readonly t: 'arr'; readonly items: Tree[] }
  | { readonly t: 'obj'; readonly members: [string, Tree][] };

function treeOf(v: JsonValue): Tree {
  switch (v.type) {
    case 'null':
    case 'undefined':
      return { t: 'lit', text: v.type === 'null' && v.fromEmptyString ? '""' : 'null' };
    case 'boolean':
      return { t: 'lit', text: String(v.value) };
    case 'number':
      return { t: 'lit', text: v.text };
    case 'string':
      return { t: 'lit', text: JSON.stringify(v.value) };
    case 'array':
      return { t: 'arr', items: v.items.map(treeOf) };
    case 'object':
      return { t: 'obj', members: v.members.map((m) => [m.rawKey, treeOf(m.value)]) };
  }
}

function textOf(tree: Tree): string {
  if (tree.t === 'lit') return tree.text;
  if (tree.t === 'arr') return `[${tree.items.map(textOf).join(',')}]`;
  return `{${tree.members.map(([k, v]) => `${JSON.stringify(k)}:${textOf(v)}`).join(',')}}`;
}

/** Every value of the tree but the root: its pointer, the segments to it, and its key when it is a member. */
interface Place {
  readonly pointer: string;
  readonly path: readonly (string | number)[];
  readonly key: string | null;
  readonly parent: Tree;
  readonly tree: Tree;
}

function places(root: Tree): Place[] {
  const out: Place[] = [];
  const stack: { tree: Tree; pointer: string; path: (string | number)[] }[] = [{ tree: root, pointer: '', path: [] }];
  while (stack.length > 0) {
    const { tree, pointer, path } = stack.pop() as (typeof stack)[number];
    const children: [string | number, Tree][] = tree.t === 'arr' ? tree.items.map((c, i) => [i, c]) : tree.t === 'obj' ? tree.members : [];
    for (const [seg, child] of children) {
      const p = childPointer(pointer, seg);
      out.push({ pointer: p, path: [...path, seg], key: typeof seg === 'string' ? seg : null, parent: tree, tree: child });
      stack.push({ tree: child, pointer: p, path: [...path, seg] });
    }
  }
  return out;
}

const REPLACEMENTS = ['true', '[]', '{}', '"zz"', '-1.5', '{"zz": 1}'];
/** The keys whose value says what the object is: a mutation there is a mutation of the whole object. */
// The properties that pick a kind: the spec's "type", "action", "fetch", "download", and the administrative actions' "drop", "alter", "op", "create".
const DISCRIMINATORS = new Set(['type', 'action', 'fetch', 'download', 'drop', 'alter', 'op', 'create']);

interface Mutation {
  /** The subtree the mutation changes: no other mutation may be in it, or hold it. */
  readonly scope: string;
  /** Where its diagnostic may be: the mutated value's pointer, or its parent's. */
  readonly at: readonly string[];
  readonly apply: (root: Tree) => Tree;
}

const parentOf = (pointer: string) => pointer.slice(0, pointer.lastIndexOf('/'));

/** A copy of the tree with the value at `path` changed by `f`. */
function edit(root: Tree, path: readonly (string | number)[], f: (t: Tree) => Tree): Tree {
  if (path.length === 0) return f(root);
  const [seg, ...rest] = path;
  if (root.t === 'arr') return { t: 'arr', items: root.items.map((c, i) => (i === seg ? edit(c, rest, f) : c)) };
  if (root.t === 'obj') return { t: 'obj', members: root.members.map(([k, v]) => [k, k === seg ? edit(v, rest, f) : v]) };
  return root;
}

function replaceAt(place: Place, text: string): Mutation {
  const whole = place.key !== null && DISCRIMINATORS.has(place.key.trim().toLowerCase());
  return {
    scope: whole ? parentOf(place.pointer) : place.pointer,
    at: [place.pointer, parentOf(place.pointer)],
    apply: (root) => edit(root, place.path, () => ({ t: 'lit', text })),
  };
}

function addKeyAt(place: Place, n: number): Mutation | null {
  if (place.tree.t !== 'obj') return null;
  const key = `zzq${n}`;
  const members = place.tree.members;
  // A `$` shorthand object with a second key is no expression at all: the object is the mutation's.
  const shorthand = members.length === 1 && (members[0] as [string, Tree])[0].trim().startsWith('$');
  const pointer = childPointer(place.pointer, key);
  return {
    scope: shorthand ? place.pointer : pointer,
    at: [pointer, place.pointer],
    apply: (root) => edit(root, place.path, (t) => (t.t === 'obj' ? { t: 'obj', members: [...t.members, [key, { t: 'lit', text: '1' }]] } : t)),
  };
}

/** Whether one pointer is the other or holds it. */
const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

type Read = (text: string) => { readonly value?: unknown; readonly diagnostics: readonly Diagnostic[] };

/** What reading a document gives, checked for what every result must be. */
function readChecked(read: Read, text: string): readonly Diagnostic[] {
  const r = read(text);
  expect(r.diagnostics.filter((d) => d.code.startsWith('internal/'))).toEqual([]);
  expect(r.value === undefined).toBe(r.diagnostics.some((d) => d.severity === 'error'));
  return r.diagnostics;
}

const reportsAt = (ds: readonly Diagnostic[], m: Mutation) => ds.some((d) => d.code.startsWith('json/') && d.pointer !== undefined && m.at.includes(d.pointer));

const arbPicks = fc.array(fc.tuple(fc.nat(), fc.oneof(fc.constantFrom(...REPLACEMENTS), fc.constant(null))), { minLength: 20, maxLength: 20 });

function check(read: Read, text: string, k: number, picks: readonly (readonly [number, string | null])[]): void {
  const root = treeOf(readSpecJson(text));
  expect(readChecked(read, textOf(root))).toEqual([]);
  const all = places(root);
  fc.pre(all.length > 0);
  const chosen: Mutation[] = [];
  // Up to k mutations (a small document may have room for fewer: about 4 runs in 10 get 3 to 5).
  picks.forEach(([i, replacement], n) => {
    if (chosen.length === k) return;
    const place = all[i % all.length] as Place;
    const m = replacement === null ? addKeyAt(place, n) : replaceAt(place, replacement);
    if (m === null || chosen.some((c) => overlaps(c.scope, m.scope))) return;
    // Alone, it is a read error at its place: else it is no mutation here.
    if (!reportsAt(readChecked(read, textOf(m.apply(root))), m)) return;
    chosen.push(m);
  });
  fc.pre(chosen.length > 0);
  const mutated = textOf(chosen.reduce((t, m) => m.apply(t), root));
  const ds = readChecked(read, mutated);
  expect(ds.length, mutated).toBeGreaterThanOrEqual(chosen.length);
  for (const m of chosen) expect(reportsAt(ds, m), `${m.at[0]} in ${mutated}\n${ds.map((d) => `${d.pointer} ${d.code}`).join('\n')}`).toBe(true);
}

const statementText = fc.tuple(fc.oneof(arbStatement, arbAction), fc.constantFrom<'short' | 'full'>('short', 'full')).map(([s, form]) => toJson(s, { form }));
const expressionText = fc.tuple(arbExpr, fc.constantFrom<'short' | 'full'>('short', 'full')).map(([e, form]) => toJson(e, { form }));

describe('k independent problems in one document give k diagnostics, each at its place', () => {
  it('selects, SELECT actions and data actions (fromJsonResult; 600 runs)', () => {
    fc.assert(
      fc.property(statementText, fc.integer({ min: 1, max: 5 }), arbPicks, (text, k, picks) => check(fromJsonResult, text, k, picks)),
      { numRuns: runs(600) },
    );
  });

  it('expressions (fromJsonExpressionResult; 400 runs)', () => {
    fc.assert(
      fc.property(expressionText, fc.integer({ min: 1, max: 5 }), arbPicks, (text, k, picks) => check(fromJsonExpressionResult, text, k, picks)),
      { numRuns: runs(400) },
    );
  });
});

/** JSON built from the spec's words (its keys, types, actions, operators): values that reach deep into every reader. */
const KEYS = [
  'action',
  'fetch',
  'type',
  'select',
  'from',
  'where',
  'columns',
  'e',
  'alias',
  'op',
  'e1',
  'e2',
  'min',
  'max',
  'cases',
  'when',
  'then',
  'else',
  'base',
  'args',
  'function',
  'values',
  'table',
  'column',
  'database',
  'databases',
  'records',
  'key',
  'fields',
  'expressions',
  'file',
  'tags',
  'content',
  'order',
  'group',
  'having',
  'limit',
  'offset',
  'distinct',
  'rows',
  'echo',
  'use_strings',
  'wall',
  'user',
  'team',
  'post',
  'count',
  'children',
  'on_duplicate',
  'on_remove',
  'fail_no_op',
  's1',
  's2',
  'value',
  'collation',
  'text',
  'seen',
  'attributes',
  '$and',
  '$or',
  '$=',
  '$-',
  '$not',
  '$col',
  '$in',
  '$between',
  '$exists',
  '$select',
  '$dt',
  '$$lower',
  '$$',
  '$alias',
  '$nope',
];
const WORDS = [
  'select',
  'fetch',
  'insert',
  'replace',
  'set',
  'update',
  'delete',
  'trash',
  'restore',
  'dispose',
  'records',
  'multirecords',
  'pseudorecords',
  'tasks',
  'users',
  'posts',
  'logs',
  'notifications',
  'user_subscriptions',
  'binary',
  'unary',
  'case',
  'column',
  'function',
  'in',
  'in_select',
  'between',
  'collate',
  'exists',
  'subquery',
  'number',
  'string',
  'null',
  'datetime',
  'alias',
  'count_rows',
  'table',
  'table_system',
  'table_database',
  'join',
  'select_source',
  'all',
  'where',
  'key',
  'text',
  'base64',
  'group',
  'record',
  'user',
  'asc',
  'desc',
  'and',
  '+',
  'not',
  'inner',
  'update',
  'fail',
  'a',
  '2024-01-02',
];
const { doc: arbSpecish } = fc.letrec<{ doc: unknown }>((tie) => ({
  doc: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(null, true, false, 0, 1, -2, 1.5, ''),
    fc.constantFrom(...WORDS),
    fc.array(tie('doc'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('doc'), { maxKeys: 5 }),
  ),
}));

describe('no reader throws, whatever the input', () => {
  it("JSON made of the spec's words: every Result entry point gives a result (a value exactly when no error), never an exception (3,000 runs)", () => {
    fc.assert(
      fc.property(arbSpecish, (value) => {
        const text = JSON.stringify(value);
        for (const read of [fromJsonResult, fromJsonExpressionResult, fromJsonStatementsResult] as Read[]) {
          readChecked(read, text);
          readChecked((v) => read(JSON.parse(v)), text);
        }
      }),
      { numRuns: runs(3000) },
    );
  });
});
