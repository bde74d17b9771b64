import type { Expr, NodeKind, Param, Select, SelectAction, WholeOrParam } from './nodes.js';
import {
  DELIMITED_FORMATS,
  type BooleanLit,
  type DelimitedRecords,
  type FieldExpr,
  type FieldLiteral,
  type FieldValue,
  type FileRef,
  type KeySpec,
  type RecordData,
} from './data-actions.js';
import { BooleanNode, DelimitedRecordsNode, FieldExprNode, FieldValueNode, FileRefNode, RecordNode, SelectActionNode, SpecKeyNode } from './objects.js';
import {
  BOOLEAN,
  DATABASE,
  DELIMITER,
  E,
  FIELD_NAME,
  FILE_VALUE,
  OPTIONAL_BOOLEAN,
  OPTIONAL_ONE_OF,
  OPTIONAL_STRING,
  OPTIONAL_WHOLE_OR_PARAM,
  RECORDS_DATA,
  STRING_LIST_OR_NULL,
  at,
  list,
  nonEmpty,
  nullable,
  one,
  oneOf,
} from './field-checks.js';
import { json, action, type KindSpec } from './kind-spec.js';
import { FETCH_ENTRIES } from './kinds-fetch.js';

/** DELETE, TRASH, RESTORE, DISPOSE: a database and its records. */
const REMOVE = { database: DATABASE, records: one('records_spec'), failNoOp: OPTIONAL_BOOLEAN } as const;

/** The kind table's actions (SELECT, FETCH, the writes) and the parts of data actions (src/ast/kinds.ts). */
export const ACTION_KINDS = {
  // Actions
  select_action: {
    role: 'action',
    fields: { select: one('select'), rows: OPTIONAL_WHOLE_OR_PARAM, useStrings: OPTIONAL_BOOLEAN, echo: OPTIONAL_BOOLEAN },
    json: json({ action: 'select' }),
    keyword: 'OPTIONS',
    operator: null,
    make: (select: Select, options: { rows?: WholeOrParam | null; useStrings?: boolean | null; echo?: boolean | null } = {}): SelectAction =>
      new SelectActionNode(select, options.rows ?? null, options.useStrings ?? null, options.echo ?? null),
  },
  // Data actions (src/ast/data-actions.ts): FETCH (its types: kinds-fetch.ts) and the writes
  ...FETCH_ENTRIES,
  insert_action: {
    role: 'action',
    fields: { database: DATABASE, records: RECORDS_DATA, onDuplicate: OPTIONAL_ONE_OF(['fail', 'update']), failNoOp: OPTIONAL_BOOLEAN },
    json: json({ action: 'insert' }),
    keyword: 'INSERT',
    operator: null,
    make: action('insert_action'),
  },
  replace_action: {
    role: 'action',
    fields: { database: DATABASE, records: RECORDS_DATA, onDuplicate: OPTIONAL_ONE_OF(['update', 'delete', 'trash']), failNoOp: OPTIONAL_BOOLEAN },
    json: json({ action: 'replace' }),
    keyword: 'REPLACE',
    operator: null,
    make: action('replace_action'),
  },
  set_action: {
    role: 'action',
    fields: {
      database: DATABASE,
      records: RECORDS_DATA,
      onDuplicate: OPTIONAL_ONE_OF(['update', 'delete', 'trash']),
      onRemove: OPTIONAL_ONE_OF(['delete', 'trash']),
      failNoOp: OPTIONAL_BOOLEAN,
    },
    json: json({ action: 'set' }),
    keyword: 'SET',
    operator: null,
    make: action('set_action'),
  },
  update_action: {
    role: 'action',
    fields: {
      database: DATABASE,
      records: one('records_spec'),
      fields: list('field_value'),
      expressions: list('field_expr'),
      file: OPTIONAL_STRING,
      failNoOp: OPTIONAL_BOOLEAN,
    },
    json: json({ action: 'update' }),
    keyword: 'UPDATE',
    operator: null,
    make: action('update_action'),
  },
  delete_action: {
    role: 'action',
    fields: REMOVE,
    json: json({ action: 'delete' }),
    keyword: 'DELETE',
    operator: null,
    make: action('delete_action'),
  },
  trash_action: {
    role: 'action',
    fields: REMOVE,
    json: json({ action: 'trash' }),
    keyword: 'TRASH',
    operator: null,
    make: action('trash_action'),
  },
  restore_action: {
    role: 'action',
    fields: REMOVE,
    json: json({ action: 'restore' }),
    keyword: 'RESTORE',
    operator: null,
    make: action('restore_action'),
  },
  dispose_action: {
    role: 'action',
    fields: REMOVE,
    json: json({ action: 'dispose' }),
    keyword: 'DISPOSE',
    operator: null,
    make: action('dispose_action'),
  },

  // The parts of data actions
  boolean: {
    role: 'action_part',
    fields: { value: at(null, BOOLEAN) },
    // A field value `true` / `false`.
    json: json({ plain: 'boolean' }),
    keyword: null,
    operator: null,
    make: (value: boolean): BooleanLit => new BooleanNode(value),
  },
  field_value: {
    role: 'action_part',
    fields: { field: at(null, FIELD_NAME), value: at(null, one('literal')) },
    // `"field": value` of a record object, a key or UPDATE's `fields`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (field: string, value: FieldLiteral | Param): FieldValue => new FieldValueNode(field, value),
  },
  field_expr: {
    role: 'action_part',
    fields: { field: at(null, FIELD_NAME), e: at(null, E) },
    // `"field": expression` of `expressions`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (field: string, e: Expr): FieldExpr => new FieldExprNode(field, e),
  },
  spec_key: {
    role: 'action_part',
    fields: { key: nonEmpty('field_value') },
    json: json({ type: 'key' }),
    keyword: 'KEY',
    operator: null,
    make: (key: readonly FieldValue[]): KeySpec => new SpecKeyNode(key),
  },
  file_ref: {
    role: 'action_part',
    fields: { form: at(null, oneOf(['object', 'text', 'base64'])), value: at('content', FILE_VALUE) },
    // An object id (a JSON string), or `{"type": "text"|"base64", "content": ...}`.
    json: json({ plain: 'string' }),
    keyword: 'FILE',
    operator: null,
    make: (form: FileRef['form'], value: string): FileRef => new FileRefNode(form, value),
  },
  record: {
    role: 'action_part',
    fields: {
      values: at(null, list('field_value')),
      expressions: list('field_expr'),
      file: nullable('file_ref'),
      tags: STRING_LIST_OR_NULL,
    },
    // A record object: field values, `expressions`, `file`, `tags`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (parts: Omit<RecordData, 'kind'>): RecordData => new RecordNode(parts.values, parts.expressions, parts.file, parts.tags),
  },
  delimited_records: {
    role: 'action_part',
    fields: { format: at('type', oneOf(DELIMITED_FORMATS)), file: one('file_ref'), delimiter: DELIMITER, quote: OPTIONAL_STRING },
    // The records of a write as delimiter-separated data: `{"type": "dsv"|"csv"|"tsv", "file": ..., "delimiter": ..., "quote": ...}`.
    json: json({ type: 'dsv', typeAliases: ['csv', 'tsv'] }),
    keyword: 'FROM',
    operator: null,
    make: (parts: Omit<DelimitedRecords, 'kind'>): DelimitedRecords => new DelimitedRecordsNode(parts.format, parts.file, parts.delimiter, parts.quote),
  },
} as const satisfies { readonly [K in NodeKind]?: KindSpec<K> };
