import { UsageError, type Command } from './command.js';

const HELP = `Usage: dsq lsp --stdio

Runs the dsq language server (Language Server Protocol) on standard input and output, for
editors: diagnostics from the parser and the linter, formatting, completion, hover, code
actions, go to definition and references of aliases, document symbols and semantic tokens for
.dsq files. Settings come from the nearest dsq.config.json of each document and are read again
when it or its schema file changes. Set-up for VS Code, Neovim, Helix and Emacs: docs/editors.md.

Options:
  --stdio                talk LSP over standard input and output (the only transport)
  --clientProcessId PID  exit when that process ends (editors pass it)
  -h, --help             show this help
`;

export const lspCommand: Command = {
  name: 'lsp',
  help: HELP,
  options: { stdio: { type: 'boolean' }, clientProcessId: { type: 'string' } },
  async run({ values }) {
    if (values.stdio !== true) throw new UsageError('give --stdio: the server talks LSP over standard input and output');
    const { runStdioServer } = await import('../lsp/stdio.js');
    return runStdioServer();
  },
};
