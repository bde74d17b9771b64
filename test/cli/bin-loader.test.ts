import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * bin/dsq.js chooses what to run. An installed package (no src/) runs dist/cli/ as it is. A
 * checkout runs the build dist/cli/current.json names while every file it was built from is
 * unchanged; otherwise (a fresh clone, a `git pull`, an edit) it builds again first
 * (bin/build-cli.mjs), and when it cannot (a folder it cannot write, no esbuild) it runs the
 * sources through tsx, else an old build. Never a stack trace: a one-line message when nothing
 * can run.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const NEW = new Date('2030-01-01T00:00:00Z');

/** The sources of a CLI that says `word`, whether it runs from a build or from the sources (tsx), and its arguments. */
const says = (word: string) =>
  `export async function runProcess(argv: string[]): Promise<number> {
  const from = typeof import.meta.url === 'string' && import.meta.url.includes('/src/') ? 'sources' : 'build';
  process.stdout.write(${JSON.stringify(word)} + ' ' + from + ' ' + argv.join(','));
  return 0;
}
`;

function checkout(opts: { sources?: string; tools?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsq-bin-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'bin'));
  for (const file of ['dsq.js', 'build-cli.mjs', 'package.json']) copyFileSync(join(ROOT, 'bin', file), join(dir, 'bin', file));
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  if (opts.sources !== undefined) {
    mkdirSync(join(dir, 'src', 'cli'), { recursive: true });
    writeFileSync(join(dir, 'src', 'cli', 'process.ts'), opts.sources);
  }
  // esbuild and tsx (devDependencies).
  if (opts.tools !== false) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

function run(dir: string, args: readonly string[] = ['a', 'b']) {
  return spawnSync(process.execPath, [join(dir, 'bin', 'dsq.js'), ...args], { encoding: 'utf8', timeout: 60_000 });
}

function runAsync(dir: string, args: readonly string[] = ['a', 'b']): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dir, 'bin', 'dsq.js'), ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const current = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'dist', 'cli', 'current.json'), 'utf8')) as {
    id: string;
    inputs: Record<string, number>;
    commandInputs?: Record<string, string[]>;
    leftOut?: string[];
  };

describe('bin/dsq.js', () => {
  it('a fresh clone: the first run builds dist/cli/ and runs the build; the next runs use it as it is', () => {
    const dir = checkout({ sources: says('one') });
    const first = run(dir);
    expect(first.stdout).toBe('one build a,b');
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const built = current(dir);
    expect(Object.keys(built.inputs)).toContain('src/cli/process.ts');
    expect(existsSync(join(dir, 'dist', 'cli', built.id, 'start.js'))).toBe(true);
    expect(run(dir).stdout).toBe('one build a,b');
    expect(current(dir).id).toBe(built.id);
  });

  it('a source changed since the build (an edit, a git pull): the next run builds again and runs the new code', () => {
    const dir = checkout({ sources: says('old') });
    expect(run(dir).stdout).toBe('old build a,b');
    const before = current(dir).id;
    writeFileSync(join(dir, 'src', 'cli', 'process.ts'), says('new'));
    utimesSync(join(dir, 'src', 'cli', 'process.ts'), NEW, NEW);
    expect(run(dir).stdout).toBe('new build a,b');
    expect(current(dir).id).not.toBe(before);
    // A file the build read that is gone counts as a change too.
    writeFileSync(join(dir, 'src', 'cli', 'words.ts'), "export const WORD = 'imported';\n");
    writeFileSync(join(dir, 'src', 'cli', 'process.ts'), `import { WORD } from './words.js';\n${says('x').replace('"x"', 'WORD')}`);
    expect(run(dir).stdout).toBe('imported build a,b');
    unlinkSync(join(dir, 'src', 'cli', 'words.ts'));
    writeFileSync(join(dir, 'src', 'cli', 'process.ts'), says('alone'));
    utimesSync(join(dir, 'src', 'cli', 'process.ts'), NEW, NEW);
    expect(run(dir).stdout).toBe('alone build a,b');
  });

  it('--version and --help check only the files of what they run; a command the build does not list checks them all', () => {
    const dir = checkout({ sources: `import { WORD } from './word.js';\n${says('start')}` });
    writeFileSync(join(dir, 'src', 'cli', 'word.ts'), "export const WORD = 'start';\n");
    writeFileSync(
      join(dir, 'src', 'cli', 'process.ts'),
      `export async function runProcess(argv: string[]): Promise<number> {
  if (argv[0]?.startsWith('-')) process.stdout.write('dsq 1');
  else process.stdout.write((await import('./command.js')).WORD);
  return 0;
}
`,
    );
    writeFileSync(join(dir, 'src', 'cli', 'command.ts'), "export const WORD = 'old';\n");
    expect(run(dir, ['--version']).stdout).toBe('dsq 1');
    const { id } = current(dir);
    writeFileSync(join(dir, 'src', 'cli', 'command.ts'), "export const WORD = 'new';\n");
    utimesSync(join(dir, 'src', 'cli', 'command.ts'), NEW, NEW);
    expect(run(dir, ['--version']).stdout).toBe('dsq 1');
    expect(current(dir).id).toBe(id);
    expect(run(dir, ['compile']).stdout).toBe('new');
    expect(current(dir).id).not.toBe(id);
  });

  it('a command checks the files its run can read: an edit of another command builds nothing; an edit of its own, of a file both share or of the start builds again', () => {
    const dir = checkout();
    const cli = (file: string, text: string) => {
      writeFileSync(join(dir, 'src', 'cli', file), text);
      utimesSync(join(dir, 'src', 'cli', file), NEW, NEW);
    };
    mkdirSync(join(dir, 'src', 'cli'), { recursive: true });
    writeFileSync(
      join(dir, 'src', 'cli', 'process.ts'),
      `const COMMANDS: Record<string, () => Promise<{ word: () => string | Promise<string> }>> = { compile: () => import('./compile.js'), fmt: () => import('./fmt.js') };
export async function runProcess(argv: string[]): Promise<number> {
  process.stdout.write(await (await COMMANDS[argv[0] as string]!()).word());
  return 0;
}
`,
    );
    writeFileSync(join(dir, 'src', 'cli', 'shared.ts'), "export const SHARED = 's1';\n");
    writeFileSync(join(dir, 'src', 'cli', 'later.ts'), "export const LATER = 'l1';\n");
    writeFileSync(
      join(dir, 'src', 'cli', 'compile.ts'),
      "import { SHARED } from './shared.js';\nexport const word = async () => 'c1' + SHARED + (await import('./later.js')).LATER;\n",
    );
    writeFileSync(join(dir, 'src', 'cli', 'fmt.ts'), "import { SHARED } from './shared.js';\nexport const word = () => 'f1' + SHARED;\n");
    expect(run(dir, ['compile']).stdout).toBe('c1s1l1');
    const { id } = current(dir);
    cli('fmt.ts', "import { SHARED } from './shared.js';\nexport const word = () => 'f2' + SHARED;\n");
    expect(run(dir, ['compile']).stdout).toBe('c1s1l1');
    expect(current(dir).id).toBe(id);
    expect(run(dir, ['fmt']).stdout).toBe('f2s1');
    const second = current(dir).id;
    expect(second).not.toBe(id);
    // What compile imports itself, late (import()), is its own file too.
    cli('later.ts', "export const LATER = 'l2';\n");
    expect(run(dir, ['compile']).stdout).toBe('c1s1l2');
    const third = current(dir).id;
    expect(third).not.toBe(second);
    cli('shared.ts', "export const SHARED = 's2';\n");
    expect(run(dir, ['fmt']).stdout).toBe('f2s2');
    expect(run(dir, ['compile']).stdout).toBe('c1s2l2');
    cli('process.ts', readFileSync(join(dir, 'src', 'cli', 'process.ts'), 'utf8').replace('argv[0]', '(argv[0] === "x" ? "fmt" : argv[0])'));
    expect(run(dir, ['compile']).stdout).toBe('c1s2l2');
    expect(run(dir, ['x']).stdout).toBe('f2s2');
    expect(current(dir).commandInputs).toEqual({
      compile: expect.arrayContaining(['src/cli/process.ts', 'src/cli/compile.ts', 'src/cli/shared.ts', 'src/cli/later.ts']),
      fmt: expect.arrayContaining(['src/cli/process.ts', 'src/cli/fmt.ts', 'src/cli/shared.ts']),
    });
    expect(current(dir).commandInputs?.['compile']).not.toContain('src/cli/fmt.ts');
    expect(current(dir).commandInputs?.['fmt']).not.toContain('src/cli/later.ts');
  });

  it('dsq processes started at once on a fresh clone each run a whole build, and leave one named in current.json', async () => {
    const dir = checkout({ sources: says('many') });
    const results = await Promise.all([1, 2, 3, 4].map(() => runAsync(dir)));
    for (const r of results) expect(r).toEqual({ status: 0, stdout: 'many build a,b', stderr: '' });
    const named = current(dir);
    expect(existsSync(join(dir, 'dist', 'cli', named.id, 'start.js'))).toBe(true);
    expect(existsSync(join(dir, 'dist', 'cli', named.id, 'rest.js'))).toBe(true);
    // Nothing half-written left behind: every folder holds a whole build.
    for (const entry of readdirSync(join(dir, 'dist', 'cli'))) {
      if (entry !== 'current.json') expect(existsSync(join(dir, 'dist', 'cli', entry, 'start.js')), entry).toBe(true);
    }
    expect(run(dir).stdout).toBe('many build a,b');
  });

  /** A checkout whose commands.ts imports compile and fmt with import(), as src/cli/commands.ts does. */
  function withCommands(): string {
    const dir = checkout();
    mkdirSync(join(dir, 'src', 'cli'), { recursive: true });
    writeFileSync(
      join(dir, 'src', 'cli', 'process.ts'),
      `import { COMMANDS } from './commands.js';
export async function runProcess(argv: string[]): Promise<number> {
  const name = argv[0] === 'help' ? argv[1] : argv[0];
  if (name === undefined || name.startsWith('-')) process.stdout.write('dsq 1');
  else process.stdout.write((argv[0] === 'help' ? 'help ' : '') + (await COMMANDS[name]!()).word);
  return 0;
}
`,
    );
    writeFileSync(
      join(dir, 'src', 'cli', 'commands.ts'),
      "export const COMMANDS: Record<string, () => Promise<{ word: string }>> = { compile: () => import('./compile.js'), fmt: () => import('./fmt.js') };\n",
    );
    writeFileSync(join(dir, 'src', 'cli', 'compile.ts'), "import { SHARED } from './shared.js';\nexport const word = 'c1' + SHARED;\n");
    writeFileSync(join(dir, 'src', 'cli', 'fmt.ts'), "import { SHARED } from './shared.js';\nexport const word = 'f1' + SHARED;\n");
    writeFileSync(join(dir, 'src', 'cli', 'shared.ts'), "export const SHARED = 's1';\n");
    return dir;
  }

  it("a fresh clone's first command builds the start and that command only; a command it left out builds the whole CLI on its run", () => {
    const dir = withCommands();
    expect(run(dir, ['compile']).stdout).toBe('c1s1');
    const first = current(dir);
    expect(first.leftOut).toEqual(['fmt']);
    expect(Object.keys(first.commandInputs ?? {})).toEqual(['compile']);
    expect(Object.keys(first.inputs)).not.toContain('src/cli/fmt.ts');
    expect(run(dir, ['compile']).stdout).toBe('c1s1');
    expect(current(dir).id).toBe(first.id);
    // A change of compile's sources: built again, still for the command that runs.
    // (A time in the past: a file newer than the build's start may have changed while it ran, and is never current.)
    writeFileSync(join(dir, 'src', 'cli', 'shared.ts'), "export const SHARED = 's2';\n");
    utimesSync(join(dir, 'src', 'cli', 'shared.ts'), new Date('2001-01-01T00:00:00Z'), new Date('2001-01-01T00:00:00Z'));
    expect(run(dir, ['compile']).stdout).toBe('c1s2');
    expect(current(dir).id).not.toBe(first.id);
    expect(run(dir, ['fmt']).stdout).toBe('f1s2');
    const whole = current(dir);
    expect(whole.leftOut).toEqual([]);
    expect(Object.keys(whole.commandInputs ?? {}).sort()).toEqual(['compile', 'fmt']);
    expect(run(dir, ['compile']).stdout).toBe('c1s2');
    expect(current(dir).id).toBe(whole.id);
  });

  it('--version first builds no command; `dsq help fmt` then loads fmt, so it builds the whole CLI; a word that is no command builds nothing more', () => {
    const dir = withCommands();
    expect(run(dir, ['--version']).stdout).toBe('dsq 1');
    expect(current(dir).leftOut).toEqual(['compile', 'fmt']);
    expect(run(dir, ['help', 'fmt']).stdout).toBe('help f1s1');
    const { id } = current(dir);
    expect(current(dir).leftOut).toEqual([]);
    expect(run(dir, ['help', 'fmt']).stdout).toBe('help f1s1');
    expect(run(dir, ['--version']).stdout).toBe('dsq 1');
    expect(current(dir).id).toBe(id);
  });

  it('different commands started at once on a fresh clone each run (each its own whole build), and every later command runs', async () => {
    const dir = withCommands();
    const results = await Promise.all([['compile'], ['fmt'], ['--version'], ['compile']].map((args) => runAsync(dir, args)));
    expect(results.map((r) => r.stdout)).toEqual(['c1s1', 'f1s1', 'dsq 1', 'c1s1']);
    for (const r of results) expect([r.status, r.stderr]).toEqual([0, '']);
    for (const entry of readdirSync(join(dir, 'dist', 'cli'))) {
      if (entry !== 'current.json') expect(existsSync(join(dir, 'dist', 'cli', entry, 'start.js')), entry).toBe(true);
    }
    expect(run(dir, ['fmt']).stdout).toBe('f1s1');
    expect(run(dir, ['compile']).stdout).toBe('c1s1');
    expect(run(dir, ['--version']).stdout).toBe('dsq 1');
  });

  it('a build it cannot write (dist is not a folder, as in a read-only checkout): the sources run through tsx, quietly', () => {
    const dir = checkout({ sources: says('ro') });
    writeFileSync(join(dir, 'dist'), '');
    const r = run(dir);
    expect(r.stdout).toBe('ro sources a,b');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('an installed package (no src/): runs dist/cli/ as it is, with no check and no build', () => {
    const dir = checkout({ sources: says('installed') });
    expect(run(dir).stdout).toBe('installed build a,b');
    const { id } = current(dir);
    rmSync(join(dir, 'src'), { recursive: true });
    utimesSync(join(dir, 'package.json'), NEW, NEW);
    expect(run(dir).stdout).toBe('installed build a,b');
    expect(current(dir).id).toBe(id);
  });

  it('import() of a package or of a file URL works in the build (dsq run finds its engine so, beside dsq or in the working folder)', () => {
    const sources = `import { pathToFileURL } from 'node:url';
export async function runProcess(argv: string[]): Promise<number> {
  const os = await import('node:os');
  const found = await import(pathToFileURL(argv[0] as string).href);
  process.stdout.write(String(typeof os.cpus) + ' ' + String(found.word));
  return 0;
}
`;
    const dir = checkout({ sources });
    writeFileSync(join(dir, 'engine.cjs'), "module.exports = { word: 'found' };\n");
    const result = run(dir, [join(dir, 'engine.cjs')]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('function found');
  });

  it('keeps a code cache per command (written on its first run), and runs on when a cache is damaged', () => {
    const dir = checkout({ sources: says('cached') });
    expect(run(dir, ['compile']).stdout).toBe('cached build compile');
    const cache = join(dir, 'dist', 'cli', current(dir).id, 'cache');
    expect(readdirSync(cache).sort()).toEqual(['compile-start.v8']);
    expect(run(dir, ['--version']).stdout).toBe('cached build --version');
    expect(readdirSync(cache).sort()).toEqual(['compile-start.v8', 'version-start.v8']);
    writeFileSync(join(cache, 'compile-start.v8'), 'not a code cache');
    const r = run(dir, ['compile']);
    expect(r.stdout).toBe('cached build compile');
    expect(r.stderr).toBe('');
    expect(readFileSync(join(cache, 'compile-start.v8'), 'utf8')).not.toBe('not a code cache');
  });

  it('runs an old build when a source changed but neither esbuild nor tsx is installed', () => {
    const dir = checkout({ sources: says('old') });
    expect(run(dir).stdout).toBe('old build a,b');
    unlinkSync(join(dir, 'node_modules'));
    writeFileSync(join(dir, 'src', 'cli', 'process.ts'), says('new'));
    utimesSync(join(dir, 'src', 'cli', 'process.ts'), NEW, NEW);
    expect(run(dir).stdout).toBe('old build a,b');
  });

  it('says the build is out of date, without a stack trace, when it lacks the entry point', () => {
    const dir = checkout({ tools: false });
    mkdirSync(join(dir, 'dist', 'cli', 'old'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'cli', 'current.json'), '{"id":"old","inputs":{}}');
    writeFileSync(join(dir, 'dist', 'cli', 'old', 'start.js'), 'module.exports = { "./cli.js": function (exports) { exports.other = 1; } };\n');
    const r = run(dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('dsq: the build in dist/ is out of date: run `npm run build` in the dsq folder\n');
  });

  it('says the build is missing when there is neither a build nor a runnable source', () => {
    const r = run(checkout({ sources: says('sources'), tools: false }));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^dsq: the build \(dist\/\) is missing/);
  });
});
