import type { RecordKey } from './action-args.js';
import type { List } from './type-messages.js';
import type { AnyDb } from './query-scope.js';
import type { DatabaseArg } from './typed-actions.js';

/**
 * What a database's features and key fields allow the typed data actions (issue 26), by the
 * types `dsq types` writes: `<Name>Features` (the trash, file and tag features each database's
 * definition sets) and `<Name>Keys` (its key fields), given as `builder<Schema, Labels, Defaults,
 * Features, Keys>()`. Each check is a parameter type that is the argument itself when allowed,
 * else one sentence naming the database and what it lacks. Type-only.
 */

/**
 * Whether database T lacks feature F, by the schema's features (`<Name>Features`, written by
 * `dsq types`). A database they do not list (none given, or not a name) may have any.
 */
export type Lacks<D extends AnyDb, T, F extends string> = T extends keyof D['features'] ? ([F] extends [D['features'][T]] ? false : true) : false;
export type FeatureMessage<
  T,
  F extends string,
  What extends string,
> = `database "${T & string}" has no ${F} feature ("${F}": true in its definition): ${What} needs it`;

/** The database argument of TRASH, RESTORE and DISPOSE: a database of the schema with the trash feature. */
export type TrashDatabaseArg<D extends AnyDb, T, Word extends string> = T extends string
  ? DatabaseArg<D, T> extends T
    ? Lacks<D, T, 'trash'> extends true
      ? FeatureMessage<T, 'trash', Word>
      : T
    : DatabaseArg<D, T>
  : T;

/** An `on_duplicate`/`on_remove` value: `'trash'` only for a database with the trash feature. */
export type TrashOption<D extends AnyDb, T, V, Option extends string> = V extends 'trash'
  ? Lacks<D, T, 'trash'> extends true
    ? FeatureMessage<T, 'trash', `${Option} 'trash'`>
    : V
  : V;

/** The attributes of a record's file (the file feature). */
type FileAttribute = 'file_size' | 'file_type' | 'file_url' | 'file_key';
/** `.attributes([...])`: a file attribute only for a database with the file feature. */
export type AttributesArg<D extends AnyDb, T, K> =
  Lacks<D, T, 'file'> extends true ? { [I in keyof K]: K[I] extends FileAttribute ? FeatureMessage<T, 'file', `the attribute ${K[I]}`> : K[I] } : K;

/** The key fields of database T by the schema (`<Name>Keys`), or any name when they do not list it. */
type KeysOf<D extends AnyDb, T> = T extends keyof D['keys'] ? D['keys'][T] & string : string;
/** A `records(...)` argument: `recordKey({...})` names only key fields of the database. */
export type KeyedRecordsArg<D extends AnyDb, T, R> =
  R extends RecordKey<infer N>
    ? [Exclude<N, KeysOf<D, T>>] extends [never]
      ? R
      : KeyMessage<D, T, Exclude<N, KeysOf<D, T>>>
    : R extends readonly unknown[]
      ? { [I in keyof R]: KeyedRecordsArg<D, T, R[I]> }
      : R;
type KeyMessage<D extends AnyDb, T, N extends string> = [KeysOf<D, T>] extends [never]
  ? `recordKey() names ${List<N>}, but database "${T & string}" has no key fields: give record ids or a condition`
  : `recordKey() names ${List<N>}, which is no key field of "${T & string}"; the key fields are: ${List<KeysOf<D, T>>}`;
