import type { FieldValue, KeySpec, RecordsSpecifier } from '../ast/data-actions.js';
import type { Node } from '../ast/nodes.js';
import { fieldOf, type DatabaseInfo } from './catalog.js';
import { SqlError } from './errors.js';
import { expr, numberSql, type ExprContext } from './expressions.js';
import type { SourceScope } from './name-resolution.js';
import { givenSql, type Given } from './values.js';

/**
 * A records specifier (FETCH records, UPDATE, DELETE, ...) as a condition on a record table:
 * `all` is true, an id is a `record_id`, `where` its expression, a key the key fields' values, an
 * array any of its items (an empty array none).
 */
export function recordsCondition(cx: ExprContext, source: SourceScope, spec: RecordsSpecifier): string {
  const { t } = cx;
  const info = source.info as DatabaseInfo;
  const rid = `${t.q(source.sqlAlias)}.${t.q('record_id')}`;
  const one = (s: RecordsSpecifier): string => {
    switch (s.kind) {
      case 'spec_all':
        return 'TRUE';
      case 'spec_id':
        return `(${rid} = ${numberSql(t, s.id).sql})`;
      case 'spec_name':
        throw new SqlError('run/unavailable', `records have no names in a local run: "${s.name}" specifies none (give an id, a key or a where)`, s);
      case 'spec_where':
        return expr(cx, s.where).sql;
      case 'spec_key':
        return keyCondition(cx, source, info, s);
      case 'spec_array':
        return s.items.length === 0 ? 'FALSE' : `(${s.items.map(one).join(' OR ')})`;
    }
  };
  return one(spec);
}

/** A literal field value as written (`field_value`), read by the field's type. */
export function givenOf(v: FieldValue): Given {
  const value = v.value;
  switch (value.kind) {
    case 'null':
      return { kind: 'null' };
    case 'number':
      return { kind: 'number', text: value.value };
    case 'string':
      return { kind: 'string', text: value.value };
    case 'boolean':
      return { kind: 'boolean', value: value.value };
    case 'param':
      throw new SqlError('run/unbound-param', `the parameter :${value.name} has no value`, value);
  }
}

/** `{"type": "key"}`: every key field with a non-null value, nothing else (the spec's key specifier). */
function keyCondition(cx: ExprContext, source: SourceScope, info: DatabaseInfo, spec: KeySpec): string {
  const { t } = cx;
  if (info.keys.length === 0) throw new SqlError('run/no-key', `the database "${info.entry.path}" has no key fields, so no record is specified by a key`, spec);
  const given = new Map<string, FieldValue>();
  for (const v of spec.key) {
    const field = fieldOf(info, v.field, v);
    if (!field.key)
      throw new SqlError('run/not-a-key', `"${v.field}" is not a key field of "${info.entry.path}" (its keys: ${info.keys.map((k) => k.name).join(', ')})`, v);
    if (given.has(field.name)) throw new SqlError('run/duplicate-field', `the key gives the field "${field.name}" twice`, v);
    given.set(field.name, v);
  }
  return `(${info.keys
    .map((k) => {
      const v = given.get(k.name);
      if (v === undefined || v.value.kind === 'null') {
        throw new SqlError(
          'run/key-incomplete',
          `a key of "${info.entry.path}" needs a non-null value for every key field: "${k.name}" has none`,
          spec as Node,
        );
      }
      const lit = givenSql(t.dialect, k, givenOf(v));
      if (!lit.ok) throw new SqlError('run/bad-value', lit.problem, v);
      return `${t.q(source.sqlAlias)}.${t.q(k.name)} = ${lit.sql}`;
    })
    .join(' AND ')})`;
}
