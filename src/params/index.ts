/** Named parameters `:name`: binding values as literals, compiling text with parameters. */
export { bindParams, type BindOptions, type ParamValues } from './bind.js';
export { compile, compileResult, compileToAst, compileToAstResult, type CompileOptions } from './compile.js';
export { paramNames, paramNodes } from '../ast/param-names.js';
export { prepareQuery, action, type Action, type ParamSpec } from './prepare.js';
export { PARAM_TYPES, type ParamType } from '../schema/param-types.js';
