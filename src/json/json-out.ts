import { KINDS } from '../ast/kinds.js';
import type { Node, NodeKind, WholeOrParam } from '../ast/nodes.js';

/**
 * What the JSON writers give and the serializer (serialize.ts) prints: plain JSON values with
 * exact numbers, and child nodes not yet written (`Ref`), expanded when the serializer reaches them.
 */

export type JsonForm = 'short' | 'full';

/** Thrown by the writer at the first parameter; `toJson` then names every parameter of the tree. */
export class Unbound {}

/** Number text written as is. */
export class Raw {
  constructor(readonly text: string) {}
}
/** A child node, turned into output when the serializer reaches it. */
export class Ref {
  constructor(readonly node: Node) {}
}
export class Obj {
  constructor(readonly entries: readonly (readonly [string, Out])[]) {}
}
export type Out = null | boolean | string | Raw | Ref | Obj | readonly Out[];

export type Writer<N extends Node> = (node: N, form: JsonForm) => Out;

export const ref = (node: Node) => new Ref(node);
export const refs = (nodes: readonly Node[]) => nodes.map(ref);
/** An object from entries, leaving out those whose value is `undefined`. */
export const obj = (...entries: (readonly [string, Out | undefined])[]) => new Obj(entries.filter((e): e is readonly [string, Out] => e[1] !== undefined));
export const typed = (type: string, ...entries: (readonly [string, Out | undefined])[]) => obj(['type', type], ...entries);
export const orNull = <T>(value: T | null, f: (v: T) => Out): Out | undefined => (value === null ? undefined : f(value));

/** The spec's spelling of each kind (src/ast/kinds.ts `json`): its full form's "type" and its `$` key. */
export const type = <K extends NodeKind>(kind: K): string => KINDS[kind].json.type as string;
export const key = <K extends NodeKind>(kind: K): string => KINDS[kind].json.shorthand[0] as string;
/** Whole-number text; a parameter in its place (`LIMIT :n`) is the writer's unbound-parameter error. */
export const whole = (text: WholeOrParam | null) => orNull(text, (t) => (typeof t === 'string' ? new Raw(t) : ref(t)));
