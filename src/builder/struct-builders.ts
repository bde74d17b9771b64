import type { RecordsSpecifier } from '../ast/data-actions.js';
import type { Specifier } from '../ast/nodes.js';
import type {
  StructAction,
  StructBufferImport,
  StructCreate,
  StructEventClose,
  StructEventInsert,
  StructEventUpdate,
  StructMnAlias,
  StructMnEdit,
} from '../ast/struct-actions.js';
import { checkFields, databaseFields, type ActionContext } from './action-fields.js';
import { toRecords, type FileArgValue, type RecordsArg } from './action-args.js';
import { argumentError, describeValue } from './errors.js';
import { SystemActionBuilder, id, list, read, type TaskIdArg } from './system-builders.js';
import { checkedTree, toSpecifier, type SpecArg } from './values.js';
import type { FieldDefArg, JsonObjectArg } from './admin-builders.js';

/**
 * Builders of the struct actions (issue 29; spec "Struct actions"): `structBufferImport`,
 * `structMnAlias`, `structMnEdit`, `structEventInsert`, `structEventClose`, `structEventUpdate`
 * and `structCreate({ create: 'project' | 'category' | ..., ... })`. Their arguments are the
 * spec's shapes (camelCase for `t_import`, `group_teams`, `database_teams`, `label_type`), read
 * by the JSON reader, so a mistake is the error the same JSON gives (a parent that is not one
 * group: spec/struct-parent). A database is checked against the schema as the writes' are, and
 * an event's fields (but `name` and `e_id`, which an event carries "as if it were a field") must
 * be fields of it. Each ends in exactly the tree, JSON and text the same action written as text
 * gives. The spec's defaults are the server's: a property not given is not written.
 */

/** An instant: epoch milliseconds, a Date, or datetime text. */
export type InstantArg = number | bigint | string | Date;
/** Microseconds since the epoch (struct_event's `t`). */
export type MicrosArg = number | bigint | string;
/** An event record: field values by field name, and `name` or `e_id` (an event definition). */
export type EventArg<F extends string = string> = { readonly [K in F | 'name' | 'e_id']?: unknown };

interface NamedArg {
  readonly name: string;
  readonly label?: string;
  readonly desc?: string;
}
interface GroupTeamsArg {
  readonly groupTeams?: JsonObjectArg;
  readonly databaseTeams?: JsonObjectArg;
}
/** struct_create of each kind, in the spec's shape (spec "struct_create"). */
export type StructCreateArg =
  | ({ readonly create: 'project'; readonly parent?: SpecArg } & NamedArg & GroupTeamsArg)
  | ({ readonly create: 'category'; readonly parent: SpecArg } & NamedArg & GroupTeamsArg)
  | ({ readonly create: 'model'; readonly parent: SpecArg; readonly event?: boolean; readonly eventf?: boolean; readonly eventfs?: boolean } & NamedArg &
      GroupTeamsArg)
  | ({ readonly create: 'pipe'; readonly model: SpecArg; readonly partition?: boolean | { readonly from?: number; readonly to?: number } } & NamedArg &
      GroupTeamsArg)
  | { readonly create: 'def'; readonly parent: SpecArg }
  | {
      readonly create: 'event';
      readonly group: SpecArg;
      readonly type?: 'none' | 'file' | 'files';
      readonly name?: string;
      readonly label?: string;
      readonly desc?: string;
      readonly singular?: string;
      readonly plural?: string;
      readonly conf?: JsonObjectArg;
      readonly labelType?: string;
      readonly fields?: readonly FieldDefArg[];
      readonly teams?: JsonObjectArg;
    }
  | ({ readonly create: 'notebook'; readonly parent: SpecArg; readonly fields?: readonly FieldDefArg[]; readonly teams?: JsonObjectArg } & NamedArg);

/** The JSON keys of the camelCase arguments. */
const JSON_KEYS: Readonly<Record<string, string>> = { groupTeams: 'group_teams', databaseTeams: 'database_teams', labelType: 'label_type' };
/** A struct_create's group arguments (parent, a pipe's model, an event's group): specifiers, read as the node. */
const GROUP_KEYS = ['parent', 'model', 'group'];

const instant = (v: InstantArg | undefined): unknown => (v instanceof Date ? v.getTime() : v);
const object = (v: unknown, what: string): JsonObjectArg => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw argumentError(`${what} must be an object, got ${describeValue(v)}`);
  return v as JsonObjectArg;
};
/** A placeholder the JSON reader takes where a node given by the builder goes (a specifier): replaced before the tree is checked. */
const SLOT = 1;

/** The entry points (spread into the builder's creator: src/builder/action-creators.ts); `database` converts and checks a database argument. */
export function structActionsFor(ctx: ActionContext, database: (value: SpecArg, what: string) => Specifier) {
  /** The node read from the spec's shape, the given nodes put in, checked. */
  const build = <N extends StructAction>(
    shape: Readonly<Record<string, unknown>>,
    nodes: Readonly<Record<string, unknown>>,
    what: string,
  ): SystemActionBuilder<N> => {
    const node = { ...read<N>(shape, what), ...nodes };
    return new SystemActionBuilder(checkedTree(node, 'statement') as N);
  };
  /** An event database and the fields of its events (`name` and `e_id` are not fields). */
  const eventFields = (spec: Specifier, names: Iterable<string>, what: string) =>
    checkFields(
      databaseFields(ctx, spec, what),
      spec,
      [...names].filter((n) => n !== 'name' && n !== 'e_id'),
      what,
      true,
    );
  return Object.freeze({
    /** STRUCT BUFFER IMPORT: a binary object into a pipe group; `conf` any JSON object, `tImport` an instant. */
    structBufferImport: (pipe: SpecArg, file: FileArgValue, given: { readonly conf?: JsonObjectArg; readonly tImport?: InstantArg } = {}) =>
      build<StructBufferImport>(
        {
          action: 'struct_buffer_import',
          pipe: SLOT,
          file,
          conf: optionsOf(given, 'argument 3 of structBufferImport()', '{ conf?, tImport? }').conf,
          t_import: instant(given.tImport),
        },
        { pipe: toSpecifier(pipe, 'argument 1 of structBufferImport()') },
        'structBufferImport()',
      ),
    /** STRUCT MN ALIAS: aliases (name/unit pair strings) of a mnemonic of a mnemonic definition database. */
    structMnAlias: (db: SpecArg, mn: TaskIdArg, aliases: readonly string[]) =>
      build<StructMnAlias>(
        { action: 'struct_mn_alias', database: SLOT, mn: id(mn, 'argument 2 of structMnAlias()'), aliases: list(aliases, 'argument 3 of structMnAlias()') },
        { database: database(db, 'argument 1 of structMnAlias()') },
        'structMnAlias()',
      ),
    /** STRUCT MN EDIT: a mnemonic's new name/unit pair and state. */
    structMnEdit: (db: SpecArg, mn: TaskIdArg, options: { readonly name?: string; readonly state?: string } = {}) => {
      const { name, state } = optionsOf(options, 'argument 3 of structMnEdit()', '{ name?, state? }');
      return build<StructMnEdit>(
        { action: 'struct_mn_edit', database: SLOT, mn: id(mn, 'argument 2 of structMnEdit()'), name, state },
        { database: database(db, 'argument 1 of structMnEdit()') },
        'structMnEdit()',
      );
    },
    /** STRUCT EVENT INSERT: event records (field values, and `name` or `e_id`). */
    structEventInsert: (db: SpecArg, events: readonly EventArg[]) => {
      const spec = database(db, 'argument 1 of structEventInsert()');
      const items = list(events, 'argument 2 of structEventInsert()').map((e, i) => object(e, `event ${i + 1} of structEventInsert()`));
      eventFields(
        spec,
        items.flatMap((e) => Object.keys(e)),
        'structEventInsert()',
      );
      return build<StructEventInsert>({ action: 'struct_event', op: 'insert', database: SLOT, events: items }, { database: spec }, 'structEventInsert()');
    },
    /** STRUCT EVENT CLOSE: the open interval events specified; `t` (microseconds; default now), `fields` applied to them. */
    structEventClose: (db: SpecArg, events: RecordsArg, given: { readonly t?: MicrosArg; readonly fields?: EventArg } = {}) => {
      const options = optionsOf(given, 'argument 3 of structEventClose()', '{ t?, fields? }');
      const spec = database(db, 'argument 1 of structEventClose()');
      const fields = options.fields === undefined ? undefined : object(options.fields, 'fields of structEventClose()');
      if (fields !== undefined) eventFields(spec, Object.keys(fields), 'structEventClose()');
      const records: RecordsSpecifier = toRecords(events, 'argument 2 of structEventClose()');
      return build<StructEventClose>(
        {
          action: 'struct_event',
          op: 'close',
          database: SLOT,
          t: options.t === undefined ? undefined : id(options.t, 't of structEventClose()'),
          events: SLOT,
          fields,
        },
        { database: spec, events: records },
        'structEventClose()',
      );
    },
    /** STRUCT EVENT UPDATE: the fields to update, of the events specified (all when not given); `t` microseconds. */
    structEventUpdate: (db: SpecArg, fields: EventArg, given: { readonly events?: RecordsArg; readonly t?: MicrosArg } = {}) => {
      const options = optionsOf(given, 'argument 3 of structEventUpdate()', '{ events?, t? }');
      const spec = database(db, 'argument 1 of structEventUpdate()');
      const values = object(fields, 'argument 2 of structEventUpdate()');
      eventFields(spec, Object.keys(values), 'structEventUpdate()');
      const events = options.events === undefined ? null : toRecords(options.events, 'events of structEventUpdate()');
      return build<StructEventUpdate>(
        {
          action: 'struct_event',
          op: 'update',
          database: SLOT,
          t: options.t === undefined ? undefined : id(options.t, 't of structEventUpdate()'),
          fields: values,
        },
        { database: spec, events },
        'structEventUpdate()',
      );
    },
    /** STRUCT CREATE: a project, category, model, pipe, definitions group, event or notebook database, in the spec's shape. */
    structCreate: (definition: StructCreateArg) => {
      const what = 'structCreate()';
      const given = object(definition, `argument 1 of ${what}`);
      const shape: Record<string, unknown> = { action: 'struct_create' };
      const nodes: Record<string, Specifier> = {};
      for (const [key, v] of Object.entries(given)) {
        if (GROUP_KEYS.includes(key) && v !== undefined) {
          shape[key] = SLOT;
          nodes[key] = toSpecifier(v, `${key} of ${what}`);
        } else shape[JSON_KEYS[key] ?? key] = v;
      }
      return build<StructCreate>(shape, nodes, what);
    },
  });
}

/** An options argument: a plain object (its properties are read as given), or an argument error. */
function optionsOf<T extends object>(value: T, what: string, shape: string): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw argumentError(`${what} must be ${shape}, got ${describeValue(value)}`);
  return value;
}
