/**
 * `dsq/json`: the spec JSON reader (exact numbers, the key rules, every problem with its JSON
 * pointer and line:col) and writer, in the `$` shorthand or the full form. The reader gives a
 * value tree (`JsonValue`, told apart by `type`); its classes, the key folding and the `$$name`
 * check are how the reader and writer work inside, imported from their files.
 */
export { readSpecJson, readSpecJsonResult, type JsonReadOptions } from './read-text.js';
export { readJsValue, readJsValueResult } from './read-js.js';
export type {
  JsonArray,
  JsonBoolean,
  JsonContainer,
  JsonMember,
  JsonNull,
  JsonNumber,
  JsonObject,
  JsonString,
  JsonType,
  JsonUndefined,
  JsonValue,
} from './value.js';
export {
  fromJson,
  fromJsonResult,
  fromJsonExpression,
  fromJsonExpressionResult,
  fromJsonStatementsResult,
  statementFromValue,
  statementsFromValue,
  expressionFromValue,
} from './from-json.js';
export { toJson, toJsonArray, type ToJsonOptions, type JsonForm } from './to-json.js';
