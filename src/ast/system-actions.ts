import type { DateTimeLit, NullLit, NumberLit, Select, Specifier, StringLit } from './nodes.js';
import type { StructAction } from './struct-actions.js';
import type { BooleanLit, RecordsSpecifier, RecordsWrite, RemoveAction, UpdateAction } from './data-actions.js';

/**
 * The spec's DOWNLOAD ("Data actions: reads"), task and thread actions ("Task and thread
 * actions") and system actions ("System actions"), as AST nodes; the conventions of data-actions.ts
 * (absent optional properties are `null`, an explicit default survives a round trip, numbers
 * are exact text). What the spec does not show is not here: destroy and resume share another
 * action's value in the spec's only example, sync's table shows the value `echo`, and view's
 * properties are not shown; the JSON reader and the parser say so in the spec's words
 * (UNSHOWN_ACTIONS).
 */

// ---------------------------------------------------------------------------------------
// DOWNLOAD

/** `{"action": "download", "download": "record", "database": ..., "record": ..., "version": n}`. */
export interface DownloadRecord {
  readonly kind: 'download_record';
  readonly database: Specifier;
  /** The record: an id, a name, a where or a key specifier. */
  readonly record: RecordsSpecifier;
  /** Whole-number text, or null for the most recent version. */
  readonly version: string | null;
}

/** `{"action": "download", "download": "post", "post": id}`. */
export interface DownloadPost {
  readonly kind: 'download_post';
  readonly post: string;
}

// ---------------------------------------------------------------------------------------
// JSON data: a task's `conf`, any JSON object, kept exactly (numbers as their text)

export interface JsonObjectData {
  readonly kind: 'json_object';
  readonly members: readonly JsonMemberData[];
}
/** One member of a JSON object: its key (after the spec's key rules 3-4) and value. */
export interface JsonMemberData {
  readonly kind: 'json_member';
  readonly key: string;
  readonly value: JsonData;
}
export interface JsonArrayData {
  readonly kind: 'json_array';
  readonly items: readonly JsonData[];
}
export type JsonData = NullLit | NumberLit | StringLit | BooleanLit | JsonObjectData | JsonArrayData;

// ---------------------------------------------------------------------------------------
// Tasks and threads

/** A task definition (spec "Task definition"); ids are longs, kept as whole-number text. */
export interface TaskDef {
  readonly kind: 'task_def';
  readonly name: string;
  readonly conf: JsonObjectData;
  readonly parent: string | null;
  readonly thread: string | null;
  readonly seq: string | null;
  readonly auto: boolean | null;
  readonly archive: boolean | null;
  readonly open: boolean | null;
  readonly desc: string | null;
  readonly priority: string | null;
  readonly timeout: string | null;
  readonly refId: string | null;
}

/** A task reference by id: a JSON number. */
export interface TaskId {
  readonly kind: 'task_id';
  readonly id: string;
}
/** A task reference by ref_id: `{"type": "ref", "ref": n}`; it applies to every task with that ref_id. */
export interface TaskRef {
  readonly kind: 'task_ref';
  readonly ref: string;
}
export type TaskReference = TaskId | TaskRef;

/** `run`: task definitions or task references. */
export interface RunAction {
  readonly kind: 'run_action';
  readonly tasks: readonly (TaskDef | TaskReference)[];
}

/** `conclude`: the task id, and a delay of 0 to 5,000 ms (null: the default, 0). */
export interface ConcludeAction {
  readonly kind: 'conclude_action';
  readonly task: string;
  readonly delay: string | null;
}

/** `cancel` and `clean`: task references; `ignore` (default false) skips the tasks the action cannot apply to. */
export interface CancelAction {
  readonly kind: 'cancel_action';
  readonly tasks: readonly TaskReference[];
  readonly ignore: boolean | null;
}
export interface CleanAction {
  readonly kind: 'clean_action';
  readonly tasks: readonly TaskReference[];
  readonly ignore: boolean | null;
}

/** `pause`: thread names. */
export interface PauseAction {
  readonly kind: 'pause_action';
  readonly threads: readonly string[];
}

// ---------------------------------------------------------------------------------------
// System actions

export interface AccessAction {
  readonly kind: 'access_action';
}

export interface EchoAction {
  readonly kind: 'echo_action';
  readonly echo: string;
}

/** `wait`: ms (number text; null: 1,000), fail, fail_before (an instant: epoch ms or datetime text). */
export interface WaitAction {
  readonly kind: 'wait_action';
  readonly ms: string | null;
  readonly fail: boolean | null;
  readonly failBefore: DateTimeLit | null;
}

/** The actions `if` may run: the writes (the spec: "Only write actions"). */
export type WriteAction = RecordsWrite | UpdateAction | RemoveAction;

/** A condition of `if`: a select whose first column of the first row decides, and the write it runs. */
export interface IfCondition {
  readonly kind: 'if_condition';
  readonly if: Select;
  readonly then: WriteAction;
}

/** `if`: conditions in order (`do`), and the write run when none holds (`else`). */
export interface IfAction {
  readonly kind: 'if_action';
  readonly conditions: readonly IfCondition[];
  readonly else: WriteAction | null;
}

export type TaskAction = RunAction | ConcludeAction | CancelAction | CleanAction | PauseAction;
/** With the struct actions (struct-actions.ts): they are read, written and checked as these are. */
export type SystemAction = DownloadRecord | DownloadPost | TaskAction | AccessAction | EchoAction | WaitAction | IfAction | StructAction;
export type SystemActionKind = SystemAction['kind'];
/** Nodes that stand only inside these actions. */
export type SystemPart = TaskDef | TaskId | TaskRef | IfCondition | JsonObjectData | JsonMemberData | JsonArrayData;

/**
 * The actions the spec names but does not show enough of to write: the word, and the spec's
 * words (quoted in the parser's and the JSON reader's error).
 */
export const UNSHOWN_ACTIONS: Readonly<Record<string, string>> = {
  destroy:
    'the spec\'s "Task and thread actions": "The only example carries the action value `clean`; the distinct value for destroy: not shown as anything other than that example"',
  resume:
    'the spec\'s "Task and thread actions": "The only example carries the action value `pause`; the distinct value for resume: not shown as anything other than that example"',
  sync: 'the spec\'s "System actions": "sync: id (string, required); the property table shows the action value `echo`"',
  view: 'the spec\'s "System actions": "view: marks tasks or notifications as seen; properties not shown beyond this"',
};
