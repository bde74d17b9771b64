import type { Node, Statement } from '../ast/nodes.js';
import { selectAction } from '../ast/make.js';
import { checkNumber } from '../ast/numbers.js';
import { DsqError, type Span } from '../diagnostic/index.js';
import { toJson, type ToJsonOptions } from '../json/to-json.js';
import { parseDocument } from '../syntax/index.js';
import { bindParams } from './bind.js';
import { convertList, convertParam } from './convert.js';
import type { ParamType } from '../schema/param-types.js';

/**
 * How many rows a statement's answer holds, as a query file says after its name (`-- name: X
 * :one`, or a `-- :one` line): `one` a row or none, `many` the rows (the default), `exec` none
 * that matter (a write).
 */
export type Cardinality = 'one' | 'many' | 'exec';

/** What the answer to an action of cardinality `C` is read as: one row or null, the rows, or nothing. */
export type ResultOf<Row, C extends Cardinality> = C extends 'one' ? Row | null : C extends 'exec' ? void : Row[];

/**
 * An action ready to send, as the functions `dsq gen` writes return it: `text` is the JSON
 * (exact: every digit of every number; a SELECT statement's is the SELECT action, `{"action": "select", ...}`), `json` the same as a JS value (an error when a number
 * of it would lose digits as a JS number: send `text` then), `statement` the bound tree. `Row`
 * is the type of a result row (`never` for writes), `C` how many rows the answer holds
 * (`cardinality`, the same at run time): a client reads the answer as `ResultOf<Row, C>`.
 */
export interface Action<Row, C extends Cardinality = 'many'> {
  readonly statement: Statement;
  readonly cardinality: C;
  readonly text: string;
  readonly json: Readonly<Record<string, unknown>>;
  /** The JSON text with options (`{ indent: 2 }`, `{ form: 'full' }`). */
  toJson(options?: ToJsonOptions): string;
  /** Type only: the result row. */
  readonly __row?: Row;
  /** Type only: what the answer is read as. */
  readonly __result?: ResultOf<Row, C>;
}

/** What a prepared statement knows of each parameter: its type, and whether it is a list (`IN :name`). */
export type ParamSpec = Readonly<Record<string, readonly [type: ParamType | null, list: boolean]>>;

/**
 * A function from parameter values to the action of one statement (the text of a query file's
 * named statement): the text is parsed once, on first use; each call converts every value by
 * its parameter's type (convert.ts, as `dsq compile --param` does) and binds it as a literal.
 * Missing and refused values are DsqErrors that name the parameter.
 */
export function prepareQuery<P extends object, Row = unknown, C extends Cardinality = 'many'>(
  text: string,
  spec: ParamSpec,
  cardinality: C = 'many' as C,
): (params: P) => Action<Row, C> {
  let parsed: Parsed | null = null;
  return (params: P) => {
    parsed ??= parseOne(text);
    const { statement, spanOf } = parsed;
    if (typeof params !== 'object' || params === null) {
      throw new DsqError([{ code: 'params/invalid-value', severity: 'error', message: 'the parameters must be an object of names to values' }]);
    }
    const given = params as Readonly<Record<string, unknown>>;
    // (No prototype: a parameter may be named __proto__.)
    const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    const problems: DsqError[] = [];
    for (const [name, [type, list]] of Object.entries(spec)) {
      if (!Object.hasOwn(given, name)) continue;
      try {
        values[name] = list ? convertList(given[name], type, `parameter :${name}`) : convertParam(given[name], type, `parameter :${name}`);
      } catch (err) {
        if (err instanceof DsqError) problems.push(err);
        else throw err;
      }
    }
    if (problems.length > 0) throw new DsqError(problems.flatMap((e) => e.diagnostics));
    return action<Row, C>(bindParams(statement, values, { spanOf }), cardinality);
  };
}

/** A statement, and where its nodes stand in the text (binding keeps a record's fields in the written order). */
interface Parsed {
  readonly statement: Statement;
  readonly spanOf: (node: Node) => Span | undefined;
}

function parseOne(text: string): Parsed {
  const doc = parseDocument(text);
  const errors = doc.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new DsqError(errors, text);
  if (doc.statements.length !== 1)
    throw new DsqError([{ code: 'params/statement', severity: 'error', message: `expected one statement, found ${doc.statements.length}` }], text);
  return { statement: (doc.statements[0] as { node: Statement }).node, spanOf: (node) => doc.spans.get(node) };
}

/**
 * The action of a bound statement. A bare SELECT (no OPTIONS) becomes the SELECT action
 * (`{"action":"select","select":{...}}`): what the service accepts, not the select object alone.
 */
export function action<Row, C extends Cardinality = 'many'>(bound: Statement, cardinality: C = 'many' as C): Action<Row, C> {
  const statement: Statement = bound.kind === 'select' ? selectAction(bound) : bound;
  const text = toJson(statement as Node);
  let json: Readonly<Record<string, unknown>> | undefined;
  return Object.freeze({
    statement,
    cardinality,
    text,
    get json() {
      json ??= exactObject(text);
      return json;
    },
    toJson: (options?: ToJsonOptions) => (options === undefined ? text : toJson(statement as Node, options)),
  });
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** JSON.parse, refusing text with a number a JS number cannot hold exactly (a whole number beyond 2^53). */
function exactObject(text: string): Readonly<Record<string, unknown>> {
  // Numbers outside strings: whole ones must be safe integers (fractions are float64 in the spec).
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) continue;
      const t = m[0];
      const check = checkNumber(t);
      if (check.ok && check.whole && /^-?\d+$/.test(t) && !Number.isSafeInteger(Number(t))) {
        throw new DsqError([
          {
            code: 'params/inexact',
            severity: 'error',
            message: `the number ${t} does not fit a JS number exactly: send the action's text (action.text) instead of its json`,
          },
        ]);
      }
      i += t.length - 1;
    }
  }
  return JSON.parse(text) as Readonly<Record<string, unknown>>;
}
