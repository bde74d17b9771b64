import { DsqError } from '../../src/diagnostic/index.js';

/** The DsqError `f` throws (a test failure when it throws something else, or nothing). */
export function errorOf(f: () => unknown): DsqError {
  try {
    f();
  } catch (err) {
    if (err instanceof DsqError) return err;
    throw err;
  }
  throw new Error('expected a DsqError');
}
