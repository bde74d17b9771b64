export { print } from './print.js';
export { format, printDocument } from './format.js';
export type { PrintOptions } from './options.js';
