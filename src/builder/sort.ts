import type { UnionToIntersection } from './typing.js';

/**
 * Type-level sorting of names, for the lists in error messages. The compiler keeps a union's
 * members in the order it happened to create them (which differs between programs, and
 * between an editor and `tsc`), and no type can read a schema's declaration order, so a list
 * of valid names is sorted: letters case-insensitively (`a A b B ...`), after digits and `.`,
 * `-`, `_`; other characters last. A bottom-up merge sort, every step tail-recursive (no depth
 * limit for long lists). Computed only on an error path (see `NameArg` in type-messages.ts).
 */

/** The order of characters (a character not here sorts after all of them). */
type Order = ' .-_0123456789aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ!"#$%&\'()*+,/:;<=>?@[\\]^`{|}~';

/** True when character `A` sorts before character `B` (both single characters, not equal). */
type CharBefore<A extends string, B extends string> = Order extends `${string}${A}${string}${B}${string}`
  ? true
  : Order extends `${string}${A}${string}`
    ? Order extends `${string}${B}${string}`
      ? false
      : true
    : false;

/** True when `A` sorts before `B` (or equals it). */
export type Before<A extends string, B extends string> = A extends `${infer CA}${infer RA}`
  ? B extends `${infer CB}${infer RB}`
    ? CA extends CB
      ? Before<RA, RB>
      : CharBefore<CA, CB>
    : false
  : true;

/** Two sorted lists merged into one. */
type Merge<A extends string[], B extends string[], Acc extends string[] = []> = A extends [infer HA extends string, ...infer RA extends string[]]
  ? B extends [infer HB extends string, ...infer RB extends string[]]
    ? Before<HA, HB> extends true
      ? Merge<RA, B, [...Acc, HA]>
      : Merge<A, RB, [...Acc, HB]>
    : [...Acc, ...A]
  : [...Acc, ...B];

/** One pass: neighbouring lists merged pairwise. */
type MergePass<L extends string[][], Acc extends string[][] = []> = L extends [
  infer A extends string[],
  infer B extends string[],
  ...infer R extends string[][],
]
  ? MergePass<R, [...Acc, Merge<A, B>]>
  : L extends [infer A extends string[]]
    ? [...Acc, A]
    : Acc;

type MergeAll<L extends string[][]> = L extends [infer Only extends string[]] ? Only : L extends [] ? [] : MergeAll<MergePass<L>>;

type LastOf<U> = UnionToIntersection<U extends unknown ? () => U : never> extends () => infer R ? R : never;

/** A union's members as one-element lists (in the compiler's order). */
type Singletons<U extends string, Acc extends string[][] = []> = [U] extends [never]
  ? Acc
  : LastOf<U> extends infer L extends string
    ? Singletons<Exclude<U, L>, [[L], ...Acc]>
    : Acc;

/** A union of names as a sorted list. */
export type Sorted<U extends string> = MergeAll<Singletons<U>>;
