/**
 * The dsq CLI from source, as a process: `node --import tsx test/helpers/dsq-source.ts ARGS`.
 * What bin/dsq.js does with dist/ (runProcess), always from the sources under test.
 */
import { runProcess } from '../../src/cli/process.js';

process.exitCode = await runProcess(process.argv.slice(2));
