export * from './span.js';
export * from './diagnostic.js';
export * from './pointer.js';
export * from './result.js';
