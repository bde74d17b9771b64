// Builds the dsq command (src/cli/process.ts) into dist/cli/: what bin/dsq.js runs. `npm run
// build` (tsup.config.ts) calls it for the package; bin/dsq.js calls it in a checkout on the
// first run, and again whenever a source it was built from has changed (in under 2 s).
//
// The build is esbuild's: the CLI split into chunks, so a command loads only the code it uses
// (commands.ts imports each command's module on first use), each chunk then turned into a
// CommonJS function: bin/dsq.js runs those with V8's code cache (node:vm), which ES modules do
// not have in Node 20, so a second run does not compile the same code again. (Measured: `dsq
// compile` of a small file ran about 90 ms slower from esbuild's ES module chunks, imported as
// they are, than from the scripts with their code cache; the conversion is a third of a build.)
//
// A checkout's first run (bin/dsq.js) builds the start and the one command it runs, not the
// others (`compile` bundles 137 of the 302 files: about half the time); a command such a build
// lacks builds the whole CLI on its run. `npm run build` builds the whole CLI.
//
// Layout: dist/cli/current.json names the build (`{ id, inputs, startInputs, commandInputs, leftOut }`:
// `inputs` every file it was built from with its modification time, `startInputs` those start.js
// is built from, `commandInputs` those each command's run can read, `leftOut` the commands a
// partial build lacks) and dist/cli/<id>/ holds its two scripts (start.js,
// rest.js) and their code caches (cache/). A build is written to a folder of its own and named in
// current.json by an atomic rename, so two dsq processes building at once each run their own
// complete build and neither sees half of the other's.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Files besides the bundled sources whose change calls for a new build. */
const CONFIG_INPUTS = ['bin/build-cli.mjs', 'package.json', 'tsconfig.json'];

/** The module that imports each command's module (src/cli/<name>.ts) with import(). */
const COMMAND_LIST = 'src/cli/commands.ts';

/** A build other than the current one is removed once it is this old (a running dsq may still load chunks of it). */
const KEEP_OLD_MS = 60 * 60 * 1000;

/**
 * esbuild's options for the CLI of the checkout at `root` (nothing written: the caller gets the
 * files and the metafile). test/cli/lazy-load.test.ts builds with the same options. With
 * `commands` (names), the other commands' modules are left out (their names added to
 * `leftOut`): their import() stays unresolved.
 */
export function cliBuildOptions(root, outdir, commands, leftOut = new Set()) {
  return {
    ...(commands === undefined ? {} : { plugins: [onlyCommands(root, commands, leftOut)] }),
    absWorkingDir: root,
    entryPoints: { cli: 'src/cli/process.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The runtime dependencies (package.json) stay require()s, resolved from the package.
    packages: 'external',
    outdir,
    write: false,
    metafile: true,
    logLevel: 'silent',
  };
}

/**
 * An esbuild plugin: import() of a command's module from COMMAND_LIST is left as it is (and the
 * command's name added to `leftOut`) unless the command is one of `commands`.
 */
function onlyCommands(root, commands, leftOut) {
  const list = join(root, COMMAND_LIST);
  return {
    name: 'dsq-only-commands',
    setup(build) {
      build.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) => {
        const name = basename(args.path, '.js');
        if (args.kind !== 'dynamic-import' || args.importer !== list || commands.includes(name)) return undefined;
        leftOut.add(name);
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * Builds the CLI of the checkout at `root` into `out` (root/dist/cli/) and returns its folder
 * and description; throws when esbuild is missing, a source does not compile, or the folder
 * cannot be written. `options.commands`: only these commands (names), for a run of one.
 */
export async function buildCli(root, out = join(root, 'dist', 'cli'), options = {}) {
  const { build, transform } = await import('esbuild');
  const started = Date.now();
  mkdirSync(out, { recursive: true });
  const id = `${started.toString(36)}-${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const dir = join(out, id);
  const leftOut = new Set();
  const result = await build(cliBuildOptions(root, dir, options.commands, leftOut));
  mkdirSync(dir, { recursive: true });
  // Two scripts, each holding chunks as functions called when a chunk is first required:
  // start.js the entry (cli.js) and the chunks it imports statically (all `dsq --version` and
  // `dsq --help` run), rest.js the others (the commands' code, read once a command runs).
  // So a command reads two files and two code caches, and a chunk not required is never compiled.
  const outputs = result.metafile.outputs;
  const start = new Set();
  const toVisit = Object.keys(outputs).filter((path) => basename(path) === 'cli.js');
  while (toVisit.length > 0) {
    const path = toVisit.pop();
    if (start.has(path)) continue;
    start.add(path);
    for (const imported of outputs[path].imports) if (imported.kind === 'import-statement' && imported.path in outputs) toVisit.push(imported.path);
  }
  const scripts = { start: [], rest: [] };
  // import() of a chunk becomes require() (bin/dsq.js resolves those among the chunks). All the
  // chunks go to esbuild at once: it converts them side by side.
  const converted = await Promise.all(
    result.outputFiles.map((file) =>
      transform(file.text, { format: 'cjs', platform: 'node', target: 'node20', supported: { 'dynamic-import': false }, logLevel: 'silent' }),
    ),
  );
  result.outputFiles.forEach((file, i) => {
    const inStart = [...start].some((path) => file.path.endsWith(`/${basename(path)}`));
    scripts[inStart ? 'start' : 'rest'].push(
      `${JSON.stringify(`./${basename(file.path)}`)}: function (exports, require, module, __filename, __dirname) {\n${converted[i].code}}`,
    );
  });
  for (const [name, chunks] of Object.entries(scripts)) writeFileSync(join(dir, `${name}.js`), `module.exports = {\n${chunks.join(',\n')}\n};\n`);
  const inputs = {};
  // What start.js is built from: all a run that starts no command (--version, --help) reads.
  const startInputs = [...new Set([...start].flatMap((path) => Object.keys(outputs[path].inputs))), ...CONFIG_INPUTS];
  const commandInputs = commandInputsOf(outputs, start);
  for (const file of [...Object.keys(result.metafile.inputs), ...CONFIG_INPUTS]) {
    const mtime = statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs;
    // A file changed while the build ran may have been read before the change: never current.
    if (mtime !== undefined) inputs[file] = mtime < started ? mtime : -1;
  }
  const current = join(out, 'current.json');
  const pending = `${current}.${id}.tmp`;
  const known = (files) => files.filter((file) => file in inputs);
  const perCommand = Object.fromEntries(Object.entries(commandInputs).map(([name, files]) => [name, known([...files, ...CONFIG_INPUTS])]));
  writeFileSync(pending, `${JSON.stringify({ id, inputs, startInputs: known(startInputs), commandInputs: perCommand, leftOut: [...leftOut].sort() })}\n`);
  renameSync(pending, current);
  removeOldBuilds(out, id);
  return { dir, id, inputs };
}

/**
 * The files each command's run can read, by command name (src/cli/<name>.ts, imported by a chunk
 * of start.js): every chunk reachable from cli.js and that command's module, over static and
 * dynamic imports, except the other commands' modules where start.js imports them (a command
 * that imports another, as `check` does, keeps it). So `dsq compile` checks about half the files.
 */
function commandInputsOf(outputs, start) {
  const commands = new Map();
  for (const path of start) {
    for (const imported of outputs[path].imports) {
      const entry = outputs[imported.path]?.entryPoint;
      if (imported.kind === 'dynamic-import' && entry !== undefined && /^src\/cli\/[a-z-]+\.ts$/.test(entry))
        commands.set(imported.path, basename(entry, '.ts'));
    }
  }
  const result = {};
  for (const [command, name] of commands) {
    const seen = new Set();
    const toVisit = [...start, command];
    while (toVisit.length > 0) {
      const path = toVisit.pop();
      if (seen.has(path)) continue;
      seen.add(path);
      for (const imported of outputs[path].imports) {
        if (!(imported.path in outputs)) continue;
        if (start.has(path) && commands.has(imported.path) && imported.path !== command) continue;
        toVisit.push(imported.path);
      }
    }
    result[name] = [...new Set([...seen].flatMap((path) => Object.keys(outputs[path].inputs)))];
  }
  return result;
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
