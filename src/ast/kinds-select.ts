import type { AllSpec, ArraySpec, DatabaseTableSource, Expr, IdSpec, JoinOp, JoinSource, NameSpec, NodeKind, OrderTerm, ResultColumn, Select, SelectSource, Source, Specifier, SystemTableSource, TableSource, WhereSpec } from './nodes.js';
import { JoinNode, OrderTermNode, ResultColumnNode, SelectNode, SelectSourceNode, SpecAllNode, SpecArrayNode, SpecIdNode, SpecNameNode, SpecWhereNode, TableDatabaseNode, TableNode, TableSystemNode } from './objects.js';
import { json, type KindSpec } from './kind-spec.js';

/** The kind table's specifiers, sources, select object and its parts (src/ast/kinds.ts). */
export const SELECT_KINDS = {
  // Specifiers
  spec_all: {
    role: 'specifier',
    children: [],
    json: json({ type: 'all' }),
    keyword: 'ALL',
    operator: null,
    make: (): AllSpec => new SpecAllNode(),
  },
  spec_id: {
    role: 'specifier',
    children: [],
    json: json({ plain: 'number' }),
    keyword: null,
    operator: null,
    make: (id: string | number | bigint): IdSpec => new SpecIdNode(String(id)),
  },
  spec_name: {
    role: 'specifier',
    children: [],
    json: json({ plain: 'string' }),
    keyword: null,
    operator: null,
    make: (name: string): NameSpec => new SpecNameNode(name),
  },
  spec_where: {
    role: 'specifier',
    children: ['where'],
    json: json({ type: 'where' }),
    keyword: 'WHERE',
    operator: null,
    make: (where: Expr): WhereSpec => new SpecWhereNode(where),
  },
  spec_array: {
    role: 'specifier',
    children: ['items'],
    json: json({ plain: 'array' }),
    keyword: null,
    operator: null,
    make: (items: readonly (IdSpec | NameSpec | WhereSpec)[]): ArraySpec => new SpecArrayNode(items),
  },

  // The select object
  result_column: {
    role: 'result_column',
    children: ['e'],
    // `{"e": ..., "alias": ...}`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (e: Expr, alias: string | null = null): ResultColumn => new ResultColumnNode(e, alias),
  },
  order_term: {
    role: 'order_term',
    children: ['e'],
    // `{"e": ..., "order": "asc" | "desc"}`.
    json: json({}),
    keyword: null,
    operator: null,
    make: (e: Expr, order: 'asc' | 'desc' = 'asc'): OrderTerm => new OrderTermNode(e, order),
  },
  table: {
    role: 'source',
    children: [],
    json: json({ type: 'table', plain: 'string' }),
    keyword: 'TABLE',
    operator: null,
    make: (table: string, alias: string | null = null): TableSource => new TableNode(table, alias),
  },
  table_system: {
    role: 'source',
    children: [],
    json: json({ type: 'table_system', typeAliases: ['ts'] }),
    keyword: 'SYSTEM_TABLE',
    operator: null,
    make: (table: string, alias: string | null = null): SystemTableSource => new TableSystemNode(table, alias),
  },
  table_database: {
    role: 'source',
    children: ['database'],
    json: json({ type: 'table_database', typeAliases: ['td'] }),
    keyword: 'DATABASE_TABLE',
    operator: null,
    make: (database: Specifier, table: string, alias: string | null = null): DatabaseTableSource => new TableDatabaseNode(database, table, alias),
  },
  join: {
    role: 'source',
    children: ['s1', 's2'],
    json: json({ type: 'join' }),
    keyword: 'JOIN',
    operator: null,
    make: (op: JoinOp, s1: Source, s2: Source): JoinSource => new JoinNode(op, s1, s2),
  },
  select_source: {
    role: 'source',
    children: ['select'],
    json: json({ type: 'select' }),
    keyword: null,
    operator: null,
    make: (select: Select): SelectSource => new SelectSourceNode(select),
  },
  select: {
    role: 'select',
    children: ['columns', 'from', 'where', 'group', 'having', 'order', 'limit', 'offset'],
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
