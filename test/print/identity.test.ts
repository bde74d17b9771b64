import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromJson, toJson } from '../../src/json/index.js';
import { format, print } from '../../src/print/index.js';
import { parse } from '../../src/syntax/index.js';

/** One statement per line; each ends with the `;` that separates it from the next in the file. */
const lines = readFileSync(new URL('../fixtures/identity.dsq', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('--'))
  .map((l) => l.replace(/;$/, ''));

describe('identity corpus (test/fixtures/identity.dsq)', () => {
  it('has lines', () => expect(lines.length).toBeGreaterThan(100));

  // Each line is a statement meant for one line: lines longer than the default width are
  // checked at a width that holds them (they break at 80, as the width property wants).
  it.each(lines)('%s', (line) => {
    const options = { width: Math.max(80, line.length) };
    expect(format(line, options)).toBe(`${line}\n`);
    const ast = parse(line);
    expect(print(fromJson(toJson(ast)), options)).toBe(line);
    expect(print(fromJson(toJson(ast, { form: 'full' })), options)).toBe(line);
  });
});
