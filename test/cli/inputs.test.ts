import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

/**
 * Issue 9, the files half, what was left: an input that cannot be read is exit 2 for every
 * command (as fmt and lint always did), and a bad dsq.config.json is a config error with its
 * line and column for lint as for fmt, not a usage error.
 */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dsq-inputs-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const put = async (path: string, text: string | Uint8Array) => {
  await mkdir(join(dir, path, '..'), { recursive: true });
  await writeFile(join(dir, path), text);
};
const run = (args: string[]) => runCli(args, { cwd: dir });

describe('single-input commands: a file that cannot be read', () => {
  it.each(['compile', 'decompile', 'normalize'])('dsq %s of a missing file or a folder: one line naming it, nothing on stdout, exit 2', async (command) => {
    await mkdir(join(dir, 'folder'));
    for (const [arg, reason] of [
      ['missing.txt', 'no such file'],
      ['folder', 'it is a directory'],
    ] as const) {
      const r = await run([command, arg]);
      expect(r.code, `${command} ${arg}`).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toBe(`dsq ${command}: cannot read ${arg}: ${reason}\n`);
    }
  });

  it('bytes that are not UTF-8 stay bad input: exit 1, with line and column', async () => {
    await put('latin.dsq', Buffer.from("SELECT 'M\xfcller' FROM t", 'latin1'));
    const r = await run(['compile', 'latin.dsq']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^latin\.dsq:1:10: error: invalid UTF-8/);
  });
});

describe('lint: a bad dsq.config.json is a config error with its place, not a usage error', () => {
  it('a bad value: line, column and pointer, exit 2, no usage hint; as fmt reports it', async () => {
    await put('q.dsq', 'SELECT a FROM t\n');
    await put('dsq.config.json', '{\n  "width": 1e400\n}\n');
    const lint = await run(['lint', 'q.dsq']);
    expect(lint.code).toBe(2);
    expect(lint.err).toMatch(/dsq\.config\.json:2:12: error: 1e400 is a whole number outside the signed 64-bit range .* at \/width/);
    expect(lint.err).not.toContain('--help');
    expect(lint.err).not.toContain('usage');
    const fmt = await run(['fmt', 'q.dsq']);
    expect(fmt.code).toBe(2);
    expect(lint.err).toBe(fmt.err);
  });

  it('text that is not JSON: line and column', async () => {
    await put('q.dsq', 'SELECT a FROM t\n');
    await put('dsq.config.json', '{\n  "rules": {\n');
    const r = await run(['lint', 'q.dsq']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/dsq\.config\.json:3:1: error: expected a key \(a string in double quotes\) or "}", got the end of the input/);
    expect(r.err).not.toContain('--help');
  });

  it('a schema file the config names that cannot be read or is not valid: placed at "schema"; a --schema file stays a usage error', async () => {
    await put('q.dsq', 'SELECT a FROM t\n');
    await put('dsq.config.json', '{\n  "schema": "missing.json"\n}\n');
    const r = await run(['lint', 'q.dsq']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/dsq\.config\.json:2:13: error: cannot read the schema file .*missing\.json: no such file at \/schema\n/);
    expect(r.err).not.toContain('--help');
    await put('bad.json', '{ "databases": 5 }');
    await put('dsq.config.json', '{ "schema": "bad.json" }');
    const bad = await run(['lint', 'q.dsq']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/dsq\.config\.json:1:13: error: the schema file .*bad\.json is not valid/);
    const cli = await run(['lint', '--schema', 'missing.json', 'q.dsq']);
    expect(cli.code).toBe(2);
    expect(cli.err).toContain('Run `dsq lint --help` for usage.');
  });

  it('an unknown rule is placed at its name, bad options at the setting, each with its pointer', async () => {
    await put('q.dsq', 'SELECT a FROM t\n');
    await put('dsq.config.json', '{\n  "rules": {\n    "no-select-star": "error",\n    "empty-in-list": ["error", { "nope": 1 }]\n  }\n}\n');
    const r = await run(['lint', 'q.dsq']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/dsq\.config\.json:3:5: error: Unknown lint rule "no-select-star" in the configuration\..* at \/rules\/no-select-star\n/);
    expect(r.err).toMatch(/dsq\.config\.json:4:22: error: Rule "empty-in-list" .* at \/rules\/empty-in-list\n/);
    expect(r.err).toContain('3 |     "no-select-star": "error",');
    expect(r.err).not.toContain('--help');
  });
});

describe('lint: a file that cannot be read is not "no problems"', () => {
  it('the summary counts the files that failed; the clean ones still report', async () => {
    await put('ok.dsq', 'SELECT a FROM t\n');
    const r = await run(['lint', 'ok.dsq', 'missing.dsq']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('no problems in the files read; 1 input could not be read or written\n');
    expect(r.err).toContain('missing.dsq');
    const alone = await run(['lint', 'ok.dsq']);
    expect(alone.out).toBe('no problems\n');
    expect(alone.code).toBe(0);
  });
});
