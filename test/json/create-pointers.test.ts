import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/ast/index.js';
import { fromAst } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJsonResult, toJson } from '../../src/json/index.js';
import { print } from '../../src/print/index.js';
import { parse } from '../../src/syntax/index.js';

/**
 * A problem inside a CREATE's definition is at the pointer the spec's JSON has it: the name of a
 * CREATE GROUP's group at /group/name (the tree's field is `definition`), a database's at
 * /database/name, a struct CREATE's teams at /group_teams/... The JSON writer, the printer and
 * the builder, given a tree with the problem, point where the JSON reader points for the same
 * problem in the JSON. Issue 29.
 */

/** A copy of a plain value with the property at `path` (keys of the tree) set to `value`. */
function setAt(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(root)) return root.map((item, i) => (i === head ? setAt(item, rest, value) : item));
  const obj = root as Record<string, unknown>;
  return { ...obj, [head]: setAt(obj[head], rest, value) };
}

/** The pointers of a refusal (any other outcome fails). */
function pointers(write: () => unknown): (string | undefined)[] {
  try {
    write();
  } catch (err) {
    expect(err).toBeInstanceOf(DsqError);
    return (err as DsqError).diagnostics.map((d) => d.pointer);
  }
  throw new Error('expected a DsqError');
}

// Each CREATE kind: its text, the path of a part in the tree and in the spec's JSON, and what is
// put there in each (by default an empty name).
const CASES: [string, (string | number)[], (string | number)[], unknown?, unknown?][] = [
  ["CREATE GROUP g DESC 'd' IN GROUP top", ['definition', 'name'], ['group', 'name']],
  ['CREATE DATABASE d IN GROUP g (a int, b int) BLOBS (x)', ['definition', 'name'], ['database', 'name']],
  ['CREATE DATABASE d IN GROUP g (a int, b int) BLOBS (x)', ['definition', 'fields', 1, 'name'], ['database', 'fields', 1, 'name']],
  ['CREATE DATABASE d IN GROUP g (a int) BLOBS (x)', ['definition', 'blobs', 0, 'name'], ['database', 'blobs', 0, 'name']],
  [
    'CREATE DATABASE d IN GROUP g (a int) DATABASES (c (k int))',
    ['definition', 'databases', 0, 'fields', 0, 'name'],
    ['database', 'databases', 0, 'fields', 0, 'name'],
  ],
  // A struct CREATE's teams are an object: an array there is refused at /group_teams.
  ["STRUCT CREATE CATEGORY c IN GROUP p GROUP_TEAMS (ops = 'admin')", ['groupTeams'], ['group_teams'], { kind: 'json_array', items: [] }, []],
  ["STRUCT CREATE PROJECT p DATABASE_TEAMS (ops = 'read')", ['databaseTeams'], ['database_teams'], { kind: 'json_array', items: [] }, []],
  ['STRUCT CREATE NOTEBOOK n IN GROUP p FIELDS (a int)', ['fields', 0, 'name'], ['fields', 0, 'name']],
];

describe("the pointer of a problem inside a CREATE is where the spec's JSON has it", () => {
  it.each(CASES)('%s: the tree at %j, the JSON at %j', (text, treePath, jsonPath, inTree = '', inJson = '') => {
    const tree = parse(text) as unknown;
    const broken = setAt(JSON.parse(JSON.stringify(tree)), treePath, inTree) as Node;
    const json = setAt(JSON.parse(toJson(tree as Node)), jsonPath, inJson);
    const read = fromJsonResult(JSON.stringify(json)).diagnostics.map((d) => d.pointer);
    expect(read.length, JSON.stringify(json)).toBeGreaterThan(0);
    const where = `/${jsonPath.join('/')}`;
    expect(read[0]?.startsWith(where) || where.startsWith(read[0] ?? '\u0000'), `the reader: ${read[0]}`).toBe(true);
    for (const [name, write] of [
      ['toJson', () => toJson(broken)],
      ['print', () => print(broken)],
      ['fromAst', () => fromAst(broken as never)],
    ] as const) {
      expect(pointers(write)[0], name).toBe(read[0]);
    }
  });
});
