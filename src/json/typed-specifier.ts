import { NODE_KINDS } from '../ast/kinds.js';
import { FIELD_LIST, type FieldEntry } from '../ast/fields.js';
import type { NodeKind } from '../ast/nodes.js';

/**
 * A typed specifier (spec "Specifiers": a post's wall): one JSON object `{"type": T, T: spec}`
 * for several fields of the node, found in the kind table (kinds-fetch.ts): a field whose
 * `denotesWhen` names a field with no JSON key of its own. That field (`wallType`, its words
 * the types) holds T; the specifier (`wall`) is read from the member named T, or, for a type
 * where it denotes a database (its `denotesWhen` values: `database`, `record`), from the
 * member `database`; a type whose member T is then left (`record`) reads it into the other
 * field with no JSON key (`wallRecord`). The reader (read-fetch.ts) and the writer
 * (write-fields.ts) both go by it. So `{"type": "group", "group": ...}`, `{"type":
 * "database", "database": ...}`, `{"type": "record", "database": ..., "record": ...}`.
 */
export interface TypedSpecifier {
  /** The JSON key of the object (`wall`). */
  readonly json: string;
  /** The field holding the type, its words, the field holding the specifier, the field holding a type's own member. */
  readonly type: FieldEntry;
  readonly types: readonly string[];
  readonly spec: FieldEntry;
  readonly own: FieldEntry | null;
  /** The members each type's object has (after "type"): the specifier's, then the type's own if it is another. */
  readonly members: Readonly<Record<string, readonly string[]>>;
}

function typedSpecifier(kind: NodeKind): TypedSpecifier | null {
  const fields = FIELD_LIST[kind];
  const keyless = fields.filter((f) => f.json === null);
  const spec = fields.find((f) => f.json !== null && keyless.some((k) => k.key === f.child?.denotesWhen?.field));
  const when = spec?.child?.denotesWhen;
  if (spec === undefined || when === undefined || spec.child?.denotes === undefined) return null;
  const type = keyless.find((k) => k.key === when.field) as FieldEntry;
  const types = type.value?.options ?? [];
  const denoted = spec.child.denotes;
  const members = Object.fromEntries(types.map((t) => [t, when.values.includes(t) && t !== denoted ? [denoted, t] : [when.values.includes(t) ? denoted : t]]));
  const own = keyless.find((k) => k !== type) ?? null;
  return { json: spec.json as string, type, types, spec, own, members };
}

/** Each kind's typed specifier, or null (every kind but FETCH POSTS today). */
export const TYPED_SPECIFIERS = Object.fromEntries(NODE_KINDS.map((kind) => [kind, typedSpecifier(kind)])) as unknown as Readonly<
  Record<NodeKind, TypedSpecifier | null>
>;
