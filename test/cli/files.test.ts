import {
  chmodSync,
  chownSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-files-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const UNFORMATTED = 'select a,b from t where x=1\n';
const FORMATTED = 'SELECT a, b FROM t WHERE x = 1\n';
const FIXABLE = 'select a from t where b = null\n';
// `lint --fix` changes only what the fix changes (issue 27): the rest of the line stays as written.
const FIXED = 'select a from t where b IS null\n';
const at = (...parts: string[]) => join(dir, ...parts);
const run = (args: string[], stdin?: string | Uint8Array) => runCli(args, { cwd: dir, ...(stdin !== undefined ? { stdin } : {}) });
const bytes = (...parts: string[]) => readFileSync(at(...parts));
/** No temporary file is ever left behind. */
const leftovers = () =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.tmp'));

describe('invalid UTF-8 is an error with line:col, and the file is never written (issue 9)', () => {
  const latin1 = Buffer.concat([Buffer.from("SELECT a\nFROM t WHERE name = 'M"), Buffer.from([0xfc]), Buffer.from("ller'\n")]);

  it('compile, fmt, lint and the JSON commands reject it at the byte', async () => {
    writeFileSync(at('q.dsq'), latin1);
    const compiled = await run(['compile', 'q.dsq']);
    expect(compiled.code).toBe(1);
    expect(compiled.out).toBe('');
    expect(compiled.err).toMatch(/^q\.dsq:2:23: error: invalid UTF-8: a byte that never occurs in UTF-8 \(byte 31, 0xFC\)/);
    expect(compiled.err).toContain('2 | FROM t WHERE name = ');
    expect(compiled.err).not.toContain('\ufffd\ufffd');

    for (const args of [
      ['fmt', '--write', 'q.dsq'],
      ['fmt', 'q.dsq'],
      ['fmt', '--check', 'q.dsq'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(/^q\.dsq:2:23: error: invalid UTF-8/);
      expect(bytes('q.dsq').equals(latin1)).toBe(true);
    }
    const fixed = await run(['lint', '--fix', '--format', 'json', 'q.dsq']);
    expect(fixed.code).toBe(1);
    expect(JSON.parse(fixed.out).files[0].diagnostics[0]).toMatchObject({ ruleId: 'input/invalid-utf8', severity: 'error', line: 2, column: 23 });
    expect(bytes('q.dsq').equals(latin1)).toBe(true);

    writeFileSync(at('q.json'), Buffer.concat([Buffer.from('{"from": "t\u00e9'), Buffer.from([0xe9, 0x22, 0x7d])]));
    for (const command of ['decompile', 'normalize', 'types']) {
      const r = await run([command, 'q.json']);
      expect(r.code, command).toBe(1);
      expect(r.err, command).toMatch(/^q\.json:1:13: error: invalid UTF-8: an incomplete or invalid multi-byte sequence/);
    }
    expect(leftovers()).toEqual([]);
  });

  it('standard input is read as strictly', async () => {
    for (const args of [['compile'], ['fmt', '-'], ['lint', '-'], ['normalize'], ['decompile'], ['types']]) {
      const r = await run(args, latin1);
      expect(r.code, args.join(' ')).toBeGreaterThan(0);
      const text = args[0] === 'lint' ? r.out : r.err;
      expect(text, args.join(' ')).toMatch(/<stdin>:2:23: error: invalid UTF-8|"code": "input\/invalid-utf8"|input\/invalid-utf8/);
    }
  });

  it('finds the first bad sequence of every kind: truncated, overlong, surrogate, beyond U+10FFFF, a stray continuation byte', async () => {
    const cases: [number[], string, string][] = [
      [[0xe2, 0x82], '1:8', 'an incomplete or invalid multi-byte sequence'],
      [[0xc0, 0xaf], '1:8', 'a byte that never occurs in UTF-8'],
      [[0xe0, 0x80, 0xaf], '1:8', 'an incomplete or invalid multi-byte sequence'],
      [[0xed, 0xa0, 0x80], '1:8', 'an incomplete or invalid multi-byte sequence'],
      [[0xf4, 0x90, 0x80, 0x80], '1:8', 'an incomplete or invalid multi-byte sequence'],
      [[0x80], '1:8', 'a continuation byte without a lead byte'],
      [[0xff], '1:8', 'a byte that never occurs in UTF-8'],
    ];
    for (const [bad, where, what] of cases) {
      const input = Buffer.concat([Buffer.from('SELECT '), Buffer.from(bad), Buffer.from(' FROM t')]);
      const r = await run(['compile'], input);
      expect(r.err, bad.join(',')).toContain(`<stdin>:${where}: error: invalid UTF-8: ${what}`);
    }
    // Valid: a byte order mark, the replacement character itself, 4-byte characters.
    const ok = await run(['compile'], Buffer.from("\ufeffSELECT '\ufffd \u{1f600} \u{10ffff}' FROM t", 'utf8'));
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
  });

  it('a config file that is not UTF-8 is an error with its line and column', async () => {
    writeFileSync(at('dsq.config.json'), Buffer.concat([Buffer.from('{\n  "keywordCase": "'), Buffer.from([0xff]), Buffer.from('"\n}')]));
    writeFileSync(at('q.dsq'), UNFORMATTED);
    const r = await run(['fmt', 'q.dsq']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${at('dsq.config.json')}:2:19: error: invalid UTF-8`);
  });
});

describe('fmt --write and lint --fix keep links, mode and owner (issue 9)', () => {
  it('a symbolic link: the target is written and the link stays a link (also to another folder)', async () => {
    mkdirSync(at('real'));
    writeFileSync(at('real', 'q.dsq'), UNFORMATTED);
    symlinkSync(join('real', 'q.dsq'), at('link.dsq'));
    const r = await run(['fmt', '--write', 'link.dsq']);
    expect(r).toEqual({ code: 0, out: 'link.dsq\n', err: '' });
    expect(lstatSync(at('link.dsq')).isSymbolicLink()).toBe(true);
    expect(bytes('real', 'q.dsq').toString()).toBe(FORMATTED);

    writeFileSync(at('real', 'f.dsq'), FIXABLE);
    symlinkSync(at('real', 'f.dsq'), at('flink.dsq'));
    const fixed = await run(['lint', '--fix', 'flink.dsq']);
    expect(fixed.code).toBe(0);
    expect(lstatSync(at('flink.dsq')).isSymbolicLink()).toBe(true);
    expect(bytes('real', 'f.dsq').toString()).toBe(FIXED);
    expect(leftovers()).toEqual([]);
  });

  it('a hard link: every name sees the new text (the file is written in place, its inode kept)', async () => {
    writeFileSync(at('a.dsq'), UNFORMATTED);
    linkSync(at('a.dsq'), at('b.dsq'));
    const inode = statSync(at('a.dsq')).ino;
    expect((await run(['fmt', '--write', 'a.dsq'])).code).toBe(0);
    expect(bytes('b.dsq').toString()).toBe(FORMATTED);
    expect(statSync(at('a.dsq')).ino).toBe(inode);
    expect(statSync(at('a.dsq')).nlink).toBe(2);

    writeFileSync(at('b.dsq'), FIXABLE);
    expect((await run(['lint', '--fix', 'b.dsq'])).code).toBe(0);
    expect(bytes('a.dsq').toString()).toBe(FIXED);
    expect(statSync(at('b.dsq')).ino).toBe(inode);
    // A longer text and a shorter one in place: no old bytes left at the end.
    writeFileSync(at('a.dsq'), `select a from t where x = 1 -- ${'n'.repeat(300)}\n`);
    await run(['fmt', '--write', 'a.dsq']);
    expect(bytes('b.dsq').toString()).toBe(`SELECT a FROM t WHERE x = 1 -- ${'n'.repeat(300)}\n`);
    expect(leftovers()).toEqual([]);
  });

  it('the file mode is kept', async () => {
    writeFileSync(at('q.dsq'), UNFORMATTED);
    chmodSync(at('q.dsq'), 0o640);
    expect((await run(['fmt', '--write', 'q.dsq'])).code).toBe(0);
    expect(statSync(at('q.dsq')).mode & 0o7777).toBe(0o640);
    writeFileSync(at('f.dsq'), FIXABLE);
    chmodSync(at('f.dsq'), 0o604);
    expect((await run(['lint', '--fix', 'f.dsq'])).code).toBe(0);
    expect(statSync(at('f.dsq')).mode & 0o7777).toBe(0o604);
  });

  it.runIf(process.getuid?.() === 0)("the owner is kept (run as root: the new file is given the old one's owner)", async () => {
    writeFileSync(at('q.dsq'), UNFORMATTED);
    chownSync(at('q.dsq'), 65534, 65534);
    expect((await run(['fmt', '--write', 'q.dsq'])).code).toBe(0);
    expect(statSync(at('q.dsq'))).toMatchObject({ uid: 65534, gid: 65534 });
    expect(bytes('q.dsq').toString()).toBe(FORMATTED);
  });

  it('a read-only file is never overwritten (even by root); the other files are still written; one line; exit 2', async () => {
    writeFileSync(at('a.dsq'), UNFORMATTED);
    writeFileSync(at('ro.dsq'), UNFORMATTED);
    writeFileSync(at('c.dsq'), UNFORMATTED);
    chmodSync(at('ro.dsq'), 0o444);
    const r = await run(['fmt', '--write', 'a.dsq', 'ro.dsq', 'c.dsq']);
    expect(r).toEqual({ code: 2, out: 'a.dsq\nc.dsq\n', err: 'dsq fmt: cannot write ro.dsq: the file is read-only\n' });
    expect(bytes('ro.dsq').toString()).toBe(UNFORMATTED);
    expect(bytes('c.dsq').toString()).toBe(FORMATTED);

    writeFileSync(at('a.dsq'), FIXABLE);
    chmodSync(at('ro.dsq'), 0o644);
    writeFileSync(at('ro.dsq'), FIXABLE);
    chmodSync(at('ro.dsq'), 0o444);
    writeFileSync(at('c.dsq'), FIXABLE);
    const fixed = await run(['lint', '--fix', 'a.dsq', 'ro.dsq', 'c.dsq']);
    expect(fixed.code).toBe(2);
    expect(fixed.err).toBe('dsq lint: cannot write ro.dsq: the file is read-only\n');
    // The report shows ro.dsq as it is (its fix was not saved).
    expect(fixed.out).toContain('ro.dsq:1:23: error:');
    expect(fixed.out).not.toContain('a.dsq:');
    expect(bytes('a.dsq').toString()).toBe(FIXED);
    expect(bytes('ro.dsq').toString()).toBe(FIXABLE);
    expect(bytes('c.dsq').toString()).toBe(FIXED);
    expect(leftovers()).toEqual([]);
  });

  it('a file that cannot be read (missing, a directory link, not UTF-8) does not stop the run: one line each, exit 2', async () => {
    writeFileSync(at('a.dsq'), UNFORMATTED);
    writeFileSync(at('c.dsq'), UNFORMATTED);
    symlinkSync(at('nowhere.dsq'), at('dangling.dsq'));
    const r = await run(['fmt', '--write', 'a.dsq', 'missing.dsq', 'dangling.dsq', 'c.dsq']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('a.dsq\nc.dsq\n');
    expect(r.err).toBe('dsq fmt: missing.dsq: no such file or directory\ndsq fmt: dangling.dsq: no such file or directory\n');
    writeFileSync(at('x.dsq'), FIXABLE);
    const linted = await run(['lint', 'x.dsq', 'missing.dsq']);
    expect(linted.code).toBe(2);
    expect(linted.out).toContain('x.dsq:1:23: error:');
    expect(linted.err).toBe('dsq lint: missing.dsq: no such file or directory\n');
  });
});

describe('globs (issue 9)', () => {
  beforeEach(() => {
    mkdirSync(at('a', 'b'), { recursive: true });
    mkdirSync(at('node_modules', 'x'), { recursive: true });
    mkdirSync(at('.hidden'));
    for (const f of ['top.dsq', 'a/one.dsq', 'a/b/two.dsq', 'node_modules/x/dep.dsq', '.hidden/h.dsq', '[a].dsq', 'b.dsq']) writeFileSync(at(f), FORMATTED);
  });

  it("'/*.dsq' means the root, not the current folder", async () => {
    writeFileSync(at('ugly.dsq'), UNFORMATTED);
    const r = await run(['fmt', '--check', '/*.dsq']);
    expect(r.out).not.toContain('ugly.dsq');
    expect(r.err).not.toContain('ugly.dsq');
    expect(r.code).not.toBe(1);
    const absolute = await run(['fmt', '--check', `${dir}/*.dsq`]);
    expect(absolute).toEqual({ code: 1, out: `${at('ugly.dsq')}\n`, err: '1 file not formatted; run dsq fmt --write\n' });
    const listed = await run(['lint', '--format', 'json', `${dir}/*.dsq`]);
    expect(JSON.parse(listed.out).files.map((f: { file: string }) => f.file)).toEqual([at('[a].dsq'), at('b.dsq'), at('top.dsq'), at('ugly.dsq')]);
  });

  it("'[z-a].dsq' is a usage error (exit 2), not a regular expression error", async () => {
    for (const command of ['fmt', 'lint']) {
      const r = await run([command, 'top.dsq', '[z-a].dsq']);
      expect(r.code, command).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toBe(`dsq ${command}: "[z-a].dsq" is not a valid glob: range out of order in character class\nRun \`dsq ${command} --help\` for usage.\n`);
    }
  });

  it('** crosses folders but skips node_modules and dot-folders unless named; a file whose name has glob characters is that file', async () => {
    const names = async (...args: string[]) => JSON.parse((await run(['lint', '--format', 'json', ...args])).out).files.map((f: { file: string }) => f.file);
    expect(await names('**/*.dsq')).toEqual(['[a].dsq', 'a/b/two.dsq', 'a/one.dsq', 'b.dsq', 'top.dsq']);
    expect(await names('node_modules/**/*.dsq')).toEqual(['node_modules/x/dep.dsq']);
    expect(await names('.hidden/*.dsq')).toEqual(['.hidden/h.dsq']);
    expect(await names('[a].dsq')).toEqual(['[a].dsq']);
    expect(await names('{top,b}.dsq', 'a/?ne.dsq')).toEqual(['b.dsq', 'top.dsq', 'a/one.dsq']);
    expect(await names('a')).toEqual(['a/b/two.dsq', 'a/one.dsq']);
    expect(await names('.')).toEqual(['[a].dsq', 'a/b/two.dsq', 'a/one.dsq', 'b.dsq', 'top.dsq']);
    const none = await run(['fmt', 'nothing/*.dsq', 'top.dsq']);
    expect(none).toEqual({ code: 2, out: FORMATTED, err: 'dsq fmt: no files match nothing/*.dsq\n' });
  });
});

describe('a bad config file (issue 9)', () => {
  it('is reported once for all the files it applies to; they are left as they are; exit 2', async () => {
    writeFileSync(at('dsq.config.json'), '{ "width": 1e400 }');
    for (const f of ['a.dsq', 'b.dsq', 'c.dsq']) writeFileSync(at(f), UNFORMATTED);
    const r = await run(['fmt', '--write', '.']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.match(/1e400 is a whole number outside/g)).toHaveLength(1);
    expect(r.err).toContain(`${at('dsq.config.json')}:1:12: error:`);
    for (const f of ['a.dsq', 'b.dsq', 'c.dsq']) expect(bytes(f).toString()).toBe(UNFORMATTED);
  });
});
