/**
 * What the bench bundles and measures: dsq's public API (src/index.ts) and the JSON reader and
 * writer (`dsq/json`, one bundle: the two entry points share their modules), plus the scaling bench's
 * floor (tree-alone.ts), in one bundle so the floor's nodes are made by the parser's own
 * constructors.
 */
export * from '../src/index.js';
export { fromJson, toJson } from '../src/json/index.js';
export { treeAlone, type FloorShape } from './tree-alone.js';
