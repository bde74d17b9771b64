import { parse, parseStatements, parseExpression, parseDocument } from '../../src/index.js';
import { toJson } from '../../src/json/index.js';

export const select = parse('SELECT a FROM t WHERE b > 1');      // exactly one statement (Select | SelectAction)
export const all = parseStatements('SELECT a FROM t; SELECT b FROM u');   // every statement of a file
export const expr = parseExpression('price * qty > 100');        // one expression
toJson(select);                                                  // '{"columns":[{"e":{"$col":"a"}}],"from":"t","where":{"$>":[{"$col":"b"},1]}}'

const text = 'SELECT a FROM t; -- all of t\nSELECT FROM u';
export const doc = parseDocument(text);                           // for tools: never throws
doc.statements;   // [{ node, span }] — every statement that parsed, with its source span
doc.spans;        // WeakMap<Node, Span>: the span of every node the parser built
doc.comments;     // [{ kind: 'line' | 'block', text, span }]
doc.diagnostics;  // every error and warning, in source order: here 2:8 expected an expression...
doc.lineIndex;    // offsets ↔ line:column
