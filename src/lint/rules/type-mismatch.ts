import type { FieldExpr, FieldValue } from '../../ast/data-actions.js';
import type { Expr, ExprKind, Node } from '../../ast/nodes.js';
import { EXPR_CALLS, type ExprCallKind } from '../../ast/kinds-expressions.js';
import { resolveColumn, resolveDatabaseColumn, resolveFieldName } from '../schema-columns.js';
import { datetimeType, fieldCategory, type DatetimeType, type FieldCategory, type SchemaField } from '../../schema/index.js';
import type { Rule, RuleContext } from '../rule-api.js';

/** The broad kind of a field type name or a literal, for comparisons. */
type ValueKind = 'number' | 'text' | 'temporal';
/** What a literal is: a value kind, or a boolean (a field value: `TRUE`, `FALSE`). */
type LiteralKind = ValueKind | 'boolean';

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

/**
 * The value kind of each expression kind when it is a literal (null: not a literal, or no kind
 * to compare). An expression call (src/ast/kind-spec.ts `CallForm`) is no literal: null, as a
 * function's.
 */
export const LITERAL_KINDS: { readonly [K in ExprKind]: ValueKind | null } = {
  ...(Object.fromEntries(EXPR_CALLS.map((c) => [c.kind, null])) as { readonly [K in ExprCallKind]: null }),
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

/** A datetime literal: whether it holds a date, a time of day, or both. */
const DATETIME_PARTS: Readonly<Record<string, 'date' | 'time' | 'both'>> = { datetime: 'both', localdatetime: 'both', localdate: 'date', localtime: 'time' };
/** A datetime field's kind: what its values hold. */
const FIELD_PARTS: Readonly<Record<DatetimeType, 'date' | 'time' | 'both'>> = { DateTime: 'both', LocalDateTime: 'both', LocalDate: 'date', LocalTime: 'time' };
const DATETIME_TEXT: Readonly<Record<string, string>> = { datetime: 'DATETIME', localdatetime: 'LOCALDATETIME', localdate: 'DATE', localtime: 'TIME' };

function literalKind(e: Expr | FieldValue['value']): LiteralKind | null {
  return e.kind === 'boolean' ? 'boolean' : LITERAL_KINDS[e.kind];
}

/**
 * Clearly different kinds: a string against a number field, a number against a text or datetime
 * field, a datetime against a number or text field, a boolean against any of them.
 */
function clash(field: ValueKind, literal: LiteralKind): boolean {
  if (field === literal) return false;
  if (field === 'temporal' && literal === 'text') return false; // ISO text may be read as a datetime
  return true;
}

/**
 * A datetime literal of the wrong kind for a datetime field: a time of day (`TIME '10:00'`)
 * against a field holding dates (date, datetime), or a date-bearing literal against a time
 * field. A date against a datetime and a datetime against a date compare by the date, and are
 * left alone.
 */
function wrongDatetime(field: SchemaField, literal: Expr | FieldValue['value']): boolean {
  const parts = DATETIME_PARTS[literal.kind];
  if (parts === undefined) return false;
  const own = FIELD_PARTS[datetimeType(field.type)];
  return (parts === 'time') !== (own === 'time');
}

const KIND_TEXT: Record<LiteralKind, string> = { number: 'a number', text: 'a text', temporal: 'a date/time', boolean: 'a boolean' };
const PARTS_TEXT = { date: 'a date', time: 'a time of day', both: 'a date and time' } as const;

/**
 * With a schema: a field compared with a literal of a clearly different kind, and a literal of a
 * clearly different kind given to a field (a record's value, UPDATE's SET, a KEY's value).
 */
export const typeMismatch: Rule = {
  meta: {
    id: 'type-mismatch',
    severity: 'error',
    docs: {
      description:
        'With a schema, reports a field compared with, or given, a literal of a clearly different kind (a number field with a string, a text field with a number, a date field with a time...).',
    },
    fixable: false,
    needsSchema: true,
  },
  create(context) {
    /** The finding for `literal` against `field`, or null: `verb` says how they meet ('compared with', 'given'). */
    const finding = (field: SchemaField, literal: Expr | FieldValue['value'], verb: string): string | null => {
      const kind = fieldKind(field.type);
      if (!kind) return null;
      const lk = literalKind(literal);
      const written = context.sourceOf(literal) ?? 'literal';
      if (lk !== null && clash(kind, lk)) {
        return `${field.name} is ${KIND_TEXT[kind]} field (${field.type}), ${verb} ${KIND_TEXT[lk]} ${written}; ${verb === 'given' ? 'give it' : 'compare it with'} ${KIND_TEXT[kind]} value.`;
      }
      if (kind === 'temporal' && wrongDatetime(field, literal)) {
        const own = PARTS_TEXT[FIELD_PARTS[datetimeType(field.type)]];
        return `${field.name} holds ${own} (${field.type}), ${verb} ${PARTS_TEXT[DATETIME_PARTS[literal.kind] as 'date' | 'time' | 'both']} ${written}; a ${DATETIME_TEXT[literal.kind]} literal is the wrong kind for it.`;
      }
      return null;
    };
    const check = (column: Expr, literals: readonly Expr[]) => {
      const field = fieldOf(context, column);
      if (!field) return;
      for (const lit of literals) {
        const message = finding(field, lit, 'compared with');
        if (message !== null) context.report({ node: lit, message });
      }
    };
    /** A value given to a field by name (a record, UPDATE's SET, a KEY). */
    const given = (node: FieldValue | FieldExpr) => {
      const value = node.kind === 'field_value' ? node.value : node.e;
      const r = resolveFieldName(context.scopes(), node.field);
      if (r.status !== 'field') return;
      const message = finding(r.field, value, 'given');
      if (message !== null) context.report({ node: value, message });
    };
    return {
      binary(node) {
        if (!['=', '!=', '<', '<=', '>', '>='].includes(node.op)) return;
        check(node.e1, [node.e2]);
        check(node.e2, [node.e1]);
      },
      between: (node) => check(node.e, [node.min, node.max]),
      in: (node) => check(node.e, node.values),
      field_value: given,
      field_expr: given,
    };
  },
};

function fieldOf(context: RuleContext, e: Node): SchemaField | null {
  const r = e.kind === 'column' ? resolveColumn(context, e, context.scopes()) : e.kind === 'database_column' ? resolveDatabaseColumn(context, e) : null;
  return r?.status === 'field' ? r.field : null;
}
