export * from './definitions.js';
export * from './read.js';
export * from './lookup.js';
export * from './typemap.js';
export * from './emit-types.js';
