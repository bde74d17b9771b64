import { createRequire } from 'node:module';
import { join } from 'node:path';
import { defineConfig } from 'tsup';

// The CLI's builder, a CommonJS file, required when the config runs (tsup bundles this file as
// an ES module, where a bundled require() of Node's modules fails).
const { buildCli } = createRequire(import.meta.url)('./bin/build-cli.cjs') as typeof import('./bin/build-cli.cjs');

export default defineConfig((flags) => ({
  // `dsq` (the library), `dsq/ast` (the plain AST constructors and walker), `dsq/lint` (the
  // linter), `dsq/json` (the spec JSON reader and writer), `dsq/prettier` (the Prettier plugin)
  // and `dsq/run` (the local runner: its engines are optional peer dependencies, loaded by
  // import() and never bundled). The CLI
  // that bin/dsq.js runs is built after them, into dist/cli/, by bin/build-cli.cjs (the same build
  // a checkout makes on its first run).
  entry: {
    index: 'src/index.ts',
    ast: 'src/ast/index.ts',
    lint: 'src/lint/index.ts',
    json: 'src/json/index.ts',
    prettier: 'src/prettier/index.ts',
    run: 'src/run/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: {
    entry: {
      index: 'src/index.ts',
      ast: 'src/ast/index.ts',
      lint: 'src/lint/index.ts',
      json: 'src/json/index.ts',
      prettier: 'src/prettier/index.ts',
      run: 'src/run/index.ts',
    },
  },
  target: 'node20',
  platform: 'node',
  sourcemap: false,
  clean: true,
  // Shared code goes into chunks, so `dsq` and `dsq/ast` load one copy of each module (one
  // set of node constructors, one walker), in both formats.
  splitting: true,
  // import.meta.url in the CommonJS build (the language server finds docs/rules from its own file).
  shims: true,
  // chevrotain ships ESM only, so it is bundled (the CommonJS build then loads on every Node
  // 20), and it is a devDependency: users do not install it, nor its lodash-es, for nothing.
  // The runtime dependencies (tinyglobby, picomatch, vscode-languageserver) stay external.
  noExternal: ['chevrotain'],
  async onSuccess() {
    await buildCli(import.meta.dirname, join(flags.outDir ?? join(import.meta.dirname, 'dist'), 'cli'));
  },
}));
