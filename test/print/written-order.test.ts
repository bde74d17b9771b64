import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../helpers/runs.js';
import { fieldKey } from '../../src/ast/data-actions.js';
import type { Node } from '../../src/ast/nodes.js';
import { fixText } from '../../src/lint/lint.js';
import { compileResult } from '../../src/params/compile.js';
import { format, print } from '../../src/print/index.js';
import { writeName } from '../../src/print/names.js';
import { existingFieldKey } from '../../src/syntax/field-spans.js';
import { parseDocument, tokenize } from '../../src/syntax/index.js';
import { arbFieldName, arbLiteral } from '../fixtures/action-arbitraries.js';
import { arbExpr } from '../fixtures/arbitraries.js';
import { formatsTo } from '../helpers/format-final.js';

/**
 * `dsq fmt` keeps what the user wrote in data statements (issue 28): the order of UPDATE's SET,
 * of a record's fields and of INSERT's columns (the tree holds literals and expressions apart),
 * a record's tags and file where they stand among its fields, RECORDS and VALUES as written,
 * no `RECORDS ALL` where neither RECORDS nor WHERE was written (it would silence
 * write-without-where), a comma join stays a comma. Texts are made from the shared arbitraries
 * (field names, literals, expressions) in random written orders.
 */

const DB = 'shop.orders';

/** A value as dsq text: a literal, or an expression (the printer's own text of a shared arbitrary). */
const arbValue: fc.Arbitrary<string> = fc.oneof(
  arbLiteral.map((v) => print(v as Node)),
  arbExpr.map((e) => print(e)),
);

/** Distinct field names (as the spec's keys compare) with a value each, in a random written order. */
const arbAssignments = fc
  .uniqueArray(arbFieldName, { minLength: 1, maxLength: 5, selector: fieldKey })
  .chain((names) => fc.tuple(fc.constant(names), fc.array(arbValue, { minLength: names.length, maxLength: names.length })));

/** A record's tags and file, each maybe, as `name = value` text to put among its fields. */
const arbSpecial: fc.Arbitrary<[string, string][]> = fc
  .tuple(
    fc.option(
      fc
        .array(fc.constantFrom('a', 'b c', "it's"), { maxLength: 2 })
        .map((tags): [string, string] => ['tags', `[${tags.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')}]`]),
      { nil: null },
    ),
    fc.option(
      fc.constantFrom("'obj-1'", "TEXT 'hi'", "BASE64 'aGk='").map((file): [string, string] => ['file', file]),
      { nil: null },
    ),
  )
  .map((parts) => parts.filter((p): p is [string, string] => p !== null));

/** Fields with tags and a file among them, at random places (the same for every row). */
const arbRecordParts = fc.tuple(arbAssignments, arbSpecial, fc.array(fc.nat(), { minLength: 2, maxLength: 2 })).map(([[names, values], special, places]) => {
  const parts: [string, string][] = names.map((n, i) => [writeName(n), values[i] as string]);
  special.forEach((p, i) => parts.splice((places[i] as number) % (parts.length + 1), 0, p));
  return parts;
});

const arbRecords = fc.constantFrom('', ' RECORDS ALL', ' WHERE id = 1', ' RECORDS [1, 2]');

const arbStatement: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(arbAssignments, arbRecords)
    .map(([[names, values], records]) => `UPDATE ${DB} SET ${names.map((n, i) => `${writeName(n)} = ${values[i]}`).join(', ')}${records}`),
  fc
    .tuple(fc.constantFrom('INSERT', 'REPLACE', 'SET'), arbRecordParts, fc.integer({ min: 1, max: 3 }), fc.boolean())
    .map(([word, parts, rows, asValues]) =>
      asValues
        ? `${word} INTO ${DB} (${parts.map(([n]) => n).join(', ')}) VALUES ${Array.from({ length: rows }, () => `(${parts.map(([, v]) => v).join(', ')})`).join(', ')}`
        : `${word} INTO ${DB} RECORDS ${Array.from({ length: rows }, () => `(${parts.map(([n, v]) => `${n} = ${v}`).join(', ')})`).join(', ')}`,
    ),
  fc.tuple(fc.constantFrom('DELETE', 'TRASH', 'RESTORE', 'DISPOSE'), arbRecords).map(([word, records]) => `${word} FROM ${DB}${records}`),
  fc
    .array(fc.constantFrom(',', 'CROSS JOIN', 'JOIN'), { minLength: 1, maxLength: 4 })
    .map((ops) => `SELECT * FROM t0${ops.map((op, i) => `${op === ',' ? ',' : ` ${op}`} t${i + 1}`).join('')}`),
);

const arbFile = fc.array(arbStatement, { minLength: 1, maxLength: 4 }).map((s) => s.join(';\n'));

/** Per statement: the field names, tags and files in the order written (by where each stands in the text). */
function writtenFields(text: string): string[][] {
  const doc = parseDocument(text);
  return doc.statements.map(({ node }) => {
    const found: { at: number; field: string }[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (typeof v === 'object' && v !== null) {
        const n = v as Node & { field?: string };
        if ((n.kind === 'field_value' || n.kind === 'field_expr') && typeof n.field === 'string')
          found.push({ at: doc.spans.get(n)?.start ?? -1, field: n.field });
        else if (n.kind === 'file_ref') found.push({ at: doc.spans.get(n)?.start ?? -1, field: 'file' });
        else {
          if (n.kind === 'record' && n.tags !== null) found.push({ at: doc.spans.get(existingFieldKey(n, 'tags') as Node)?.start ?? -1, field: 'tags' });
          Object.values(v).forEach(walk);
        }
      }
    };
    walk(node);
    return found.sort((a, b) => a.at - b.at).map((f) => f.field);
  });
}

const WRITES_WITH_SPECIFIER = new Set(['update_action', 'delete_action', 'trash_action', 'restore_action', 'dispose_action']);

/** Per statement: whether its records specifier was written (`RECORDS ALL` or any other), for the writes that have one. */
function recordsWritten(text: string): (boolean | null)[] {
  const doc = parseDocument(text);
  return doc.statements.map(({ node }) => {
    return WRITES_WITH_SPECIFIER.has(node.kind) ? doc.spans.has((node as unknown as { records: Node }).records) : null;
  });
}

/** The words that say how records are written (RECORDS, VALUES), in order. */
function recordWords(text: string): string[] {
  return tokenize(text)
    .map((t) => t.image.toUpperCase())
    .filter((w) => w === 'RECORDS' || w === 'VALUES');
}

/** The join operators of the text, as written (`,` or the keywords), in order. */
function joins(text: string): string[] {
  return tokenize(text)
    .filter((t) => t.type === 'Comma' || t.type === 'CROSS' || t.type === 'JOIN')
    .map((t) => t.image.toUpperCase());
}

describe('fmt keeps what was written in data statements', () => {
  it('idempotent, compiles the same, same field order, no RECORDS added, commas stay commas', () => {
    fc.assert(
      fc.property(arbFile, (text) => {
        const before = compileResult(text);
        fc.pre(before.value !== undefined);
        const once = formatsTo(text);
        expect(compileResult(once).value).toBe(before.value);
        expect(writtenFields(once)).toEqual(writtenFields(text));
        expect(recordsWritten(once)).toEqual(recordsWritten(text));
        expect(recordWords(once)).toEqual(recordWords(text));
        if (text.startsWith('SELECT') && !text.includes(';')) expect(joins(once)).toEqual(joins(text));
      }),
      { numRuns: runs(100) },
    );
  });

  it('keeps the examples of issue 28 as written', () => {
    expect(format('UPDATE shop.orders SET a = a + 1, b = 2')).toBe('UPDATE shop.orders SET a = a + 1, b = 2\n');
    expect(format('DELETE FROM shop.orders')).toBe('DELETE FROM shop.orders\n');
    expect(format('TRASH FROM shop.orders RECORDS ALL')).toBe('TRASH FROM shop.orders RECORDS ALL\n');
    expect(format("INSERT INTO shop.orders (status, id, amount) VALUES (UPPER('x'), 1, 2)")).toBe(
      "INSERT INTO shop.orders (status, id, amount) VALUES (UPPER('x'), 1, 2)\n",
    );
    expect(format('INSERT INTO shop.orders RECORDS (z = 1, a = a + 1, b = 2)')).toBe('INSERT INTO shop.orders RECORDS (z = 1, a = a + 1, b = 2)\n');
    // Tags and a file stay where they were written among the fields, in both forms.
    expect(format("INSERT INTO shop.orders RECORDS (tags = ['a'], id = 1, file = 'x', b = 2)")).toBe(
      "INSERT INTO shop.orders RECORDS (tags = ['a'], id = 1, file = 'x', b = 2)\n",
    );
    expect(format("INSERT INTO shop.orders (tags, id, file, b) VALUES (['a'], 1, TEXT 'x', 2)")).toBe(
      "INSERT INTO shop.orders (tags, id, file, b) VALUES (['a'], 1, TEXT 'x', 2)\n",
    );
    expect(format('SELECT o.id FROM a o, b c WHERE o.x = c.y')).toBe('SELECT o.id FROM a AS o, b AS c WHERE o.x = c.y\n');
    // lint --fix formats after its fixes: the warning stays, nothing counted as fixed.
    const fixed = fixText('DELETE FROM shop.orders;\nSELECT a FROM t WHERE b = NULL', { format: (t) => format(t) });
    expect(fixed.text).toBe('DELETE FROM shop.orders;\n\nSELECT a FROM t WHERE b IS NULL\n');
    expect(fixed.result.diagnostics.map((d) => d.code)).toContain('write-without-where');
    // A tree printed alone (from JSON, the builder) says every record in so many words.
    expect(print(parseDocument('DELETE FROM shop.orders').statements[0]?.node as Node)).toBe('DELETE FROM shop.orders RECORDS ALL');
    // ... and its records as VALUES rows when every record can be one.
    expect(print(parseDocument("INSERT INTO shop.orders RECORDS (tags = ['a'], id = 1)").statements[0]?.node as Node)).toBe(
      "INSERT INTO shop.orders (id, tags) VALUES (1, ['a'])",
    );
  });
});
