import { DsqError } from '../diagnostic/index.js';

/**
 * The code of every argument error of the builder (`err.code`, the code of its diagnostic).
 * The builder throws one error class for every misuse: a `DsqError` (as every part of dsq
 * does), never a bare TypeError, so a caller catches one type and reads the same diagnostics.
 */
export const ARGUMENT_ERROR_CODE = 'builder/invalid-argument';

/** An argument the builder does not take (a wrong type, an object that is not dsq's node): says where it stands and what is accepted. */
export function argumentError(message: string, expected?: string): DsqError {
  return new DsqError([{ code: ARGUMENT_ERROR_CODE, severity: 'error', message, ...(expected ? { expected } : {}) }]);
}

/** A value of the right type but out of range or malformed (a number beyond 64 bits, a bad datetime). */
export function invalidValue(message: string): DsqError {
  return new DsqError([{ code: 'builder/invalid-value', severity: 'error', message }]);
}

/** How a value is named in messages (short: a long string is cut, an object is not listed). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'number':
    case 'bigint':
    case 'boolean':
      return `${typeof value} ${String(value)}`;
    case 'object': {
      const kind = (value as { kind?: unknown }).kind;
      if (typeof kind === 'string') return `an object with "kind": ${JSON.stringify(kind.length > 40 ? `${kind.slice(0, 40)}…` : kind)}`;
      const proto: unknown = Object.getPrototypeOf(value);
      const name = proto === null || proto === Object.prototype ? '' : (proto as { constructor?: { name?: unknown } }).constructor?.name;
      return typeof name === 'string' && name !== '' ? `a ${name} object` : 'an object';
    }
    default:
      return `a ${typeof value}`;
  }
}
