import type { Expr, Node, Param, Select } from '../ast/nodes.js';
import { visit } from '../ast/walk.js';
import { resolveColumn, resolveDatabaseColumn, resolveFieldName } from '../lint/schema-columns.js';
import { buildActionScope, buildScope, scopeOwnerOf, type Scope, type ScopedAction } from '../lint/scope.js';
import type { RuleContext } from '../lint/rule-api.js';
import type { Schema, SchemaField } from '../schema/index.js';
import { specFunction } from '../spec/functions.js';
import { EXPR_CALL_OF } from '../ast/kinds-expressions.js';
import { paramTypeOfField, type ParamType } from '../schema/param-types.js';

/** What is known of one parameter of a statement. */
export interface ParamInfo {
  readonly name: string;
  /** Its type: from `-- @param`, else from what it is compared with; null when nothing says. */
  readonly type: ParamType | null;
  /** Used as `IN :name` (a value list). */
  readonly list: boolean;
  /** Where the type came from. */
  readonly from: 'annotation' | 'field' | 'literal' | 'limit' | null;
  /** The field it is compared with, when the type came from one. */
  readonly field: SchemaField | null;
  /** The first use (for spans). */
  readonly node: Param;
  /** Every use. */
  readonly nodes: readonly Param[];
}

/** Comparison and arithmetic operators: a parameter on one side has the other side's type. */
const TYPED_OPS: ReadonlySet<string> = new Set(['=', '!=', '<', '<=', '>', '>=', 'like', 'regexp', 'is', '+', '-', '*', '/', '%']);

interface Found {
  type: ParamType | null;
  from: ParamInfo['from'];
  field: SchemaField | null;
}

/**
 * The parameters of a statement with their types: an annotation (`-- @param name type`) wins;
 * else the type of the field the parameter is compared with (=, <, LIKE, BETWEEN bounds, IN
 * items, arithmetic), as the schema gives it; else the kind of a literal it is compared with;
 * LIMIT, OFFSET and OPTIONS ROWS are integers; a key value (KEY(id = :id)) has its field's type. Iterative.
 */
export function inferParams(statement: Node, schema: Schema | null, annotations: ReadonlyMap<string, ParamType> = new Map()): ParamInfo[] {
  const context = { schema } as unknown as RuleContext;
  const scopes: Scope[] = [];
  const found = new Map<string, Found>();
  const uses = new Map<string, Param[]>();
  const lists = new Set<string>();

  const typeOfOperand = (e: Expr): Found | null => {
    if (e.kind === 'column' || e.kind === 'database_column') {
      if (schema === null) return null;
      const r = e.kind === 'column' ? resolveColumn(context, e, scopes) : resolveDatabaseColumn(context, e);
      if (r.status !== 'field') return null;
      const type = paramTypeOfField(r.field);
      return type === null ? null : { type, from: 'field', field: r.field };
    }
    switch (e.kind) {
      case 'count_rows':
        return { type: 'integer', from: 'literal', field: null };
      case 'function': {
        // By the spec function table's `result` (src/spec/functions.ts): COUNT a whole number,
        // MIN and MAX their argument's type, SUM and the bit aggregates their argument's kind of
        // number (whole over whole), AVG and the others a number.
        const f = specFunction(e.name);
        if (f === undefined) return null;
        if (f.result === 'whole') return { type: 'integer', from: 'literal', field: null };
        const arg = e.args.length === 1 ? typeOfOperand(e.args[0] as Expr) : null;
        if (!arg) return null;
        if (f.result === 'argument') return arg;
        if (arg.type !== 'integer' && arg.type !== 'number') return null;
        return { ...arg, type: f.result === 'numeric' ? arg.type : 'number' };
      }
      case 'number':
        return { type: 'number', from: 'literal', field: null };
      case 'string':
        return { type: 'string', from: 'literal', field: null };
      case 'datetime':
      case 'localdate':
      case 'localtime':
      case 'localdatetime':
        return { type: e.kind, from: 'literal', field: null };
      default: {
        // An expression call: its entry's value type (src/ast/kind-spec.ts `CallValue`; a parameter is never a boolean).
        const type = EXPR_CALL_OF[e.kind]?.value.type;
        return type === undefined || type === 'boolean' ? null : { type, from: 'literal', field: null };
      }
    }
  };
  const note = (p: Expr | undefined, other: Expr | null, fixed?: Found) => {
    if (p?.kind !== 'param' || found.get(p.name)?.type) return;
    const f = fixed ?? (other ? typeOfOperand(other) : null);
    if (f) found.set(p.name, f);
  };
  const LIMIT: Found = { type: 'integer', from: 'limit', field: null };

  /** The type of the field a data action writes or keys by `name` (its database's, in the innermost scope). */
  const fieldType = (name: string): Found | undefined => {
    if (schema === null) return undefined;
    const r = resolveFieldName(scopes, name);
    const type = r.status === 'field' ? paramTypeOfField(r.field) : null;
    return r.status === 'field' && type !== null ? { type, from: 'field', field: r.field } : undefined;
  };
  // An action's fields are in scope where its records are (WHERE, RECORDS, SET: src/lint/scope.ts): the nodes that opened one.
  const actionScopes = new Map<ScopedAction, Scope>();
  const opened = new Set<Node>();

  visit(statement, {
    enter(node, info) {
      const owner = info.parent === null ? null : scopeOwnerOf(info.parent, info.key);
      if (owner !== null && owner.kind !== 'select') {
        let own = actionScopes.get(owner);
        if (own === undefined) {
          own = buildActionScope(owner, schema);
          actionScopes.set(owner, own);
        }
        opened.add(node);
        scopes.unshift(own);
      }
      switch (node.kind) {
        case 'field_expr': {
          // INSERT ... VALUES (:v), UPDATE ... SET f = :v: the type of the field written.
          const f = fieldType(node.field);
          if (f) note(node.e, null, f);
          break;
        }
        case 'select':
          scopes.unshift(buildScope(node, schema));
          note(node.limit ?? undefined, null, LIMIT);
          note(node.offset ?? undefined, null, LIMIT);
          break;
        case 'select_action':
          // OPTIONS (ROWS = :n): a whole number.
          if (typeof node.rows === 'object') note(node.rows ?? undefined, null, LIMIT);
          break;
        case 'fetch_records':
        case 'fetch_multirecords':
        case 'fetch_pseudorecords':
        case 'fetch_tasks':
        case 'fetch_users':
          if (typeof node.limit === 'object') note(node.limit ?? undefined, null, LIMIT);
          if (typeof node.offset === 'object') note(node.offset ?? undefined, null, LIMIT);
          break;
        case 'field_value': {
          // KEY(id = :id): the type of the key field (the action's database in scope).
          const f = fieldType(node.field);
          if (f) note(node.value as Expr, null, f);
          break;
        }
        case 'param': {
          const list = uses.get(node.name) ?? [];
          list.push(node);
          uses.set(node.name, list);
          if (node.list) lists.add(node.name);
          break;
        }
        case 'binary':
          if (TYPED_OPS.has(node.op)) {
            note(node.e1, node.e2);
            note(node.e2, node.e1);
          }
          break;
        case 'between':
          note(node.min, node.e);
          note(node.max, node.e);
          note(node.e, node.min.kind === 'param' ? node.max : node.min);
          break;
        case 'in':
          for (const v of node.values) note(v, node.e);
          break;
        default:
          break;
      }
      return undefined;
    },
    leave(node) {
      if (node.kind === 'select') scopes.shift();
      if (opened.delete(node)) scopes.shift();
    },
  });

  return [...uses].map(([name, nodes]) => {
    const annotated = annotations.get(name);
    const f: Found = annotated ? { type: annotated, from: 'annotation', field: null } : (found.get(name) ?? { type: null, from: null, field: null });
    return { name, type: f.type, list: lists.has(name), from: f.from, field: f.field, node: nodes[0] as Param, nodes };
  });
}

export type { Select };
