import type { FetchAction, FetchLogs, FetchMultirecords, FetchPseudorecords, FetchRecords } from '../ast/data-actions.js';
import { KINDS } from '../ast/kinds.js';
import type { Node, Specifier } from '../ast/nodes.js';
import type { SchemaGroup } from '../schema/definitions.js';
import { SqlError } from './errors.js';
import type { ExprContext } from './expressions.js';
import { recordsCondition } from './records.js';
import { databaseOfSpec, tableSource, type Translation } from './name-resolution.js';

/**
 * The fetch types of the service's other resources (tasks, users, crons, walls and posts, logs,
 * ...), answered as a service that has none of them: a local run has sample data and nothing
 * else (spec/run-choices.ts, "Other fetch types"). The answer is an empty array, or `{"count": 0}` for a
 * type with `count`; names are still checked: a database, its records and a group are resolved
 * against the schema, and a user or team named is an error (there are none).
 */
export type ResourceFetch = Exclude<FetchAction, FetchRecords | FetchMultirecords | FetchPseudorecords>;

export interface ResourceFetchSql {
  /** The resource, plural (`tasks`, `crons`, `logs`): what the comment of `dsq sql` names. */
  readonly what: string;
  /** `count: true`: `{"count": 0}` instead of the array. */
  readonly count: boolean;
}

/** The resources whose name is not their fetch type (the kind table's `json.fetch`). */
const RESOURCE: Readonly<Partial<Record<ResourceFetch['kind'], string>>> = {
  fetch_pref_defs: 'preference definitions',
  fetch_seqs: 'task sequences',
  fetch_keys: 'API keys',
  fetch_prefs: 'preferences',
  fetch_logs: 'record logs',
  fetch_user_subscriptions: 'subscriptions',
};

/** A user or team named: there are none in a local run (absent is the current user, who has nothing). */
function noOne(spec: Specifier | null, what: 'user' | 'team', node: Node): void {
  if (spec === null || (what === 'user' && spec.kind === 'spec_all')) return;
  throw new SqlError(
    'run/no-users',
    `a local run has no ${what}s, so none can be named here${what === 'user' ? ' (leave the user out: the current user, who has no resources)' : ''}`,
    node,
  );
}

/** The records a specifier names in a database: resolved (key fields, where's names) but not run. */
function checkRecords(t: Translation, database: Specifier, records: FetchLogs['records'], node: Node): void {
  const info = databaseOfSpec(t, database, node);
  const written = database.kind === 'spec_name' ? database.name : info.entry.database.name;
  const { source } = tableSource(t, info, false, null, written, node);
  const cx: ExprContext = { t, scope: { sources: [source], aliases: new Map(), parent: null }, inlining: new Set(), depth: 0 };
  recordsCondition(cx, source, records);
}

function groupPaths(groups: readonly SchemaGroup[], prefix: string): string[] {
  return groups.flatMap((g) => {
    const path = g.name === '' ? prefix : prefix === '' ? g.name : `${prefix}.${g.name}`;
    return [...(g.name === '' ? [] : [path]), ...groupPaths(g.groups, path)];
  });
}

export function resourceFetchSql(t: Translation, f: ResourceFetch): ResourceFetchSql {
  const what = RESOURCE[f.kind] ?? (KINDS[f.kind].json.fetch as string);
  switch (f.kind) {
    case 'fetch_tasks':
    case 'fetch_follows':
    case 'fetch_keys':
      noOne(f.user, 'user', f);
      return { what, count: f.count === true };
    case 'fetch_prefs':
    case 'fetch_notifications':
      noOne(f.user, 'user', f);
      break;
    case 'fetch_users':
      noOne(f.users, 'user', f);
      break;
    case 'fetch_user_subscriptions':
      noOne(f.team, 'team', f);
      noOne(f.user, 'user', f);
      break;
    case 'fetch_logs':
      checkRecords(t, f.database, f.records, f);
      break;
    case 'fetch_posts':
      if (f.wallType === 'user') noOne(f.wall, 'user', f);
      else if (f.wallType === 'database' && f.wall !== null) databaseOfSpec(t, f.wall, f);
      else if (f.wallType === 'record' && f.wall !== null && f.wallRecord !== null) checkRecords(t, f.wall, f.wallRecord, f);
      else if (f.wallType === 'group' && f.wall?.kind === 'spec_name') {
        const name = f.wall.name;
        if (!groupPaths(t.catalog.schema.groups, '').some((p) => p.toLowerCase() === name.toLowerCase())) {
          throw new SqlError('run/unknown-group', `unknown group "${name}"`, f);
        }
      }
      break;
    case 'fetch_crons':
    case 'fetch_pref_defs':
    case 'fetch_seqs':
      break;
  }
  return { what, count: false };
}
