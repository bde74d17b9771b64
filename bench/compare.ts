/**
 * `npm run bench -- compare REF`: is the working tree slower than commit REF? (Issue 30: parse,
 * print and format within 5%, the CLI start no slower.) REF's tree is written to a temporary
 * folder (`git archive`: the repository's worktree list is left alone) with this checkout's
 * node_modules linked, and bundled as the bench bundles the working tree (bundleBench, from
 * REF's bench/bundle.ts or, before it existed, src/index.ts). Both bundles load in this process
 * and parse, print and format the corpus with their rounds in turn (measureInTurn: CPU time, no
 * forced collection), many rounds; each row gives the median round of each and after / before
 * of the medians, with the spread of the rounds' own ratios. Then whole processes: `dsq
 * --version` and `dsq compile` of a small file from each tree's build (REF's `npm run build`,
 * the working tree's bin/build-cli.cjs), interleaved, medians.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli } from '../bin/build-cli.cjs';
import { generateCorpus } from './corpus.js';
import { file } from './format.js';
import { bundleBench, fmt, measureInTurn, quantile, type BenchModule, type BenchTable, type Timing } from './harness.js';
import { wall } from './startup.js';

const ROOT = join(import.meta.dirname, '..');
/** Rounds of each subject (DSQ_BENCH_COMPARE_ROUNDS), each at least this much CPU time. */
const ROUNDS = Number(process.env['DSQ_BENCH_COMPARE_ROUNDS'] ?? 21);
const ROUND_MS = 150;
/** Whole-process runs of each CLI subject (DSQ_BENCH_COMPARE_RUNS). */
const RUNS = Number(process.env['DSQ_BENCH_COMPARE_RUNS'] ?? 15);

/** What the comparison calls in each bundle (both old and new dsq export these). */
interface Api {
  parse(text: string): unknown;
  print(ast: never): string;
  format(text: string): string;
}

const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 }).trim();

/** REF's tree in a temporary folder, node_modules linked to this checkout's. */
function checkoutOf(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsq-bench-compare-'));
  execFileSync('sh', ['-c', `git -C "$0" archive --format=tar "$1" | tar -x -C "$2"`, ROOT, commit, dir]);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

async function load(tree: string, outfile: string): Promise<Api> {
  const entry = existsSync(join(tree, 'bench', 'bundle.ts')) ? join(tree, 'bench', 'bundle.ts') : join(tree, 'src', 'index.ts');
  await bundleBench(entry, outfile);
  return (await import(pathToFileURL(outfile).href)) as Api;
}

/** The statements both versions parse (a query one of them rejects would time its error path). */
function common(corpus: readonly string[], apis: readonly Api[]): string[] {
  return corpus.filter((q) =>
    apis.every((api) => {
      try {
        api.parse(q);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

export const compareBench: BenchModule = {
  name: 'compare',
  onlyWhenNamed: true,
  async run({ args }) {
    const ref = args[args.indexOf('compare') + 1];
    if (ref === undefined) throw new Error('npm run bench -- compare REF: name the git commit (or branch, tag) to compare the working tree with');
    const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
    const tree = checkoutOf(commit);
    const work = mkdtempSync(join(tmpdir(), 'dsq-bench-compare-work-'));
    try {
      const cache = join(ROOT, 'node_modules', '.cache', 'dsq-bench');
      mkdirSync(cache, { recursive: true });
      const before = await load(tree, join(tree, 'bench-compare.mjs'));
      const after = await load(ROOT, join(cache, 'compare-after.mjs'));
      const loads = [loadavg()[0] as number];

      const corpus = common(generateCorpus(1800), [before, after]);
      const text = file(corpus, 60);
      const astsBefore = corpus.map((q) => before.parse(q) as never);
      const astsAfter = corpus.map((q) => after.parse(q) as never);
      const ops: { name: string; of: (api: Api, asts: never[]) => () => void }[] = [
        { name: `parse (${corpus.length} statements, one at a time)`, of: (api) => () => void corpus.forEach((q) => api.parse(q)) },
        { name: `print (their ${corpus.length} trees)`, of: (api, asts) => () => void asts.forEach((a) => api.print(a)) },
        { name: `format (a file of 60 statements, comments in a third, ${(text.length / 1024).toFixed(0)} KB)`, of: (api) => () => void api.format(text) },
      ];
      // Every subject in turn: parse before, parse after, print before, ... so load falls on them alike.
      const times = measureInTurn(
        ops.flatMap((op) => [op.of(before, astsBefore), op.of(after, astsAfter)]),
        { rounds: ROUNDS, minMs: ROUND_MS },
      );
      loads.push(loadavg()[0] as number);
      const rows = ops.map((op, i) => {
        const b = (times[2 * i] as Timing).rounds as readonly number[];
        const a = (times[2 * i + 1] as Timing).rounds as readonly number[];
        const ratios = a.map((x, r) => x / (b[r] as number));
        const ratio = quantile(a, 0.5) / quantile(b, 0.5);
        return [
          op.name,
          `${fmt.ms(quantile(b, 0.5))} ms`,
          `${fmt.ms(quantile(a, 0.5))} ms`,
          `${ratio.toFixed(3)}`,
          `${quantile(ratios, 0.1).toFixed(2)}-${quantile(ratios, 0.9).toFixed(2)}`,
          ratio <= 1.05 ? 'within 5%' : 'NOT within 5%',
        ];
      });
      const library: BenchTable = {
        title: `The working tree against ${commit.startsWith(ref) ? commit.slice(0, 7) : `${ref} (${commit.slice(0, 7)})`}: CPU time per call, the median of ${ROUNDS} rounds each, the two bundles in turn in one process`,
        columns: ['what', 'before', 'after', 'after / before', "rounds' ratios (10%-90%)", 'issue 30: within 5%'],
        rows,
        notes: [
          `load average (1 min): ${loads.map((l) => l.toFixed(1)).join(' at the start, ')} at the end, on ${cpus().length} cores`,
          `DSQ_BENCH_COMPARE_ROUNDS=${ROUNDS} sets the rounds`,
        ],
      };

      // The CLIs: REF's build as its own `npm run build` makes it, the working tree's whole CLI.
      const built = spawnSync('npm', ['run', 'build'], { cwd: tree, encoding: 'utf8', timeout: 600_000 });
      const small = join(work, 'small.dsq');
      writeFileSync(small, "SELECT id, total FROM orders WHERE status = 'paid'\n");
      if (built.status !== 0)
        return [
          library,
          { title: `CLI start: ${ref}'s npm run build failed`, columns: ['output'], rows: [[(built.stderr || built.stdout).split('\n').slice(-5).join(' ')]] },
        ];
      await buildCli(ROOT);
      const subjects = [
        { name: 'node -e 0', args: ['-e', '0'] },
        { name: `dsq --version, ${ref}`, args: [join(tree, 'bin', 'dsq.js'), '--version'] },
        { name: 'dsq --version, working tree', args: [join(ROOT, 'bin', 'dsq.js'), '--version'] },
        { name: `dsq compile small.dsq, ${ref}`, args: [join(tree, 'bin', 'dsq.js'), 'compile', small] },
        { name: 'dsq compile small.dsq, working tree', args: [join(ROOT, 'bin', 'dsq.js'), 'compile', small] },
      ];
      for (const s of subjects) wall(s.args, work);
      const runs = subjects.map(() => [] as number[]);
      for (let r = 0; r < RUNS; r++) subjects.forEach((s, i) => runs[i]?.push(wall(s.args, work)));
      const medians = runs.map((xs) => quantile(xs, 0.5));
      const cli: BenchTable = {
        title: `CLI start against ${ref}: whole processes, median wall time of ${RUNS} interleaved runs`,
        columns: ['process', 'median', 'after / before'],
        rows: subjects.map((s, i) => [
          s.name,
          `${fmt.ms(medians[i] as number)} ms`,
          i === 2 || i === 4 ? `${((medians[i] as number) / (medians[i - 1] as number)).toFixed(2)}` : '',
        ]),
        notes: [`load average (1 min) at the end: ${(loadavg()[0] as number).toFixed(1)}`],
      };
      return [library, cli];
    } finally {
      rmSync(tree, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    }
  },
};
