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
  /** The trash feature (`trash`, default false): a trash table and the TRASH, RESTORE and DISPOSE actions. Absent: false. */
  readonly trash?: boolean;
  /** The file feature (`file`, default false): a binary object on each record (the record's `file`, UPDATE's `file`). Absent: false. */
  readonly file?: boolean;
  /** The tag feature (`tag`, default false): tags on records (the record's `tags`). Absent: false. */
  readonly tag?: boolean;
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
  /** The field's default value as written (`def`, a string); absent when it has none. */
  readonly def?: string;
}

export interface SchemaBlob {
  readonly name: string;
  readonly label: string;
  readonly nul: boolean;
}
