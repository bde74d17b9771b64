import { defineConfig } from 'tsup';

export default defineConfig({
  // `dsq` (the library), `dsq/ast` (the plain AST constructors and walker), `dsq/lint` (the linter), `dsq/json` (the spec JSON reader and writer), `dsq/prettier` (the Prettier plugin), `dsq/run` (the local
  // runner: its engines are optional peer dependencies, loaded by import() and never bundled) and the CLI that bin/dsq.js runs.
  entry: { index: 'src/index.ts', ast: 'src/ast/index.ts', lint: 'src/lint/index.ts', json: 'src/json/index.ts', cli: 'src/cli/process.ts', prettier: 'src/prettier/index.ts', run: 'src/run/index.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', ast: 'src/ast/index.ts', lint: 'src/lint/index.ts', json: 'src/json/index.ts', prettier: 'src/prettier/index.ts', run: 'src/run/index.ts' } },
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
  // The CLI is ESM only: bin/dsq.js imports dist/cli.js, and nothing requires a CommonJS CLI.
  // (One config keeps one set of shared ESM chunks for the library and the CLI; the CommonJS
  // build just leaves the CLI's entry out. A new object: `entryPoints` is shared by both formats.)
  esbuildOptions(options, { format }) {
    if (format === 'cjs' && options.entryPoints !== undefined && !Array.isArray(options.entryPoints)) {
      options.entryPoints = Object.fromEntries(Object.entries(options.entryPoints).filter(([name]) => name !== 'cli'));
    }
  },
});
