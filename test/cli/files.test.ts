import { describe, expect, it } from 'vitest';
import { globToRegExp } from '../../src/cli/files.js';

describe('globToRegExp', () => {
  const matches = (glob: string, path: string) => globToRegExp(glob).test(path);
  it('* stays within a directory, ** crosses directories', () => {
    expect(matches('*.dsq', 'a.dsq')).toBe(true);
    expect(matches('*.dsq', 'x/a.dsq')).toBe(false);
    expect(matches('**/*.dsq', 'a.dsq')).toBe(true);
    expect(matches('**/*.dsq', 'x/y/a.dsq')).toBe(true);
    expect(matches('x/**', 'x/y/a.dsq')).toBe(true);
  });
  it('?, [...] and {a,b}', () => {
    expect(matches('q?.dsq', 'q1.dsq')).toBe(true);
    expect(matches('q?.dsq', 'q12.dsq')).toBe(false);
    expect(matches('q[0-9].dsq', 'q7.dsq')).toBe(true);
    expect(matches('q[!0-9].dsq', 'q7.dsq')).toBe(false);
    expect(matches('{a,b}.dsq', 'b.dsq')).toBe(true);
    expect(matches('{a,b}.dsq', 'c.dsq')).toBe(false);
  });
  it('escapes the rest', () => {
    expect(matches('a+b.dsq', 'a+b.dsq')).toBe(true);
    expect(matches('a.dsq', 'aXdsq')).toBe(false);
  });
});
