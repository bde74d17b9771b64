import { DsqError } from '../diagnostic/index.js';

/** The code every argument TypeError of the builder carries (`err.code`), beside its message. */
export const ARGUMENT_ERROR_CODE = 'builder/invalid-argument';

/** A TypeError for an argument the builder does not take: says where it stands and what is accepted. */
export function argumentError(message: string): TypeError {
  return Object.assign(new TypeError(message), { code: ARGUMENT_ERROR_CODE });
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
