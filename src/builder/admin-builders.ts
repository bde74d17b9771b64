import type {
  AdminAction,
  AlterAddFields,
  AlterOrderFields,
  AlterTarget,
  AlterValue,
  AlterValueOp,
  CreateDatabase,
  CreateGroup,
  DropDatabase,
  DropGroup,
  FieldDef,
  FieldOption,
} from '../ast/admin-actions.js';
import type { JsonObjectData } from '../ast/system-actions.js';
import { DsqError } from '../diagnostic/index.js';
import { fromJsonResult } from '../json/index.js';
import type { Specifier } from '../ast/nodes.js';
import { checkFields, databaseFields, type ActionContext } from './action-fields.js';
import { flag, toDatabase } from './action-args.js';
import { ActionBuilder } from './action-builder.js';
import { argumentError, describeValue } from './errors.js';
import { toName, toSpecifier, type SpecArg } from './values.js';
import type { AnyDb } from './query-scope.js';
import type { FieldName } from './typed-actions.js';

/**
 * Builders of the administrative actions (issue 29; spec "Administrative actions"): `schema()`,
 * `dropGroup(g)`, `dropDatabase(db)` (`.children()`), `dropTeam(t)`, `dropUser(u)`, and
 * `alterDatabase(db)` with `.addFields([...], { first | after })`, `.dropFields(...)`,
 * `.orderFields([...], after?)`, `.resetPartitions(...)`, `.set({...})`, `.objects({...})`, `.files({...})`,
 * `.alterField(f).set({...})`; `alterGroup(g)` and `alterUser(u)` with `.set`, `.objects`, `.files`;
 * `createGroup(name, { desc, parent, teams })`, `createDatabase(definition, parent, { teams })`
 * (the definitions and JSON values read by the JSON reader, so they are checked as JSON is). Field definitions are given in the
 * spec's JSON shape (`{ name, type, label?, ..., options?: [{ value, desc? }] }`). With the
 * schema's field lists (`builder<Schema>(SchemaFields)`) the fields that DROP FIELDS, ORDER
 * FIELDS and AFTER name must be fields of the database, as the typed builder's types say.
 */

/** A field definition as the spec's JSON writes it. */
export interface FieldDefArg {
  readonly name: string;
  readonly type: string;
  readonly label?: string | null;
  readonly format?: string | null;
  readonly meas?: string | null;
  readonly unit?: string | null;
  readonly desc?: string | null;
  readonly def?: string | null;
  readonly ref?: string | null;
  readonly key?: boolean | null;
  readonly nul?: boolean | null;
  readonly strict?: boolean | null;
  readonly lock?: boolean | null;
  readonly options?: readonly (string | { readonly value: string; readonly desc?: string | null })[] | null;
}

const TEXT_KEYS = ['label', 'format', 'meas', 'unit', 'desc', 'def', 'ref'] as const;
const FLAG_KEYS = ['key', 'nul', 'strict', 'lock'] as const;
const DEF_KEYS: ReadonlySet<string> = new Set(['name', 'type', ...TEXT_KEYS, ...FLAG_KEYS, 'options']);

const optionalText = (v: unknown, what: string): string | null => (v === undefined || v === null ? null : toName(v, what));

/** A field definition from its JSON shape: every property checked, none unknown. */
export function toFieldDef(value: unknown, what: string): FieldDef {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw argumentError(`${what} must be a field definition ({ name, type, ... }), got ${describeValue(value)}`);
  const v = value as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(v))
    if (!DEF_KEYS.has(key)) throw argumentError(`${what}: unknown property "${key}" of a field definition; it takes ${[...DEF_KEYS].join(', ')}`);
  const options = v['options'] === undefined ? null : v['options'];
  if (options !== null && !Array.isArray(options)) throw argumentError(`${what}: options must be an array of field options, got ${describeValue(options)}`);
  const text = Object.fromEntries(TEXT_KEYS.map((k) => [k, optionalText(v[k], `${k} of ${what}`)])) as Record<(typeof TEXT_KEYS)[number], string | null>;
  const flags = Object.fromEntries(FLAG_KEYS.map((k) => [k, flag(v[k] ?? null, `${k} of ${what}`)])) as Record<(typeof FLAG_KEYS)[number], boolean | null>;
  return {
    kind: 'field_def',
    name: toName(v['name'], `name of ${what}`),
    label: text.label,
    type: toName(v['type'], `type of ${what}`),
    format: text.format,
    meas: text.meas,
    unit: text.unit,
    desc: text.desc,
    def: text.def,
    ref: text.ref,
    key: flags.key,
    nul: flags.nul,
    strict: flags.strict,
    lock: flags.lock,
    options:
      options === null
        ? null
        : options.map((o: unknown, i): FieldOption => {
            const at = `option ${i + 1} of ${what}`;
            if (typeof o === 'string') return { kind: 'field_option', value: toName(o, at), desc: null };
            if (typeof o !== 'object' || o === null) throw argumentError(`${at} must be a string or { value, desc? }, got ${describeValue(o)}`);
            const { value: ov, desc, ...rest } = o as Readonly<Record<string, unknown>>;
            if (Object.keys(rest).length > 0)
              throw argumentError(`${at}: unknown property "${Object.keys(rest)[0] as string}"; a field option takes value and desc`);
            return { kind: 'field_option', value: toName(ov, `value of ${at}`), desc: optionalText(desc, `desc of ${at}`) };
          }),
  };
}

/** An administrative action, built: `toAst()`, `toJson()`, `toText()`. */
export class AdminBuilder<N extends AdminAction> extends ActionBuilder<N> {}

/** DROP GROUP, DROP DATABASE: `.children()` drops their child groups and databases too. */
export class DropBuilder<N extends DropGroup | DropDatabase> extends ActionBuilder<N> {
  children(value: boolean | null = true): DropBuilder<N> {
    return new DropBuilder<N>({ ...this.node, children: flag(value, 'argument 1 of .children()') }, this.ctx);
  }
}

/** Where ADD FIELDS puts the new fields: at the front, or after a field (not both: the spec). */
export interface AddFieldsPosition {
  readonly first?: boolean | null;
  readonly after?: SpecArg | null;
}

/** `ALTER DATABASE db ...`: one of its operations makes the action. */
export class AlterDatabaseBuilder {
  constructor(
    private readonly database: Specifier,
    private readonly ctx: ActionContext,
  ) {}
  /** A field of the database (checked against the field lists when the builder has them). */
  private field(value: SpecArg, what: string): Specifier {
    const spec = toSpecifier(value, what);
    const names =
      spec.kind === 'spec_name' ? [spec.name] : spec.kind === 'spec_array' ? spec.items.flatMap((i) => (i.kind === 'spec_name' ? [i.name] : [])) : [];
    checkFields(databaseFields(this.ctx, this.database, 'the database'), this.database, names, what);
    return spec;
  }
  addFields(fields: readonly FieldDefArg[], position: AddFieldsPosition = {}): AdminBuilder<AlterAddFields> {
    if (!Array.isArray(fields) || fields.length === 0)
      throw argumentError(`.addFields() takes a non-empty array of field definitions, got ${describeValue(fields)}`);
    const defs = fields.map((f, i) => toFieldDef(f, `field ${i + 1} of .addFields()`));
    const first = flag(position.first ?? null, 'first of .addFields()');
    const after = position.after === undefined || position.after === null ? null : this.field(position.after, 'after of .addFields()');
    return new AdminBuilder({ kind: 'alter_add_fields', alter: 'database', op: 'add_fields', database: this.database, fields: defs, first, after }, this.ctx);
  }
  dropFields(fields: SpecArg): AdminBuilder<AdminAction> {
    return new AdminBuilder(
      { kind: 'alter_drop_fields', alter: 'database', op: 'drop_fields', database: this.database, fields: this.field(fields, 'argument 1 of .dropFields()') },
      this.ctx,
    );
  }
  orderFields(fields: readonly SpecArg[], after: SpecArg | null = null): AdminBuilder<AlterOrderFields> {
    if (!Array.isArray(fields) || fields.length === 0) throw argumentError(`.orderFields() takes a non-empty array of fields, got ${describeValue(fields)}`);
    const specs = fields.map((f, i) => this.field(f, `field ${i + 1} of .orderFields()`));
    const afterSpec = after === null ? null : this.field(after, 'argument 2 of .orderFields()');
    return new AdminBuilder(
      { kind: 'alter_order_fields', alter: 'database', op: 'order_fields', database: this.database, fields: specs, after: afterSpec },
      this.ctx,
    );
  }
  resetPartitions(partitions: SpecArg): AdminBuilder<AdminAction> {
    return new AdminBuilder(
      {
        kind: 'alter_reset_partitions',
        alter: 'database',
        op: 'reset_partitions',
        database: this.database,
        partitions: toSpecifier(partitions, 'argument 1 of .resetPartitions()'),
      },
      this.ctx,
    );
  }
  /** `set`: an object of parameter to value. */
  set(parameters: JsonObjectArg): AdminBuilder<AlterValue<'database', 'set'>> {
    return new AlterValueBuilder('database', { database: this.database }, this.ctx).set(parameters);
  }
  /** `objects`: an object of key to object value; a null value deletes the key. */
  objects(objects: JsonObjectArg): AdminBuilder<AlterValue<'database', 'objects'>> {
    return new AlterValueBuilder('database', { database: this.database }, this.ctx).objects(objects);
  }
  /** `files`: an object of key to object id; null deletes. */
  files(files: JsonObjectArg): AdminBuilder<AlterValue<'database', 'files'>> {
    return new AlterValueBuilder('database', { database: this.database }, this.ctx).files(files);
  }
  /** ALTER FIELD: a field of the database, then `.set()`, `.objects()` or `.files()`. */
  alterField(field: SpecArg): AlterValueBuilder<'field'> {
    return new AlterValueBuilder('field', { database: this.database, field: this.field(field, 'argument 1 of .alterField()') }, this.ctx);
  }
}

/** A JSON object as the spec's JSON writes it: a set's parameters, objects, files (key to object id or null). */
export type JsonObjectArg = Readonly<Record<string, unknown>>;

/**
 * The node the JSON reader makes of the spec shape `value` (the one reader of JSON values and
 * definitions: exact numbers, every check), its problems a DsqError naming `what`.
 */
function read<N extends AdminAction>(value: Readonly<Record<string, unknown>>, what: string): N {
  const r = fromJsonResult(value);
  if (r.value === undefined) throw new DsqError(r.diagnostics.map((d) => ({ ...d, message: `${what}: ${d.message}` })));
  return r.value as N;
}

/** A plain object argument, or an argument error. */
function plainObject(value: unknown, what: string, shape: string): JsonObjectArg {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw argumentError(`${what} must be ${shape}, got ${describeValue(value)}`);
  return value as JsonObjectArg;
}

/** `.set({...})`, `.objects({...})`, `.files({...})` of ALTER GROUP, DATABASE, FIELD (in its database), USER. */
export class AlterValueBuilder<T extends AlterTarget> {
  constructor(
    private readonly target: T,
    private readonly names: Readonly<Record<string, Specifier>>,
    private readonly ctx: ActionContext,
  ) {}
  /** `set`: an object of parameter to value. */
  set(parameters: JsonObjectArg): AdminBuilder<AlterValue<T, 'set'> & AdminAction> {
    return this.make('set', parameters);
  }
  /** `objects`: an object of key to object value; a null value deletes the key. */
  objects(objects: JsonObjectArg): AdminBuilder<AlterValue<T, 'objects'> & AdminAction> {
    return this.make('objects', objects);
  }
  /** `files`: an object of key to object id; null deletes. */
  files(files: JsonObjectArg): AdminBuilder<AlterValue<T, 'files'> & AdminAction> {
    return this.make('files', files);
  }
  private make<O extends AlterValueOp>(op: O, value: JsonObjectArg): AdminBuilder<AlterValue<T, O> & AdminAction> {
    const what = `argument 1 of .${op}()`;
    // The value through the JSON reader (as a user's: any target reads it the same), the target's specifiers this builder's.
    const node = read<AlterValue<'user'> & AdminAction>({ action: 'alter', alter: 'user', op, user: 0, [op]: plainObject(value, what, 'an object') }, what);
    const made = { kind: `alter_${this.target}_${op}`, alter: this.target, op, ...this.names, [op]: (node as unknown as Record<O, JsonObjectData>)[op] };
    return new AdminBuilder(made as unknown as AlterValue<T, O> & AdminAction, this.ctx);
  }
}

/** What CREATE GROUP takes besides the name. */
export interface CreateGroupOptions {
  readonly desc?: string | null;
  /** The parent group; absent: a root-level group. */
  readonly parent?: SpecArg | null;
  /** An array of team specifiers, or an object of team to privilege name to boolean. */
  readonly teams?: readonly unknown[] | JsonObjectArg | null;
}

/** The entry points of the administrative actions (spread into actionsFor's). */
export function adminActionsFor(ctx: ActionContext) {
  const database = (value: SpecArg, what: string): Specifier => {
    const spec = toDatabase(value, what);
    databaseFields(ctx, spec, what);
    return spec;
  };
  return {
    schema: () => new AdminBuilder({ kind: 'schema_action' }, ctx),
    dropGroup: (group: SpecArg) =>
      new DropBuilder<DropGroup>({ kind: 'drop_group', drop: 'group', group: toSpecifier(group, 'argument 1 of dropGroup()'), children: null }, ctx),
    dropDatabase: (db: SpecArg) =>
      new DropBuilder<DropDatabase>({ kind: 'drop_database', drop: 'database', database: database(db, 'argument 1 of dropDatabase()'), children: null }, ctx),
    dropTeam: (team: SpecArg) => new AdminBuilder({ kind: 'drop_team', drop: 'team', team: toSpecifier(team, 'argument 1 of dropTeam()') }, ctx),
    dropUser: (user: SpecArg) => new AdminBuilder({ kind: 'drop_user', drop: 'user', user: toSpecifier(user, 'argument 1 of dropUser()') }, ctx),
    alterDatabase: (db: SpecArg) => new AlterDatabaseBuilder(database(db, 'argument 1 of alterDatabase()'), ctx),
    alterGroup: (group: SpecArg) => new AlterValueBuilder('group', { group: toSpecifier(group, 'argument 1 of alterGroup()') }, ctx),
    alterUser: (user: SpecArg) => new AlterValueBuilder('user', { user: toSpecifier(user, 'argument 1 of alterUser()') }, ctx),
    /** CREATE GROUP: a name, its desc, parent group and teams. */
    createGroup: (name: string, options: CreateGroupOptions = {}): AdminBuilder<CreateGroup> => {
      const {
        desc = null,
        parent = null,
        teams = null,
        ...rest
      } = plainObject(options, 'argument 2 of createGroup()', '{ desc?, parent?, teams? }') as CreateGroupOptions;
      if (Object.keys(rest).length > 0)
        throw argumentError(`argument 2 of createGroup(): unknown property "${Object.keys(rest)[0] as string}"; it takes desc, parent and teams`);
      const group = { name: toName(name, 'argument 1 of createGroup()'), ...(desc === null ? {} : { desc }) };
      const node = read<CreateGroup>({ action: 'create', create: 'group', group, ...(teams === null ? {} : { teams }) }, 'createGroup()');
      return new AdminBuilder({ ...node, parent: parent === null ? null : toSpecifier(parent, 'parent of createGroup()') }, ctx);
    },
    /**
     * CREATE DATABASE: the database definition in the spec's JSON shape (`{ name, fields: [...],
     * label?, ..., trash?, ..., blobs?, indexes?, objects?, files?, databases? }`), in the group `parent`.
     */
    createDatabase: (
      definition: JsonObjectArg,
      parent: SpecArg,
      options: { readonly teams?: readonly unknown[] | JsonObjectArg | null } = {},
    ): AdminBuilder<CreateDatabase> => {
      const teams = options.teams ?? null;
      const def = plainObject(definition, 'argument 1 of createDatabase()', 'a database definition ({ name, fields, ... })');
      const node = read<CreateDatabase>(
        { action: 'create', create: 'database', database: def, parent: 0, ...(teams === null ? {} : { teams }) },
        'createDatabase()',
      );
      return new AdminBuilder({ ...node, parent: toSpecifier(parent, 'argument 2 of createDatabase()') }, ctx);
    },
  };
}

/**
 * ALTER DATABASE on database T of the schema (typed-actions.ts): the fields DROP FIELDS, ORDER
 * FIELDS and AFTER name are T's field names (or ids: unchecked); untyped, any names.
 */
export interface TypedAlterDatabase<D extends AnyDb, T> {
  addFields(
    fields: readonly FieldDefArg[],
    position?: { readonly first?: boolean | null; readonly after?: FieldName<D, T> | number | null },
  ): AdminBuilder<AlterAddFields>;
  dropFields(fields: FieldName<D, T> | number | readonly (FieldName<D, T> | number)[]): AdminBuilder<AdminAction>;
  orderFields(fields: readonly (FieldName<D, T> | number)[], after?: FieldName<D, T> | number | null): AdminBuilder<AlterOrderFields>;
  resetPartitions(partitions: SpecArg): AdminBuilder<AdminAction>;
  set(parameters: JsonObjectArg): AdminBuilder<AlterValue<'database', 'set'>>;
  objects(objects: JsonObjectArg): AdminBuilder<AlterValue<'database', 'objects'>>;
  files(files: JsonObjectArg): AdminBuilder<AlterValue<'database', 'files'>>;
  alterField(field: FieldName<D, T> | number): AlterValueBuilder<'field'>;
}
