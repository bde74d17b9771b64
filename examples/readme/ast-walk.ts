import { binary, columnRef, num, select, tableSource, visit, transform, descendants } from '../../src/ast/index.js';

export const q = select({ from: tableSource('orders'), where: binary('>', columnRef('total'), num('100')) });
// Handlers by node kind (a function, or { enter, leave }); `info` has parent, key, index, depth, ancestors(), path().
export const paths: (string | number)[][] = [];
visit(q, {
  column: (node, info) => void paths.push(info.path()),                     // [['where', 'e1']]
  exists: () => false,                                 // false skips the children; returning BREAK stops the walk
});
export const upper = transform(q, (n) => (n.kind === 'column' ? columnRef(n.path.toUpperCase()) : n));
export const columns = descendants(q).filter((n) => n.kind === 'column');   // every column, in source order
