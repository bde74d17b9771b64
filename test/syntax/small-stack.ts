/**
 * Run by limits.test.ts as `node --stack-size=100 --import tsx small-stack.ts`: parses every
 * nesting kind 1,000 levels deep, and 1,001 levels for the error, in a tenth of Node's
 * default stack. Prints `<kind>: ok` per kind; anything else (a RangeError) is a failure.
 */
import { parse } from '../../src/syntax/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { NESTINGS } from './nestings.js';

for (const [name, make] of Object.entries(NESTINGS)) {
  parse(make(1000));
  try {
    parse(make(1001));
    throw new Error(`${name}: 1,001 levels parsed`);
  } catch (err) {
    if (!(err instanceof DsqError) || err.first.code !== 'syntax/nesting-too-deep') throw err;
  }
  console.log(`${name}: ok`);
}
