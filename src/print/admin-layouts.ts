import {
  DATABASE_FLAGS,
  type AdminAction,
  type AdminPart,
  type AlterValue,
  type AlterValueOp,
  type CreateAction,
  type DatabaseDef,
  type DropAction,
} from '../ast/admin-actions.js';
import { concat, verbatim, type Doc } from './doc/doc.js';
import { closedList, leaf, list, type Ctx, type Env, type Layout, type LayoutFn } from './engine.js';
import { isBareName, quoteString, writeName } from './names.js';
import { DATABASE, Kids, PLAIN, clause, commaList, optionsClause, statement } from './action-layout.js';
import type { JsonObjectData } from '../ast/system-actions.js';

/**
 * How the administrative actions print (grammar/reference.md, "Administrative actions"), in the
 * one text form the parser (src/syntax/admin-rules.ts) reads back to the same node: SQL DDL's
 * words (`DROP GROUP g CHILDREN`, `ALTER DATABASE db ADD FIELDS (...)`), an explicit false
 * default in OPTIONS.
 */

/** A data type name bare where it reads back so (`int(4)`, `utf8text`), else as a string. */
function typeDoc(type: string): Doc {
  const m = /^([A-Za-z_][A-Za-z0-9_$]*)(\(\d+(?:,\d+)*\))?$/.exec(type);
  return m !== null && isBareName(m[1] as string) ? type : verbatim(quoteString(type));
}

/** The string properties of a field definition and their words, in the spec's order. */
const FIELD_TEXT = [
  ['label', 'LABEL'],
  ['format', 'FORMAT'],
  ['meas', 'MEAS'],
  ['unit', 'UNIT'],
  ['desc', 'DESC'],
  ['def', 'DEFAULT'],
  ['ref', 'REF'],
] as const;
const FIELD_FLAGS = [
  ['key', 'KEY'],
  ['nul', 'NULL'],
  ['strict', 'STRICT'],
  ['lock', 'LOCK'],
] as const;

const fieldDef: LayoutFn<'field_def'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  k.addAll(n.options ?? []);
  return k.layout((_take, takeN) => {
    const parts: Doc[] = [writeName(n.name), ' ', typeDoc(n.type)];
    for (const [key, word] of FIELD_TEXT) {
      const v = n[key];
      if (v !== null) parts.push(' ', kw(word), ' ', verbatim(quoteString(v)));
    }
    for (const [key, word] of FIELD_FLAGS) {
      const v = n[key];
      if (v !== null) parts.push(' ', v ? kw(word) : `${kw('NOT')} ${kw(word)}`);
    }
    if (n.options !== null) parts.push(' ', list(`${kw('OPTIONS')} (`, takeN(n.options.length), ')'));
    return concat(parts);
  });
};

const fieldOption: LayoutFn<'field_option'> = (n, _c, env) =>
  leaf(
    n.desc === null
      ? verbatim(quoteString(n.value))
      : concat([verbatim(quoteString(n.value)), ' ', env.options.kw('DESC'), ' ', verbatim(quoteString(n.desc))]),
  );

const blobDef: LayoutFn<'blob_def'> = (n, _c, env) => {
  const kw = env.options.kw;
  const parts: Doc[] = [writeName(n.name)];
  if (n.label !== null) parts.push(' ', kw('LABEL'), ' ', verbatim(quoteString(n.label)));
  if (n.desc !== null) parts.push(' ', kw('DESC'), ' ', verbatim(quoteString(n.desc)));
  if (n.nul !== null) parts.push(' ', n.nul ? kw('NULL') : `${kw('NOT')} ${kw('NULL')}`);
  return leaf(concat(parts));
};

const groupDef: LayoutFn<'group_def'> = (n, _c, env) =>
  leaf(n.desc === null ? writeName(n.name) : concat([writeName(n.name), ' ', env.options.kw('DESC'), ' ', verbatim(quoteString(n.desc))]));

/** The children of a database definition, in the order `defClauses` takes them. */
function addDef(k: Kids, n: DatabaseDef): void {
  k.addAll(n.fields);
  k.addAll(n.blobs ?? []);
  k.add(n.objects);
  k.add(n.files);
  k.addAll(n.databases ?? []);
}

/** A database definition after its name: `(fields) LABEL ... OPTIONS (...) DATABASES (...)`. */
function defClauses(n: DatabaseDef, env: Env, take: () => Doc, takeN: (n: number) => Doc[]): Doc[] {
  const kw = env.options.kw;
  const clauses: Doc[] = [closedList('(', takeN(n.fields.length), ')')];
  for (const [key, word] of [
    ['label', 'LABEL'],
    ['format', 'FORMAT'],
    ['path', 'PATH'],
    ['desc', 'DESC'],
  ] as const) {
    const v = n[key];
    if (v !== null) clauses.push(concat([kw(word), ' ', verbatim(quoteString(v))]));
  }
  if (n.blobs !== null) clauses.push(clause(kw('BLOBS'), closedList('(', takeN(n.blobs.length), ')')));
  if (n.indexes !== null)
    clauses.push(
      clause(
        kw('INDEXES'),
        list(
          '(',
          n.indexes.map((i) => verbatim(quoteString(i))),
          ')',
        ),
      ),
    );
  if (n.objects !== null) clauses.push(clause(kw('OBJECTS'), take()));
  if (n.files !== null) clauses.push(clause(kw('FILES'), take()));
  const options = optionsClause(
    env,
    DATABASE_FLAGS.map((f) => [f.toUpperCase(), n[f]] as const),
  );
  if (options) clauses.push(options);
  if (n.databases !== null) clauses.push(clause(kw('DATABASES'), closedList('(', takeN(n.databases.length), ')')));
  return clauses;
}

/** The definition of CREATE DATABASE: without its name, which the action prints before IN GROUP. */
const NAMELESS: Ctx = Object.freeze({ capture: null, nameless: true });

const databaseDef: LayoutFn<'database_def'> = (n, c, env) => {
  const k = new Kids();
  addDef(k, n);
  return k.layout((take, takeN) => {
    const clauses = defClauses(n, env, take, takeN);
    if (c.nameless !== true) return statement(writeName(n.name), clauses);
    return statement(clauses[0] as Doc, clauses.slice(1));
  });
};

/**
 * `CREATE GROUP name [DESC 'd'] [IN GROUP parent] [TEAMS ...]`,
 * `CREATE DATABASE name IN GROUP parent (fields) ... [TEAMS ...]`: the definition's name stands
 * before IN GROUP, so the definition prints without it (its span starts at its fields).
 */
function create(n: CreateAction, _c: Ctx, env: Env): Layout {
  const kw = env.options.kw;
  const k = new Kids();
  if (n.kind === 'create_group') {
    k.add(n.definition);
    k.add(n.parent, DATABASE);
  } else {
    k.add(n.parent, DATABASE);
    k.add(n.definition, NAMELESS);
  }
  k.add(n.teams);
  return k.layout((take) => {
    const clauses: Doc[] = [];
    let head: Doc;
    if (n.kind === 'create_group') {
      head = concat([kw('CREATE'), ' ', kw('GROUP'), ' ', take()]);
      if (n.parent !== null) clauses.push(concat([kw('IN'), ' ', kw('GROUP'), ' ', take()]));
    } else {
      head = concat([kw('CREATE'), ' ', kw('DATABASE'), ' ', writeName(n.definition.name), ' ', kw('IN'), ' ', kw('GROUP'), ' ', take()]);
      clauses.push(take());
    }
    if (n.teams !== null) clauses.push(clause(kw('TEAMS'), take()));
    return statement(head, clauses);
  });
}

function drop(n: DropAction, _c: Ctx, env: Env): Layout {
  const kw = env.options.kw;
  const k = new Kids();
  const target = n.kind === 'drop_group' ? n.group : n.kind === 'drop_database' ? n.database : n.kind === 'drop_team' ? n.team : n.user;
  k.add(target, DATABASE);
  return k.layout((take) => {
    const head = concat([kw('DROP'), ' ', kw(n.drop.toUpperCase()), ' ', take()]);
    const clauses: Doc[] = [];
    if (n.kind === 'drop_group' || n.kind === 'drop_database') {
      if (n.children === true) clauses.push(kw('CHILDREN'));
      const options = optionsClause(env, [['CHILDREN', n.children === false ? false : null]]);
      if (options) clauses.push(options);
    }
    return statement(head, clauses);
  });
}

/** `ALTER DATABASE db <operation>`: the database, then the operation's clauses. */
function alter(
  n: Extract<AdminAction, { kind: 'alter_add_fields' | 'alter_drop_fields' | 'alter_order_fields' | 'alter_reset_partitions' }>,
  _c: Ctx,
  env: Env,
): Layout {
  const kw = env.options.kw;
  const k = new Kids();
  k.add(n.database, DATABASE);
  switch (n.kind) {
    case 'alter_add_fields':
      k.addAll(n.fields);
      k.add(n.after, DATABASE);
      break;
    case 'alter_drop_fields':
      k.add(n.fields, DATABASE);
      break;
    case 'alter_order_fields':
      k.addAll(n.fields, DATABASE);
      k.add(n.after, DATABASE);
      break;
    case 'alter_reset_partitions':
      k.add(n.partitions, DATABASE);
      break;
  }
  return k.layout((take, takeN) => {
    const head = concat([kw('ALTER'), ' ', kw('DATABASE'), ' ', take()]);
    const clauses: Doc[] = [];
    switch (n.kind) {
      case 'alter_add_fields': {
        clauses.push(clause(kw('ADD FIELDS'), commaList(takeN(n.fields.length))));
        if (n.first === true) clauses.push(kw('FIRST'));
        if (n.after !== null) clauses.push(concat([kw('AFTER'), ' ', take()]));
        const options = optionsClause(env, [['FIRST', n.first === false ? false : null]]);
        if (options) clauses.push(options);
        break;
      }
      case 'alter_drop_fields':
        clauses.push(clause(kw('DROP FIELDS'), take()));
        break;
      case 'alter_order_fields':
        clauses.push(clause(kw('ORDER FIELDS'), commaList(takeN(n.fields.length))));
        if (n.after !== null) clauses.push(concat([kw('AFTER'), ' ', take()]));
        break;
      case 'alter_reset_partitions':
        clauses.push(clause(kw('RESET PARTITIONS'), take()));
        break;
    }
    return statement(head, clauses);
  });
}

/** A JSON object without its parentheses when it has members: SET's (`SET desc = 'd', label = 'l'`). */
const BARE_OBJECT: Ctx = Object.freeze({ capture: null, bareObject: true });

/**
 * `ALTER GROUP g`, `ALTER DATABASE db`, `ALTER DATABASE db ALTER FIELD f`, `ALTER USER u`, then
 * `SET k = v, ...`, `OBJECTS (k = v, ...)` or `FILES (k = 'id', ...)`.
 */
function alterValue(n: AlterValue, _c: Ctx, env: Env): Layout {
  const kw = env.options.kw;
  const k = new Kids();
  const value = (n as unknown as Record<AlterValueOp, JsonObjectData>)[n.op];
  if (n.alter === 'group') k.add(n.group, DATABASE);
  else if (n.alter === 'user') k.add(n.user, DATABASE);
  else k.add(n.database, DATABASE);
  if (n.alter === 'field') k.add(n.field, DATABASE);
  k.add(value, n.op === 'set' ? BARE_OBJECT : PLAIN);
  return k.layout((take) => {
    const head: Doc[] = [kw('ALTER'), ' ', kw(n.alter === 'field' ? 'DATABASE' : n.alter.toUpperCase()), ' ', take()];
    if (n.alter === 'field') head.push(' ', kw('ALTER'), ' ', kw('FIELD'), ' ', take());
    return statement(concat(head), [clause(kw(n.op.toUpperCase()), take())]);
  });
}

/** Layouts of the administrative actions and their definitions. */
export const ADMIN_LAYOUTS = {
  schema_action: (_n, _c, env) => leaf(env.options.kw('SCHEMA')),
  create_group: create,
  create_database: create,
  blob_def: blobDef,
  group_def: groupDef,
  database_def: databaseDef,
  drop_group: drop,
  drop_database: drop,
  drop_team: drop,
  drop_user: drop,
  alter_add_fields: alter,
  alter_drop_fields: alter,
  alter_order_fields: alter,
  alter_reset_partitions: alter,
  alter_group_set: alterValue,
  alter_group_objects: alterValue,
  alter_group_files: alterValue,
  alter_database_set: alterValue,
  alter_database_objects: alterValue,
  alter_database_files: alterValue,
  alter_field_set: alterValue,
  alter_field_objects: alterValue,
  alter_field_files: alterValue,
  alter_user_set: alterValue,
  alter_user_objects: alterValue,
  alter_user_files: alterValue,
  field_def: fieldDef,
  field_option: fieldOption,
} satisfies { readonly [K in AdminAction['kind'] | AdminPart['kind']]: LayoutFn<K> };
