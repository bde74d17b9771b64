import { DsqError, compile, compileResult, type Diagnostic } from '../src/index.js';
import { fromJsonResult } from '../src/json/index.js';

// Every entry point that can fail has a `...Result` form: it never throws, and gives every
// diagnostic of the input, with the value when none of them is an error.
const json = `{
  "from": "orders", "From": "customers",
  "where": {"$and": [{"$nope": 1}, 1e999, {"type": "binary", "op": "<>", "e1": true, "e2": 1}]},
  "limt": 10
}`;
const read = fromJsonResult(json);
export const where = read.diagnostics.map((d: Diagnostic) => `${d.span?.line}:${d.span?.column} ${d.pointer} ${d.code}`);
// 2:21 /From json/duplicate-key
// 3:36 /where/$and/1 json/number-range
// 4:3 /limt json/unknown-property
// 3:23 /where/$and/0/$nope json/unknown-operator
// 3:68 /where/$and/2/op json/unknown-operator
// 3:80 /where/$and/2/e1 json/wrong-type

// The throwing form is a thin wrapper: one DsqError with all the diagnostics.
export function compiled(text: string): string {
  try {
    return compile(text);
  } catch (err) {
    if (err instanceof DsqError) return err.format('query.dsq'); // file:line:col: error: ..., code frames
    throw err;
  }
}

// A value comes exactly when there is no error (warnings may come with it).
export const ok = compileResult('SELECT id FROM orders WHERE amount > 5');
// ok.value: {"columns":[{"e":{"$col":"id"}}],"from":"orders","where":{"$>":[{"$col":"amount"},5]}}

// A syntax error says what was expected twice: in its message, and in `expected` for a tool.
export const syntax = compileResult('SELECT id FROM orders WHERE (amount').diagnostics.map((d: Diagnostic) => [d.message, d.expected]);
// [["expected ')' after name amount, found the end of the input","')'"]]
