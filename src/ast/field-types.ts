import type { Field, Role } from './field-checks.js';
import type {
  DateTimeLit,
  Expr,
  Node,
  OrderTerm,
  Param,
  Query,
  ResultColumn,
  Select,
  SingularSpec,
  Source,
  Specifier,
  Statement,
  WhenClause,
} from './nodes.js';
import type { DelimitedRecords, FieldExpr, FieldLiteral, FieldValue, FileRef, RecordData, RecordsSpecifier } from './data-actions.js';
import type { IfCondition, JsonData, JsonMemberData, JsonObjectData, TaskDef, TaskId, TaskRef, TaskReference, WriteAction } from './system-actions.js';
import type { BlobDef, DatabaseDef, FieldDef, FieldOption, GroupDef } from './admin-actions.js';

/**
 * Node types computed from the kind table's `fields` (field-checks.ts): the type a field's
 * property has, and the node type of a `fields` map. The FETCH node types (data-actions.ts)
 * are these, so a FETCH type is declared once, by its entry in kinds-fetch.ts; test/ast/kinds.test.ts
 * checks that the hand-written node types of the other kinds agree with their entries.
 */

/** The nodes that may stand where a child field's role says (the type side of fields.ts's ROLE_KINDS). */
export interface RoleNodes {
  node: Node;
  statement: Statement;
  query: Query;
  expr: Expr;
  select: Select;
  source: Source;
  spec: Specifier;
  singular: SingularSpec;
  when: WhenClause;
  result_column: ResultColumn;
  order_term: OrderTerm;
  records_spec: RecordsSpecifier;
  literal: FieldLiteral | Param;
  field_value: FieldValue;
  field_expr: FieldExpr;
  file_ref: FileRef;
  record: RecordData;
  delimited_records: DelimitedRecords;
  param: Param;
  task: TaskDef | TaskId | TaskRef;
  task_ref: TaskReference;
  write: WriteAction;
  if_condition: IfCondition;
  json_object: JsonObjectData;
  json_member: JsonMemberData;
  json_value: JsonData;
  instant: DateTimeLit;
  field_def: FieldDef;
  field_option: FieldOption;
  blob_def: BlobDef;
  group_def: GroupDef;
  database_def: DatabaseDef;
}
// Every role has its node type.
const everyRole: Exclude<Role, keyof RoleNodes> extends never ? true : false = true;
void everyRole;

/** What a plain value of a value field is: a flag, a list of names, one of some words, or text (number and datetime text too); or null where the field allows it. */
type ValueType<F> = F extends { readonly form: infer Form; readonly nullable: infer N }
  ?
      | (Form extends 'flag'
          ? boolean
          : Form extends 'names'
            ? readonly string[]
            : Form extends 'word'
              ? F extends { readonly options: readonly (infer W)[] }
                ? W
                : string
              : string)
      | (true extends N ? null : never)
  : never;

/** The nodes of a child field: one, one or null, a list, `'all'` or a list, a list or one node, and a plain value in its place (`orValue`). */
type ChildType<F> = F extends { readonly role: infer R extends Role; readonly shape: infer S }
  ?
      | (S extends 'one'
          ? RoleNodes[R]
          : S extends 'nullable'
            ? RoleNodes[R] | null
            : S extends 'nullableList'
              ? readonly RoleNodes[R][] | null
              : S extends 'allOrNonEmpty'
                ? 'all' | readonly RoleNodes[R][]
                : S extends 'listOrOne'
                  ? readonly RoleNodes[R][] | (F extends { readonly orOne: infer O extends Role } ? RoleNodes[O] : never)
                  : readonly RoleNodes[R][])
      | (F extends { readonly orValue: infer V } ? ValueType<V> : never)
  : never;

/** The type of the property a field declares. */
export type FieldType<F extends Field> = F extends { readonly role: Role } ? ChildType<F> : ValueType<F>;

/** The properties a `fields` map declares, readonly, each with its field's type (the documentation written on a field is kept). */
export type FieldProps<Fields> = { readonly [P in keyof Fields]: Fields[P] extends Field ? FieldType<Fields[P]> : never };

/** A node type from its kind and its `fields` map, as one flat object type (an editor shows its properties). */
export type NodeFromFields<K extends string, Fields> = Flat<{ readonly kind: K } & FieldProps<Fields>>;
type Flat<T> = { [P in keyof T]: T[P] } & {};
