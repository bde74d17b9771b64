import type { Expr, Node, Select, Source, Statement } from '../ast/nodes.js';
import { children } from '../ast/walk.js';
import type { Diagnostic } from '../diagnostic/index.js';
import { ATTRIBUTES, buildScope, flattenSources, lastSegment, type SelectScope, type SourceInfo } from '../lint/scope.js';
import { findFieldInAny, splitColumnPath } from '../lint/schema-paths.js';
import { findDatabase, tsTypeOf, type Schema, type SchemaDatabase, type SchemaField } from '../schema/index.js';
import { tsString, typeKey } from '../schema/ts-source.js';
import { binaryType, callType, caseType, functionType, mayBeNull, unaryType } from './expr-type.js';
import { EXPR_CALL_OF } from '../ast/kinds-expressions.js';

/**
 * The result row of a statement as TypeScript, by the typed builder's rules (src/builder/row.ts,
 * functions.ts), so a generated function's row is the row `builder<Schema>()` infers for the same
 * query: a result column is named by its alias, else a column's last path segment (an unnamed
 * expression is an error, as in a typed query); a field has its schema type as `dsq types`
 * writes it (src/schema `tsTypeOf`, `| null` where nullable, and `| null` on the right of a LEFT
 * JOIN); an attribute its `RecordAttributes` type; COUNT a number; SUM `number | null` (`bigint |
 * null` over a bigint); AVG `number | null`; MIN and MAX the argument's type `| null`; a scalar
 * subquery its column's type `| null`; a literal its type; arithmetic, comparisons, CASE and the
 * spec's other functions by their operands (expr-type.ts); anything else `unknown`. `SELECT *`
 * is the fields of the source (and the attributes); FETCH RECORDS the builder's `RecordType` (the
 * fields, `record_id`, `database_id`, the attributes); a FETCH with COUNT `{ count: number }`;
 * writes have no rows (`never`).
 */
export interface RowResult {
  /** The row type's text. */
  readonly type: string;
  /** Unnamed result columns and the like, each at its node. */
  readonly problems: readonly { readonly node: Node; readonly diagnostic: Omit<Diagnostic, 'span'> }[];
}

interface Ctx {
  readonly schema: Schema;
  readonly problems: { node: Node; diagnostic: Omit<Diagnostic, 'span'> }[];
}

export function rowTypeOf(statement: Statement, schema: Schema): RowResult {
  const ctx: Ctx = { schema, problems: [] };
  const kind: string = statement.kind;
  let type: string;
  if (kind === 'select') type = selectRow(statement as Select, ctx, []);
  else if (kind === 'select_action') type = selectRow((statement as { select: Select }).select, ctx, []);
  else if (kind.startsWith('fetch_') && (statement as { count?: boolean | null }).count === true) type = '{ count: number }';
  else if (kind === 'fetch_records') {
    const f = statement as { database?: Node; fields?: readonly string[] | null; attributes?: readonly string[] | null };
    type = databaseRow(f.database, ctx, f.fields ?? null, f.attributes ?? null);
  } else if (kind.startsWith('fetch_')) type = 'Record<string, unknown>';
  else type = 'never';
  return { type, problems: ctx.problems };
}

/**
 * FETCH RECORDS: a record as the builder's `RecordType` has it (src/builder/typed-actions.ts
 * `FetchedRecord`): the database's fields (those of FIELDS (...) when given), `record_id` and
 * `database_id` always, and the attributes (those of ATTRIBUTES (...) when given, else all).
 * (`children` is left out: its records are typed by the builder.)
 */
function databaseRow(database: Node | undefined, ctx: Ctx, fields: readonly string[] | null, attributes: readonly string[] | null): string {
  if (database?.kind !== 'spec_name') return 'Record<string, unknown>';
  const db = findDatabase(ctx.schema, database.name);
  if (!db) return 'Record<string, unknown>';
  // Each field once: FIELDS (a, a) or a field by its name and its label is one member of the row.
  const members = new Map<string, string>();
  for (const name of fields ?? db.fields.map((f) => f.name)) {
    const f = findFieldInAny([db], name);
    const key = f?.name ?? name;
    if (!members.has(key)) members.set(key, `${typeKey(key)}: ${f ? fieldType(f, false) : 'unknown'}`);
  }
  for (const name of ['record_id', 'database_id', ...(attributes ?? ATTRIBUTES)]) {
    if (members.has(name)) continue;
    // (Tags come only with the tag feature: optional, as the builder has them.)
    members.set(name, name === 'tags' ? 'tags?: string[]' : `${typeKey(name)}: ${ATTRIBUTES.has(name) ? attributeType(name, false) : 'unknown'}`);
  }
  return objectType([...members.values()]);
}

function fieldType(f: SchemaField, nullable: boolean): string {
  const ts = tsTypeOf(f.type);
  return ts === 'unknown' ? ts : `${ts}${f.nul || nullable ? ' | null' : ''}`;
}

/** The attributes every record has (RecordAttributes of the builder). */
const attributeType = (name: string, nullable: boolean) => `RecordAttributes[${tsString(name)}]${nullable ? ' | null' : ''}`;

function fieldsObject(db: SchemaDatabase, nullable: boolean): string {
  return objectType(db.fields.map((f) => `${typeKey(f.name)}: ${fieldType(f, nullable)}`));
}

/** An object type: on one line when short (`{ a: T; b: U }`), else one member per line. */
export function objectType(parts: readonly string[]): string {
  if (parts.length === 0) return 'Record<string, never>';
  const line = `{ ${parts.join('; ')} }`;
  return line.length <= 80 ? line : `{\n${parts.map((p) => `  ${p};`).join('\n')}\n}`;
}

/** The sources of a FROM clause that are on the right of a LEFT JOIN (their columns may be null). */
function nullableSources(from: Source | null): Set<Source> {
  const out = new Set<Source>();
  const stack: { s: Source; nullable: boolean }[] = from ? [{ s: from, nullable: false }] : [];
  while (stack.length > 0) {
    const { s, nullable } = stack.pop() as { s: Source; nullable: boolean };
    if (s.kind === 'join') {
      stack.push({ s: s.s1, nullable }, { s: s.s2, nullable: nullable || s.op === 'left' || s.op === 'left_outer' });
    } else if (nullable) out.add(s);
  }
  return out;
}

function selectRow(select: Select, ctx: Ctx, outer: readonly SelectScope[]): string {
  const scope = buildScope(select, ctx.schema);
  const scopes = [scope, ...outer];
  const nullable = nullableSources(select.from);
  if (select.columns === 'all') {
    const sources = flattenSources(select.from);
    const rows = scope.sources.map((s, i) => {
      const db = s.databases.length === 1 ? (s.databases[0] as SchemaDatabase) : null;
      return db ? fieldsObject(db, nullable.has(sources[i] as Source)) : 'Record<string, unknown>';
    });
    return rows.length === 0 ? 'Record<string, unknown>' : rows.join(' & ');
  }
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const c of select.columns) {
    const name = c.alias ?? (c.e.kind === 'column' ? lastSegment(splitColumnPath(c.e.path).name) : c.e.kind === 'alias' ? c.e.name : null);
    if (name === null) {
      ctx.problems.push({
        node: c,
        diagnostic: {
          code: 'gen/unnamed-column',
          severity: 'error',
          message: 'this result column needs a name for the row type: add AS name (a column is named after itself)',
        },
      });
      continue;
    }
    if (seen.has(name)) {
      ctx.problems.push({
        node: c,
        diagnostic: { code: 'gen/duplicate-column', severity: 'error', message: `two result columns are named ${name}: name one apart with AS` },
      });
      continue;
    }
    seen.add(name);
    parts.push(`${typeKey(name)}: ${exprType(c.e, scopes, nullable, ctx)}`);
  }
  return objectType(parts);
}

/** Kinds whose type comes from their operands' (typed first: the walk below is iterative, for deep chains). */
const FROM_OPERANDS: ReadonlySet<string> = new Set(['binary', 'unary', 'case', 'when', 'collate', 'function', 'between', 'in', 'in_select']);

/** The type of an expression's value (operands first, with an explicit stack: no recursion over deep operator chains). */
function exprType(root: Expr, scopes: readonly SelectScope[], nullable: ReadonlySet<Source>, ctx: Ctx): string {
  const types = new Map<Node, string>();
  const get = (n: Node | null | undefined): string => (n ? (types.get(n) ?? 'unknown') : 'unknown');
  const stack: { node: Node; open: boolean }[] = [{ node: root, open: true }];
  while (stack.length > 0) {
    const { node, open } = stack.pop() as { node: Node; open: boolean };
    if (open && FROM_OPERANDS.has(node.kind)) {
      stack.push({ node, open: false });
      for (const c of children(node)) if (c.kind !== 'select') stack.push({ node: c, open: true });
      continue;
    }
    types.set(node, typeOne(node, get, scopes, nullable, ctx));
  }
  return get(root);
}

function typeOne(e: Node, get: (n: Node | null) => string, scopes: readonly SelectScope[], nullable: ReadonlySet<Source>, ctx: Ctx): string {
  switch (e.kind) {
    case 'column':
      return columnType(e.path, scopes, nullable) ?? 'unknown';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    case 'null':
      return 'null';
    case 'datetime':
      return 'DateTime';
    case 'localdate':
      return 'LocalDate';
    case 'localtime':
      return 'LocalTime';
    case 'localdatetime':
      return 'LocalDateTime';
    case 'count_rows':
      return 'number';
    case 'exists':
      return 'boolean';
    case 'subquery': {
      const inner = e.select;
      if (inner.columns === 'all' || inner.columns.length !== 1) return 'unknown';
      const t = exprType((inner.columns[0] as { e: Expr }).e, [buildScope(inner, ctx.schema), ...scopes], nullableSources(inner.from), ctx);
      return t === 'unknown' ? t : orNull(t);
    }
    case 'function':
      return functionType(e.name, e.args.map(get));
    case 'binary':
      return binaryType(e.op, get(e.e1), get(e.e2));
    case 'unary':
      return unaryType(e.op, get(e.e));
    case 'case':
      return caseType(
        e.cases.map((w) => get(w.then)),
        e.else === null ? null : get(e.else),
      );
    case 'collate':
      return get(e.e);
    case 'between':
    case 'in':
    case 'in_select': {
      const t = get(e.e);
      return mayBeNull(t) ? 'boolean | null' : 'boolean';
    }
    default: {
      // An expression call: by its entry (src/ast/kind-spec.ts `CallValue`).
      const call = EXPR_CALL_OF[e.kind];
      if (call === undefined) return 'unknown';
      const record = e as unknown as Readonly<Record<string, Node>>;
      return callType(
        call.value,
        call.args.map((field) => get(record[field] as Node)),
      );
    }
  }
}

const orNull = (t: string) => (/\|\s*null$/.test(t) || t === 'null' ? t : `${t} | null`);

function columnType(path: string, scopes: readonly SelectScope[], nullable: ReadonlySet<Node>): string | null {
  const { qualifier, name, blobAttribute } = splitColumnPath(path);
  if (blobAttribute !== null) return null;
  const lower = name.toLowerCase();
  for (const scope of scopes) {
    for (const source of scope.sources) {
      if (qualifier !== null && !source.qualifiers.some((q) => q.toLowerCase() === qualifier.toLowerCase())) continue;
      const t = inSource(source, name, lower, nullable.has(source.node));
      if (t !== null) return t;
      if (qualifier !== null) return null;
    }
  }
  return null;
}

function inSource(source: SourceInfo, name: string, lower: string, nullable: boolean): string | null {
  if (source.databases.length === 0) return null;
  const field = findFieldInAny(source.databases, name);
  if (field) return fieldType(field, nullable);
  if (ATTRIBUTES.has(lower) && lower !== 'tags') return attributeType(lower, nullable);
  return null;
}
