import type { Specifier } from './nodes.js';
import type { JsonArrayData, JsonData, JsonObjectData } from './system-actions.js';

/**
 * The spec's administrative actions ("Administrative actions": schema, create, alter, drop) as
 * AST nodes, and the definitions they carry ("Resources and their fields": field and blob
 * definitions). Conventions as in data-actions.ts: an absent optional property is `null`, a property
 * the spec gives a default is `null` when left out (so an explicit default survives a round
 * trip), and nothing is filled in that the JSON does not hold.
 *
 * The spec's JSON tells the kinds of one action apart by a second property (`"alter":
 * "database", "op": "add_fields"`, `"drop": "group"`): each kind holds it as a field with one
 * possible value (kinds-admin.ts), so the kind table's field list is the JSON object's, in the
 * spec's order.
 */

// ---------------------------------------------------------------------------------------
// Definitions

/** A field option (spec "Field definition"): `value` (the string form of the actual value), `desc`. */
export interface FieldOption {
  readonly kind: 'field_option';
  readonly value: string;
  readonly desc: string | null;
}

/**
 * A field definition (spec "Field definition"): `name` and `type` required; `label` defaults to
 * the name (null: left out, not filled in); the flags key, nul, strict, lock default to false.
 */
export interface FieldDef {
  readonly kind: 'field_def';
  readonly name: string;
  readonly label: string | null;
  /** A data type name such as `int(4)`, `utf8text`, `utf8vstring(128)`. */
  readonly type: string;
  readonly format: string | null;
  readonly meas: string | null;
  readonly unit: string | null;
  readonly desc: string | null;
  /** The spec's `def`. */
  readonly def: string | null;
  readonly ref: string | null;
  readonly key: boolean | null;
  readonly nul: boolean | null;
  readonly strict: boolean | null;
  readonly lock: boolean | null;
  /** The field's options; null when the definition has none (`[]`: an empty list the input wrote). */
  readonly options: readonly FieldOption[] | null;
}

/** A blob definition (spec "Blob definition"): `name` required; `label` defaults to the name; `nul` to false. */
export interface BlobDef {
  readonly kind: 'blob_def';
  readonly name: string;
  readonly label: string | null;
  readonly desc: string | null;
  readonly nul: boolean | null;
}

/** A group definition (spec "Group definition"): `name`, `desc`. */
export interface GroupDef {
  readonly kind: 'group_def';
  readonly name: string;
  readonly desc: string | null;
}

/** The twelve feature flags of a database definition, in the spec's order (each defaults to false). */
export const DATABASE_FLAGS = ['dynamic', 'event', 'file', 'link', 'lock', 'log', 'notify', 'subscribe', 'tag', 'track', 'trash', 'wall'] as const;
export type DatabaseFlag = (typeof DATABASE_FLAGS)[number];

/**
 * A database definition (spec "Database definition"): `name` and at least one field required;
 * the feature flags default to false; `objects` and `files` are JSON objects (their meaning: not
 * shown); `databases` are the child databases' definitions.
 */
export type DatabaseDef = {
  readonly kind: 'database_def';
  readonly name: string;
  readonly label: string | null;
  readonly format: string | null;
  readonly path: string | null;
  readonly desc: string | null;
} & { readonly [F in DatabaseFlag]: boolean | null } & {
  readonly objects: JsonObjectData | null;
  readonly files: JsonObjectData | null;
  readonly fields: readonly FieldDef[];
  /** null when the definition has none (`[]`: an empty list the input wrote), as `databases`. */
  readonly blobs: readonly BlobDef[] | null;
  readonly indexes: readonly string[] | null;
  readonly databases: readonly DatabaseDef[] | null;
};

/**
 * The `teams` of create: an array of team specifiers (default privileges) or an object of team
 * to an object of privilege name to boolean (a JSON value: src/spec/check-admin.ts checks the shape).
 */
export type TeamsData = JsonArrayData | JsonObjectData;

// ---------------------------------------------------------------------------------------
// create

/** `create` group: `parent` absent means a root-level group. */
export interface CreateGroup {
  readonly kind: 'create_group';
  readonly create: 'group';
  /** The spec's `group`. */
  readonly definition: GroupDef;
  readonly parent: Specifier | null;
  readonly teams: JsonData | null;
}
/** `create` database: in the group `parent` (required). */
export interface CreateDatabase {
  readonly kind: 'create_database';
  readonly create: 'database';
  /** The spec's `database`. */
  readonly definition: DatabaseDef;
  readonly parent: Specifier;
  readonly teams: JsonData | null;
}

// ---------------------------------------------------------------------------------------
// schema, drop

/** `{"action": "schema"}`: the schema (`groups`). */
export interface SchemaAction {
  readonly kind: 'schema_action';
}

/** `drop` group: without `children` (false) it fails when the group has child groups or databases. */
export interface DropGroup {
  readonly kind: 'drop_group';
  readonly drop: 'group';
  readonly group: Specifier;
  readonly children: boolean | null;
}
export interface DropDatabase {
  readonly kind: 'drop_database';
  readonly drop: 'database';
  readonly database: Specifier;
  readonly children: boolean | null;
}
export interface DropTeam {
  readonly kind: 'drop_team';
  readonly drop: 'team';
  readonly team: Specifier;
}
export interface DropUser {
  readonly kind: 'drop_user';
  readonly drop: 'user';
  readonly user: Specifier;
}

// ---------------------------------------------------------------------------------------
// alter database: the operations on fields and partitions

interface AlterDatabaseOp<O extends string> {
  readonly alter: 'database';
  readonly op: O;
  readonly database: Specifier;
}
/** add_fields: new fields at the end, at the front (`first`), or after a field (`after`); not both. */
export interface AlterAddFields extends AlterDatabaseOp<'add_fields'> {
  readonly kind: 'alter_add_fields';
  readonly fields: readonly FieldDef[];
  readonly first: boolean | null;
  readonly after: Specifier | null;
}
/** drop_fields: a fields specifier; never a key field, never every field. */
export interface AlterDropFields extends AlterDatabaseOp<'drop_fields'> {
  readonly kind: 'alter_drop_fields';
  readonly fields: Specifier;
}
/** order_fields: the given fields in order, from the front or after `after` (which is not among them). */
export interface AlterOrderFields extends AlterDatabaseOp<'order_fields'> {
  readonly kind: 'alter_order_fields';
  readonly fields: readonly Specifier[];
  readonly after: Specifier | null;
}
/** reset_partitions: permanently deletes the data of the partitions. */
export interface AlterResetPartitions extends AlterDatabaseOp<'reset_partitions'> {
  readonly kind: 'alter_reset_partitions';
  readonly partitions: Specifier;
}

// ---------------------------------------------------------------------------------------
// alter group / database / field / user: set, objects, files

/** What the alter rows of `set`, `objects` and `files` change, in the spec's order. */
export const ALTER_TARGETS = ['group', 'database', 'field', 'user'] as const;
export type AlterTarget = (typeof ALTER_TARGETS)[number];
/**
 * The operations every target has: `set` (an object of parameter to value), `objects` (key to
 * object value, a null value deletes the key), `files` (key to object id, null deletes).
 */
export const ALTER_VALUE_OPS = ['set', 'objects', 'files'] as const;
export type AlterValueOp = (typeof ALTER_VALUE_OPS)[number];
/** The specifiers that name a target (a field is named in its database), in the spec's order. */
interface AlterTargetProps {
  readonly group: { readonly group: Specifier };
  readonly database: { readonly database: Specifier };
  readonly field: { readonly database: Specifier; readonly field: Specifier };
  readonly user: { readonly user: Specifier };
}
/**
 * `alter` of a group, database, field or user with op `set`, `objects` or `files`
 * (`alter_group_set`, ..., `alter_user_files`): the target's specifiers, then the JSON object
 * under the op's own name.
 */
export type AlterValue<T extends AlterTarget = AlterTarget, O extends AlterValueOp = AlterValueOp> = {
  [TT in T]: {
    [OO in O]: { readonly kind: `alter_${TT}_${OO}`; readonly alter: TT; readonly op: OO } & AlterTargetProps[TT] & { readonly [P in OO]: JsonObjectData };
  }[O];
}[T];

export type DropAction = DropGroup | DropDatabase | DropTeam | DropUser;
export type AlterAction = AlterAddFields | AlterDropFields | AlterOrderFields | AlterResetPartitions | AlterValue;
export type CreateAction = CreateGroup | CreateDatabase;
export type AdminAction = SchemaAction | CreateAction | DropAction | AlterAction;
/** Nodes that only stand inside administrative actions. */
export type AdminPart = FieldDef | FieldOption | BlobDef | GroupDef | DatabaseDef;

export const DROP_KINDS = ['drop_group', 'drop_database', 'drop_team', 'drop_user'] as const satisfies readonly DropAction['kind'][];
