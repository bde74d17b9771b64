import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeFileSafely, type WriteOptions } from '../../src/cli/files.js';
import { FileError } from '../../src/cli/io.js';
import { runCli } from '../helpers/cli.js';
import { runs } from '../helpers/runs.js';

/**
 * fmt --write and lint --fix read a file, work on it, and replace it: a save made meanwhile (an
 * editor, a second dsq) was lost (issue 31). Now the file is replaced only if it still holds
 * what was read, checked right before the rename (or the write in place); otherwise nothing is
 * written and one line says so. The save is made deterministically through the write's test
 * seam (`beforeReplace`), which the commands reach through this mock when `editMeanwhile` is set.
 */
let editMeanwhile: ((path: string) => void) | null = null;
vi.mock('../../src/cli/files.js', async (importOriginal) => {
  const files = await importOriginal<typeof import('../../src/cli/files.js')>();
  return {
    ...files,
    writeFileSafely: (path: string, text: string, shown: string, options: WriteOptions) =>
      files.writeFileSafely(path, text, shown, {
        ...options,
        beforeReplace: async () => {
          await options.beforeReplace?.();
          editMeanwhile?.(path);
        },
      }),
  };
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dsq-concurrent-'));
});
afterEach(() => {
  editMeanwhile = null;
  rmSync(dir, { recursive: true, force: true });
});
const at = (...parts: string[]) => join(dir, ...parts);
const text = (...parts: string[]) => readFileSync(at(...parts), 'utf8');
const leftovers = () =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.tmp'));

const UGLY = 'select a,b from t where x=1\n';
const NICE = 'SELECT a, b FROM t WHERE x = 1\n';
const FIXABLE = 'select a from t where b = null\n';
const SAVED = 'select a, b, c from t -- saved by the editor meanwhile\n';
const refused = (shown: string) =>
  `cannot write ${shown}: it was changed (or removed) by another program since dsq read it; nothing was written: run the command again`;

describe('writeFileSafely replaces a file only if it still holds what was read', () => {
  const save = (path: string, bytes: string | Uint8Array) => () => writeFileSync(path, bytes);

  it('a save made meanwhile: refused with one line, the save kept, no temporary file left (rename, in place, through a link)', async () => {
    writeFileSync(at('a.dsq'), UGLY);
    await expect(
      writeFileSafely(at('a.dsq'), NICE, 'a.dsq', {
        unchanged: UGLY,
        beforeReplace: save(at('a.dsq'), SAVED),
      }),
    ).rejects.toThrow(new FileError(refused('a.dsq')));
    expect(text('a.dsq')).toBe(SAVED);

    // Hard links: written in place, and checked there.
    writeFileSync(at('b.dsq'), UGLY);
    linkSync(at('b.dsq'), at('b2.dsq'));
    await expect(
      writeFileSafely(at('b.dsq'), NICE, 'b.dsq', {
        unchanged: UGLY,
        beforeReplace: save(at('b2.dsq'), SAVED),
      }),
    ).rejects.toThrow(refused('b.dsq'));
    expect(text('b.dsq')).toBe(SAVED);
    expect(statSync(at('b.dsq')).nlink).toBe(2);

    // A symbolic link: its target is what is checked and written (as editors save through a link).
    mkdirSync(at('real'));
    writeFileSync(at('real', 'c.dsq'), UGLY);
    symlinkSync(join('real', 'c.dsq'), at('c.dsq'));
    await expect(
      writeFileSafely(at('c.dsq'), NICE, 'c.dsq', {
        unchanged: UGLY,
        beforeReplace: save(at('real', 'c.dsq'), SAVED),
      }),
    ).rejects.toThrow(refused('c.dsq'));
    expect(text('real', 'c.dsq')).toBe(SAVED);
    await writeFileSafely(at('c.dsq'), NICE, 'c.dsq', { unchanged: SAVED });
    expect(text('real', 'c.dsq')).toBe(NICE);
    expect(leftovers()).toEqual([]);
  });

  it('a file removed, or replaced by a rename (as editors save), meanwhile: refused unless the bytes are the same', async () => {
    writeFileSync(at('a.dsq'), UGLY);
    await expect(
      writeFileSafely(at('a.dsq'), NICE, 'a.dsq', {
        unchanged: UGLY,
        beforeReplace: () => rmSync(at('a.dsq')),
      }),
    ).rejects.toThrow(refused('a.dsq'));
    expect(readdirSync(dir)).toEqual([]);

    writeFileSync(at('a.dsq'), UGLY);
    const renamedOver = (bytes: string) => () => {
      writeFileSync(at('new'), bytes);
      rmSync(at('a.dsq'));
      linkSync(at('new'), at('a.dsq'));
      rmSync(at('new'));
    };
    await expect(
      writeFileSafely(at('a.dsq'), NICE, 'a.dsq', {
        unchanged: UGLY,
        beforeReplace: renamedOver(SAVED),
      }),
    ).rejects.toThrow(refused('a.dsq'));
    expect(text('a.dsq')).toBe(SAVED);
    // The same bytes saved again lose nothing: written.
    await writeFileSafely(at('a.dsq'), NICE, 'a.dsq', {
      unchanged: SAVED,
      beforeReplace: renamedOver(SAVED),
    });
    expect(text('a.dsq')).toBe(NICE);
    expect(leftovers()).toEqual([]);
  });

  it('property: the write happens exactly when the bytes are those read, in both ways of writing; a refused write leaves the save as it is', async () => {
    const bytes = fc.uint8Array({ maxLength: 40 });
    // An edit: other bytes, the same bytes, one byte changed (same size), bytes appended or cut.
    const edit = fc.oneof(
      bytes.map((b) => (_old: Uint8Array) => b),
      fc.constant((old: Uint8Array) => old),
      fc.nat().map((i) => (old: Uint8Array) => (old.length === 0 ? old : old.map((b, j) => (j === i % old.length ? b ^ 1 : b)))),
      bytes.map((b) => (old: Uint8Array) => Buffer.concat([old, b])),
      fc.nat().map((n) => (old: Uint8Array) => old.subarray(0, n % (old.length + 1))),
    );
    await fc.assert(
      fc.asyncProperty(bytes, edit, fc.boolean(), async (original, change, hardLink) => {
        const file = at('p.dsq');
        rmSync(file, { force: true });
        rmSync(at('p2.dsq'), { force: true });
        writeFileSync(file, original);
        if (hardLink) linkSync(file, at('p2.dsq'));
        const saved = Buffer.from(change(original));
        let error: unknown = null;
        await writeFileSafely(file, NICE, 'p.dsq', {
          unchanged: original,
          beforeReplace: () => writeFileSync(file, saved),
        }).catch((err: unknown) => (error = err));
        const same = saved.equals(Buffer.from(original));
        expect(error === null).toBe(same);
        if (!same) expect((error as Error).message).toBe(refused('p.dsq'));
        expect(readFileSync(file).equals(same ? Buffer.from(NICE) : saved)).toBe(true);
        expect(leftovers()).toEqual([]);
      }),
      { numRuns: runs(150) },
    );
  });
});

describe('fmt --write and lint --fix lose no save made while they work (issue 31)', () => {
  it('fmt --write: the changed file is refused (exit 2, one line), the others written', async () => {
    writeFileSync(at('a.dsq'), UGLY);
    writeFileSync(at('b.dsq'), UGLY);
    editMeanwhile = (path) => {
      if (path.endsWith('a.dsq')) writeFileSync(path, SAVED);
    };
    const r = await runCli(['fmt', '--write', 'a.dsq', 'b.dsq'], { cwd: dir });
    expect(r).toEqual({
      code: 2,
      out: 'b.dsq\n',
      err: `dsq fmt: ${refused('a.dsq')}\n`,
    });
    expect(text('a.dsq')).toBe(SAVED);
    expect(text('b.dsq')).toBe(NICE);
    expect(leftovers()).toEqual([]);
  });

  it('lint --fix: the same, and the report shows the file as it was read', async () => {
    writeFileSync(at('a.dsq'), FIXABLE);
    editMeanwhile = (path) => writeFileSync(path, SAVED);
    const r = await runCli(['lint', '--fix', 'a.dsq'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.err).toBe(`dsq lint: ${refused('a.dsq')}\n`);
    expect(r.out).toContain('a.dsq:1:23: error:');
    expect(text('a.dsq')).toBe(SAVED);
    expect(leftovers()).toEqual([]);
  });

  it('gen: a module edited while gen worked is not replaced', async () => {
    writeFileSync(at('q.dsq'), '-- name: Foo\nSELECT a FROM t\n');
    writeFileSync(at('schema.json'), '{ "groups": [] }\n');
    writeFileSync(at('out.ts'), '// old\n');
    editMeanwhile = (path) => writeFileSync(path, '// edited meanwhile\n');
    const r = await runCli(['gen', 'q.dsq', '--schema', 'schema.json', '--out', 'out.ts'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.err).toBe(`dsq gen: ${refused('out.ts')}\n`);
    expect(text('out.ts')).toBe('// edited meanwhile\n');
  });
});
