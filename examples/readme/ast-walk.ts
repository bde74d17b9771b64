import { binary, col, num, select, table, foldLeft, visit, transform, descendants } from '../../src/ast/index.js';

export const q = select({ from: table('orders'), where: binary('>', col('total'), num('100')) });
visit(q, { enter(node, parent, depth) { /* return false to skip the children */ } });
export const upper = transform(q, (n) => (n.kind === 'column' ? col(n.path.toUpperCase()) : n));
export const columns = descendants(q).filter((n) => n.kind === 'column');   // every column, in source order
export const all = foldLeft('and', [col('a'), col('b'), col('c')]);         // (a AND b) AND c
