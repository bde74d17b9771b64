import type { Span } from '../diagnostic/span.js';
import type { Node } from './nodes.js';

/**
 * Source locations live beside the tree, not in it: the parser fills a `Spans` table keyed
 * by node object, so trees from text, JSON and the builder stay deep-equal.
 */
export type Spans = WeakMap<Node, Span>;
