/**
 * A database schema as the spec's definitions describe it (Database, Field, Blob and Group
 * definitions), reduced to what dsq's tools use: names, labels, types, nullability, keys and
 * the tree of groups and child databases.
 */

export interface Schema {
  readonly groups: readonly SchemaGroup[];
}

export interface SchemaGroup {
  /** '' for the implicit group that holds a bare list of database definitions. */
  readonly name: string;
  readonly desc: string | null;
  readonly databases: readonly SchemaDatabase[];
  readonly groups: readonly SchemaGroup[];
}

export interface SchemaDatabase {
  readonly name: string;
  /** Defaults to the name. */
  readonly label: string;
  readonly fields: readonly SchemaField[];
  readonly blobs: readonly SchemaBlob[];
  /** Child databases. */
  readonly databases: readonly SchemaDatabase[];
}

export interface SchemaField {
  readonly name: string;
  /** Defaults to the name. */
  readonly label: string;
  /** The data type name as written (`int(4)`, `utf8text`, `utf8vstring(128)`). */
  readonly type: string;
  /** Whether the field may be null (`nul`, default false). */
  readonly nul: boolean;
  /** Whether the field is a key field of the database (`key`, default false). */
  readonly key: boolean;
}

export interface SchemaBlob {
  readonly name: string;
  readonly label: string;
  readonly nul: boolean;
}
