export * from './nodes.js';
export * from './constructors.js';
export * from './walk.js';
export * from './precedence.js';
export * from './numbers.js';
export * from './spans.js';
export * from './datetime.js';
export * from './actions.js';
