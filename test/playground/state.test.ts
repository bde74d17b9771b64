import { readdirSync, readFileSync } from 'node:fs';
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dsqCompletion, nameText } from '../../playground/src/complete.js';
import { compileText, decompileJson, describe as describeDiagnostic, formatText, indentJson, schemaFromText } from '../../playground/src/dsq.js';
import { formatHash, parseHash, type HashState } from '../../playground/src/hash.js';
import { toJson } from '../../src/json/index.js';
import { arbStatement } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

const examples = new URL('../../examples/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, examples), 'utf8');
const shop = schemaFromText(read('shop.schema.json')).schema ?? null;

describe('the URL hash', () => {
  const arbState: fc.Arbitrary<HashState> = fc
    .record({
      lead: fc.constantFrom('text' as const, 'json' as const),
      source: fc.string({ unit: 'grapheme' }),
      form: fc.constantFrom('short' as const, 'full' as const),
      indent: fc.constantFrom(0, 2, 4),
      schema: fc.constantFrom('none' as const, 'shop' as const, 'custom' as const),
      schemaJson: fc.string({ unit: 'grapheme' }),
      params: fc.uniqueArray(fc.tuple(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/), fc.string({ unit: 'grapheme' })), {
        selector: ([name]) => name,
        maxLength: 4,
      }),
    })
    .map((s) => ({ ...s, schemaJson: s.schema === 'custom' ? s.schemaJson : '' }));

  it('round-trips every state, whatever the text holds (&, =, #, %, line breaks, emoji)', () => {
    fc.assert(
      fc.property(arbState, (state) => {
        expect(parseHash(formatHash(state))).toEqual(state);
      }),
      { numRuns: runs(500) },
    );
    const state: HashState = {
      lead: 'text',
      source: "SELECT a FROM t WHERE b = '&x=1#%20'\n-- ✓ 🦆",
      form: 'full',
      indent: 0,
      schema: 'shop',
      schemaJson: '',
      params: [
        ['since', '2024-01-31'],
        ['ids', '1,2&3'],
      ],
    };
    expect(formatHash(state)).toBe(`#text=${encodeURIComponent(state.source)}&form=full&indent=0&schema=shop&param.since=2024-01-31&param.ids=1%2C2%263`);
    expect(parseHash(formatHash(state))).toEqual(state);
  });

  it('leaves defaults out, ignores what it does not know, and never throws', () => {
    expect(formatHash({ lead: 'json', source: '{}', form: 'short', indent: 2, schema: 'none', schemaJson: '', params: [] })).toBe('#json=%7B%7D');
    expect(parseHash('')).toBeNull();
    expect(parseHash('#foo=1')).toBeNull();
    expect(parseHash('#text=SELECT%20a%20FROM%20t&form=weird&indent=7&schema=other&x=1&param.=2&param.a-b=3&param.ok=4')).toEqual({
      lead: 'text',
      source: 'SELECT a FROM t',
      form: 'short',
      indent: 2,
      schema: 'none',
      schemaJson: '',
      params: [['ok', '4']],
    });
    // A malformed escape is kept as written rather than failing the page.
    expect(parseHash('#text=100%')?.source).toBe('100%');
    // A lone surrogate cannot be URI-encoded: it becomes U+FFFD instead of an exception.
    expect(parseHash(formatHash({ lead: 'text', source: 'a\uD800b', form: 'short', indent: 2, schema: 'none', schemaJson: '', params: [] }))?.source).toBe(
      'a\uFFFDb',
    );
  });
});

describe('the playground library facade', () => {
  const dsqFiles = readdirSync(examples).filter((f) => f.endsWith('.dsq'));

  it.each(dsqFiles)('%s compiles to the JSON `dsq compile` writes (examples/*.json)', (file) => {
    const result = compileText(read(file), { form: 'short', indent: 2, schema: null });
    expect(result.errors).toEqual([]);
    expect(`${result.json}\n`).toBe(read(file.replace(/\.dsq$/, '.json')));
  });

  it('decompiles JSON to text that compiles back to the same JSON (random statements, both forms)', () => {
    fc.assert(
      fc.property(arbStatement, fc.constantFrom('short' as const, 'full' as const), (statement, form) => {
        const json = toJson(statement, { form, indent: 2 });
        const back = decompileJson(json);
        expect(back.errors).toBeUndefined();
        expect(compileText(back.text as string, { form, indent: 2, schema: null }).json).toBe(json);
      }),
      { numRuns: runs(50) },
    );
  });

  it('lays pasted JSON out as the compiler writes it, changing only white space (random statements, both forms)', () => {
    fc.assert(
      fc.property(arbStatement, fc.constantFrom('short' as const, 'full' as const), fc.constantFrom(2, 4), (statement, form, indent) => {
        expect(indentJson(toJson(statement, { form, indent: 0 }), indent)).toBe(toJson(statement, { form, indent }));
      }),
      { numRuns: runs(50) },
    );
    // Numbers keep every digit; key order and "" stay as written.
    expect(indentJson('{"z":1.50,"a":[3.14159265358979323846264,""],"k":{}}', 2)).toBe('{ "z": 1.50, "a": [3.14159265358979323846264, ""], "k": {} }');
    // What cannot be laid out by white space alone is left as pasted: escapes, undefined, text that is not JSON.
    for (const text of ['{"a":"\\u00e9"}', '{"a":[1,undefined]}', '{"a":undefined}', '{"a":', 'nope']) expect(indentJson(text, 2)).toBeNull();
    const deep = `${'['.repeat(300)}${']'.repeat(300)}`;
    expect(indentJson(deep, 2)).toBeNull();
  });

  it('reports a syntax error by line:col and JSON errors by pointer and line:col', () => {
    const bad = compileText('SELECT a\nFROM t WHERE a = 1 AND', { form: 'short', indent: 2, schema: null });
    expect(bad.json).toBeNull();
    expect(bad.errors[0]?.span).toMatchObject({ line: 2, column: 23 });
    expect(describeDiagnostic(bad.errors[0] as (typeof bad.errors)[number])).toMatch(/^2:23: expected an expression after AND/);
    expect(bad.lint.some((d) => d.code === 'syntax-error')).toBe(true);

    const json = decompileJson(read('bad-between.select.json'));
    expect(json.errors?.[0]).toMatchObject({ pointer: '/where/$and/1', span: { line: 5, column: 5 } });
    expect(describeDiagnostic(json.errors?.[0] as NonNullable<typeof json.errors>[number])).toMatch(/^5:5 at \/where\/\$and\/1: "\$between" takes exactly 3/);
    expect(decompileJson('{"from": "t",, }').errors?.[0]?.span?.line).toBe(1);
    expect(compileText('  -- only a comment\n', { form: 'short', indent: 2, schema: null }).errors[0]?.code).toBe('syntax/no-statement');
  });

  it('keeps the quoted-text warning among the findings (the JSON still compiles)', () => {
    const result = compileText('SELECT a FROM t WHERE x = "some text here"', { form: 'short', indent: 2, schema: null });
    expect(result.json).not.toBeNull();
    expect(result.lint.map((d) => [d.code, d.severity, d.span.column])).toEqual([['quoted-text', 'warning', 27]]);
    expect(result.lint[0]?.hint).toContain("'some text here'");
  });

  it('compiles several statements to an array, as dsq compile does', () => {
    const result = compileText('SELECT a FROM t; SELECT b FROM u', { form: 'full', indent: 0, schema: null });
    expect(result.json).toBe(
      '[{"columns":[{"e":{"$col":"a"}}],"from":{"type":"table","table":"t"}},{"columns":[{"e":{"$col":"b"}}],"from":{"type":"table","table":"u"}}]',
    );
    expect(result.statements).toBe(2);
  });

  it('lints with the schema only when one is given', () => {
    const text = 'SELECT custmer FROM shop.orders';
    expect(compileText(text, { form: 'short', indent: 2, schema: null }).lint).toEqual([]);
    const found = compileText(text, { form: 'short', indent: 2, schema: shop }).lint;
    expect(found.map((d) => d.code)).toEqual(['unknown-field']);
    expect(found[0]?.message).toMatch(/custmer/);
    expect(schemaFromText('{"groups": [}').errors?.[0]?.span?.line).toBe(1);
  });

  it('binds :params from text values as dsq compile --param does, and never throws for a missing one', () => {
    const text = '-- @param since datetime\nSELECT a FROM shop.orders WHERE amount > :min AND placed >= :since AND status IN :s';
    const options = { form: 'short' as const, indent: 0, schema: shop };
    const missing = compileText(text, options);
    expect(missing.json).toBeNull();
    expect(missing.params.map((p) => [p.name, p.list])).toEqual([
      ['min', false],
      ['since', false],
      ['s', true],
    ]);
    expect(missing.errors[0]).toMatchObject({ code: 'params/unbound', span: { line: 2, column: 42 }, hint: 'give a value under Parameters, below the query' });
    const params = new Map([
      ['min', '12345678901234567890.25'],
      ['since', '2024-01-31T00:00:00Z'],
      ['s', 'paid,shipped'],
      ['unused', 'x'],
    ]);
    const bound = compileText(text, { ...options, params });
    expect(bound.errors).toEqual([]);
    expect(bound.json).toContain('{"$>":[{"$col":"amount"},12345678901234567890.25]}');
    expect(bound.json).toContain('["paid","shipped"]');
    // A value its type refuses is said once, at the parameter.
    const refused = compileText(text, { ...options, params: new Map([...params, ['min', 'lots']]) });
    expect(refused.errors.map((d) => [d.code, d.span?.column])).toEqual([['params/invalid-value', 42]]);
    // An empty value is no value.
    expect(compileText(text, { ...options, params: new Map([...params, ['s', '']]) }).errors.map((d) => d.code)).toEqual(['params/unbound']);
  });

  it('formats, and says why when it cannot', () => {
    expect(formatText('select a from t where x=1 -- keep\n').text).toBe('SELECT a FROM t WHERE x = 1 -- keep\n');
    expect(formatText('select from').errors?.[0]?.span).toBeDefined();
  });
});

describe('schema completion', () => {
  const complete = (doc: string, explicit = true, schema = shop): CompletionResult | null => {
    const pos = doc.indexOf('|');
    const state = EditorState.create({ doc: doc.replace('|', '') });
    return dsqCompletion(() => schema)(new CompletionContext(state, pos, explicit)) as CompletionResult | null;
  };
  const labels = (r: CompletionResult | null) => (r?.options ?? []).map((o) => o.label);

  it('offers database paths after FROM and JOIN', () => {
    expect(labels(complete('SELECT * FROM |'))).toEqual(expect.arrayContaining(['shop.orders', 'shop.orders.lines', 'shop.customers']));
    expect(labels(complete('SELECT * FROM shop.orders o JOIN sh|'))).toContain('shop.customers');
  });

  it('offers the fields of an alias or a database after a dot', () => {
    const r = complete('SELECT o.| FROM shop.orders AS o');
    expect(labels(r)).toEqual(expect.arrayContaining(['id', 'amount', 'status', 'receipt', 'lines']));
    expect(r?.from).toBe('SELECT o.'.length);
    expect(labels(complete('SELECT c.| FROM shop.orders o, shop.customers c'))).toEqual(['id', 'name', 'region', '"odd field"']);
  });

  it('offers the fields of the sources read, first, and quotes odd names', () => {
    const r = labels(complete('SELECT na| FROM shop.customers'));
    expect(r.slice(0, 4)).toEqual(['id', 'name', 'region', '"odd field"']);
    expect(r).toContain('shop.orders');
    expect(nameText('odd field')).toBe('"odd field"');
    expect(nameText('order')).toBe('"order"');
    expect(nameText('say "hi"')).toBe('"say ""hi"""');
  });

  it('offers the keywords and the functions, with a schema or without one', () => {
    for (const schema of [null, shop]) {
      const r = complete('SELECT CO|', true, schema);
      expect(labels(r)).toEqual(expect.arrayContaining(['COUNT', 'COUNT_DISTINCT', 'SELECT', 'WHERE', 'CASE']));
      const count = r?.options.find((o) => o.label === 'COUNT');
      expect(count).toMatchObject({ type: 'function', apply: 'COUNT(', detail: 'aggregate, 1 argument' });
      expect(r?.options.find((o) => o.label === 'WHERE')).toMatchObject({ type: 'keyword', info: expect.stringContaining('WHERE expr') });
      expect(r?.from).toBe('SELECT '.length);
    }
    // The schema's fields come first.
    expect(labels(complete('SELECT na| FROM shop.customers')).indexOf('name')).toBeLessThan(labels(complete('SELECT na| FROM shop.customers')).indexOf('NOT'));
  });

  it('stays quiet inside strings, comments and parameters, after a dot without a schema, or with nothing typed unless asked', () => {
    for (const doc of [
      "SELECT 'CO|",
      "SELECT 'a CO|' FROM t",
      'SELECT a -- CO|',
      'SELECT /* CO| */ a',
      'SELECT a FROM t WHERE b = :mi|',
      'SELECT t.|',
      'SELECT "CO|',
    ]) {
      expect(complete(doc, true, null), doc).toBeNull();
    }
    expect(complete('SELECT |', false)).toBeNull();
    expect(complete('SELECT |', false, null)).toBeNull();
  });
});
