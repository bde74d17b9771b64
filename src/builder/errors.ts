import { withArticle } from '../diagnostic/article.js';
import type { Query } from '../ast/index.js';
import { nodePointers } from '../ast/validate.js';
import { descendants } from '../ast/walk.js';
import { DsqError } from '../diagnostic/index.js';
import { selectProblems } from '../spec/select-checks.js';

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

/**
 * The statement a query builds, when its selects keep the rules lint checks in text
 * (src/spec/select-checks.ts, the one implementation: no aggregate in WHERE or GROUP BY, with
 * GROUP BY every result column grouped or aggregated, LIMIT and OFFSET a whole number not
 * negative); else a `DsqError` whose code is the lint rule's id, with the JSON pointer of each
 * node at fault.
 */
export function assertSelectRules<Q extends Query>(statement: Q): Q {
  const problems = descendants(statement).flatMap((n) => (n.kind === 'select' ? selectProblems(n) : []));
  if (problems.length === 0) return statement;
  const pointers = nodePointers(statement);
  throw new DsqError(
    problems.map((p) => {
      const pointer = pointers.get(p.node);
      return { code: p.id, severity: 'error' as const, message: p.message, ...(pointer === undefined || pointer === '' ? {} : { pointer }) };
    }),
  );
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
      return typeof name === 'string' && name !== '' ? `${withArticle(name)} object` : 'an object';
    }
    default:
      return withArticle(typeof value);
  }
}
