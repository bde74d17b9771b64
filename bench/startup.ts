/**
 * Start-up: whole `dsq` processes against `node -e 0`, as a pre-commit hook or an editor pays
 * them per file. The runs of all subjects are interleaved (round after round), so load from
 * other processes falls on them alike; each row is the median wall time of its runs.
 *
 * - this checkout: bin/dsq.js as a developer runs it (the build in dist/cli/ current, checked
 *   against the sources it was made from);
 * - installed: the package `npm pack` makes, unpacked into a new project's node_modules/dsq;
 * - a fresh clone's first command, the README's `dsq compile examples/revenue-by-region.dsq`,
 *   which builds dist/cli/ (target: under 2 s), and its second (the build it left).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildCli } from '../bin/build-cli.cjs';
import { fmt, type BenchModule, type BenchTable, type BenchTarget } from './harness.js';

const ROOT = join(import.meta.dirname, '..');
const RUNS = Number(process.env['DSQ_BENCH_STARTUP_RUNS'] ?? 15);
/** Fresh clones made for the first-command figure (each a copy of src/: about a second's build each). */
const CLONES = Number(process.env['DSQ_BENCH_STARTUP_CLONES'] ?? 3);
/** The README's first command, after `npm install`. */
const FIRST_COMMAND = ['compile', 'examples/revenue-by-region.dsq'];

interface Subject {
  readonly name: string;
  readonly args: readonly string[];
  /** The target, as a ratio to `node -e 0`. */
  readonly target?: number;
}

/** The wall time of one whole `node ARGS` process in `cwd` (bench/compare.ts times its CLIs so too); throws when it fails. */
export function wall(args: readonly string[], cwd: string): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')}: exit ${r.status}: ${r.stderr.toString().split('\n')[0]}`);
  return ms;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * The package as a user installs it: this checkout's bin/ and package.json (with its files) and
 * a whole CLI build (bin/build-cli.cjs), packed by `npm pack`, unpacked into a new project's
 * node_modules/dsq with its dependencies linked (as test/packed.test.ts installs it; no
 * registry). Only the CLI is built: the library's entries (tsup) play no part in its start-up.
 * Returns the project's folder; its `node_modules/dsq/bin/dsq.js` is the command.
 */
async function installed(): Promise<{ project: string; cleanup: () => void }> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    name: string;
    files: string[];
    dependencies: Record<string, string>;
    peerDependencies: Record<string, string>;
  };
  const stage = mkdtempSync(join(tmpdir(), 'dsq-bench-pack-'));
  const project = mkdtempSync(join(tmpdir(), 'dsq-bench-installed-'));
  const cleanup = () => {
    rmSync(stage, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  };
  try {
    for (const name of ['package.json', 'README.md', ...pkg.files.filter((f) => !f.startsWith('!') && f !== 'dist')]) {
      if (existsSync(join(ROOT, name))) cpSync(join(ROOT, name), join(stage, name), { recursive: true });
    }
    await buildCli(ROOT, join(stage, 'dist', 'cli'));
    const env = { ...process.env, npm_config_update_notifier: 'false' };
    // (--ignore-scripts: prepack would run the whole build, library and type files, again.)
    const report = JSON.parse(
      execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', stage], { cwd: stage, encoding: 'utf8', env }),
    ) as { filename: string }[];
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    mkdirSync(join(project, 'node_modules'));
    execFileSync('tar', ['-xzf', join(stage, report[0]?.filename as string), '-C', join(project, 'node_modules')]);
    renameSync(join(project, 'node_modules', 'package'), join(project, 'node_modules', pkg.name));
    for (const dep of [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)]) {
      const link = join(project, 'node_modules', dep);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', dep), link, 'dir');
    }
    return { project, cleanup };
  } catch (err) {
    cleanup();
    throw err;
  }
}

/**
 * A fresh clone (bin/, src/, examples/, package.json, node_modules; no dist/): the wall time of
 * the README's first command, which builds dist/cli/, and of the same command run again.
 */
function freshClone(): { first: number; second: number } {
  const dir = mkdtempSync(join(tmpdir(), 'dsq-bench-clone-'));
  try {
    mkdirSync(join(dir, 'bin'));
    for (const file of ['dsq.js', 'build-cli.cjs', 'package.json']) copyFileSync(join(ROOT, 'bin', file), join(dir, 'bin', file));
    copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
    cpSync(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true });
    if (existsSync(join(ROOT, 'tsconfig.json'))) copyFileSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const args = [join(dir, 'bin', 'dsq.js'), ...FIRST_COMMAND];
    const first = wall(args, dir);
    return { first, second: wall(args, dir) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const startupBench: BenchModule = {
  name: 'startup',
  async run() {
    const work = mkdtempSync(join(tmpdir(), 'dsq-bench-startup-'));
    const small = join(work, 'small.dsq');
    writeFileSync(small, "SELECT id, total FROM orders WHERE status = 'paid'\n");
    const here = join(ROOT, 'bin', 'dsq.js');
    // This checkout's whole build, made now (as `npm run build` makes it: a first run of
    // bin/dsq.js builds only the bundle it runs); the installed package is packed from it.
    await buildCli(ROOT);
    const home = await installed();
    const there = join(home.project, 'node_modules', 'dsq', 'bin', 'dsq.js');
    const subjects: Subject[] = [
      { name: 'node -e 0', args: ['-e', '0'] },
      { name: 'dsq --version (this checkout)', args: [here, '--version'], target: 1.2 },
      { name: 'dsq compile small.dsq (this checkout)', args: [here, 'compile', small], target: 1.5 },
      { name: 'dsq fmt small.dsq (this checkout)', args: [here, 'fmt', small] },
      { name: 'dsq lint small.dsq (this checkout)', args: [here, 'lint', small] },
      { name: 'dsq --version (installed)', args: [there, '--version'], target: 1.2 },
      { name: 'dsq compile small.dsq (installed)', args: [there, 'compile', small], target: 1.5 },
      { name: 'dsq fmt small.dsq (installed)', args: [there, 'fmt', small] },
    ];
    try {
      // Warm-up: the checkout's build current, every command's code cache written.
      for (const s of subjects) wall(s.args, work);
      const times = subjects.map(() => [] as number[]);
      for (let round = 0; round < RUNS; round++) subjects.forEach((s, i) => times[i]?.push(wall(s.args, work)));
      const base = median(times[0] as number[]);
      const rows = subjects.map((s, i) => {
        const ratio = median(times[i] as number[]) / base;
        const verdict = s.target === undefined ? '' : ratio <= s.target ? ' (met)' : ' (NOT met)';
        return [
          s.name,
          `${fmt.ms(median(times[i] as number[]))} ms`,
          i === 0 ? '1.00x' : `${ratio.toFixed(2)}x`,
          s.target === undefined ? '-' : `${s.target.toFixed(1)}x${verdict}`,
        ];
      });
      const targets: BenchTarget[] = subjects.flatMap((s, i) =>
        s.target === undefined
          ? []
          : [
              {
                name: `start-up: ${s.name} / node -e 0`,
                value: median(times[i] as number[]) / base,
                target: s.target,
                at: 'most' as const,
                show: (x: number) => `${x.toFixed(2)}x`,
              },
            ],
      );
      const clones = Array.from({ length: CLONES }, freshClone);
      const first = median(clones.map((c) => c.first));
      const second = median(clones.map((c) => c.second));
      targets.push({ name: "start-up: a fresh clone's first command", value: first, target: 2000, at: 'most', show: (x) => `${fmt.ms(x)} ms` });
      rows.push([
        `a fresh clone's first command: dsq ${FIRST_COMMAND.join(' ')} (builds dist/cli/)`,
        `${fmt.ms(first)} ms`,
        `${(first / base).toFixed(1)}x`,
        `under 2 s${first < 2000 ? ' (met)' : ' (NOT met)'}`,
      ]);
      rows.push(['the same command again in that clone (runs the build it left)', `${fmt.ms(second)} ms`, `${(second / base).toFixed(2)}x`, '-']);
      const table: BenchTable = {
        title: `Start-up: whole processes, median wall time of ${RUNS} interleaved runs each, against node -e 0`,
        columns: ['process', 'median', 'vs node -e 0', 'target'],
        rows,
        targets,
        notes: [
          'this checkout: bin/dsq.js checks the bundle it runs against the files it was made from (one stat each) and runs it with its code cache',
          "installed: the package as `npm pack` packs it (the CLI built whole), unpacked into a new project's node_modules (no src/: one stat, no check); its code caches written by the warm-up run",
          `a fresh clone: the median of ${CLONES} clones (DSQ_BENCH_STARTUP_CLONES), each a copy of src/ and examples/ with node_modules linked; its first command builds the bundle of compile only (bin/build-cli.cjs)`,
          `DSQ_BENCH_STARTUP_RUNS=${RUNS} sets the number of rounds`,
        ],
      };
      return [table];
    } finally {
      rmSync(work, { recursive: true, force: true });
      home.cleanup();
    }
  },
};
