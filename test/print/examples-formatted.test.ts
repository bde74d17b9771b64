import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('examples/', () => {
  it('every .dsq file is in formatted form (dsq fmt --check examples)', async () => {
    const result = await runCli(['fmt', '--check', 'examples'], { cwd: new URL('../..', import.meta.url).pathname });
    expect(result).toEqual({ code: 0, out: '', err: '' });
  });
});
