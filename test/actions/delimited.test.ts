import { describe, expect, it } from 'vitest';
import { builder, type DelimitedArg } from '../../src/builder/index.js';
import { fromJson, fromJsonResult, toJson } from '../../src/json/index.js';
import { lint } from '../../src/lint/lint.js';
import { format, print } from '../../src/print/index.js';
import { parse, parseResult } from '../../src/syntax/index.js';

/**
 * Records given as delimiter-separated data (the spec's "Records": "Records may also be given as
 * delimiter-separated data", with its table `type`, `file`, `delimiter`, `quote`, and the binary
 * object forms of "Binary objects"): each row's text form compiles to exactly this JSON, the
 * JSON reads back to the same tree, the tree prints to text that compiles to it again, the
 * builder makes the same JSON, and each mistake is an error at its place.
 */

interface Row {
  /** The spec's row, quoted. */
  readonly row: string;
  readonly text: string;
  readonly json: unknown;
  /** The same records through the builder's `.delimited()`. */
  readonly arg: DelimitedArg;
  readonly word?: 'INSERT' | 'REPLACE' | 'SET';
}

const db = 'shop.orders';
const insert = (records: unknown, extra: object = {}) => ({ action: 'insert', database: db, records, ...extra });

const ROWS: readonly Row[] = [
  {
    row: 'Records (delimited) | type | `dsv`, `csv` or `tsv` — csv: "`csv` defaults to a comma delimiter"',
    text: "INSERT INTO shop.orders FROM CSV TEXT 'id,status\n1,open\n'",
    json: insert({ type: 'csv', file: { type: 'text', content: 'id,status\n1,open\n' } }),
    arg: { type: 'csv', file: { type: 'text', content: 'id,status\n1,open\n' } },
  },
  {
    row: 'Records (delimited) | type — tsv: "`tsv` to a tab character"',
    text: "INSERT INTO shop.orders FROM TSV TEXT 'id\tstatus\n2\tpaid'",
    json: insert({ type: 'tsv', file: { type: 'text', content: 'id\tstatus\n2\tpaid' } }),
    arg: { type: 'tsv', file: { type: 'text', content: 'id\tstatus\n2\tpaid' } },
  },
  {
    row: 'Records (delimited) | delimiter | string, required for `dsv`',
    text: "INSERT INTO shop.orders FROM DSV (DELIMITER = ';') TEXT 'id;status\n3;open'",
    json: insert({ type: 'dsv', file: { type: 'text', content: 'id;status\n3;open' }, delimiter: ';' }),
    arg: { type: 'dsv', file: { type: 'text', content: 'id;status\n3;open' }, delimiter: ';' },
  },
  {
    row: 'Records (delimited) | quote | string, optional',
    text: "INSERT INTO shop.orders FROM DSV (DELIMITER = '|', QUOTE = '''') TEXT 'id|note\n4|''a|b'''",
    json: insert({ type: 'dsv', file: { type: 'text', content: "id|note\n4|'a|b'" }, delimiter: '|', quote: "'" }),
    arg: { type: 'dsv', file: { type: 'text', content: "id|note\n4|'a|b'" }, delimiter: '|', quote: "'" },
  },
  {
    row: 'Records (delimited) | delimiter — given for csv too (the default overridden)',
    text: "INSERT INTO shop.orders FROM CSV (DELIMITER = ';', QUOTE = '\"') TEXT 'a;b'",
    json: insert({ type: 'csv', file: { type: 'text', content: 'a;b' }, delimiter: ';', quote: '"' }),
    arg: { type: 'csv', file: { type: 'text', content: 'a;b' }, delimiter: ';', quote: '"' },
  },
  {
    row: 'Records (delimited) | file | binary object holding the data — Binary objects | uploaded | a JSON string holding the `object_id` returned by an upload',
    text: "INSERT INTO shop.orders FROM CSV FILE 'obj-7f3a'",
    json: insert({ type: 'csv', file: 'obj-7f3a' }),
    arg: { type: 'csv', file: 'obj-7f3a' },
  },
  {
    row: 'Binary objects | base64 | object with `type` = `base64` and `content` = text encoded per RFC 4648 standard base64',
    text: "INSERT INTO shop.orders FROM TSV BASE64 'aWQJc3RhdHVzCjEJb3Blbgo='",
    json: insert({ type: 'tsv', file: { type: 'base64', content: 'aWQJc3RhdHVzCjEJb3Blbgo=' } }),
    arg: { type: 'tsv', file: { type: 'base64', content: 'aWQJc3RhdHVzCjEJb3Blbgo=' } },
  },
  {
    row: 'Binary objects | text | object with `type` = `text` and `content` = plain UTF-8 text',
    text: "INSERT INTO shop.orders FROM CSV TEXT 'name\nZoë 名'",
    json: insert({ type: 'csv', file: { type: 'text', content: 'name\nZoë 名' } }),
    arg: { type: 'csv', file: { type: 'text', content: 'name\nZoë 名' } },
  },
  {
    row: 'replace | records (records data) — delimited, with on_duplicate and fail_no_op',
    text: "REPLACE INTO shop.orders FROM CSV FILE 'obj-1' ON DUPLICATE TRASH OPTIONS (FAIL_NO_OP = TRUE)",
    json: { action: 'replace', database: db, records: { type: 'csv', file: 'obj-1' }, on_duplicate: 'trash', fail_no_op: true },
    arg: { type: 'csv', file: 'obj-1' },
    word: 'REPLACE',
  },
  {
    row: 'set | records (records data) — delimited, with on_remove',
    text: "SET INTO shop.orders FROM DSV (DELIMITER = '::') FILE 'obj-2' ON REMOVE DELETE",
    json: { action: 'set', database: db, records: { type: 'dsv', file: 'obj-2', delimiter: '::' }, on_remove: 'delete' },
    arg: { type: 'dsv', file: 'obj-2', delimiter: '::' },
    word: 'SET',
  },
];

const untyped = builder();
function built(r: Row): string {
  if (r.word === 'REPLACE') return untyped.replaceInto(db).delimited(r.arg).onDuplicate('trash').failNoOp().toJson();
  if (r.word === 'SET') return untyped.setRecords(db).delimited(r.arg).onRemove('delete').toJson();
  return untyped.insertInto(db).delimited(r.arg).toJson();
}

describe('delimited records: the spec rows', () => {
  it.each(ROWS.map((r) => [r.row, r] as const))('%s', (_, r) => {
    const expected = JSON.stringify(r.json);
    const tree = parse(r.text);
    expect(toJson(tree)).toBe(expected);
    expect(fromJson(expected)).toEqual(tree);
    expect(toJson(parse(print(tree)))).toBe(expected);
    expect(format(format(r.text))).toBe(format(r.text));
    expect(built(r)).toBe(expected);
  });

  it('prints in the one text form, a long one broken before FROM', () => {
    expect(print(fromJson(JSON.stringify(insert({ type: 'dsv', file: 'obj-1', delimiter: ';', quote: '"' }))))).toBe(
      "INSERT INTO shop.orders FROM DSV (DELIMITER = ';', QUOTE = '\"') FILE 'obj-1'",
    );
    expect(print(fromJson(JSON.stringify(insert({ type: 'csv', file: { type: 'text', content: 'x'.repeat(90) } }))))).toBe(
      `INSERT INTO shop.orders\nFROM CSV\n  TEXT '${'x'.repeat(90)}'`,
    );
  });

  it('keeps comments', () => {
    const text = "INSERT INTO shop.orders -- nightly import\nFROM CSV /* uploaded */ FILE 'obj-1'";
    expect(format(text)).toContain('-- nightly import');
    expect(format(text)).toContain('/* uploaded */');
    expect(format(format(text))).toBe(format(text));
  });
});

const jsonError = (value: unknown) => {
  const r = fromJsonResult(JSON.stringify(value));
  return r.diagnostics.map((d) => `${d.pointer ?? ''}: ${d.message}`);
};

describe('delimited records: JSON mistakes, each at its pointer', () => {
  it.each([
    ['dsv without "delimiter" ("required for dsv")', insert({ type: 'dsv', file: 'obj-1' }), '/records: dsv records need "delimiter"'],
    ['dsv with a null delimiter', insert({ type: 'dsv', file: 'obj-1', delimiter: null }), '/records/delimiter: dsv records need "delimiter"'],
    [
      'an unknown type, with the nearest',
      insert({ type: 'cvs', file: 'obj-1' }),
      '/records/type: "type" of delimiter-separated records must be "dsv", "csv" or "tsv", got the string "cvs" (did you mean "csv"?)',
    ],
    ['no file', insert({ type: 'csv' }), '/records: csv records needs "file"'],
    ['a file object of an unknown type', insert({ type: 'csv', file: { type: 'url', content: 'x' } }), '/records/file/type: expected a binary object'],
    ['a file that is a number', insert({ type: 'csv', file: 5 }), '/records/file: expected a binary object'],
    [
      'an empty delimiter is null (JSON rule 1), so dsv has none',
      insert({ type: 'dsv', file: 'obj-1', delimiter: '' }),
      '/records/delimiter: dsv records need "delimiter"',
    ],
    ['a quote that is not a string', insert({ type: 'csv', file: 'obj-1', quote: 1 }), '/records/quote: expected "quote" (a string)'],
    [
      'an unknown property, with the nearest',
      insert({ type: 'tsv', file: 'obj-1', delimeter: ';' }),
      '/records/delimeter: unknown property "delimeter" in tsv records (did you mean "delimiter"?)',
    ],
    ['records as an object without type', insert({ file: 'obj-1' }), '/records: "records" must be an array of record objects or delimiter-separated data'],
  ])('%s', (_, value, message) => {
    expect(jsonError(value).join('\n')).toContain(message);
  });

  it('several mistakes of one records object are each reported', () => {
    expect(jsonError(insert({ type: 'dsv', file: { type: 'text' }, quote: 5, extra: 1 }))).toHaveLength(4);
  });
});

describe('delimited records: text mistakes, each at its line and column', () => {
  const errorOf = (text: string) => parseResult(text).diagnostics.map((d) => `${d.span?.line}:${d.span?.column} ${d.message}${d.hint ? ` (${d.hint})` : ''}`);
  it.each([
    ['DSV without DELIMITER', "INSERT INTO t FROM DSV TEXT 'a;b'", '1:15 DSV records need a DELIMITER'],
    ['an unknown format', "INSERT INTO t FROM XLS TEXT 'a'", "1:20 expected CSV, TSV or DSV after 'FROM'"],
    ['no data', 'INSERT INTO t FROM CSV', "expected FILE 'object id', TEXT '...' or BASE64 '...'"],
    ['an unknown option', "INSERT INTO t FROM CSV (SEPARATOR = ';') TEXT 'a'", '1:25 expected DELIMITER or QUOTE'],
    ['an option twice', "INSERT INTO t FROM DSV (DELIMITER = ';', DELIMITER = ',') TEXT 'a'", '1:42 option DELIMITER is given twice'],
    ['an empty delimiter', "INSERT INTO t FROM CSV (DELIMITER = '') TEXT 'a'", "1:37 DELIMITER takes a non-empty string ('' is NULL)"],
    ['empty data', "INSERT INTO t FROM CSV TEXT ''", "1:29 TEXT takes a non-empty string ('' is NULL)"],
  ])('%s', (_, text, message) => {
    expect(errorOf(text).join('\n')).toContain(message);
  });
});

describe('delimited records: the builder', () => {
  it('rejects what the spec does not allow, before anything is sent', () => {
    expect(() => untyped.insertInto(db).delimited({ type: 'dsv', file: 'obj-1' } as never)).toThrow(
      /dsv records need a delimiter \(the spec: "required for dsv"\)/,
    );
    expect(() => untyped.insertInto(db).delimited({ type: 'xls', file: 'obj-1' } as never)).toThrow(
      /type of argument 1 of \.delimited\(\) must be 'csv', 'tsv' or 'dsv'/,
    );
    expect(() => untyped.insertInto(db).delimited({ type: 'csv', file: { type: 'url', content: 'x' } } as never)).toThrow(
      /file of argument 1 of \.delimited\(\) must be an object id/,
    );
    expect(() => untyped.insertInto(db).delimited({ type: 'csv', file: 'obj-1', delimiter: '' })).toThrow(
      /delimiter of argument 1 of \.delimited\(\) must be a non-empty string/,
    );
    expect(() => untyped.insertInto(db).delimited({ type: 'csv', file: 'obj-1', sep: ';' } as never)).toThrow(/unknown property "sep"/);
  });
  it('a write has record objects or delimited data, not both', () => {
    expect(() =>
      untyped
        .insertInto(db)
        .values([{ id: 1 }])
        .delimited({ type: 'csv', file: 'obj-1' }),
    ).toThrow(/already has record objects/);
    expect(() =>
      untyped
        .insertInto(db)
        .delimited({ type: 'csv', file: 'obj-1' })
        .values([{ id: 1 }]),
    ).toThrow(/already takes its records as delimited data/);
  });
  it('is immutable: a base write extended two ways', () => {
    const base = untyped.insertInto(db);
    const a = base.delimited({ type: 'csv', file: 'a' });
    const b = base.delimited({ type: 'tsv', file: 'b' });
    expect([base.toJson(), a.toJson(), b.toJson()]).toEqual([
      JSON.stringify(insert([])),
      JSON.stringify(insert({ type: 'csv', file: 'a' })),
      JSON.stringify(insert({ type: 'tsv', file: 'b' })),
    ]);
  });
});

describe('delimited records: lint', () => {
  const schema = {
    groups: [
      {
        name: '',
        desc: null,
        groups: [],
        databases: [
          { name: 'orders', label: 'orders', fields: [{ name: 'id', label: 'id', type: 'int(8)', nul: false, key: true }], blobs: [], databases: [] },
        ],
      },
    ],
  };
  it('insert-missing-key checks record objects only: delimited data is not read', () => {
    const rules = lint("INSERT INTO orders FROM CSV FILE 'obj-1'; INSERT INTO orders (note) VALUES ('x')", { schema }).diagnostics.map((d) => d.code);
    expect(rules.filter((r) => r === 'insert-missing-key')).toHaveLength(1);
  });
});
