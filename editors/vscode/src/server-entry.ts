// The language server bundled into the extension (dist/server.js): the dsq CLI from this repository.
import { runProcess } from '../../../src/cli/process.js';

void runProcess(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
