export { readSpecJson, readSpecJsonResult, type JsonReadOptions } from './read-text.js';
export { readJsValue, readJsValueResult } from './read-js.js';
export {
  JsonArray, JsonBoolean, JsonNull, JsonNumber, JsonObject, JsonString, JsonUndefined, foldKey, normaliseKey,
  JsonMember, type JsonContainer, type JsonOrigin, type JsonPlace, type JsonType, type JsonValue,
} from './value.js';
export {
  fromJson, fromJsonResult, fromJsonExpression, fromJsonExpressionResult, fromJsonStatementsResult, statementFromValue, statementsFromValue, expressionFromValue,
} from './from-json.js';
export { toJson, toJsonArray, functionNameFitsKey, type ToJsonOptions, type JsonForm } from './to-json.js';
