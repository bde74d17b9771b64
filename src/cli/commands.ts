import type { Command } from './command.js';

/**
 * A command as `dsq --help` lists it. Its module (options, help, run) is imported only when the
 * command runs, so `dsq compile` loads the parser and the JSON writer, not the language server,
 * `gen`, `run`'s engine, the lint rules or the formatter (test/cli/lazy-load.test.ts holds each
 * command to that).
 */
export interface CommandEntry {
  readonly name: string;
  /** One line for `dsq --help`. */
  readonly summary: string;
  /** The command's module, imported on first use (keep the import dynamic: a static one loads it for every command). */
  readonly load: () => Promise<Command>;
}

/** Every CLI command, in the order `dsq --help` lists them. A new command is one file plus one line here. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'compile',
    summary: 'compile dsq text to the service JSON (select objects, SELECT actions; --out-dir, --bundle)',
    load: async () => (await import('./compile.js')).compileCommand,
  },
  {
    name: 'decompile',
    summary: 'print spec JSON (select objects, SELECT actions, expressions) as formatted dsq text',
    load: async () => (await import('./decompile.js')).decompileCommand,
  },
  {
    name: 'fmt',
    summary: 'format dsq files (stdout, --check, --diff or --write), keeping every comment',
    load: async () => (await import('./fmt.js')).fmtCommand,
  },
  {
    name: 'normalize',
    summary: 'validate spec JSON and print it in the short ($) or full ({"type"}) form',
    load: async () => (await import('./normalize.js')).normalizeCommand,
  },
  {
    name: 'lint',
    summary: 'find mistakes in .dsq files (text, json, sarif, github, junit, gitlab output; --fix)',
    load: async () => (await import('./lint.js')).lintCommand,
  },
  {
    name: 'check',
    summary: 'check formatting and lint in one run, one exit code (--write: fix, format, write)',
    load: async () => (await import('./check.js')).checkCommand,
  },
  {
    name: 'types',
    summary: 'write TypeScript types for the typed builder from database definitions',
    load: async () => (await import('./types.js')).typesCommand,
  },
  { name: 'gen', summary: 'write typed TypeScript functions for the named statements of query files', load: async () => (await import('./gen.js')).genCommand },
  { name: 'run', summary: "run queries and actions on local data (DuckDB) with the spec's semantics", load: async () => (await import('./run.js')).runCommand },
  { name: 'sql', summary: 'print the SQL a statement runs as locally (duckdb or postgres)', load: async () => (await import('./sql.js')).sqlCommand },
  { name: 'lsp', summary: 'the language server for editors (LSP over --stdio)', load: async () => (await import('./lsp.js')).lspCommand },
];

/** The command named `name`, loaded; undefined when there is none. */
export async function loadCommand(name: string): Promise<Command | undefined> {
  return COMMANDS.find((c) => c.name === name)?.load();
}

/** Every command, loaded (for the checks that read every command's options and help). */
export function loadCommands(): Promise<Command[]> {
  return Promise.all(COMMANDS.map((c) => c.load()));
}
