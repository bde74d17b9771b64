import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { timeLimit } from './test/helpers/runs.js';

/**
 * The test files that take long (over about 10 s of a normal run, or a whole package, browser or
 * 10 MB input): the `slow` project. `npm test` runs both projects; `npx vitest run --project fast`
 * runs the rest, quickly. test/projects.test.ts checks that each file named here exists.
 */
export const SLOW_TESTS = [
  'test/packed.test.ts', // npm pack, install, import every public name
  'test/editors/vscode.test.ts', // stages and bundles the VS Code extension
  'test/playground/browser.test.ts', // the playground in Chromium
  'test/syntax/limits.test.ts', // 10 MB inputs, deep nesting in a small stack
  'test/cli/error-size.test.ts', // errors over huge inputs
  'test/cli/special-files.test.ts', // /dev/zero, pipes, files over the limit, as processes
  'test/cli/process.test.ts', // the CLI as processes
  'test/schema/deep.test.ts', // deep and wide schemas
  'test/json/deep.test.ts', // deep and wide JSON trees
  'test/syntax/limits-roundtrip.test.ts', // the depth limit, round trips at every depth
  'test/spec/entry-points.test.ts', // 2,500 runs over every entry point
  'test/builder/security.test.ts', // 2,000 hostile values in every value position
  'test/diagnostic/no-throw.test.ts', // every no-throw entry point on random input
  'test/params/places.test.ts', // parameters in every place
  'test/gen/hostile.test.ts', // generated modules type-checked under strict
  'test/print/comments.test.ts',
  'test/print/format.test.ts',
  'test/print/print.test.ts',
  'test/retention.test.ts', // 10 MB trees made and collected, 15 times
];

/**
 * The test files that replace a module with vi.mock: the `mocks` project runs each in a module
 * graph of its own, as `slow` does. A `fast` worker keeps its modules from one file to the next
 * (isolate off: the sources are loaded once per worker, not once per file, about half the CPU
 * of the quick files), where a mock would reach the files after it. test/projects.test.ts checks
 * that every file calling vi.mock is named here.
 */
export const MOCK_TESTS = [
  'test/cli/concurrent-edit.test.ts',
  'test/cli/unlistable.test.ts',
  'test/json/typed-specifier.test.ts',
  'test/lsp/hover-calls.test.ts',
  'test/sql/call-kinds-run.test.ts',
];

export default defineConfig({
  test: {
    // A loaded 2-core machine (DSQ_FC_SCALE above 1 scales it with the run counts).
    testTimeout: timeLimit(60_000),
    // Hooks too: an afterAll that cleans up after every run grows with the run count (at
    // DSQ_FC_SCALE=20, removing load-engine.test.ts's 6,000 files took 14.5 s, over vitest's 10 s).
    hookTimeout: timeLimit(10_000),
    pool: 'forks',
    // Every core: vitest's default in a run is one worker fewer than the cores, so on CI's two
    // cores the files ran one at a time (vitest 680 s, user + sys CPU 1.3x the wall time).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...SLOW_TESTS, ...MOCK_TESTS], isolate: false },
      },
      { extends: true, test: { name: 'mocks', include: MOCK_TESTS } },
      { extends: true, test: { name: 'slow', include: SLOW_TESTS } },
    ],
  },
});
