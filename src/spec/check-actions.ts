import { withArticle } from '../diagnostic/article.js';
import { fieldKey, foldName, RECORD_PROPERTIES, type FieldExpr, type FieldValue } from '../ast/data-actions.js';
import type { Node, Specifier, WholeOrParam } from '../ast/nodes.js';
import { checkNumber, compareNumbers } from '../ast/numbers.js';
import { KINDS } from '../ast/kinds.js';
import { FETCH_ONE_OF, type FetchType } from '../ast/kinds-fetch.js';
import { checkAdminNode } from './check-admin.js';

/**
 * The spec's rules about data actions that their shape does not say (src/spec/check.ts runs
 * them with the rest): a field named twice in a record, a key or an UPDATE (the spec: "A field
 * may get a value from either the base object or `expressions`, not both"; "A field named more
 * than once across `fields` and `expressions` makes the action fail"), field names not empty
 * and without the record object's own keys, LIMIT and OFFSET whole and at least 0, a key
 * specifier only where records are specified, an UPDATE with fail_no_op true that cannot but
 * fail (no values, or an empty records array: the Errors row "fail_no_op true and no matching
 * records or no values supplied").
 */

export interface ActionProblem {
  readonly code: string;
  readonly message: string;
  readonly node: Node;
  readonly field?: string;
  readonly hint?: string;
}

/** `owner` is the node the items' JSON object belongs to (a problem is placed at it: the JSON pointer of `expressions`, `fields`, the record). */
function twice(items: readonly (FieldValue | FieldExpr)[], where: string, rule: string, out: ActionProblem[], owner: Node, valuesKey?: string): void {
  const seen = new Map<string, FieldValue | FieldExpr>();
  for (const item of items) {
    const key = fieldKey(item.field);
    const first = seen.get(key);
    if (first !== undefined) {
      const same = first.field === item.field ? `the field ${item.field}` : `the field ${first.field} (also written ${item.field})`;
      const field = item.kind === 'field_expr' ? 'expressions' : valuesKey;
      out.push({ code: 'spec/field-twice', message: `${same} is given twice in ${where}: ${rule}`, node: owner, ...(field !== undefined ? { field } : {}) });
      return;
    }
    seen.set(key, item);
  }
}

function names(items: readonly (FieldValue | FieldExpr)[], out: ActionProblem[]): void {
  for (const item of items) {
    if (item.field === '' || foldName(item.field) !== item.field) {
      out.push({
        code: 'spec/field-name',
        message: `a field name must not be empty nor start, end or hold runs of white space (the spec's key rules), got ${JSON.stringify(item.field)}`,
        node: item,
        field: 'field',
      });
    }
  }
}

function whole(text: WholeOrParam | null, what: string, node: Node, field: string, min: boolean, out: ActionProblem[]): void {
  // (A parameter is checked when it is bound: src/params/bind.ts.)
  if (text === null || typeof text !== 'string') return;
  const check = checkNumber(text);
  if (!check.ok) out.push({ code: 'spec/invalid-number', message: `${what}: ${check.reason}`, node, field });
  else if (!check.whole) out.push({ code: 'spec/invalid-number', message: `${what} must be a whole number, got ${text}`, node, field });
  // (-0 is 0: at least 0.)
  else if (min && compareNumbers(text, '0') < 0) out.push({ code: 'spec/invalid-number', message: `${what} must be at least 0, got ${text}`, node, field });
}

/** A key specifier stands only where records are specified. */
function noKey(spec: Specifier, node: Node, field: string, out: ActionProblem[]): void {
  const hasKey = spec.kind === 'spec_array' && spec.items.some((i) => i.kind === 'spec_key');
  if (hasKey) out.push({ code: 'spec/key-specifier', message: 'a key specifier selects records; it cannot specify a database', node, field });
}

/** RFC 4648 standard base64: the base alphabet, in groups of 4, the last padded with `=`. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const RECORD_RULE = 'a field gets its value from the record object or from "expressions", not both';
const UPDATE_RULE = 'the spec: a field named more than once across "fields" and "expressions" makes the action fail';

/** The problems of one node of a data action (not its children). */
/** Both fields of a FETCH pair of which at most one may be given (the kind table's `orBefore` marker: FETCH_ONE_OF). */
function oneOf(node: Node, out: ActionProblem[]): void {
  const type = KINDS[node.kind].json.fetch;
  if (type === null) return;
  const parts = node as unknown as Readonly<Record<string, unknown>>;
  for (const { first, second } of FETCH_ONE_OF[type as FetchType]) {
    if (parts[first.key] !== null && parts[second.key] !== null) {
      const message = `FETCH ${type.toUpperCase()} takes ${withArticle(first.key)} or ${withArticle(second.key)}, not both`;
      out.push({ code: `spec/${first.key}-and-${second.key}`, message, node, field: second.key });
    }
  }
}

export function checkActionNode(node: Node, out: ActionProblem[]): void {
  oneOf(node, out);
  switch (node.kind) {
    case 'record': {
      const all = [...node.values, ...node.expressions];
      names(all, out);
      twice(all, 'one record', RECORD_RULE, out, node);
      for (const f of all) {
        if ((RECORD_PROPERTIES as readonly string[]).includes(fieldKey(f.field))) {
          out.push({
            code: 'spec/field-name',
            message: `no field of a record object can be called "${f.field}": the record object uses that key for its ${fieldKey(f.field) === 'tags' ? 'tags' : fieldKey(f.field) === 'file' ? 'binary object' : 'expressions'}`,
            node: f,
            field: 'field',
          });
        }
      }
      if (node.tags?.some((t) => t === '')) out.push({ code: 'spec/empty-string', message: 'a tag cannot be empty', node, field: 'tags' });
      return;
    }
    case 'spec_key':
      names(node.key, out);
      if (node.key.length === 0) out.push({ code: 'spec/empty-list', message: 'a key specifier needs the value of every key field', node, field: 'key' });
      twice(node.key, 'a key specifier', 'each key field has one value', out, node, 'key');
      for (const v of node.key) {
        if (v.value.kind === 'null') {
          out.push({
            code: 'spec/key-null',
            message: `the key field ${v.field} is null: every key field of the database must have a non-null value (the spec's key specifier)`,
            node,
            field: 'key',
            hint: 'a key specifier names records by their key values; to select on NULL use {"type": "where", ...}',
          });
        }
      }
      return;
    case 'delimited_records':
      if (node.format === 'dsv' && node.delimiter === null) {
        out.push({
          code: 'spec/dsv-delimiter',
          message: 'dsv records need a delimiter (the spec: "delimiter: string, required for dsv")',
          node,
          hint: "give it: FROM DSV (DELIMITER = ';') ..., or use CSV or TSV",
        });
      }
      for (const field of ['delimiter', 'quote'] as const) {
        if (node[field] === '') out.push({ code: 'spec/empty-string', message: `the ${field} of ${node.format} records cannot be empty`, node, field });
      }
      return;
    case 'file_ref':
      if (node.value === '')
        out.push({
          code: 'spec/empty-string',
          message: `${node.form === 'object' ? 'an object id' : 'the content of a binary object'} cannot be empty (the spec's empty string is null)`,
          node,
          field: 'value',
        });
      else if (node.form === 'base64' && !BASE64.test(node.value)) {
        out.push({
          code: 'spec/base64',
          message: `the content of a base64 binary object must be standard base64 (RFC 4648: A-Z a-z 0-9 + /, padded with = to a multiple of 4 characters), got ${JSON.stringify(node.value.length > 40 ? `${node.value.slice(0, 40)}…` : node.value)}`,
          node,
          field: 'value',
          hint: 'plain text goes in {"type": "text", "content": ...}',
        });
      }
      return;
    case 'update_action': {
      const all = [...node.fields, ...node.expressions];
      names(all, out);
      twice(all, 'an UPDATE', UPDATE_RULE, out, node, 'fields');
      if (node.file === '') out.push({ code: 'spec/empty-string', message: 'the file object id cannot be empty', node, field: 'file' });
      if (node.failNoOp === true && node.fields.length === 0 && node.expressions.length === 0 && node.file === null) {
        out.push({
          code: 'spec/update-no-values',
          message:
            'an UPDATE with fail_no_op true and no values in fields, expressions or file always fails (the spec: with no values "the action succeeds without changes unless fail_no_op is true, in which case it fails")',
          node,
          field: 'fail_no_op',
          hint: 'give the values to set, or leave fail_no_op out',
        });
      }
      // The Errors row's other half: "fail_no_op true and no matching records". An empty array
      // specifier matches no record, whatever the database holds.
      if (node.failNoOp === true && node.records.kind === 'spec_array' && node.records.items.length === 0) {
        out.push({
          code: 'spec/update-no-records',
          message:
            'an UPDATE with fail_no_op true and an empty records array always fails: it matches no record (the spec: with no matching records "the action succeeds without changes unless fail_no_op is true, in which case it fails")',
          node: node.records,
          hint: 'name the records to update, or leave fail_no_op out',
        });
      }
      noKey(node.database, node, 'database', out);
      return;
    }
    case 'fetch_records':
    case 'fetch_multirecords':
    case 'fetch_pseudorecords':
    case 'fetch_tasks':
    case 'fetch_users':
      whole(node.limit, 'LIMIT', node, 'limit', true, out);
      whole(node.offset, 'OFFSET', node, 'offset', true, out);
      if (node.kind === 'fetch_tasks') {
        whole(node.from, 'a task id (FROM)', node, 'from', false, out);
        if (node.text === '') out.push({ code: 'spec/empty-string', message: 'the search text cannot be empty', node, field: 'text' });
      }
      if (node.kind === 'fetch_records') {
        noKey(node.database, node, 'database', out);
        for (const [field, list] of [
          ['fields', node.fields],
          ['attributes', node.attributes],
        ] as const) {
          if (list?.some((n) => n === '')) out.push({ code: 'spec/empty-name', message: `a name in ${field} cannot be empty`, node, field });
        }
      }
      if (node.kind === 'fetch_multirecords') noKey(node.databases, node, 'databases', out);
      return;
    case 'fetch_logs':
      noKey(node.database, node, 'database', out);
      return;
    case 'fetch_notifications':
      if (node.type === '')
        out.push({ code: 'spec/empty-string', message: 'the notification type cannot be empty (the empty string is null)', node, field: 'type' });
      return;
    case 'fetch_posts':
      whole(node.post, 'a post id (POST)', node, 'post', false, out);
      if ((node.wallType === null) !== (node.wall === null)) {
        out.push({ code: 'spec/wall', message: 'a wall specifier has a type and the group, database or user it belongs to', node, field: 'wall' });
      } else if ((node.wallType === 'record') !== (node.wallRecord !== null)) {
        out.push({ code: 'spec/wall', message: 'a record wall names its database and its record; the other walls name no record', node, field: 'wall' });
      }
      if (node.wall !== null && (node.wallType === 'database' || node.wallType === 'record')) noKey(node.wall, node, 'wall', out);
      return;
    case 'insert_action':
    case 'replace_action':
    case 'set_action':
    case 'delete_action':
    case 'trash_action':
    case 'restore_action':
    case 'dispose_action':
      noKey(node.database, node, 'database', out);
      return;
    case 'table_database':
      noKey(node.database, node, 'database', out);
      return;
    case 'database_column':
      noKey(node.database, node, 'database', out);
      noKey(node.column, node, 'column', out);
      return;
    default:
      // The administrative actions and their definitions: check-admin.ts.
      checkAdminNode(node, out);
      return;
  }
}
