export { print } from './print.js';
export { format, formatResult, printDocument } from './format.js';
export { decompile, decompileResult, type DecompileOptions } from './decompile.js';
export type { PrintOptions } from './options.js';
