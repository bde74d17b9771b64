import { describe, expect, it } from 'vitest';
import { hover } from '../../src/lsp/hover.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { cursor, labels, positionIn, SHOP } from '../lsp/helpers.js';

/**
 * The struct actions in the language server: their fields have the write actions' roles in the
 * kind table (a database, record field names of that database), so completion and hover cover
 * them with nothing of their own; STRUCT is a statement word.
 */
function hoverAt(marked: string): string | null {
  const { text, offset } = cursor(marked);
  const h = hover(textModelOf(text), offset, { schema: SHOP, rangeOf: (s, e) => ({ start: positionIn(text, s), end: positionIn(text, e) }) });
  return h === null ? null : (h.contents as { value: string }).value;
}

const ORDER_FIELDS = ['id', 'customer', 'amount', 'status', 'note', 'placed', 'paid', 'scan'];

describe('struct actions in the language server', () => {
  it('STRUCT is offered where a statement starts', () => {
    expect(labels('SELECT 1; |')).toContain('STRUCT');
  });
  it('offers databases where a struct action names its database', () => {
    for (const text of ['STRUCT EVENT INSERT INTO |', 'STRUCT EVENT CLOSE |', 'STRUCT EVENT UPDATE |', 'STRUCT MN EDIT 1 IN |', 'STRUCT MN ALIAS 1 IN |']) {
      expect(labels(text), text).toEqual(expect.arrayContaining(['orders', 'customers']));
    }
  });
  it("offers the database's fields in event records, SET and EVENTS WHERE", () => {
    for (const text of [
      'STRUCT EVENT INSERT INTO shop.orders (|',
      'STRUCT EVENT INSERT INTO shop.orders RECORDS (|',
      'STRUCT EVENT UPDATE shop.orders SET (|',
      'STRUCT EVENT CLOSE shop.orders EVENTS 1 SET (|',
    ]) {
      expect(labels(text), text).toEqual(ORDER_FIELDS);
    }
    expect(labels('STRUCT EVENT CLOSE shop.orders EVENTS WHERE |')).toEqual(expect.arrayContaining([...ORDER_FIELDS, 'NOT']));
  });
  it('offers no databases where a group stands (a struct_create parent)', () => {
    // A group specifier's words (an id, 'name', WHERE, ALL or [...]): no database names.
    expect(labels('STRUCT CREATE MODEL m IN GROUP |')).toEqual(['WHERE', 'ALL']);
  });
  it("hovers an event's field as the field of its database", () => {
    expect(hoverAt('STRUCT EVENT INSERT INTO shop.orders (id, am|ount) VALUES (1, 2)')).toContain('**amount**: field of database `orders`');
    expect(hoverAt('STRUCT EVENT UPDATE shop.orders SET (am|ount = 2) EVENTS 1')).toContain('**amount**: field of database `orders`');
  });
});
