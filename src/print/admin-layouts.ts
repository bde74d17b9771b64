import type { AdminAction, AdminPart, DropAction } from '../ast/admin-actions.js';
import { concat, verbatim, type Doc } from './doc/doc.js';
import { leaf, list, type Ctx, type Env, type Layout, type LayoutFn } from './engine.js';
import { isBareName, quoteString, writeName } from './names.js';
import { DATABASE, Kids, clause, commaList, optionsClause, statement } from './action-layout.js';

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
const FIELD_TEXT = [['label', 'LABEL'], ['format', 'FORMAT'], ['meas', 'MEAS'], ['unit', 'UNIT'], ['desc', 'DESC'], ['def', 'DEFAULT'], ['ref', 'REF']] as const;
const FIELD_FLAGS = [['key', 'KEY'], ['nul', 'NULL'], ['strict', 'STRICT'], ['lock', 'LOCK']] as const;

const fieldDef: LayoutFn<'field_def'> = (n, _c, env) => {
  const kw = env.options.kw;
  const k = new Kids();
  k.addAll(n.options);
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
    if (n.options.length > 0) parts.push(' ', list(`${kw('OPTIONS')} (`, takeN(n.options.length), ')'));
    return concat(parts);
  });
};

const fieldOption: LayoutFn<'field_option'> = (n, _c, env) =>
  leaf(n.desc === null ? verbatim(quoteString(n.value)) : concat([verbatim(quoteString(n.value)), ' ', env.options.kw('DESC'), ' ', verbatim(quoteString(n.desc))]));

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
function alter(n: Extract<AdminAction, { alter: 'database' }>, _c: Ctx, env: Env): Layout {
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

/** Layouts of the administrative actions and their definitions. */
export const ADMIN_LAYOUTS = {
  schema_action: (_n, _c, env) => leaf(env.options.kw('SCHEMA')),
  drop_group: drop,
  drop_database: drop,
  drop_team: drop,
  drop_user: drop,
  alter_add_fields: alter,
  alter_drop_fields: alter,
  alter_order_fields: alter,
  alter_reset_partitions: alter,
  field_def: fieldDef,
  field_option: fieldOption,
} satisfies { readonly [K in AdminAction['kind'] | AdminPart['kind']]: LayoutFn<K> };
