/**
 * The floor under a parse's scaling: the tree a parse of a scaling shape returns, made with the
 * same node constructors and the same strings (sliced from the same text), but with no parse:
 * the token offsets are found beforehand (outside the timing), so what is timed is only
 * allocating the tree, and what the garbage collector does with it while it grows.
 *
 * Built into the bench's bundle (bench/bundle.ts), so its nodes come from the very constructors
 * (and hidden classes) the parser's come from. `treeAlone` checks its tree equals the parse's.
 */
import { parse } from '../src/index.js';
import type { BinaryOp, Expr } from '../src/ast/index.js';
import { binary, col, inList, num } from '../src/ast/make.js';

/** The scaling shapes whose tree the floor can make (bench/corpus.ts `inList`, `logicChain`). */
export type FloorShape = 'in' | 'and';

/** A string equal to `text.slice(start, end)`, made afresh each call (as the parser's are). */
function slice(text: string, start: number, end: number): string {
  return text.slice(start, end);
}

/** `id IN (v1, v2, ...)`: the values' offsets, then a maker of the IN node. */
function inMaker(text: string): () => Expr {
  const open = text.indexOf('IN (');
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of text.slice(open).matchAll(/\d+/g)) {
    starts.push(open + (m.index as number));
    ends.push(open + (m.index as number) + m[0].length);
  }
  const s = Int32Array.from(starts);
  const e = Int32Array.from(ends);
  return () => {
    const values: Expr[] = [];
    for (let i = 0; i < s.length; i++) values.push(num(slice(text, s[i] as number, e[i] as number)));
    return inList(col(slice(text, open - 3, open - 1)), values);
  };
}

/** `c1 = 1 AND c2 = 2 OR ...`: the terms' and operators' offsets, then a maker of the tree (AND binds tighter than OR, both fold left). */
function andMaker(text: string): () => Expr {
  const where = text.indexOf('WHERE ') + 'WHERE '.length;
  const cells: number[] = [];
  const ors: number[] = [];
  for (const m of text.slice(where).matchAll(/(c\d+) = (\d+)|(AND|OR)/g)) {
    const at = where + (m.index as number);
    if (m[3] !== undefined) {
      ors[cells.length / 4] = m[3] === 'OR' ? 1 : 0;
      continue;
    }
    const name = m[1] as string;
    cells.push(at, at + name.length, at + m[0].length - (m[2] as string).length, at + m[0].length);
  }
  const c = Int32Array.from(cells);
  const or = Uint8Array.from({ length: c.length / 4 }, (_, i) => ors[i] ?? 0);
  const EQ: BinaryOp = '=';
  return () => {
    const term = (i: number): Expr =>
      binary(EQ, col(slice(text, c[4 * i] as number, c[4 * i + 1] as number)), num(slice(text, c[4 * i + 2] as number, c[4 * i + 3] as number)));
    let ored: Expr | null = null;
    let anded = term(0);
    for (let i = 1; i < or.length; i++) {
      if (or[i] === 1) {
        ored = ored === null ? anded : binary('or', ored, anded);
        anded = term(i);
      } else {
        anded = binary('and', anded, term(i));
      }
    }
    return ored === null ? anded : binary('or', ored, anded);
  };
}

/**
 * A maker of the WHERE tree of `text` (a scaling shape): each call makes the whole tree anew.
 * Throws when the tree it makes is not the parse's (so the floor stays the parse's own tree).
 */
export function treeAlone(shape: FloorShape, text: string, check = true): () => Expr {
  const make = shape === 'in' ? inMaker(text) : andMaker(text);
  if (check) {
    const parsed = parse(text);
    const where = parsed.kind === 'select' ? parsed.where : null;
    if (JSON.stringify(make()) !== JSON.stringify(where)) throw new Error(`treeAlone(${shape}): not the parse's tree`);
  }
  return make;
}
