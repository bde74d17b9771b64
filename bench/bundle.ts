/**
 * What the bench bundles and measures: dsq's public API (src/index.ts), the JSON reader and
 * writer (`dsq/json`) and `dsq/lint`'s fixText (one bundle: the two entry points share their modules), plus the scaling bench's
 * floor (tree-alone.ts), in one bundle so the floor's nodes are made by the parser's own
 * constructors.
 */
export * from '../src/index.js';
export { fromJson, toJson } from '../src/json/index.js';
// `dsq/lint`'s fixText (no longer in `dsq` since issue 30's smaller API): the tool scaling bench's lint --fix.
export { fixText } from '../src/lint/index.js';
// `dsq/run`'s translator (no engine): the run bench's translation time per statement.
export { toSql } from '../src/sql/index.js';
export { treeAlone, type FloorShape } from './tree-alone.js';
