import type { Node } from '../ast/nodes.js';
import { didYouMean } from '../diagnostic/suggest.js';
import { ATTRIBUTES } from '../lint/scope.js';
import { allDatabases, findDatabases, findField, type DatabaseEntry, type Schema, type SchemaDatabase, type SchemaField } from '../schema/index.js';
import { SqlError } from './errors.js';
import { fieldValueType, typeOf, type ResultType } from './types.js';

/**
 * The engine's tables for a schema: one record table per database (and a trash table for one
 * with the trash feature), named after the database's place (`shop/orders`, `shop/orders.lines`,
 * `shop/orders@trash`), each with the record attributes and then the fields under their schema
 * names. The translator and the runner both read it; one per schema object.
 */
export interface DatabaseInfo {
  readonly entry: DatabaseEntry;
  readonly database: SchemaDatabase;
  /** `database_id`: the database's place in `allDatabases` order, from 1. */
  readonly id: number;
  /** The engine table of the records, and of the trash (null without the trash feature). */
  readonly table: string;
  readonly trash: string | null;
  /** The data file name without extension, under `groups` folders: `orders`, `orders.lines`. */
  readonly file: string;
  readonly keys: readonly SchemaField[];
  /** The databases whose parent this is. */
  readonly children: readonly DatabaseInfo[];
  readonly parent: DatabaseInfo | null;
}

/** An attribute column of every record table: name and type. `stored` false: always NULL (no file store). */
export interface AttributeInfo {
  readonly name: string;
  readonly type: ResultType;
  readonly stored: boolean;
}

/** The attribute columns of the engine tables, in table order (the fields follow). */
export const STORED_ATTRIBUTES: readonly AttributeInfo[] = [
  { name: 'record_id', type: { value: 'integer', name: 'int(8)' }, stored: true },
  { name: 'database_id', type: { value: 'integer', name: 'int(8)' }, stored: true },
  { name: 'parent_id', type: { value: 'integer', name: 'int(8)' }, stored: true },
  { name: 'insert_at', type: typeOf('datetime'), stored: true },
  { name: 'update_at', type: typeOf('datetime'), stored: true },
  { name: 'tags', type: typeOf('text_list'), stored: true },
];

const VIRTUAL_ATTRIBUTES: readonly AttributeInfo[] = [
  { name: 'file_size', type: { value: 'integer', name: 'int(8)' }, stored: false },
  { name: 'file_type', type: typeOf('text'), stored: false },
  { name: 'file_url', type: typeOf('text'), stored: false },
  { name: 'file_key', type: typeOf('text'), stored: false },
];

const BY_NAME = new Map([...STORED_ATTRIBUTES, ...VIRTUAL_ATTRIBUTES].map((a) => [a.name, a]));

/** A record attribute by name (case-insensitive): lint's list (src/lint/scope.ts) plus `parent_id`. */
export function attributeInfo(name: string): AttributeInfo | null {
  const lower = name.toLowerCase();
  if (!ATTRIBUTES.has(lower) && lower !== 'parent_id') return null;
  return BY_NAME.get(lower) ?? null;
}

export class Catalog {
  readonly databases: readonly DatabaseInfo[];
  private readonly byDatabase = new Map<SchemaDatabase, DatabaseInfo>();

  constructor(readonly schema: Schema) {
    const entries = allDatabases(schema);
    const infos: DatabaseInfo[] = [];
    const children = new Map<SchemaDatabase, DatabaseInfo[]>();
    entries.forEach((entry, i) => {
      for (const f of entry.database.fields) {
        if (attributeInfo(f.name) !== null) {
          throw new SqlError(
            'run/field-is-attribute',
            `the field "${f.name}" of the database "${entry.path}" has the name of a record attribute, which a local run keeps beside the fields`,
          );
        }
      }
      const base = [...entry.groups, entry.path].join('/');
      const kids: DatabaseInfo[] = [];
      children.set(entry.database, kids);
      const info: DatabaseInfo = {
        entry,
        database: entry.database,
        id: i + 1,
        table: base,
        trash: entry.database.trash === true ? `${base}@trash` : null,
        file: entry.path,
        keys: entry.database.fields.filter((f) => f.key),
        children: kids,
        parent: entry.parent ? (this.byDatabase.get(entry.parent) ?? null) : null,
      };
      infos.push(info);
      this.byDatabase.set(entry.database, info);
      if (entry.parent) children.get(entry.parent)?.push(info);
    });
    this.databases = infos;
  }

  info(database: SchemaDatabase): DatabaseInfo {
    return this.byDatabase.get(database) as DatabaseInfo;
  }

  /** The one database a path names (`orders`, `shop.orders`, `orders.lines`), or an error with did-you-mean. */
  resolve(path: string, node: Node | null = null): DatabaseInfo {
    const found = findDatabases(this.schema, path);
    if (found.length === 1) return this.info((found[0] as DatabaseEntry).database);
    if (found.length > 1) {
      throw new SqlError(
        'run/ambiguous-database',
        `the database path "${path}" names ${found.length} databases: ${found.map((e) => [...e.groups, e.path].join('.')).join(', ')}`,
        node,
        'write more of its path (its group, its parent database)',
      );
    }
    const names = this.databases.map((d) => d.entry.path);
    throw new SqlError('run/unknown-database', `unknown database "${path}"${didYouMean(path.split('.').pop() ?? path, names)}`, node);
  }

  /** The database of a `database_id`. */
  byId(id: string, node: Node | null = null): DatabaseInfo {
    const found = /^\d+$/.test(id) ? this.databases[Number(id) - 1] : undefined;
    if (found === undefined)
      throw new SqlError('run/unknown-database', `no database has the id ${id} (a local run numbers them 1 to ${this.databases.length} in schema order)`, node);
    return found;
  }
}

const catalogs = new WeakMap<Schema, Catalog>();

/** The catalog of a schema (one per schema object). */
export function catalogOf(schema: Schema): Catalog {
  let c = catalogs.get(schema);
  if (!c) {
    c = new Catalog(schema);
    catalogs.set(schema, c);
  }
  return c;
}

/** A field of a database by name or label (src/schema's `findField`), or an error with did-you-mean. */
export function fieldOf(info: DatabaseInfo, name: string, node: Node | null = null): SchemaField {
  const f = findField(info.database, name);
  if (f) return f;
  const names = [...info.database.fields.map((x) => x.name), ...STORED_ATTRIBUTES.map((a) => a.name)];
  throw new SqlError('run/unknown-field', `the database "${info.entry.path}" has no field "${name}"${didYouMean(name, names)}`, node);
}

/** The result type of a field: its value type, and its type name as the schema writes it. */
export function fieldType(field: SchemaField): ResultType {
  return { value: fieldValueType(field.type), name: field.type };
}
