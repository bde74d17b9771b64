import type { AllSpec, ArraySpec, DatabaseTableSource, Expr, IdSpec, JoinOp, JoinSource, NameSpec, NodeKind, OrderTerm, ResultColumn, Select, SelectSource, Source, Specifier, SystemTableSource, TableSource, WhereSpec } from './nodes.js';
import { JoinNode, OrderTermNode, ResultColumnNode, SelectNode, SelectSourceNode, SpecAllNode, SpecArrayNode, SpecIdNode, SpecNameNode, SpecWhereNode, TableDatabaseNode, TableNode, TableSystemNode } from './objects.js';
import { BOOLEAN, E, JOIN_OP, NAME, OPTIONAL_NAME, WHOLE, at, list, nullable, one, oneOf } from './field-checks.js';
import { json, type KindSpec } from './kind-spec.js';

/** The kind table's specifiers, sources, select object and its parts (src/ast/kinds.ts). */
export const SELECT_KINDS = {
  // Specifiers
  spec_all: {
    role: 'specifier',
    fields: {},
    json: json({ type: 'all' }),
    keyword: 'ALL',
    operator: null,
    make: (): AllSpec => new SpecAllNode(),
  },
  spec_id: {
    role: 'specifier',
    fields: { id: at(null, WHOLE) },
    json: json({ plain: 'number' }),
    keyword: null,
    operator: null,
    make: (id: string | number | bigint): IdSpec => new SpecIdNode(String(id)),
  },
  spec_name: {
    role: 'specifier',
    fields: { name: at(null, NAME) },
    json: json({ plain: 'string' }),
    keyword: null,
    operator: null,
    make: (name: string): NameSpec => new SpecNameNode(name),
  },
  spec_where: {
    role: 'specifier',
    fields: { where: E },
    json: json({ type: 'where' }),
    keyword: 'WHERE',
    operator: null,
    make: (where: Expr): WhereSpec => new SpecWhereNode(where),
  },
  spec_array: {
    role: 'specifier',
    fields: { items: at(null, list('singular')) },
    json: json({ plain: 'array' }),
    keyword: null,
    operator: null,
    make: (items: readonly (IdSpec | NameSpec | WhereSpec)[]): ArraySpec => new SpecArrayNode(items),
  },

  // The select object
  result_column: {
    role: 'result_column',
    fields: { e: E, alias: OPTIONAL_NAME },
    // `{"e": ..., "alias": ...}`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (e: Expr, alias: string | null = null): ResultColumn => new ResultColumnNode(e, alias),
  },
  order_term: {
    role: 'order_term',
    fields: { e: E, order: oneOf(['asc', 'desc']) },
    // `{"e": ..., "order": "asc" | "desc"}`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (e: Expr, order: 'asc' | 'desc' = 'asc'): OrderTerm => new OrderTermNode(e, order),
  },
  table: {
    role: 'source',
    fields: { table: NAME, alias: OPTIONAL_NAME },
    json: json({ type: 'table', plain: 'string' }),
    keyword: 'TABLE',
    operator: null,
    make: (table: string, alias: string | null = null): TableSource => new TableNode(table, alias),
  },
  table_system: {
    role: 'source',
    fields: { table: NAME, alias: OPTIONAL_NAME },
    json: json({ type: 'table_system', typeAliases: ['ts'] }),
    keyword: 'SYSTEM_TABLE',
    operator: null,
    make: (table: string, alias: string | null = null): SystemTableSource => new TableSystemNode(table, alias),
  },
  table_database: {
    role: 'source',
    fields: { database: one('spec'), table: NAME, alias: OPTIONAL_NAME },
    json: json({ type: 'table_database', typeAliases: ['td'] }),
    keyword: 'DATABASE_TABLE',
    operator: null,
    make: (database: Specifier, table: string, alias: string | null = null): DatabaseTableSource => new TableDatabaseNode(database, table, alias),
  },
  join: {
    role: 'source',
    fields: { op: JOIN_OP, s1: one('source'), s2: one('source') },
    json: json({ type: 'join' }),
    keyword: 'JOIN',
    operator: null,
    make: (op: JoinOp, s1: Source, s2: Source): JoinSource => new JoinNode(op, s1, s2),
  },
  select_source: {
    role: 'source',
    fields: { select: one('select') },
    json: json({ type: 'select' }),
    keyword: null,
    operator: null,
    make: (select: Select): SelectSource => new SelectSourceNode(select),
  },
  select: {
    role: 'select',
    fields: {
      distinct: BOOLEAN,
      columns: { role: 'result_column', shape: 'allOrNonEmpty' },
      from: nullable('source'),
      where: nullable('expr'),
      group: list('expr'),
      having: nullable('expr'),
      order: list('order_term'),
      limit: nullable('expr'),
      offset: nullable('expr'),
    },
    // The select object: `{"columns": ..., "from": ..., ...}`.
    json: json({}),
    keyword: 'SELECT',
    operator: null,
    /** A select object with the spec's defaults for every part not given. */
    make: (parts: Partial<Omit<Select, 'kind'>> = {}): Select =>
      new SelectNode(
        parts.distinct ?? false,
        parts.columns ?? 'all',
        parts.from ?? null,
        parts.where ?? null,
        parts.group ?? [],
        parts.having ?? null,
        parts.order ?? [],
        parts.limit ?? null,
        parts.offset ?? null,
      ),
  },
} as const satisfies { readonly [K in NodeKind]?: KindSpec<K> };
