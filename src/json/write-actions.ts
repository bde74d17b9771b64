import type { ActionPart } from '../ast/data-actions.js';
import type { NodeOfKind } from '../ast/nodes.js';
import { obj, orNull, ref, typed, type Out, type Writer } from './json-out.js';
import { fieldObj, literal } from './write-fields.js';

/**
 * The writers of the data actions' nodes whose JSON is not their fields under their JSON keys
 * (the rest, every write, FETCH type and definition, is written by write-fields.ts `byFields`):
 * a record object, delimited records, a file reference, the field values.
 */

const words = (w: string | null) => orNull(w, (v) => v);
type HandWritten = Exclude<ActionPart['kind'], 'spec_key' | 'field_def' | 'field_option' | 'blob_def' | 'group_def' | 'database_def'>;

export const ACTION_WRITERS: { readonly [K in HandWritten]: Writer<NodeOfKind<K>> } = {
  // A literal is plain JSON; a field value or expression is its field's member; a file reference is an object id or `{"text": ...}`.
  boolean: (n) => n.value,
  field_value: (n) => fieldObj([n]),
  field_expr: (n) => fieldObj([n]),
  file_ref: (n) => (n.form === 'object' ? n.value : typed(n.form, ['content', n.value])),
  // Its "type" is its format (`"csv"`), not one name of the kind.
  delimited_records: (n) => obj(['type', n.format], ['file', ref(n.file)], ['delimiter', words(n.delimiter)], ['quote', words(n.quote)]),
  // Its field values are its own members.
  record: (n) =>
    obj(
      ...n.values.map((f): readonly [string, Out] => [f.field, literal(f.value)]),
      ['expressions', n.expressions.length > 0 ? fieldObj(n.expressions) : undefined],
      ['file', orNull(n.file, ref)],
      ['tags', orNull(n.tags, (t) => [...t])],
    ),
};
