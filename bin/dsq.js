#!/usr/bin/env node
// The dsq command. It runs the build in dist/ (made by `npm run build`, and before `npm pack`
// and `npm publish`). In a git checkout where dist/ was never built (a fresh clone after
// `npm install`), it runs the TypeScript sources through tsx, a devDependency, instead.
import { existsSync } from 'node:fs';

const dist = new URL('../dist/cli.js', import.meta.url);
const sources = new URL('../src/cli/process.ts', import.meta.url);

async function load() {
  if (existsSync(dist)) return import(dist.href);
  if (existsSync(sources)) {
    try {
      const { register } = await import('tsx/esm/api');
      register();
    } catch {
      return null;
    }
    return import(sources.href);
  }
  return null;
}

const cli = await load();
if (cli === null) {
  process.stderr.write('dsq: the build (dist/) is missing: run `npm install` and `npm run build` in the dsq folder\n');
  process.exitCode = 2;
} else {
  process.exitCode = await cli.runProcess(process.argv.slice(2));
}
