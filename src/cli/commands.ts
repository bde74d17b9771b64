import { checkCommand } from './check.js';
import type { Command } from './command.js';
import { compileCommand } from './compile.js';
import { decompileCommand } from './decompile.js';
import { fmtCommand } from './fmt.js';
import { genCommand } from './gen.js';
import { lintCommand } from './lint.js';
import { lspCommand } from './lsp.js';
import { normalizeCommand } from './normalize.js';
import { runCommand } from './run.js';
import { sqlCommand } from './sql.js';
import { typesCommand } from './types.js';

/** Every CLI command, in the order `dsq --help` lists them. A new command is one file plus one line here. */
export const COMMANDS: readonly Command[] = [compileCommand, decompileCommand, fmtCommand, normalizeCommand, lintCommand, checkCommand, typesCommand, genCommand, runCommand, sqlCommand, lspCommand];
