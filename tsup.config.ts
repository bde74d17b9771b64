import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli/main.ts', prettier: 'src/prettier/index.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', prettier: 'src/prettier/index.ts' } },
  target: 'node20',
  platform: 'node',
  sourcemap: false,
  clean: true,
  splitting: false,
  // import.meta.url in the CommonJS build (the language server finds docs/rules from its own file).
  shims: true,
  // chevrotain ships ESM only: bundle it so the CommonJS build loads on every Node 20.
  noExternal: ['chevrotain'],
});
