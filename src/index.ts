/**
 * dsq: the public API. Each part lives in its own folder; this file only re-exports.
 */
// AST: node types, walker, exact numbers (the constructors are in `dsq/ast`)
export * from './ast/nodes.js';
export * from './ast/walk.js';
export * from './ast/numbers.js';
export * from './ast/spans.js';
export * from './ast/datetime.js';
// Diagnostics: the one error type, spans, code frames
export * from './diagnostic/index.js';
// JSON: the spec JSON reader (exact numbers, key rules) and writer, shorthand and full forms
export * from './json/index.js';
// Schema: the spec's database definitions, lookups, type-name mapping
export * from './schema/index.js';
// Builder: the fluent, immutable, schema-typed query builder and the dsq`...` template
export * from './builder/index.js';
// The builder's col/fn/table are the public ones (the AST constructors of the same names stay in src/ast/make.ts)
export { col, fn, table } from './builder/index.js';
// Parser: dsq text → AST, with spans, comments and every diagnostic
export * from './syntax/index.js';
// Printer and formatter: AST → dsq text, comment-keeping formatting
export * from './print/index.js';
// Config: dsq.config.json
export * from './config/index.js';
// Lint: rules over dsq text, suppression comments, fixes, text/json/sarif/github reports
export * from './lint/index.js';
// Parameters: `:name` in dsq text, bound to literal values; compile(text, { params })
export * from './params/index.js';
