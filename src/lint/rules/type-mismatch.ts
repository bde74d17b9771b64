import type { Expr, ExprKind, Node } from '../../ast/nodes.js';
import { resolveColumn, resolveDatabaseColumn } from '../schema-columns.js';
import { fieldCategory, type FieldCategory, type SchemaField } from '../../schema/index.js';
import type { Rule, RuleContext } from '../rule-api.js';

/** The broad kind of a field type name or a literal, for comparisons. */
type ValueKind = 'number' | 'text' | 'temporal';

/**
 * The kind of a field type name, from src/schema `fieldCategory` (the spec shows only `int(4)`,
 * `utf8text` and `utf8vstring(128)`; booleans and unknown names are skipped).
 */
export function fieldKind(type: string): ValueKind | null {
  const category: FieldCategory = fieldCategory(type);
  switch (category) {
    case 'integer':
    case 'bigint':
    case 'float':
    case 'decimal':
      return 'number';
    case 'string':
      return 'text';
    case 'datetime':
      return 'temporal';
    case 'boolean':
    case 'unknown':
      return null;
  }
}

/** The value kind of each expression kind when it is a literal (null: not a literal, or no kind to compare). */
export const LITERAL_KINDS: { readonly [K in ExprKind]: ValueKind | null } = {
  null: null,
  number: 'number',
  string: 'text',
  datetime: 'temporal',
  localdatetime: 'temporal',
  localdate: 'temporal',
  localtime: 'temporal',
  column: null,
  system_column: null,
  database_column: null,
  alias: null,
  between: null,
  binary: null,
  case: null,
  collate: null,
  count_rows: null,
  exists: null,
  function: null,
  in: null,
  in_select: null,
  param: null,
  subquery: null,
  unary: null,
};

function literalKind(e: Expr): ValueKind | null {
  return LITERAL_KINDS[e.kind];
}

/** Clearly different kinds: a string against a number field, a number against a text or datetime field, a datetime against a number or text field. */
function clash(field: ValueKind, literal: ValueKind): boolean {
  if (field === literal) return false;
  if (field === 'temporal' && literal === 'text') return false; // ISO text may be read as a datetime
  return true;
}

const KIND_TEXT: Record<ValueKind, string> = { number: 'a number', text: 'a text', temporal: 'a date/time' };

/** With a schema: a comparison of a field with a literal of a clearly different kind. */
export const typeMismatch: Rule = {
  meta: {
    id: 'type-mismatch',
    severity: 'error',
    docs: { description: 'With a schema, reports comparisons between a field and a literal of a clearly different kind (a number field with a string, a text field with a number...).' },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    const check = (column: Expr, literals: readonly Expr[]) => {
      const field = fieldOf(context, column);
      if (!field) return;
      const kind = fieldKind(field.type);
      if (!kind) return;
      for (const lit of literals) {
        const lk = literalKind(lit);
        if (!lk || !clash(kind, lk)) continue;
        context.report({
          node: lit,
          message: `${field.name} is ${KIND_TEXT[kind]} field (${field.type}), compared with ${KIND_TEXT[lk]} ${context.sourceOf(lit) ?? 'literal'}; compare it with ${KIND_TEXT[kind]} value.`,
        });
      }
    };
    return {
      binary(node) {
        if (!['=', '!=', '<', '<=', '>', '>='].includes(node.op)) return;
        check(node.e1, [node.e2]);
        check(node.e2, [node.e1]);
      },
      between: (node) => check(node.e, [node.min, node.max]),
      in: (node) => check(node.e, node.values),
    };
  },
};

function fieldOf(context: RuleContext, e: Node): SchemaField | null {
  const r = e.kind === 'column' ? resolveColumn(context, e, context.scopes()) : e.kind === 'database_column' ? resolveDatabaseColumn(context, e) : null;
  return r?.status === 'field' ? r.field : null;
}
