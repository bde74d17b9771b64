import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/index.js';
import { allDatabases, findDatabases, findField, type Schema, type SchemaDatabase, type SchemaField, type SchemaGroup } from '../../src/schema/index.js';
import { arbSchema, arbSchemaName, arbSchemaPath } from '../fixtures/schema-arbitraries.js';
import { runs } from '../helpers/runs.js';

/**
 * The schema lookups (src/schema/lookup.ts) index a schema once; they answer as a scan of every
 * database would (the reference below: what they did before the index), and a lint run costs
 * the databases it names, not statements x databases.
 */

/** Every database with its full path (group names, then database names), in order: a plain recursive walk. */
function referenceEntries(schema: Schema): { database: SchemaDatabase; path: string; full: string[] }[] {
  const out: { database: SchemaDatabase; path: string; full: string[] }[] = [];
  const db = (d: SchemaDatabase, groups: string[], above: string[]) => {
    const names = [...above, d.name];
    out.push({ database: d, path: names.join('.'), full: [...groups, ...names] });
    for (const c of d.databases) db(c, groups, names);
  };
  // A group's databases first, then its groups (as allDatabases lists them).
  const group = (g: SchemaGroup, groups: string[]) => {
    const inner = g.name === '' ? groups : [...groups, g.name];
    for (const d of g.databases) db(d, inner, []);
    for (const s of g.groups) group(s, inner);
  };
  for (const g of schema.groups) group(g, []);
  return out;
}

/** The databases whose full path ends with the path's names: exact matches, else case-insensitive ones. */
function referenceFind(schema: Schema, path: string): { database: SchemaDatabase; path: string }[] {
  const wanted = path.split('.');
  const entries = referenceEntries(schema);
  const match = (full: string[], fold: (s: string) => string) => {
    const w = wanted.map(fold);
    return w.length <= full.length && w.every((seg, i) => fold(full[full.length - w.length + i]!) === seg);
  };
  const exact = entries.filter((e) => match(e.full, (s) => s));
  return exact.length > 0 ? exact : entries.filter((e) => match(e.full, (s) => s.toLowerCase()));
}

function referenceField(database: SchemaDatabase, nameOrLabel: string): SchemaField | null {
  const lower = nameOrLabel.toLowerCase();
  return (
    database.fields.find((f) => f.name === nameOrLabel) ??
    database.fields.find((f) => f.label === nameOrLabel) ??
    database.fields.find((f) => f.name.toLowerCase() === lower) ??
    database.fields.find((f) => f.label.toLowerCase() === lower) ??
    null
  );
}

describe('the indexed lookups', () => {
  it('list every database with its path, group names and parent, children after their parent', () => {
    fc.assert(
      fc.property(arbSchema, (schema) => {
        const entries = allDatabases(schema);
        const reference = referenceEntries(schema);
        expect(entries.map((e) => e.database)).toEqual(reference.map((e) => e.database));
        expect(entries.map((e) => [...e.groups, e.path].join('.'))).toEqual(reference.map((e) => e.full.join('.')));
        for (const e of entries) expect(e.parent === null || e.parent.databases.includes(e.database)).toBe(true);
      }),
      { numRuns: runs(500) },
    );
  });

  it('find the databases a path names as a scan of every database does: exact names first, else any case', () => {
    fc.assert(
      fc.property(arbSchema, fc.array(arbSchemaPath, { minLength: 1, maxLength: 8 }), (schema, paths) => {
        for (const path of paths) {
          const found = findDatabases(schema, path);
          const expected = referenceFind(schema, path);
          expect(
            found.map((e) => e.database),
            path,
          ).toEqual(expected.map((e) => e.database));
          expect(
            found.map((e) => e.path),
            path,
          ).toEqual(expected.map((e) => e.path));
        }
      }),
      { numRuns: runs(1000) },
    );
  });

  it('find a field by name, then label, exactly, then in any case, as a scan of the fields does', () => {
    fc.assert(
      fc.property(arbSchema, fc.array(arbSchemaName, { minLength: 1, maxLength: 6 }), (schema, names) => {
        for (const e of allDatabases(schema)) for (const n of names) expect(findField(e.database, n)).toBe(referenceField(e.database, n));
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('lint with a schema', () => {
  /** A schema whose databases count the reads of their names: the work a lint run does on the schema. */
  function countedSchema(count: number) {
    let reads = 0;
    const database = (name: string, databases: SchemaDatabase[]): SchemaDatabase => ({
      get name() {
        reads++;
        return name;
      },
      label: name,
      fields: [
        { name: 'id', label: 'id', type: 'int(4)', nul: false, key: true },
        { name: 'qty', label: 'Quantity', type: 'int(4)', nul: false, key: false },
      ],
      blobs: [],
      databases,
    });
    const schema: Schema = {
      groups: [{ name: 'shop', desc: null, databases: Array.from({ length: count }, (_, i) => database(`db${i}`, [database('lines', [])])), groups: [] }],
    };
    return { schema, reads: () => reads };
  }

  it('reads each database name a bounded number of times, not once per statement', () => {
    const count = 300;
    const { schema, reads } = countedSchema(count);
    const text = Array.from(
      { length: count },
      (_, i) => `SELECT a.id, l.Quantity FROM db${i} a JOIN db${i}.lines l WHERE a.qty > 1 AND shop.db${i}.id = 2;`,
    ).join('\n');
    const result = lint(text, { schema });
    expect(result.diagnostics).toEqual([]);
    // 600 databases; each statement names three paths. A scan per path read every name: 540,000 reads.
    expect(reads()).toBeLessThan(10 * (2 * count + 3 * count));
    // The answers are the scan's: an unknown database and field are still found, in any case.
    expect(lint('SELECT a.nope FROM DB7 a JOIN nope.lines x', { schema }).diagnostics.map((d) => d.code)).toEqual(['unknown-field', 'unknown-database']);
  });
});
