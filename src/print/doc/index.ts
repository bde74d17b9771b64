export * from './doc.js';
export * from './render.js';
