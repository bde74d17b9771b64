import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
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
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtCheckout } from '../helpers/spawn-cli.js';

/**
 * bin/dsq.js chooses what to run. An installed package (no src/) runs dist/cli/ as it is. A
 * checkout runs the bundle of the build dist/cli/current.json names (the command's, or the
 * start) while every file that bundle was built from is unchanged; otherwise (a fresh clone, a
 * `git pull`, an edit, a command the build lacks) it builds that bundle first
 * (bin/build-cli.cjs), and when it cannot (a folder it cannot write, no esbuild) it runs the
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
  for (const file of ['dsq.js', 'build-cli.cjs', 'package.json']) copyFileSync(join(ROOT, 'bin', file), join(dir, 'bin', file));
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
    commands: string[];
    bundles: Record<string, string[]>;
  };

/** The build's bundles (start, or a command's name), sorted. */
const bundles = (dir: string) => Object.keys(current(dir).bundles).sort();

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
  else {
    const command = await COMMANDS[name]!();
    process.stdout.write((argv[0] === 'help' ? 'help ' : '') + command.word + (command.late === undefined ? '' : (await command.late()).LATER));
  }
  return 0;
}
`,
  );
  writeFileSync(
    join(dir, 'src', 'cli', 'commands.ts'),
    "export const COMMANDS: Record<string, () => Promise<{ word: string; late?: () => Promise<{ LATER: string }> }>> = { compile: () => import('./compile.js'), fmt: () => import('./fmt.js') };\n",
  );
  writeFileSync(join(dir, 'src', 'cli', 'compile.ts'), "import { SHARED } from './shared.js';\nexport const word = 'c1' + SHARED;\n");
  writeFileSync(join(dir, 'src', 'cli', 'fmt.ts'), "import { SHARED } from './shared.js';\nexport const word = 'f1' + SHARED;\n");
  writeFileSync(join(dir, 'src', 'cli', 'shared.ts'), "export const SHARED = 's1';\n");
  return dir;
}

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

  it('--version checks only the files of the start: an edit of a command builds nothing until that command runs', () => {
    const dir = withCommands();
    expect(run(dir, ['--version']).stdout).toBe('dsq 1');
    const { id } = current(dir);
    writeFileSync(join(dir, 'src', 'cli', 'compile.ts'), "export const word = 'new';\n");
    utimesSync(join(dir, 'src', 'cli', 'compile.ts'), NEW, NEW);
    expect(run(dir, ['--version']).stdout).toBe('dsq 1');
    expect(current(dir).id).toBe(id);
    expect(run(dir, ['compile']).stdout).toBe('new');
    expect(current(dir).id).not.toBe(id);
  });

  it('a command checks the files of its bundle: an edit of another command builds nothing; an edit of its own (one it imports late too), of a file both share or of the start builds again', () => {
    const dir = withCommands();
    // Each edit a time in the past, as a pull gives (a file newer than a build's start is never current, so each run would build).
    let year = 2001;
    const cli = (file: string, text: string) => {
      writeFileSync(join(dir, 'src', 'cli', file), text);
      const time = new Date(`${year++}-01-01T00:00:00Z`);
      utimesSync(join(dir, 'src', 'cli', file), time, time);
    };
    writeFileSync(join(dir, 'src', 'cli', 'later.ts'), "export const LATER = 'l1';\n");
    writeFileSync(
      join(dir, 'src', 'cli', 'compile.ts'),
      "import { SHARED } from './shared.js';\nexport const word = 'c1' + SHARED;\nexport const late = () => import('./later.js');\n",
    );
    expect(run(dir, ['compile']).stdout).toBe('c1s1l1');
    const { id } = current(dir);
    cli('fmt.ts', "import { SHARED } from './shared.js';\nexport const word = 'f2' + SHARED;\n");
    expect(run(dir, ['compile']).stdout).toBe('c1s1l1');
    expect(current(dir).id).toBe(id);
    expect(run(dir, ['fmt']).stdout).toBe('f2s1');
    const second = current(dir).id;
    expect(second).not.toBe(id);
    // What compile imports itself, late (import()), is in its bundle too.
    cli('later.ts', "export const LATER = 'l2';\n");
    expect(run(dir, ['compile']).stdout).toBe('c1s1l2');
    const third = current(dir).id;
    expect(third).not.toBe(second);
    cli('shared.ts', "export const SHARED = 's2';\n");
    expect(run(dir, ['fmt']).stdout).toBe('f2s2');
    expect(run(dir, ['compile']).stdout).toBe('c1s2l2');
    cli('process.ts', readFileSync(join(dir, 'src', 'cli', 'process.ts'), 'utf8').replace("'help '", "'help: '"));
    expect(run(dir, ['help', 'compile']).stdout).toBe('help: c1s2l2');
    expect(run(dir, ['help', 'fmt']).stdout).toBe('help: f2s2');
    expect(current(dir).bundles).toEqual({
      compile: expect.arrayContaining(['src/cli/process.ts', 'src/cli/commands.ts', 'src/cli/compile.ts', 'src/cli/shared.ts', 'src/cli/later.ts']),
      fmt: expect.arrayContaining(['src/cli/process.ts', 'src/cli/commands.ts', 'src/cli/fmt.ts', 'src/cli/shared.ts']),
    });
    expect(current(dir).bundles['compile']).not.toContain('src/cli/fmt.ts');
    expect(current(dir).bundles['fmt']).not.toContain('src/cli/later.ts');
  });

  it('dsq processes started at once on a fresh clone each run a build of their own, and leave one named in current.json', async () => {
    const dir = checkout({ sources: says('many') });
    const results = await Promise.all([1, 2, 3, 4].map(() => runAsync(dir)));
    for (const r of results) expect(r).toEqual({ status: 0, stdout: 'many build a,b', stderr: '' });
    const named = current(dir);
    expect(bundles(dir)).toEqual(['start']);
    expect(existsSync(join(dir, 'dist', 'cli', named.id, 'start.js'))).toBe(true);
    // Nothing half-written left behind: every folder holds a whole bundle.
    for (const entry of readdirSync(join(dir, 'dist', 'cli'))) {
      if (entry !== 'current.json') expect(existsSync(join(dir, 'dist', 'cli', entry, 'start.js')), entry).toBe(true);
    }
    expect(run(dir).stdout).toBe('many build a,b');
  });

  it("a fresh clone's first command builds its own bundle only; another command builds its own and keeps those still current", () => {
    const dir = withCommands();
    expect(run(dir, ['compile']).stdout).toBe('c1s1');
    const first = current(dir);
    expect(bundles(dir)).toEqual(['compile']);
    expect(first.commands).toEqual(['compile', 'fmt']);
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
    const both = current(dir);
    expect(bundles(dir)).toEqual(['compile', 'fmt']);
    expect(run(dir, ['compile']).stdout).toBe('c1s2');
    expect(run(dir, ['fmt']).stdout).toBe('f1s2');
    expect(current(dir).id).toBe(both.id);
    // A bundle whose files changed is not kept: fmt's edit leaves it out of the build --version makes.
    writeFileSync(join(dir, 'src', 'cli', 'fmt.ts'), "export const word = 'f3';\n");
    utimesSync(join(dir, 'src', 'cli', 'fmt.ts'), new Date('2002-01-01T00:00:00Z'), new Date('2002-01-01T00:00:00Z'));
    expect(run(dir, ['--version']).stdout).toBe('dsq 1');
    expect(bundles(dir)).toEqual(['compile', 'start']);
    expect(run(dir, ['fmt']).stdout).toBe('f3');
    expect(bundles(dir)).toEqual(['compile', 'fmt', 'start']);
  });

  it('--version builds the start only; `dsq help fmt` loads fmt, so it builds its bundle (keeping the start); later runs build nothing', () => {
    const dir = withCommands();
    expect(run(dir, ['--version']).stdout).toBe('dsq 1');
    expect(bundles(dir)).toEqual(['start']);
    expect(run(dir, ['help', 'fmt']).stdout).toBe('help f1s1');
    const { id } = current(dir);
    expect(bundles(dir)).toEqual(['fmt', 'start']);
    expect(run(dir, ['help', 'fmt']).stdout).toBe('help f1s1');
    expect(run(dir, ['--version']).stdout).toBe('dsq 1');
    expect(current(dir).id).toBe(id);
  });

  it('different commands started at once on a fresh clone each run (each its own build), and every later command runs', async () => {
    const dir = withCommands();
    const results = await Promise.all([['compile'], ['fmt'], ['--version'], ['compile']].map((args) => runAsync(dir, args)));
    expect(results.map((r) => r.stdout)).toEqual(['c1s1', 'f1s1', 'dsq 1', 'c1s1']);
    for (const r of results) expect([r.status, r.stderr]).toEqual([0, '']);
    // Nothing half-written: the build current.json names holds every bundle it lists.
    const named = current(dir);
    for (const name of Object.keys(named.bundles)) expect(existsSync(join(dir, 'dist', 'cli', named.id, `${name}.js`)), name).toBe(true);
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

  it('an installed package whose dependencies are links (npm link, a workspace) loads them when its output is a pipe', () => {
    // Writing to stdout first asks whether it is a terminal. Node's realpathSync reads the numbers
    // the last plain stat left behind, and a pipe's stopped it resolving a linked package's
    // folder: `require` then looked for the package's own dependencies beside the link.
    const project = mkdtempSync(join(tmpdir(), 'dsq-linked-'));
    dirs.push(project);
    const dsq = join(project, 'node_modules', 'dsq');
    mkdirSync(join(dsq, 'bin'), { recursive: true });
    for (const file of ['dsq.js', 'package.json']) copyFileSync(join(ROOT, 'bin', file), join(dsq, 'bin', file));
    copyFileSync(join(ROOT, 'package.json'), join(dsq, 'package.json'));
    cpSync(join(builtCheckout(), 'dist', 'cli'), join(dsq, 'dist', 'cli'), { recursive: true });
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const dep of Object.keys(pkg.dependencies)) {
      mkdirSync(dirname(join(project, 'node_modules', dep)), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', dep), join(project, 'node_modules', dep), 'dir');
    }
    writeFileSync(join(project, 'small.dsq'), 'SELECT id FROM orders\n');
    // (From the folder above the project: fmt then finds its file by a walk, with tinyglobby.)
    const r = spawnSync(process.execPath, [join(dsq, 'bin', 'dsq.js'), 'fmt', join(project, 'small.dsq')], {
      cwd: dirname(project),
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('SELECT id FROM orders\n');
    expect(r.status).toBe(0);
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

  it('keeps a code cache per bundle (written on its first run; kept with the bundle by a later build), and runs on when a cache is damaged', () => {
    const dir = withCommands();
    expect(run(dir, ['compile']).stdout).toBe('c1s1');
    const cacheOf = () => join(dir, 'dist', 'cli', current(dir).id, 'cache');
    expect(readdirSync(cacheOf()).sort()).toEqual(['compile.v8']);
    expect(run(dir, ['--version']).stdout).toBe('dsq 1');
    expect(readdirSync(cacheOf()).sort()).toEqual(['compile.v8', 'start.v8']);
    writeFileSync(join(cacheOf(), 'compile.v8'), 'not a code cache');
    const r = run(dir, ['compile']);
    expect(r.stdout).toBe('c1s1');
    expect(r.stderr).toBe('');
    expect(readFileSync(join(cacheOf(), 'compile.v8'), 'utf8')).not.toBe('not a code cache');
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
