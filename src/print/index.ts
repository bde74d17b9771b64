export { print } from './print.js';
export type { PrintOptions } from './options.js';
