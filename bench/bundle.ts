/**
 * What the bench bundles and measures: dsq's public API (src/index.ts), plus the scaling bench's
 * floor (tree-alone.ts), in one bundle so the floor's nodes are made by the parser's own
 * constructors.
 */
export * from '../src/index.js';
export { treeAlone, type FloorShape } from './tree-alone.js';
