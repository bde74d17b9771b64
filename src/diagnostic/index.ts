export * from './span.js';
export * from './diagnostic.js';
