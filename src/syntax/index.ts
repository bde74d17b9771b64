/** The dsq text dialect's parser: text → AST (grammar/reference.md). */
export {
  parse,
  parseResult,
  parseStatements,
  parseStatementsResult,
  parseExpression,
  parseExpressionResult,
  parseExpressionDocument,
  parseDocument,
  DEFAULT_MAX_DEPTH,
  type ParseOptions,
  type ParsedDocument,
  type Comment,
} from './parse.js';
export { tokenize, KEYWORD_NAMES, CONTEXTUAL_WORD_NAMES, type SourceToken, type TokenCategory } from './tokenize.js';
