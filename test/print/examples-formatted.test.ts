import { describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/command.js';
import { main } from '../../src/cli/main.js';

describe('examples/', () => {
  it('every .dsq file is in formatted form (dsq fmt --check examples)', async () => {
    let out = '';
    let err = '';
    const io: Io = {
      stdout: (t) => void (out += t),
      stderr: (t) => void (err += t),
      readStdin: async () => '',
      cwd: new URL('../..', import.meta.url).pathname,
    };
    const code = await main(['fmt', '--check', 'examples'], io);
    expect({ code, out, err }).toEqual({ code: 0, out: '', err: '' });
  });
});
