#!/usr/bin/env node
// The dsq command. It runs the build in dist/ (made by `npm run build`, and before `npm pack`
// and `npm publish`). In a git checkout it runs the TypeScript sources through tsx, a
// devDependency, whenever dist/ is missing or older than any file under src/ (a build left over
// from before a `git pull` must not run old code, or crash on a changed entry point).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/cli.js', import.meta.url);
const sources = new URL('../src/cli/process.ts', import.meta.url);
const srcDir = fileURLToPath(new URL('../src/', import.meta.url));

/** The newest modification time of any file under `dir` (an explicit stack: no recursion). */
function newestMtime(dir) {
  let newest = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const here = stack.pop();
    for (const entry of readdirSync(here, { withFileTypes: true })) {
      const path = `${here}/${entry.name}`;
      if (entry.isDirectory()) stack.push(path);
      else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

function distIsCurrent() {
  if (!existsSync(dist)) return false;
  if (!existsSync(sources)) return true;
  try {
    return statSync(dist).mtimeMs >= newestMtime(srcDir);
  } catch {
    return true;
  }
}

async function loadSources() {
  try {
    const { register } = await import('tsx/esm/api');
    register();
  } catch {
    return null;
  }
  return import(sources.href);
}

async function load() {
  if (distIsCurrent()) return import(dist.href);
  if (existsSync(sources)) {
    const cli = await loadSources();
    if (cli !== null) return cli;
  }
  return existsSync(dist) ? import(dist.href) : null;
}

const cli = await load();
if (cli === null) {
  process.stderr.write('dsq: the build (dist/) is missing: run `npm install` and `npm run build` in the dsq folder\n');
  process.exitCode = 2;
} else if (typeof cli.runProcess !== 'function') {
  process.stderr.write('dsq: the build in dist/ is out of date: run `npm run build` in the dsq folder\n');
  process.exitCode = 2;
} else {
  process.exitCode = await cli.runProcess(process.argv.slice(2));
}
