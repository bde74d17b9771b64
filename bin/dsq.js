#!/usr/bin/env node
// The dsq command. It runs the build in dist/cli/ (bin/build-cli.mjs: made by `npm run build`,
// and before `npm pack` and `npm publish`).
//
// An installed package has no src/: one stat tells, and the build runs as it is.
// In a checkout (src/cli/process.ts is there) the build must be the sources': dist/cli/
// current.json lists the files it was built from with their modification times, and one stat
// each (no walk of the folders: a new source file only matters once an existing one imports it;
// for --version and --help only the dozen files of what they run) tells whether it still is.
// When it is not, or there is none (a fresh clone), the run builds the start and its own command
// (`compile`: about half a second; the others stay out) and leaves that build for the next runs;
// a command that build lacks builds the whole CLI (about a second) on its first run. When it
// cannot be built (a read-only folder, no esbuild), the sources run through tsx, a
// devDependency, as they are.
//
// The build's chunks are CommonJS scripts run here with V8's code cache (node:vm): each command
// keeps a cache of the code it compiled (dist/cli/<build>/cache/), written on its first run when
// the folder can be written, so later runs skip compiling it.
//
// This file is CommonJS (bin/package.json): an ES module as the entry point starts Node's ES
// module loader, which cost a run about a tenth of `node -e 0`'s start-up; and Node's own modules
// come by require(), as an ES import makes a module facade that reads every export of each.
const { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { join, sep } = require('node:path');
const { fileURLToPath, pathToFileURL } = require('node:url');
const { Script } = require('node:vm');
const createRequire = Module.createRequire;

const root = join(__dirname, '..', sep);
const sources = join(root, 'src', 'cli', 'process.ts');
const argv = process.argv.slice(2);
/** The command whose module this run loads (`dsq help compile` loads compile's), or null (--version, --help). */
const word = argv[0] === 'help' ? argv[1] : argv[0];
const command = word !== undefined && /^[a-z][a-z-]*$/.test(word) ? word : null;

/**
 * The build dist/cli/current.json names, or null; in a checkout, marked stale when a file it
 * was built from changed: only start.js's for a run that starts no command (--version, --help:
 * no other code runs), those a command's run can read for a command (`commandInputs`), every
 * file otherwise; and marked `lacking` when it is a build that left out this run's command.
 * (Paths are joined by hand: path.join's normalising of each cost as much as the stat itself.)
 */
function currentBuild(checkout) {
  let build;
  try {
    build = JSON.parse(readFileSync(join(root, 'dist', 'cli', 'current.json'), 'utf8'));
  } catch {
    return null;
  }
  if (checkout) {
    const inputs = build.inputs ?? {};
    if (command !== null && Array.isArray(build.leftOut) && build.leftOut.includes(command)) return { ...build, stale: true, lacking: true };
    const listed = command !== null && Object.hasOwn(build.commandInputs ?? {}, command);
    const files = command === null ? build.startInputs : listed ? build.commandInputs[command] : undefined;
    for (const file of Array.isArray(files) ? files : Object.keys(inputs)) {
      if (statSync(root + file, { throwIfNoEntry: false })?.mtimeMs !== inputs[file]) return { ...build, stale: true };
    }
  }
  return build;
}

/**
 * Loads a build: its chunks, in two scripts (bin/build-cli.mjs), each compiled with the code
 * cache this command left on an earlier run, then requires ./cli.js; `save()` writes the caches
 * that were missing (or that V8 rejected).
 */
function loadBuild(dir) {
  const key = /^-{0,2}([a-z]{1,16})$/.exec(argv[0] ?? '')?.[1] ?? 'other';
  const external = createRequire(join(dir, 'start.js'));
  const fresh = [];
  const script = (name) => {
    const file = join(dir, `${name}.js`);
    const cacheFile = join(dir, 'cache', `${key}-${name}.v8`);
    let cachedData;
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
    const compiled = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData });
    if (cachedData === undefined || compiled.cachedDataRejected) fresh.push({ compiled, cacheFile });
    const container = { exports: {} };
    compiled.runInThisContext().call(container.exports, container.exports, external, container, file, dir);
    return container.exports;
  };
  const start = script('start');
  let rest;
  const modules = new Map();
  const require = (id) => {
    const known = modules.get(id);
    if (known !== undefined) return known.exports;
    // import() of a package or a file URL (dsq run's engine) is a require() here too.
    if (!id.startsWith('./')) return external(id.startsWith('file:') ? fileURLToPath(id) : id);
    const chunk = start[id] ?? (rest ??= script('rest'))[id];
    if (chunk === undefined) throw new Error(`the build in dist/ lacks ${id} (a build of other commands): run \`npm run build\` in the dsq folder`);
    const module = { exports: {} };
    modules.set(id, module);
    chunk.call(module.exports, module.exports, require, module, join(dir, id), dir);
    return module.exports;
  };
  const save = () => {
    for (const { compiled, cacheFile } of fresh) {
      try {
        mkdirSync(join(dir, 'cache'), { recursive: true });
        const pending = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(pending, compiled.createCachedData());
        renameSync(pending, cacheFile);
      } catch {
        // A folder that cannot be written: no cache, the next run compiles again.
      }
    }
  };
  return { cli: require('./cli.js'), save };
}

/** Builds the CLI: all of it (`whole`), else the start and this run's command. */
async function buildNow(whole) {
  try {
    mkdirSync(join(root, 'dist', 'cli'), { recursive: true });
    const { buildCli } = await import(pathToFileURL(join(__dirname, 'build-cli.mjs')).href);
    return await buildCli(root, undefined, whole ? {} : { commands: command === null ? [] : [command] });
  } catch {
    return null;
  }
}

async function loadSources() {
  try {
    const { register } = await import('tsx/esm/api');
    register();
  } catch {
    return null;
  }
  return { cli: await import(pathToFileURL(sources).href), save: () => undefined };
}

async function load() {
  const checkout = statSync(sources, { throwIfNoEntry: false }) !== undefined;
  let build = currentBuild(checkout);
  if (checkout && (build === null || build.stale)) {
    const built = await buildNow(build?.lacking === true);
    if (built !== null) build = built;
    else {
      const fromSources = await loadSources();
      if (fromSources !== null) return fromSources;
    }
  }
  if (build === null) return null;
  try {
    return loadBuild(join(root, 'dist', 'cli', build.id));
  } catch {
    return { cli: {}, save: () => undefined };
  }
}

async function main() {
  const loaded = await load();
  if (loaded === null) {
    process.stderr.write('dsq: the build (dist/) is missing: run `npm install` and `npm run build` in the dsq folder\n');
    process.exitCode = 2;
  } else if (typeof loaded.cli.runProcess !== 'function') {
    process.stderr.write('dsq: the build in dist/ is out of date: run `npm run build` in the dsq folder\n');
    process.exitCode = 2;
  } else {
    process.exitCode = await loaded.cli.runProcess(argv);
    loaded.save();
  }
}

main();
