import type { Expr, Node, Param } from '../../ast/nodes.js';
import { paramTypeOf, type ParamType } from '../../schema/param-types.js';
import { resolveColumn, resolveDatabaseColumn, resolveFieldName } from '../schema-columns.js';
import type { SchemaField } from '../../schema/index.js';
import type { Rule, RuleContext } from '../rule-api.js';
import { comparedPairs } from '../compared.js';
import { fieldKind } from './type-mismatch.js';

type ValueKind = NonNullable<ReturnType<typeof fieldKind>>;
const KIND_TEXT: Record<ValueKind, string> = { number: 'a number', text: 'a text', temporal: 'a date/time' };

function kindOfType(type: ParamType): ValueKind {
  return type === 'integer' || type === 'number' ? 'number' : type === 'string' ? 'text' : 'temporal';
}

/** `-- @param NAME TYPE` annotations anywhere in the text. */
function annotations(text: string): Map<string, ParamType> {
  const out = new Map<string, ParamType>();
  for (const m of text.matchAll(/--[ \t]*@param[ \t]+:?([A-Za-z_][A-Za-z0-9_]*)[ \t]+([A-Za-z_]+)/g)) {
    const type = paramTypeOf(m[2] as string);
    if (type) out.set(m[1] as string, type);
  }
  return out;
}

/**
 * With a schema: a parameter compared with a field of another kind than its `-- @param` type
 * (a key value `KEY(id = :id)` and a value a data action writes, `SET amount = :p`, too), or compared with fields of two different kinds (`a = :p AND
 * created = :p`): one value cannot fit both, so the statement compares at least one field with a
 * value of the wrong kind. A parameter for LIMIT, OFFSET or ROWS stated as another type than
 * integer is reported too.
 */
export const paramTypeMismatch: Rule = {
  meta: {
    id: 'param-type-mismatch',
    severity: 'error',
    docs: { description: 'With a schema, reports a parameter compared with a field of another kind than its stated type, or with fields of different kinds.' },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    let stated = new Map<string, ParamType>();
    /** The first field each parameter was compared with, per statement. */
    let seen = new Map<string, { field: SchemaField; kind: ValueKind }>();
    let statement: Node | null = null;
    const check = (p: Expr, other: Expr) => {
      if (p.kind === 'param') checkField(p, fieldOf(context, other));
    };
    const checkField = (p: Param, field: SchemaField | null) => {
      if (context.statement() !== statement) {
        statement = context.statement();
        seen = new Map();
      }
      const kind = field ? fieldKind(field.type) : null;
      if (!field || !kind) return;
      const type = stated.get(p.name);
      if (type && kindOfType(type) !== kind) {
        report(
          context,
          p,
          `:${p.name} is stated as ${type} (${KIND_TEXT[kindOfType(type)]}), but compared with ${field.name}, ${KIND_TEXT[kind]} field (${field.type})`,
        );
        return;
      }
      const first = seen.get(p.name);
      if (!first) seen.set(p.name, { field, kind });
      else if (first.kind !== kind) {
        report(
          context,
          p,
          `:${p.name} is compared with ${first.field.name}, ${KIND_TEXT[first.kind]} field (${first.field.type}), and with ${field.name}, ${KIND_TEXT[kind]} field (${field.type}): one value cannot be both`,
        );
      }
    };
    /** A parameter given to a field by name (a key value, a value a data action writes). */
    const given = (name: string, value: Node) => {
      if (value.kind !== 'param') return;
      const r = resolveFieldName(context.scopes(), name);
      checkField(value as Param, r.status === 'field' ? r.field : null);
    };
    /** A parameter standing for a whole number (LIMIT, OFFSET, OPTIONS ROWS) stated as another type. */
    const whole = (v: unknown, place: string) => {
      if (typeof v !== 'object' || v === null || (v as Node).kind !== 'param') return;
      const p = v as Param;
      const type = stated.get(p.name);
      if (type && type !== 'integer') report(context, p, `:${p.name} is stated as ${type}, but stands for ${place}, a whole number`);
    };
    const paging = (node: { readonly limit: unknown; readonly offset: unknown }) => {
      whole(node.limit, 'LIMIT');
      whole(node.offset, 'OFFSET');
    };
    return {
      file() {
        stated = annotations(context.text);
      },
      ...comparedPairs(check),
      select: paging,
      select_action: (node) => whole(node.rows, 'ROWS (rows per packet)'),
      fetch_records: paging,
      fetch_multirecords: paging,
      fetch_pseudorecords: paging,
      fetch_tasks: paging,
      fetch_users: paging,
      // KEY(id = :id), SET amount = :p, VALUES (:p): the field of the action's database it is given to.
      field_value: (node) => given(node.field, node.value),
      field_expr: (node) => given(node.field, node.e),
    };
  },
};

function report(context: RuleContext, node: Param, message: string): void {
  context.report({ node, message, hint: 'state the type the field has with -- @param NAME TYPE, or use two parameters' });
}

function fieldOf(context: RuleContext, e: Node): SchemaField | null {
  const r = e.kind === 'column' ? resolveColumn(context, e, context.scopes()) : e.kind === 'database_column' ? resolveDatabaseColumn(context, e) : null;
  return r?.status === 'field' ? r.field : null;
}
