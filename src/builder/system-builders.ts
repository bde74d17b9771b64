import { withArticle } from '../diagnostic/article.js';
import type { DataAction } from '../ast/data-actions.js';
import { kindFits } from '../ast/fields.js';
import type { Node, Specifier } from '../ast/nodes.js';
import type {
  AccessAction,
  CancelAction,
  CleanAction,
  ConcludeAction,
  DownloadPost,
  DownloadRecord,
  EchoAction,
  IfAction,
  PauseAction,
  RunAction,
  SystemAction,
  WaitAction,
  WriteAction,
} from '../ast/system-actions.js';
import { DsqError } from '../diagnostic/index.js';
import { fromJsonResult, toJson, type ToJsonOptions } from '../json/index.js';
import { print, type PrintOptions } from '../print/index.js';
import { nestedSelect } from './brand.js';
import { argumentError, describeValue } from './errors.js';
import { toRecords, whole, type RecordsArg } from './action-args.js';
import { checkKeyFields, databaseFields, type ActionContext } from './action-fields.js';
import { checkedTree, type SpecArg } from './values.js';
import { ActionBuilder } from './action-builder.js';

/**
 * Builders of DOWNLOAD, the task and thread actions and the system actions (issue 29). Their
 * arguments are the spec's own shapes (a task definition `{ name, conf, thread, ... }` with
 * `refId` for `ref_id`, a task reference as an id or `{ ref }`), turned into the tree by the
 * JSON reader (src/json: one conversion for JSON text, JS values and the builder, numbers exact:
 * a bigint or whole-number text for a long); a database is checked against the schema as the
 * data actions' are, and IF takes the builders' own queries and writes. Each ends in exactly
 * the tree, JSON and text the same action written as text gives.
 */

/** A task id: a number, a bigint, or whole-number text (a long beyond 2^53). */
export type TaskIdArg = number | bigint | string;
/** A task reference: an id, or every task with a ref_id (`{ ref }`). */
export type TaskRefArg = TaskIdArg | { readonly ref: TaskIdArg };
/** A task definition (spec "Task definition"); `conf` is any JSON object. */
export interface TaskDefArg {
  readonly name: string;
  readonly conf: Readonly<Record<string, unknown>>;
  readonly parent?: TaskIdArg;
  readonly thread?: string;
  readonly seq?: string;
  readonly auto?: boolean;
  readonly archive?: boolean;
  readonly open?: boolean;
  readonly desc?: string;
  readonly priority?: number | bigint;
  readonly timeout?: number | bigint;
  readonly refId?: TaskIdArg;
}
/** What stands in an IF's `then` and `else`: a write builder of this builder (`db.updateTable(...)`, `db.deleteFrom(...)`, ...). */
export interface WriteLike {
  toAst(): DataAction;
}
export interface IfConditionArg {
  /** The query whose first column of the first row decides. */
  readonly if: unknown;
  readonly then: WriteLike;
}

/** A built action: its checked tree, its JSON and its text. */
export class SystemActionBuilder<N extends SystemAction> {
  constructor(private readonly node: N) {}
  toAst(): N {
    return checkedTree(this.node, 'statement') as N;
  }
  toJson(options?: ToJsonOptions): string {
    return toJson(this.toAst(), options);
  }
  toText(options?: PrintOptions): string {
    return print(this.toAst(), options);
  }
}

/** Whole-number arguments as the JSON reader takes them exactly: a bigint, or whole-number text as a bigint. */
export function id(value: unknown, what: string): unknown {
  if (typeof value === 'string') {
    if (!/^-?\d+$/.test(value)) throw argumentError(`${what} must be a whole number (a number, a bigint or whole-number text), got ${describeValue(value)}`);
    return BigInt(value);
  }
  return value;
}

function taskRef(value: unknown, what: string): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'ref' in value) {
    const rest = Object.keys(value).filter((k) => k !== 'ref');
    if (rest.length > 0) throw argumentError(`${what}: a task reference by ref_id is { ref } alone, got also ${rest.join(', ')}`);
    return { type: 'ref', ref: id((value as { ref: unknown }).ref, `${what}.ref`) };
  }
  return id(value, what);
}

const DEF_KEYS: Readonly<Record<string, string>> = {
  name: 'name',
  conf: 'conf',
  parent: 'parent',
  thread: 'thread',
  seq: 'seq',
  auto: 'auto',
  archive: 'archive',
  open: 'open',
  desc: 'desc',
  priority: 'priority',
  timeout: 'timeout',
  refId: 'ref_id',
};
function task(value: unknown, what: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'ref' in value) return taskRef(value, what);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const json = DEF_KEYS[key];
    if (json === undefined) throw argumentError(`${what}: unknown property "${key}" of a task definition; expected ${Object.keys(DEF_KEYS).join(', ')}`);
    out[json] = key === 'parent' || key === 'refId' ? id(v, `${what}.${key}`) : v;
  }
  return out;
}

export function list(value: unknown, what: string): readonly unknown[] {
  if (!Array.isArray(value)) throw argumentError(`${what} must be an array, got ${describeValue(value)}`);
  return value;
}

/** The node of the spec shape `value`, read by the JSON reader; its problems as a DsqError naming `what`. */
export function read<N extends SystemAction>(value: Readonly<Record<string, unknown>>, what: string): N {
  const r = fromJsonResult(value);
  if (r.value === undefined) throw new DsqError(r.diagnostics.map((d) => ({ ...d, message: `${what}: ${d.message}` })));
  return r.value as N;
}

/**
 * The write of an IF's then or else: a write builder's tree ("Only write actions"). Only this
 * builder's own action builders are taken (a node-shaped object from outside is never syntax).
 */
function write(value: unknown, what: string): WriteAction {
  const node = value instanceof ActionBuilder ? (value.toAst() as Node) : undefined;
  if (node === undefined || !kindFits(node.kind, 'write')) {
    const got = node === undefined ? describeValue(value) : `${withArticle(node.kind)} builder`;
    throw argumentError(
      `${what}: an IF runs only write actions (the spec: "Only write actions"): a builder of insertInto, replaceInto, setRecords, updateTable, deleteFrom, trashFrom, restoreFrom or disposeFrom; got ${got}`,
    );
  }
  return node as WriteAction;
}

/** The entry points (spread into the builder's creator: src/builder/action-creators.ts); `database` converts and checks a database argument. */
export function systemActionsFor(ctx: ActionContext, database: (value: SpecArg, what: string) => Specifier) {
  return Object.freeze({
    /** DOWNLOAD RECORD: a signed URL of a record's file (`version`: an older one). */
    downloadRecord: (db: SpecArg, record: RecordsArg, options: { readonly version?: number | bigint } = {}) => {
      const spec = database(db, 'argument 1 of downloadRecord()');
      const records = toRecords(record, 'argument 2 of downloadRecord()');
      checkKeyFields(databaseFields(ctx, spec, 'argument 1 of downloadRecord()'), spec, records, 'downloadRecord()');
      const node: DownloadRecord = {
        kind: 'download_record',
        database: spec,
        record: records,
        version: options.version === undefined ? null : whole(options.version, 'the version of downloadRecord()', true),
      };
      return new SystemActionBuilder(checkedTree(node, 'statement') as DownloadRecord);
    },
    /** DOWNLOAD POST: a signed URL of a post's file. */
    downloadPost: (post: TaskIdArg) =>
      new SystemActionBuilder(read<DownloadPost>({ action: 'download', download: 'post', post: id(post, 'argument 1 of downloadPost()') }, 'downloadPost()')),
    /** RUN: task definitions (`{ name, conf, ... }`) and task references (an id, `{ ref }`). */
    run: (tasks: readonly (TaskDefArg | TaskRefArg)[]) =>
      new SystemActionBuilder(
        read<RunAction>({ action: 'run', tasks: list(tasks, 'argument 1 of run()').map((t, i) => task(t, `task ${i + 1} of run()`)) }, 'run()'),
      ),
    /** CONCLUDE: the task, and a delay of 0 to 5,000 ms. */
    conclude: (taskId: TaskIdArg, options: { readonly delay?: number } = {}) =>
      new SystemActionBuilder(read<ConcludeAction>({ action: 'conclude', task: id(taskId, 'argument 1 of conclude()'), delay: options.delay }, 'conclude()')),
    /** CANCEL: task references; `ignore` skips the concluded ones (else one fails the action). */
    cancel: (tasks: readonly TaskRefArg[], options: { readonly ignore?: boolean } = {}) =>
      new SystemActionBuilder(
        read<CancelAction>(
          { action: 'cancel', tasks: list(tasks, 'argument 1 of cancel()').map((t, i) => taskRef(t, `task ${i + 1} of cancel()`)), ignore: options.ignore },
          'cancel()',
        ),
      ),
    /** CLEAN: task references; `ignore` skips the non-concluded ones (else one fails the action). */
    clean: (tasks: readonly TaskRefArg[], options: { readonly ignore?: boolean } = {}) =>
      new SystemActionBuilder(
        read<CleanAction>(
          { action: 'clean', tasks: list(tasks, 'argument 1 of clean()').map((t, i) => taskRef(t, `task ${i + 1} of clean()`)), ignore: options.ignore },
          'clean()',
        ),
      ),
    /** PAUSE: thread names. */
    pause: (threads: readonly string[]) =>
      new SystemActionBuilder(read<PauseAction>({ action: 'pause', threads: list(threads, 'argument 1 of pause()') }, 'pause()')),
    access: () => new SystemActionBuilder<AccessAction>({ kind: 'access_action' }),
    echo: (text: string) => new SystemActionBuilder(read<EchoAction>({ action: 'echo', echo: text }, 'echo()')),
    /** WAIT: `ms` (default 1,000), `fail`, `failBefore` (epoch milliseconds, or datetime text). */
    wait: (options: { readonly ms?: number; readonly fail?: boolean; readonly failBefore?: number | bigint | string | Date } = {}) => {
      const failBefore = options.failBefore instanceof Date ? options.failBefore.getTime() : options.failBefore;
      return new SystemActionBuilder(read<WaitAction>({ action: 'wait', ms: options.ms, fail: options.fail, fail_before: failBefore }, 'wait()'));
    },
    /** IF: conditions in order (`{ if: query, then: write }`), and the write run when none holds. */
    ifAction: (conditions: readonly IfConditionArg[], otherwise?: WriteLike) => {
      const conds = list(conditions, 'argument 1 of ifAction()').map((c, i) => {
        const what = `condition ${i + 1} of ifAction()`;
        if (typeof c !== 'object' || c === null) throw argumentError(`${what} must be { if: query, then: write }, got ${describeValue(c)}`);
        const cond = c as IfConditionArg;
        return { kind: 'if_condition' as const, if: nestedSelect(cond.if, `${what}.if`), then: write(cond.then, `${what}.then`) };
      });
      const node: IfAction = { kind: 'if_action', conditions: conds, else: otherwise === undefined ? null : write(otherwise, 'argument 2 of ifAction()') };
      return new SystemActionBuilder(checkedTree(node, 'statement') as IfAction);
    },
  });
}
