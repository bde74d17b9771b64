import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childPointer, escapePointerSegment, formatDiagnostic, headline, showPointer, type Diagnostic } from '../../src/diagnostic/index.js';
import { fromJsonResult, readSpecJsonResult } from '../../src/json/index.js';
import { runCli } from '../helpers/cli.js';
import { runs } from '../helpers/runs.js';

/**
 * JSON pointers as RFC 6901 writes them (docs/errors.md cites it): the whole document is the
 * empty pointer `""`, `/` is the member of the root whose key is empty, and `~` and `/` in a key
 * are `~0` and `~1` (issue 31: an error at the top of a document was placed at `/`).
 */

/** RFC 6901 section 4: the reference tokens of a pointer, unescaped. */
function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  expect(pointer.startsWith('/')).toBe(true);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const first = (input: unknown): Diagnostic => fromJsonResult(input).diagnostics[0] as Diagnostic;

describe('the pointer of a problem', () => {
  it('the whole document is the empty pointer, from text and from a JS value', () => {
    expect(first('5')).toMatchObject({ pointer: '', code: 'json/wrong-type' });
    expect(first(5)).toMatchObject({ pointer: '' });
    expect(first('{"from":"t"} x')).toMatchObject({ pointer: '' });
    expect(readSpecJsonResult('').diagnostics[0]?.pointer).toBe('');
    expect(readSpecJsonResult('[1,').diagnostics[0]?.pointer).toBe('/1');
  });

  it('a member with the empty key is /, one inside it /a/ and below it //b', () => {
    expect(first('{"": 1, "from": "t"}')).toMatchObject({ pointer: '/', code: 'json/empty-key' });
    expect(first('{"from": "t", "where": {"": 1}}')).toMatchObject({ pointer: '/where/' });
    expect(readSpecJsonResult('{"": {"b": 1e999}}').diagnostics.map((d) => d.pointer)).toEqual(['/', '//b']);
  });

  it('~ and / in a key are ~0 and ~1', () => {
    expect(escapePointerSegment('a/b~c')).toBe('a~1b~0c');
    expect(escapePointerSegment('~1')).toBe('~01');
    expect(childPointer('', '~/')).toBe('/~0~1');
    expect(first('{"from": "t", "a/b~c": 1}')).toMatchObject({ pointer: '/a~1b~0c', code: 'json/unknown-property' });
  });

  it('every pointer reads back (RFC 6901) to the keys and indexes as written (property)', () => {
    const key = fc
      .string({ unit: fc.constantFrom('a', 'Z', '~', '/', '0', '1', ' ', '"', '\\', '\n', 'é'), minLength: 1, maxLength: 6 })
      .filter((k) => k.trim() !== '');
    const step = fc.oneof(key, fc.nat({ max: 3 }));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 5 }), (path) => {
        // A number out of range at the end of the path: the reader reports it there.
        let json = '1e999';
        for (let i = path.length - 1; i >= 0; i--) {
          const s = path[i] as string | number;
          json = typeof s === 'number' ? `[${'0,'.repeat(s)}${json}]` : `{${JSON.stringify(s)}: ${json}}`;
        }
        const [d] = readSpecJsonResult(json).diagnostics;
        expect(d?.code).toBe('json/number-range');
        expect(tokens(d?.pointer as string)).toEqual(path.map(String));
        // Shown: as it is when it starts with '/' and prints on one line, else as a JSON string.
        const shown = showPointer(d?.pointer as string);
        if (shown.startsWith('/')) expect(shown).toBe(d?.pointer);
        else expect(JSON.parse(shown)).toBe(d?.pointer);
        expect(shown).not.toMatch(/[\n\r\u2028\u2029]/);
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('how a pointer is shown', () => {
  it('the whole document as "", the empty key as /, others as they are', () => {
    expect(showPointer('')).toBe('""');
    expect(showPointer('/')).toBe('/');
    expect(showPointer('/where/$and/1')).toBe('/where/$and/1');
    expect(showPointer('/a\nb')).toBe('"/a\\nb"');
    const root = first('5');
    expect(formatDiagnostic(root)).toBe('1:1: error: expected a select object or a SELECT action (an object), got the number 5 at ""');
    expect(headline(root)).toBe('1:1 "": expected a select object or a SELECT action (an object), got the number 5');
    expect(formatDiagnostic(first('{"": 1, "from": "t"}'))).toBe('1:2: error: an object key must not be empty at /');
  });

  it('dsq decompile and normalize print them so', async () => {
    const root = await runCli(['decompile', '-'], { stdin: '5' });
    expect(root.code).toBe(1);
    expect(root.err.split('\n')[0]).toBe('<stdin>:1:1: error: expected a select object or a SELECT action (an object), got the number 5 at ""');
    const empty = await runCli(['normalize', '-'], { stdin: '{"": 1, "from": "t"}' });
    expect(empty.err.split('\n')[0]).toBe('<stdin>:1:2: error: an object key must not be empty at /');
  });
});
