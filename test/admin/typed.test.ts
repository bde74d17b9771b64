import { describe, expect, it } from 'vitest';
import { builder } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { toJson } from '../../src/json/index.js';
import { parse } from '../../src/syntax/index.js';
import { ShopFields, type Shop } from '../builder/typed/schema.js';

/**
 * The administrative actions' builders typed by a schema (issue 29): the database of ALTER and
 * DROP DATABASE is one of the schema, and the fields DROP FIELDS, ORDER FIELDS and AFTER name
 * are its fields (`@ts-expect-error`: tsc fails if a mistake compiles); with the field lists
 * the same is checked at run time. The JSON is the text's.
 */
const db = builder<Shop>(ShopFields);
const text = (t: string) => toJson(parse(t));

describe('typed administrative actions', () => {
  it('build the JSON the text compiles to', () => {
    expect(db.alterDatabase('invoices').orderFields(['status', 'id'], 'total').toJson()).toBe(text('ALTER DATABASE invoices ORDER FIELDS status, id AFTER total'));
    expect(db.alterDatabase('invoices').addFields([{ name: 'note2', type: 'utf8text', nul: true }], { after: 'status' }).toJson()).toBe(text('ALTER DATABASE invoices ADD FIELDS note2 utf8text NULL AFTER status'));
    expect(db.alterDatabase('invoices').dropFields(['memo', 'due']).toJson()).toBe(text("ALTER DATABASE invoices DROP FIELDS ['memo', 'due']"));
    expect(db.dropDatabase('invoices').children().toJson()).toBe(text('DROP DATABASE invoices CHILDREN'));
    expect(db.schema().toJson()).toBe('{"action":"schema"}');
  });

  it('reject unknown databases and fields at compile time and at run time', () => {
    // @ts-expect-error: no database "invoice" in the schema
    expect(() => db.alterDatabase('invoice')).toThrow(DsqError);
    // @ts-expect-error: no field "stauts" in invoices
    expect(() => db.alterDatabase('invoices').dropFields('stauts')).toThrow(DsqError);
    // @ts-expect-error: no field "totl" in invoices
    expect(() => db.alterDatabase('invoices').orderFields(['id', 'totl'])).toThrow(DsqError);
  });

  it('the spec\'s Errors rows a tree can tell are errors of toAst()', () => {
    expect(() => db.alterDatabase('invoices').addFields([{ name: 'x', type: 'int(4)' }], { first: true, after: 'id' }).toAst()).toThrow(/first true together with after fails/);
    expect(() => db.alterDatabase('invoices').orderFields(['id', 'status'], 'id').toAst()).toThrow(/after is among fields/);
  });
});
