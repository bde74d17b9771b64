import type { FunctionCall } from '../ast/nodes.js';
import { didYouMean } from '../diagnostic/suggest.js';
import { arityProblem, specFunction, SPEC_FUNCTION_NAMES } from '../spec/functions.js';
import { SqlError } from './errors.js';
import type { Translation } from './name-resolution.js';
import { typeOf, type ResultType, type ValueType } from './types.js';

/**
 * The spec's functions (src/spec/functions.ts, its one table) in SQL, with the types they give
 * (spec/run-choices.ts, "Functions"): floats from AVG, STDDEV_*, VAR_* and POW, whole numbers from the
 * counts, a 64-bit SUM of whole numbers (past it, the engine's cast fails: an error, as the spec's
 * range says), the operand's type from MIN, MAX, CEIL, FLOOR and TRUNCATE.
 */
interface Arg {
  readonly sql: string;
  readonly type: ResultType;
}

const ok = (sql: string, value: ValueType) => ({ sql, type: typeOf(value) });

/** An operand's type with NULL read as a whole number (SUM(NULL) is a NULL whole number). */
const valueTypeOf = (a: Arg): ValueType => (a.type.value === 'null' ? 'integer' : a.type.value);

export function functionSql(t: Translation, call: FunctionCall, args: readonly Arg[]): { sql: string; type: ResultType } {
  const name = call.name.toUpperCase();
  if (specFunction(name) === undefined) {
    throw new SqlError(
      'run/unknown-function',
      `unknown function ${call.name}${didYouMean(call.name, SPEC_FUNCTION_NAMES)}: a local run has the spec's functions only`,
      call,
    );
  }
  const arity = arityProblem(name, args.length);
  if (arity !== null) throw new SqlError('run/function-arity', arity, call);
  const d = t.dialect;
  const a = args[0] as Arg;
  const float = (sql: string) => ok(`CAST(${sql} AS ${d.type('double')})`, 'float');
  switch (name) {
    case 'AVG':
      return float(`avg(${a.sql})`);
    case 'AVG_DISTINCT':
      return float(`avg(DISTINCT ${a.sql})`);
    case 'STDDEV_POP':
    case 'STDDEV_SAMP':
    case 'VAR_POP':
    case 'VAR_SAMP':
      return float(`${name.toLowerCase()}(${a.sql})`);
    case 'SUM':
    case 'SUM_DISTINCT': {
      const inner = `sum(${name === 'SUM_DISTINCT' ? 'DISTINCT ' : ''}${a.sql})`;
      const type = valueTypeOf(a);
      return type === 'integer' ? ok(`CAST(${inner} AS ${d.type('bigint')})`, 'integer') : { sql: inner, type: typeOf(type) };
    }
    case 'COUNT':
      return ok(`count(${a.sql})`, 'integer');
    case 'COUNT_DISTINCT':
      if (args.length === 1) return ok(`count(DISTINCT ${a.sql})`, 'integer');
      // Distinct tuples with no NULL element (spec/run-choices.ts).
      return ok(
        `count(DISTINCT CASE WHEN ${args.map((x) => `${x.sql} IS NOT NULL`).join(' AND ')} THEN ROW(${args.map((x) => x.sql).join(', ')}) END)`,
        'integer',
      );
    case 'MIN':
    case 'MAX':
      return { sql: `${name.toLowerCase()}(${a.sql})`, type: a.type };
    case 'BIT_AND':
    case 'BIT_OR':
      return ok(`${name.toLowerCase()}(${a.sql})`, 'integer');
    case 'BIT_XOR':
      return ok(`${d.bitXorAggregate}(${a.sql})`, 'integer');
    case 'CEIL':
    case 'FLOOR': {
      const type = valueTypeOf(a);
      // A whole number is its own ceiling (the engines would give a float).
      if (type === 'integer') return ok(a.sql, 'integer');
      return ok(`${name.toLowerCase()}(${a.sql})`, type === 'decimal' ? 'decimal' : 'float');
    }
    case 'POW':
      return ok(d.pow(a.sql, (args[1] as Arg).sql), 'float');
    case 'TRUNCATE': {
      const type = valueTypeOf(a);
      const exact = type === 'integer' || type === 'decimal';
      return ok(d.truncate(a.sql, (args[1] as Arg).sql, exact), exact ? type : 'float');
    }
    default:
      throw new SqlError('run/unknown-function', `the function ${name} has no local translation`, call);
  }
}
