// Builds the dsq command (src/cli/process.ts) into dist/cli/: what bin/dsq.js runs. `npm run
// build` (tsup.config.ts) calls it for the package; bin/dsq.js calls it in a checkout on the
// first run, and again whenever a source it was built from has changed (in well under 2 s).
//
// The build is esbuild's: one CommonJS bundle per command, each the whole CLI with that command
// and nothing of the others (the import() of each other command in src/cli/commands.ts is left
// out), plus `start`, the CLI with no command (--version, --help, a word that is no command).
// One run reads one bundle: `dsq compile` loads the parser and the JSON writer in one script,
// and nothing of the language server, the formatter or the lint rules. A bundle rather than
// chunks: modules linked in one scope (no getter per import, no require() between chunks, no
// chunk of other commands read), and a CommonJS script straight from esbuild, which bin/dsq.js
// runs with V8's code cache (node:vm; ES modules have none in Node 20), so a second run does not
// compile the same code again. (Measured under load 10, CPU time of whole processes, `dsq
// compile` of one line: 1.57x `node -e 0` from chunks in two scripts, 1.44x from its bundle.)
//
// A checkout's first run builds only the bundle it runs (`compile`: 137 of the 300 files); a
// run of a command that build lacks builds its own and keeps the others that are still current
// (linked into the new build with their code caches). `npm run build` builds the whole CLI.
//
// Layout: dist/cli/current.json names the build (`{ id, inputs, commands, bundles }`: `inputs`
// every file it was built from with its modification time, `commands` the command names,
// `bundles` each bundle's name with the files it is built from) and dist/cli/<id>/ holds its
// bundles (<name>.js) and their code caches (cache/<name>.v8). A build is written to a folder of
// its own and named in current.json by an atomic rename, so two dsq processes building at once
// each run their own complete build and neither sees half of the other's.
// This file is CommonJS (bin/package.json), as bin/dsq.js is: an ES module (or esbuild imported
// as one) cost a fresh clone's first run about 0.1 s of CPU for Node's ES module loader.
const { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { basename, join } = require('node:path');

/** Files besides the bundled sources whose change calls for a new build. */
const CONFIG_INPUTS = ['bin/build-cli.cjs', 'package.json', 'tsconfig.json'];

/** The module that imports each command's module (src/cli/<name>.ts) with import(). */
const COMMAND_LIST = 'src/cli/commands.ts';

/** The bundle of no command. */
const START = 'start';

/** A build other than the current one is removed once it is this old (a running dsq may still load it). */
const KEEP_OLD_MS = 60 * 60 * 1000;

/**
 * esbuild's options for the bundle of the command `keep` (a name; any other name, START among
 * them, gives the bundle of no command) of the checkout at `root`, written nowhere (the caller
 * gets the text and the metafile). Each command COMMAND_LIST imports with import() other than
 * `keep` is left out (its import() stays, and fails: bin/dsq.js never runs one bundle's code for
 * another command); the names of all of them are added to `commands`.
 * test/cli/lazy-load.test.ts builds with the same options.
 */
function cliBuildOptions(root, keep, commands = new Set()) {
  const list = join(root, COMMAND_LIST);
  return {
    plugins: [
      {
        name: 'dsq-one-command',
        setup(build) {
          build.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) => {
            if (args.kind !== 'dynamic-import' || args.importer !== list) return undefined;
            const name = basename(args.path, '.js');
            commands.add(name);
            return name === keep ? undefined : { path: args.path, external: true };
          });
        },
      },
    ],
    absWorkingDir: root,
    entryPoints: ['src/cli/process.ts'],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // Whitespace and syntax minified (names kept, for readable stacks of an internal error): a
    // third fewer bytes to read and hash on each run. dsq compile of a one-line file, installed,
    // 25 runs interleaved with node -e 0: 1.56x -> 1.48x its time (the bundle 555 -> 403 KB).
    minifyWhitespace: true,
    minifySyntax: true,
    // import() becomes require(): a package (dsq run's engine) or a file URL (bin/dsq.js resolves both).
    supported: { 'dynamic-import': false },
    // The runtime dependencies (package.json) stay require()s, resolved from the package.
    packages: 'external',
    outfile: join(root, 'dist', 'cli', 'bundle.js'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  };
}

/**
 * Builds the CLI of the checkout at `root` into `out` (root/dist/cli/) and returns its folder
 * and description (what current.json holds); throws when esbuild is missing, a source does not compile, or the folder
 * cannot be written. `options.bundles`: only these bundles (a command's name, or any other word
 * for the start), for one run, and the current build's other bundles whose files are unchanged;
 * otherwise every command and the start.
 */
async function buildCli(root, out = join(root, 'dist', 'cli'), options = {}) {
  const { build } = require('esbuild');
  const started = Date.now();
  mkdirSync(out, { recursive: true });
  const id = `${started.toString(36)}-${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const dir = join(out, id);
  const commands = new Set();
  const one = async (keep) => {
    const result = await build(cliBuildOptions(root, keep, commands));
    return { keep, text: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs) };
  };
  let made;
  if (options.bundles === undefined) {
    // The start first: its build finds the commands.
    const start = await one(START);
    made = [start, ...(await Promise.all([...commands].map(one)))];
  } else made = await Promise.all([...new Set(options.bundles)].map(one));
  if (commands.has(START)) throw new Error(`a command may not be named ${START}`);
  mkdirSync(dir, { recursive: true });
  const bundles = {};
  for (const { keep, text, inputs: files } of made) {
    const name = commands.has(keep) ? keep : START;
    writeFileSync(join(dir, `${name}.js`), text);
    bundles[name] = [...files, ...CONFIG_INPUTS];
  }
  const inputs = {};
  for (const file of new Set(Object.values(bundles).flat())) {
    const mtime = statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs;
    // A file changed while the build ran may have been read before the change: never current.
    if (mtime !== undefined) inputs[file] = mtime < started ? mtime : -1;
  }
  if (options.bundles !== undefined) keepCurrent(root, out, dir, bundles, inputs);
  for (const name of Object.keys(bundles)) bundles[name] = bundles[name].filter((file) => file in inputs);
  const current = join(out, 'current.json');
  const pending = `${current}.${id}.tmp`;
  const description = { id, inputs, commands: [...commands].sort(), bundles };
  writeFileSync(pending, `${JSON.stringify(description)}\n`);
  renameSync(pending, current);
  removeOldBuilds(out, id);
  return { dir, ...description };
}

/**
 * Adds to a new build (`dir`, `bundles`, `inputs`) each bundle of the current build that it
 * lacks and whose files are all as that build found them: the file and its code cache linked
 * (copied where links cannot be made).
 */
function keepCurrent(root, out, dir, bundles, inputs) {
  let current;
  try {
    current = JSON.parse(readFileSync(join(out, 'current.json'), 'utf8'));
  } catch {
    return;
  }
  for (const [name, files] of Object.entries(current.bundles ?? {})) {
    if (name in bundles || !Array.isArray(files)) continue;
    const mtimes = current.inputs ?? {};
    if (!files.every((file) => statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs === mtimes[file])) continue;
    try {
      reuse(join(out, current.id, `${name}.js`), join(dir, `${name}.js`));
    } catch {
      continue;
    }
    try {
      mkdirSync(join(dir, 'cache'), { recursive: true });
      reuse(join(out, current.id, 'cache', `${name}.v8`), join(dir, 'cache', `${name}.v8`));
    } catch {
      // No cache yet: the bundle's next run writes it.
    }
    bundles[name] = files;
    for (const file of files) inputs[file] ??= mtimes[file];
  }
}

function reuse(from, to) {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

function removeOldBuilds(out, keep) {
  const now = Date.now();
  for (const entry of readdirSync(out, { withFileTypes: true })) {
    if (entry.name === keep || entry.name === 'current.json') continue;
    const path = join(out, entry.name);
    try {
      if (now - statSync(path).mtimeMs > KEEP_OLD_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another dsq removed it first.
    }
  }
}

module.exports = { START, buildCli, cliBuildOptions };
