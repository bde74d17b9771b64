import { describe, expect, it } from 'vitest';
import { builder, recordKey } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { toJson } from '../../src/json/index.js';
import { parse } from '../../src/syntax/index.js';
import { ShopFields, type Shop } from '../builder/typed/schema.js';

/**
 * The builders of DOWNLOAD, the task and thread actions and the system actions (issue 29): each
 * gives exactly the JSON the same action written as text compiles to; a database is checked
 * against the schema; IF takes only writes.
 */

const db = builder<Shop>(ShopFields);
const untyped = builder();
const text = (t: string) => toJson(parse(t));

describe('system action builders: the same JSON as the text', () => {
  it.each([
    ['download / record', () => db.downloadRecord('invoices', recordKey({ id: 7 }), { version: 2 }), 'DOWNLOAD RECORD KEY(id = 7) FROM invoices VERSION 2'],
    ['download / post', () => db.downloadPost(9223372036854775807n), 'DOWNLOAD POST 9223372036854775807'],
    [
      'run',
      () =>
        db.run([
          {
            name: 'import',
            conf: { path: '/in', n: 12n ** 17n, deep: { on: true, list: [1, null] } },
            thread: 'nightly',
            refId: '9223372036854775807',
            archive: true,
          },
          7,
          { ref: 12 },
        ]),
      "RUN TASK 'import' CONF (path = '/in', n = 2218611106740436992, deep = (\"on\" = TRUE, list = [1, NULL])) THREAD 'nightly' REF_ID 9223372036854775807 OPTIONS (ARCHIVE = TRUE), 7, REF 12",
    ],
    ['conclude', () => db.conclude(12, { delay: 500 }), 'CONCLUDE TASK 12 DELAY 500'],
    ['cancel', () => db.cancel([1, { ref: 2 }], { ignore: true }), 'CANCEL TASKS 1, REF 2 OPTIONS (IGNORE = TRUE)'],
    ['clean', () => db.clean(['9007199254740993']), 'CLEAN TASKS 9007199254740993'],
    ['pause', () => db.pause(['nightly']), "PAUSE THREADS 'nightly'"],
    ['access', () => db.access(), 'ACCESS'],
    ['echo', () => db.echo('ping'), "ECHO 'ping'"],
    ['wait', () => db.wait({ ms: 10, fail: true, failBefore: '2024-01-31T10:30Z' }), "WAIT 10 FAIL BEFORE DATETIME '2024-01-31T10:30Z' OPTIONS (FAIL = TRUE)"],
    ['wait / epoch ms', () => db.wait({ failBefore: new Date(1706697000000) }), 'WAIT FAIL BEFORE DATETIME(1706697000000)'],
    [
      'if',
      () => db.ifAction([{ if: db.selectFrom('invoices'), then: db.deleteFrom('invoices').records(1) }], db.trashFrom('invoices').records(4)),
      'IF (SELECT * FROM invoices) THEN DELETE FROM invoices RECORDS 1 ELSE TRASH FROM invoices RECORDS 4',
    ],
  ] as const)('%s', (_, build, source) => {
    const built = build();
    expect(built.toJson()).toBe(text(source));
    expect(toJson(parse(built.toText()))).toBe(text(source));
  });
});

describe('system action builders: mistakes', () => {
  it('an unknown database is named (the schema)', () => {
    expect(() => db.downloadRecord('invoice' as never, 1)).toThrow(/invoice/);
  });
  it('IF takes only writes ("Only write actions")', () => {
    expect(() => untyped.ifAction([{ if: untyped.selectFrom('t'), then: untyped.fetchCrons() as never }])).toThrow(/Only write actions/);
  });
  it('a conclude delay out of range, an empty task list, a bad task id are DsqErrors that say so', () => {
    expect(() => untyped.conclude(1, { delay: 5001 })).toThrow(/0 to 5,000 ms/);
    expect(() => untyped.cancel([])).toThrow(/at least one/);
    expect(() => untyped.cancel(['x1'])).toThrow(DsqError);
    expect(() => untyped.run([{ name: 'a', conf: {}, nope: 1 } as never])).toThrow(/unknown property "nope"/);
  });
});
