import { describe, expect, it } from 'vitest';
import { FIELD_LIST } from '../../src/ast/fields.js';
import { KINDS } from '../../src/ast/kinds.js';
import type { NodeKind } from '../../src/ast/nodes.js';
import { hover } from '../../src/lsp/hover.js';
import { placeAt } from '../../src/lsp/place.js';
import { parseDocument } from '../../src/syntax/parse.js';
import { KIND_EXAMPLES } from '../../src/syntax/kind-examples.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { cursor, labels, positionIn, SHOP } from './helpers.js';

/**
 * Completion and hover inside the administrative, system and struct statements (issue 29's
 * kinds): where the kind table says a name denotes a database or a field of the database in
 * scope (src/ast/kinds-admin.ts, kinds-system.ts, kinds-struct.ts), the language server offers
 * and explains those, from the statement's tree (src/lsp/place.ts), while it is being typed.
 */

const ORDER_FIELDS = ['id', 'customer', 'amount', 'status', 'note', 'placed', 'paid', 'scan'];

function hoverAt(marked: string): string | null {
  const { text, offset } = cursor(marked);
  const h = hover(textModelOf(text), offset, { schema: SHOP, rangeOf: (s, e) => ({ start: positionIn(text, s), end: positionIn(text, e) }) });
  return h === null ? null : (h.contents as { value: string }).value;
}

const AMOUNT = '**amount**: field of database `orders` (Orders)\n\ntype `decimal(10,2)` · nullable · label "Order amount"';

describe('ALTER DATABASE db ALTER FIELD f', () => {
  it('offers databases after ALTER DATABASE and the fields of that database after ALTER FIELD', () => {
    expect(labels('ALTER DATABASE |')).toEqual(expect.arrayContaining(['orders', 'customers']));
    expect(labels('ALTER DATABASE shop.|')).toEqual(expect.arrayContaining(['orders', 'customers']));
    expect(labels('ALTER DATABASE shop.orders ALTER FIELD |')).toEqual(ORDER_FIELDS);
    expect(labels('ALTER DATABASE shop.orders ALTER FIELD amo|')).toEqual(ORDER_FIELDS);
    expect(labels("ALTER DATABASE shop.orders ALTER FIELD | SET LABEL = 'x'")).toEqual(ORDER_FIELDS);
  });
  it('offers what may follow the field (and the database) where nothing follows yet: the parser keeps the statement an ALTER FIELD', () => {
    expect(labels('ALTER DATABASE shop.orders ALTER FIELD amount |')).toEqual(['SET', 'OBJECTS', 'FILES']);
    expect(labels('ALTER DATABASE shop.orders ALTER FIELD amount OB|')).toEqual(['SET', 'OBJECTS', 'FILES']);
    expect(labels('ALTER DATABASE shop.orders |')).toEqual(expect.arrayContaining(['SET', 'ADD', 'DROP', 'ORDER', 'RESET']));
    expect(labels('ALTER GROUP shop |')).toEqual(['SET', 'OBJECTS', 'FILES']);
    expect(parseDocument('ALTER DATABASE shop.orders ALTER FIELD amount ').recovered[0]?.node.kind).toBe('alter_field_set');
  });
  it('hovers the database and the field', () => {
    expect(hoverAt("ALTER DATABASE shop.ord|ers ALTER FIELD amount SET LABEL = 'x'")).toMatch(/^table `shop.orders`\n\ndatabase `orders` "Orders" in shop/);
    expect(hoverAt("ALTER DATABASE shop.orders ALTER FIELD amo|unt SET LABEL = 'x'")).toBe(AMOUNT);
    expect(hoverAt('ALTER DATABASE shop.orders ALTER FIELD amo|unt')).toBe(AMOUNT);
  });
});

// DROP FIELDS takes one fields specifier (grammar/reference.md): a name, `DROP FIELDS note`, or
// an array of field names as strings, `DROP FIELDS ['note', 'amount']` (`DROP FIELDS a, b` is a
// syntax error there).
describe("ALTER DATABASE db DROP FIELDS a, DROP FIELDS ['a', 'b']", () => {
  it('offers the fields of the database as strings where an array of names takes strings, and hovers them', () => {
    const quoted = ORDER_FIELDS.map((f) => `'${f}'`);
    expect(labels('ALTER DATABASE shop.orders DROP FIELDS [|')).toEqual(quoted);
    expect(labels("ALTER DATABASE shop.orders DROP FIELDS ['note', |")).toEqual(quoted);
    expect(labels("ALTER DATABASE shop.orders DROP FIELDS [|, 'note']")).toEqual(quoted);
    expect(labels("ALTER DATABASE shop.orders DROP FIELDS ['no|")).toEqual([]);
    expect(hoverAt("ALTER DATABASE shop.orders DROP FIELDS ['note', 'amo|unt']")).toBe(AMOUNT);
    expect(hoverAt("ALTER DATABASE shop.orders DROP FIELDS ['amo|unt'")).toBe(AMOUNT);
    // A string elsewhere names nothing.
    expect(hoverAt("ALTER DATABASE shop.orders ALTER FIELD amount SET label = 'amo|unt'")).toBeNull();
    expect(hoverAt("UPDATE shop.orders SET note = 'amo|unt'")).toBeNull();
  });

  it('offers the fields of the database', () => {
    expect(labels('ALTER DATABASE shop.orders DROP FIELDS |')).toEqual(ORDER_FIELDS);
    expect(labels('ALTER DATABASE shop.orders DROP FIELDS amo|')).toEqual(ORDER_FIELDS);
    expect(labels('ALTER DATABASE shop.orders DROP FIELDS | ; SELECT 1')).toEqual(ORDER_FIELDS);
  });
  it('hovers the name as a field of the database', () => {
    expect(hoverAt('ALTER DATABASE shop.orders DROP FIELDS amo|unt')).toBe(AMOUNT);
  });
});

describe('IF (SELECT ...) THEN UPDATE ...', () => {
  it('completes inside the condition as a select and inside the write as the write', () => {
    expect(labels('IF (SELECT COUNT(*) > 0 FROM shop.orders WHERE |')).toEqual(expect.arrayContaining([...ORDER_FIELDS, 'POW']));
    expect(labels('IF (SELECT COUNT(*) > 0 FROM |')).toEqual(expect.arrayContaining(['orders', 'customers']));
    expect(labels('IF (SELECT COUNT(*) > 0 FROM shop.orders) THEN UPDATE |')).toEqual(expect.arrayContaining(['orders', 'customers']));
    expect(labels('IF (SELECT COUNT(*) > 0 FROM shop.orders) THEN UPDATE shop.customers SET |')).toEqual(expect.arrayContaining(['name', 'region']));
    expect(labels('IF (SELECT COUNT(*) > 0 FROM shop.orders) THEN UPDATE shop.customers SET name = 1 WHERE |')).toEqual(
      expect.arrayContaining(['name', 'region', 'NOT']),
    );
    expect(labels('IF (SELECT COUNT(*) > 0 FROM shop.orders) THEN UPDATE shop.customers SET name = 1 WHERE |')).not.toContain('amount');
    expect(labels('IF (SELECT 1 FROM shop.orders) THEN DELETE FROM shop.orders ELSE IF (SELECT 1 FROM shop.customers WHERE |')).toEqual(
      expect.arrayContaining(['name', 'region']),
    );
  });
  it('hovers names in the condition and in the write', () => {
    expect(hoverAt('IF (SELECT COUNT(*) > 0 FROM shop.orders WHERE amo|unt > 1) THEN UPDATE shop.customers SET name = 1')).toBe(AMOUNT);
    expect(hoverAt('IF (SELECT 1 FROM shop.customers) THEN UPDATE shop.orders SET amo|unt = 1')).toBe(AMOUNT);
    expect(hoverAt('IF (SELECT 1 FROM shop.customers) THEN UPDATE shop.ord|ers SET amount = 1')).toMatch(/^table `shop.orders`/);
  });
});

describe('STRUCT EVENT ... WHERE', () => {
  it('offers the fields of the event database in EVENTS WHERE, and hovers them', () => {
    expect(labels('STRUCT EVENT CLOSE shop.orders EVENTS WHERE |')).toEqual(expect.arrayContaining([...ORDER_FIELDS, 'NOT']));
    expect(labels('STRUCT EVENT CLOSE shop.orders EVENTS WHERE amount > 1 AND |')).toEqual(expect.arrayContaining(ORDER_FIELDS));
    expect(labels('STRUCT EVENT UPDATE shop.orders SET (note = 1) EVENTS WHERE |')).toEqual(expect.arrayContaining(ORDER_FIELDS));
    expect(hoverAt('STRUCT EVENT CLOSE shop.orders EVENTS WHERE amo|unt > 1')).toBe(AMOUNT);
    expect(hoverAt('STRUCT EVENT CLOSE shop.ord|ers EVENTS WHERE amount > 1')).toMatch(/^table `shop.orders`/);
  });
});

describe('the other administrative and system statements', () => {
  it('offers and hovers databases where a database stands', () => {
    for (const text of ['DROP DATABASE |', 'ALTER DATABASE | ADD FIELDS (x int)', 'ALTER DATABASE | SET LABEL = 1']) {
      expect(labels(text), text).toEqual(expect.arrayContaining(['orders', 'customers']));
    }
    expect(hoverAt('DROP DATABASE shop.ord|ers')).toMatch(/^table `shop.orders`/);
    expect(hoverAt("ALTER DATABASE shop.ord|ers SET LABEL = 'x'")).toMatch(/^table `shop.orders`/);
    expect(hoverAt('ALTER DATABASE shop.ord|ers ADD FIELDS (x int)')).toMatch(/^table `shop.orders`/);
  });
  it('offers the fields of the database after ADD FIELDS ... AFTER and ORDER FIELDS', () => {
    expect(labels('ALTER DATABASE shop.orders ADD FIELDS (x int) AFTER |')).toEqual(ORDER_FIELDS);
    expect(hoverAt('ALTER DATABASE shop.orders ADD FIELDS (x int) AFTER amo|unt')).toBe(AMOUNT);
    expect(labels('ALTER DATABASE shop.orders ORDER FIELDS note, |')).toEqual(ORDER_FIELDS);
    expect(labels('ALTER DATABASE shop.orders ORDER FIELDS note, amount AFTER |')).toEqual(ORDER_FIELDS);
    expect(hoverAt('ALTER DATABASE shop.orders ORDER FIELDS note, amo|unt AFTER id')).toBe(AMOUNT);
  });
  it('offers no fields where a definition names a new one (ADD FIELDS (...), CREATE DATABASE)', () => {
    expect(labels('ALTER DATABASE shop.orders ADD FIELDS (|')).toEqual([]);
  });
});

describe('every kind: what a name denotes in the kind table is what the place expects', () => {
  const KIND_NAMES = Object.keys(KINDS) as NodeKind[];

  it('a database where a database field stands, in every statement kind (administrative, system and struct ones too)', () => {
    const kinds = KIND_NAMES.filter((k) => KINDS[k].role === 'action' && FIELD_LIST[k].some((f) => f.child?.denotes === 'database'));
    expect(kinds).toEqual(expect.arrayContaining(['alter_field_set', 'alter_drop_fields', 'drop_database', 'struct_event_close', 'download_record']));
    for (const kind of kinds) {
      const example = KIND_EXAMPLES[kind as keyof typeof KIND_EXAMPLES] as string;
      const name = /(?:FROM|INTO|UPDATE|DATABASE|CLOSE|IN) ([\w.]+)/.exec(example)?.[1];
      if (name === undefined) throw new Error(`no database name in the example of ${kind}: ${example}`);
      const at = example.indexOf(` ${name}`) + 1;
      expect(placeAt(example, 0, example.length, at, at + name.length)?.expects, `${kind}: ${example}`).toBe('database');
    }
  });

  it('a field where a specifier of fields stands: each name one of the kind examples writes there', () => {
    let checked = 0;
    for (const kind of KIND_NAMES) {
      const fields = FIELD_LIST[kind].filter((f) => f.child?.denotes === 'field');
      const example = KIND_EXAMPLES[kind as keyof typeof KIND_EXAMPLES] as string | undefined;
      if (fields.length === 0 || example === undefined) continue;
      const doc = parseDocument(example);
      const root = doc.statements[0]?.node as unknown as Record<string, unknown>;
      for (const f of fields) {
        const spec = root[f.key] as { kind: string } | null;
        const span = spec === null ? undefined : doc.spans.get(spec as never);
        if (spec?.kind !== 'spec_name' || span === undefined) continue;
        expect(placeAt(example, 0, example.length, span.start, span.end)?.expects, `${kind}.${f.key}: ${example}`).toBe('field');
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });
});
