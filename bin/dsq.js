#!/usr/bin/env node
// The dsq command. It runs the build in dist/cli/ (bin/build-cli.cjs: made by `npm run build`,
// and before `npm pack` and `npm publish`): one bundle per command, and `start` for a run of no
// command (--version, --help).
//
// An installed package has no src/: one stat tells, and the build runs as it is.
// In a checkout (src/cli/process.ts is there) the build must be the sources': dist/cli/
// current.json lists the files each bundle was built from, with their modification times, and
// one stat each (no walk of the folders: a new source file only matters once an existing one
// imports it) tells whether the bundle this run loads still is. When it is not, or there is none
// (a fresh clone), the run builds its own bundle (`compile`: about half a second) and leaves it,
// beside the bundles of the current build that are still current, for the next runs.
// When it cannot be built (a read-only folder, no esbuild), the sources run through tsx, a
// devDependency, as they are.
//
// A bundle is a CommonJS script run here with V8's code cache (node:vm): each keeps a cache of
// the code its runs compiled (dist/cli/<build>/cache/<bundle>.v8), written on its first run when
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

/** The bundle a build runs for this run: the command's, or the start's (a word that is no command). */
function bundleOf(build) {
  return command !== null && Array.isArray(build.commands) && build.commands.includes(command) ? command : 'start';
}

/**
 * The build dist/cli/current.json names, or null; in a checkout, marked stale when a file the
 * bundle this run loads was built from changed, or when it has no such bundle (a
 * build of other commands). (Paths are joined by hand: path.join's normalising of each cost as
 * much as the stat itself.)
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
    const files = build.bundles?.[bundleOf(build)];
    if (!Array.isArray(files)) return { ...build, stale: true };
    for (const file of files) {
      if (statSync(root + file, { throwIfNoEntry: false })?.mtimeMs !== inputs[file]) return { ...build, stale: true };
    }
  }
  return build;
}

/**
 * Runs a bundle of a build (dist/cli/<id>/<name>.js), compiled with the code cache an earlier
 * run of it left; `save()` writes that cache when it was missing (or V8 rejected it).
 */
function loadBuild(dir, name) {
  const file = join(dir, `${name}.js`);
  const cacheFile = join(dir, 'cache', `${name}.v8`);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const compiled = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData });
  const external = createRequire(file);
  // import() of a package or a file URL (dsq run's engine) is a require() here; of another
  // command's module (left out of this bundle), an error: its run loads its own bundle.
  const require = (id) => {
    if (id.startsWith('./')) throw new Error(`the build in dist/ lacks ${id} (a build of other commands): run \`npm run build\` in the dsq folder`);
    return external(id.startsWith('file:') ? fileURLToPath(id) : id);
  };
  const module = { exports: {} };
  compiled.runInThisContext().call(module.exports, module.exports, require, module, file, dir);
  const save = () => {
    if (cachedData !== undefined && !compiled.cachedDataRejected) return;
    try {
      mkdirSync(join(dir, 'cache'), { recursive: true });
      const pending = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(pending, compiled.createCachedData());
      renameSync(pending, cacheFile);
    } catch {
      // A folder that cannot be written: no cache, the next run compiles again.
    }
  };
  return { cli: module.exports, save };
}

/** Builds this run's bundle (keeping the current build's other bundles that are current). */
async function buildNow() {
  try {
    mkdirSync(join(root, 'dist', 'cli'), { recursive: true });
    const { buildCli } = require('./build-cli.cjs');
    return await buildCli(root, undefined, { bundles: [command ?? 'start'] });
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
    const built = await buildNow();
    if (built !== null) build = built;
    else {
      const fromSources = await loadSources();
      if (fromSources !== null) return fromSources;
    }
  }
  if (build === null) return null;
  try {
    return loadBuild(join(root, 'dist', 'cli', build.id), bundleOf(build));
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
