// The language server bundled into the extension (dist/server.js): the dsq CLI from this repository.
import { main } from '../../../src/cli/main.js';

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
