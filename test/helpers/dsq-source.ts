/**
 * The dsq CLI from source, as a process: `node --import tsx test/helpers/dsq-source.ts ARGS`.
 * What bin/dsq.js does with dist/, without needing a build (tests run on a fresh clone).
 */
import { main } from '../../src/cli/main.js';

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
