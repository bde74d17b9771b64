import { describe, expect, it, vi } from 'vitest';
import { fromJson, fromJsonResult } from '../../src/json/from-json.js';
import { toJson } from '../../src/json/to-json.js';

/**
 * A typed specifier (a post's wall: `{"type": T, T: spec}`) is read and written by what the kind
 * table says (src/json/typed-specifier.ts: a field whose `denotesWhen` names a field with no
 * JSON key), not by naming FETCH POSTS: a FETCH type made for this test, `pins`, with a `pin`
 * of type group or database, is read and written with no reader or writer of its own.
 */
vi.mock('../../src/ast/kinds-fetch.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/ast/kinds-fetch.js')>();
  const { OPTIONAL_ONE_OF, at, nullable } = await import('../../src/ast/field-checks.js');
  const { json } = await import('../../src/ast/kind-spec.js');
  const fields = {
    pinType: at(null, OPTIONAL_ONE_OF(['group', 'database'])),
    pin: { ...nullable('spec'), denotes: 'database', denotesWhen: { field: 'pinType', values: ['database'] } },
  };
  const entry = {
    role: 'action',
    fields,
    json: json({ action: 'fetch', fetch: 'pins' }),
    keyword: 'FETCH',
    operator: null,
    make: (parts: object) => ({ kind: 'fetch_pins', ...parts }),
  };
  return {
    ...real,
    FETCH_FIELDS: { ...real.FETCH_FIELDS, pins: fields },
    FETCH_ENTRIES: { ...real.FETCH_ENTRIES, fetch_pins: entry },
    FETCH_CLAUSES: { ...real.FETCH_CLAUSES, pins: null },
    FETCH_ONE_OF: { ...real.FETCH_ONE_OF, pins: [] },
  };
});

const read = (wall: string) => {
  const r = fromJsonResult(`{"action": "fetch", "fetch": "pins", "pin": ${wall}}`);
  return { value: r.value, messages: r.diagnostics.map((d) => `${d.pointer}: ${d.message}`) };
};

describe('a typed specifier of a FETCH type added to the kind table alone', () => {
  it('reads {"type": T, T: spec}, and {"type": T, "database": spec} where the specifier denotes a database', () => {
    expect(read('{"type": "group", "group": "g"}').value).toEqual({
      kind: 'fetch_pins',
      pinType: 'group',
      pin: { kind: 'spec_name', name: 'g' },
    });
    expect(read('{"type": "database", "database": 3}').value).toMatchObject({ kind: 'fetch_pins', pinType: 'database', pin: { kind: 'spec_id' } });
    expect(read('null').value).toEqual({ kind: 'fetch_pins', pinType: null, pin: null });
  });

  it('is written back as the same object (the JSON writer goes by the same description)', () => {
    for (const wall of ['{"type":"group","group":"g"}', '{"type":"database","database":3}']) {
      const text = `{"action":"fetch","fetch":"pins","pin":${wall}}`;
      expect(toJson(fromJson(text))).toBe(text);
    }
  });

  it("names the table's types and the object's key in its messages", () => {
    expect(read('{"type": "user", "user": "u"}').messages).toEqual([
      '/pin/type: "type" of a pin specifier must be "group" or "database", got the string "user"',
    ]);
    expect(read('{"type": "group", "database": "d"}').messages).toEqual([
      '/pin/database: unknown property "database" in a group pin specifier; expected "type", "group"',
      '/pin: a group pin specifier needs "group"',
    ]);
    expect(read('1').messages).toEqual(['/pin: expected "pin" (a pin specifier: {"type": "group" | "database", ...}) (an object), got the number 1']);
  });
});
