import { describe, expect, it } from 'vitest';
import { readSpecJson, type JsonValue } from '../../src/json/index.js';
import { at, rejection } from './helpers.js';

/** A plain JS view of a spec-JSON value: numbers as their text, objects by normalised key. */
function plain(v: JsonValue): unknown {
  switch (v.type) {
    case 'null':
      return null;
    case 'boolean':
      return v.value;
    case 'number':
      return `#${v.text}`;
    case 'string':
      return v.value;
    case 'undefined':
      return undefined;
    case 'array':
      return v.items.map(plain);
    case 'object':
      return Object.fromEntries(v.members.map((m) => [m.key, plain(m.value)]));
  }
}

describe('readSpecJson: standard JSON', () => {
  it('reads every value type, with exact numbers', () => {
    expect(plain(readSpecJson(' {"a": [1, -2.5e-3, true, false, null, "x\\n\\u00e9\\ud83d\\ude00"], "b": {}} '))).toEqual({
      a: ['#1', '#-2.5e-3', true, false, null, 'x\né😀'],
      b: {},
    });
    expect(plain(readSpecJson('9223372036854775807'))).toBe('#9223372036854775807');
    expect(plain(readSpecJson('\ufeff[]'))).toEqual([]);
  });

  it('gives every value its pointer (keys as written, ~ and / escaped) and span', () => {
    const root = readSpecJson('{\n  "Where": {"$and": [1,\n    {"a/b~c": 2}]}\n}');
    if (root.type !== 'object') throw new Error('object expected');
    const and = root.get('where');
    if (and?.type !== 'object') throw new Error('object expected');
    const list = and.get('$and');
    if (list?.type !== 'array') throw new Error('array expected');
    const second = list.items[1];
    if (second?.type !== 'object') throw new Error('object expected');
    const two = second.get('a/b~c') as JsonValue;
    expect(root.pointer).toBe('');
    expect(list.pointer).toBe('/Where/$and');
    expect(two.pointer).toBe('/Where/$and/1/a~1b~0c');
    expect(two.span).toMatchObject({ line: 3, column: 15, endLine: 3, endColumn: 16 });
    expect(second.span).toMatchObject({ line: 3, column: 5 });
  });
});

describe('readSpecJson: the spec JSON rules', () => {
  it('rule 1: an empty string equals null', () => {
    const v = readSpecJson('""');
    expect(v.type).toBe('null');
    expect(plain(readSpecJson('{"a": ""}'))).toEqual({ a: null });
  });

  it('rule 1: an empty key is an error (also one of only white space)', () => {
    const d = rejection(() => readSpecJson('{"a": 1,\n "": 2}'));
    expect(d.code).toBe('json/empty-key');
    expect(d.message).toBe('an object key must not be empty');
    expect(at(d)).toBe('2:2');
    expect(d.pointer).toBe('/');
    const d2 = rejection(() => readSpecJson('{"  \\t ": 2}'));
    expect(d2.message).toBe('an object key must not be empty (it is only white space)');
  });

  it('rule 2: duplicate keys are an error that says where the first was', () => {
    const d = rejection(() => readSpecJson('{"from": "a",\n  "from": "b"}'));
    expect(d.code).toBe('json/duplicate-key');
    expect(d.message).toBe('duplicate key "from": first given at 1:2');
    expect(at(d)).toBe('2:3');
    expect(d.pointer).toBe('/from');
  });

  it('rule 3: keys differing only by case are duplicates', () => {
    const d = rejection(() => readSpecJson('{"x": {"Where": 1, "WHERE": 2}}'));
    expect(d.message).toBe('duplicate key "WHERE" (the same key as "Where" once trimmed, white space folded and case ignored): first given at 1:8');
    expect(d.pointer).toBe('/x/WHERE');
    expect(at(d)).toBe('1:20');
  });

  it('rule 4: keys are trimmed and white-space runs folded; equal keys after that are duplicates', () => {
    const v = readSpecJson('{" use \\t  strings ": true}');
    if (v.type !== 'object') throw new Error('object expected');
    expect(v.members[0]?.key).toBe('use strings');
    expect(v.members[0]?.rawKey).toBe(' use \t  strings ');
    expect(v.get('USE STRINGS')).toBeDefined();
    const d = rejection(() => readSpecJson('{"use strings": 1, "  use   Strings": 2}'));
    expect(d.code).toBe('json/duplicate-key');
    expect(d.pointer).toBe('/  use   Strings');
  });

  it('rule 5: a trailing comma after the last item is accepted, but not an empty item', () => {
    expect(plain(readSpecJson('[1, 2,]'))).toEqual(['#1', '#2']);
    expect(plain(readSpecJson('{"a": [1,], "b": {"c": 1,},}'))).toEqual({ a: ['#1'], b: { c: '#1' } });
    for (const [text, message, where] of [
      ['[,]', 'expected a value, got ","', '1:2'],
      ['[1,,]', 'expected a value after ",", got ","', '1:4'],
      ['{,}', 'expected a key (a string in double quotes) or "}", got ","', '1:2'],
      ['{"a":1,,}', 'expected a key (a string in double quotes) or "}", got ","', '1:8'],
    ] as const) {
      const d = rejection(() => readSpecJson(text));
      expect(d.code).toBe('json/syntax');
      expect(d.message).toBe(message);
      expect(at(d)).toBe(where);
    }
  });

  it('rule 6: whole numbers (also 1.0, 1e3) in the signed 64-bit range, others in float64', () => {
    for (const ok of ['9223372036854775807', '-9223372036854775808', '9.223372036854775807e18', '1.0', '1e3', '1.5e-300', '-2.5e-7', '5e-324']) {
      expect(plain(readSpecJson(ok))).toBe(`#${ok}`);
    }
    const big = rejection(() => readSpecJson('{"limit":\n 9223372036854775808}'));
    expect(big.code).toBe('json/number-range');
    expect(big.message).toBe('9223372036854775808 is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)');
    expect(big.pointer).toBe('/limit');
    expect(at(big)).toBe('2:2');
    expect(rejection(() => readSpecJson('-9223372036854775809')).code).toBe('json/number-range');
    expect(rejection(() => readSpecJson('1e19')).code).toBe('json/number-range');
    expect(rejection(() => readSpecJson('9223372036854775808.0')).code).toBe('json/number-range');
    const huge = `2${'0'.repeat(308)}.5`;
    const float = rejection(() => readSpecJson(`[${huge}]`));
    // The message quotes a long number shortened in the middle (issue 9: capped quotes).
    expect(float.message).toBe(`${huge.slice(0, 40)}…(251 more characters)…${huge.slice(-20)} is outside the 64-bit floating point range (about ±1.8e308)`);
    expect(float.pointer).toBe('/0');
    // A non-zero number that rounds to 0 is outside the range too (the same rule both ways).
    const tiny = rejection(() => readSpecJson('{"limit": [1,\n 1e-400]}'));
    expect(tiny.code).toBe('json/number-range');
    expect(tiny.pointer).toBe('/limit/1');
    expect(at(tiny)).toBe('2:2');
    expect(rejection(() => readSpecJson('-1e-99999999999999999999')).code).toBe('json/number-range');
    // Rule 6 read literally: 1.7976931348623157e308 is a whole number, so it must fit in 64 bits.
    expect(rejection(() => readSpecJson('1.7976931348623157e308')).code).toBe('json/number-range');
  });

  it('rule 7: undefined is accepted; a member with value undefined is absent', () => {
    const v = readSpecJson('{"a": undefined, "b": 1}');
    if (v.type !== 'object') throw new Error('object expected');
    expect(v.members.map((m) => m.key)).toEqual(['b']);
    expect(v.get('a')).toBeUndefined();
    expect(readSpecJson('undefined').type).toBe('undefined');
    expect(plain(readSpecJson('[undefined]'))).toEqual([undefined]);
    // Still a key: a second spelling of it is a duplicate.
    expect(rejection(() => readSpecJson('{"a": undefined, "A": 1}')).code).toBe('json/duplicate-key');
  });
});

describe('readSpecJson: syntax errors say what, where and what was expected', () => {
  const cases: [string, string, string][] = [
    ['', 'expected a JSON value, got the end of the input', '1:1'],
    ['{"a": 1', 'expected "," or "}" in the object opened at 1:1, got the end of the input', '1:8'],
    ['[1 2]', 'expected "," or "]" in the array opened at 1:1, got "2"', '1:4'],
    ['{"a" 1}', 'expected ":" after the key "a", got "1"', '1:6'],
    ['{a: 1}', 'expected a key (a string in double quotes) or "}", got "a"', '1:2'],
    ["['x']", `expected a JSON value, got "'"`, '1:2'],
    ['NaN', 'expected a JSON value, got "NaN"', '1:1'],
    ['[01]', '"01" is not a JSON number (digits, optional fraction and exponent; no leading zeros, no "+", no NaN or Infinity)', '1:2'],
    ['[1.]', '"1." is not a JSON number (digits, optional fraction and exponent; no leading zeros, no "+", no NaN or Infinity)', '1:2'],
    ['-Infinity', '"-Infinity" is not a JSON number (digits, optional fraction and exponent; no leading zeros, no "+", no NaN or Infinity)', '1:1'],
    ['"abc', 'unterminated string: expected a closing "', '1:1'],
    ['"a\nb"', 'a raw control character (U+000A) is not allowed in a string: write it as \\n', '1:3'],
    ['"\\x41"', 'invalid escape "\\x" in a string: expected \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and 4 hex digits', '1:2'],
    ['"\\u12"', 'invalid escape "\\u12"" in a string: expected \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and 4 hex digits', '1:2'],
    ['{} {}', 'unexpected "{" after the end of the JSON value', '1:4'],
    ['[1] // note', 'unexpected "/" after the end of the JSON value', '1:5'],
    ['nul', 'expected a JSON value, got "nul"', '1:1'],
    ['[\n  true,\n  tru\n]', 'expected a JSON value, got "tru"', '3:3'],
  ];
  for (const [text, message, where] of cases) {
    it(JSON.stringify(text), () => {
      const d = rejection(() => readSpecJson(text));
      expect(d.code).toBe('json/syntax');
      expect(d.message).toBe(message);
      expect(at(d)).toBe(where);
    });
  }

  it('gives the pointer of the value being read', () => {
    expect(rejection(() => readSpecJson('{"where": {"$and": [1, tru]}}')).pointer).toBe('/where/$and/1');
  });
});

describe('readSpecJson: depth', () => {
  it('reads 100,000 nested arrays without a stack overflow', () => {
    const depth = 100_000;
    const v = readSpecJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    let d = 0;
    let cur: JsonValue = v;
    while (cur.type === 'array' && cur.items.length > 0) {
      cur = cur.items[0] as JsonValue;
      d++;
    }
    expect(d).toBe(depth - 1);
    expect(cur.pointer.length).toBe(2 * (depth - 1));
  });

  it('reports an unclosed deep nest cleanly', () => {
    const d = rejection(() => readSpecJson('['.repeat(100_000)));
    expect(d.message).toBe('expected a JSON value, got the end of the input');
    expect(at(d)).toBe('1:100001');
  });

  it('reads a 100,000-item array', () => {
    const v = readSpecJson(`[${Array.from({ length: 100_000 }, (_, i) => i).join(',')}]`);
    expect(v.type === 'array' && v.items.length).toBe(100_000);
  });
});
