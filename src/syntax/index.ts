/** The dsq text dialect's parser: text → AST (grammar/reference.md). */
export {
  parse,
  parseStatements,
  parseExpression,
  parseExpressionDocument,
  parseDocument,
  DEFAULT_MAX_DEPTH,
  type ParseOptions,
  type ParsedDocument,
  type Comment,
} from './parse.js';
export { tokenize, KEYWORD_NAMES, CONTEXTUAL_WORD_NAMES, type SourceToken, type TokenCategory } from './tokenize.js';
