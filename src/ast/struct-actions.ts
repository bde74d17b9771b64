import type { DateTimeLit, Specifier } from './nodes.js';
import type { FileRef, RecordData, RecordsSpecifier } from './data-actions.js';
import type { FieldDef } from './admin-actions.js';
import type { JsonData, JsonObjectData } from './system-actions.js';

/**
 * The spec's struct actions ("Struct actions": struct_buffer_import, struct_mn_alias,
 * struct_mn_edit, struct_event, struct_create) as AST nodes, with the conventions of
 * data-actions.ts (absent optional properties are `null`, an explicit default survives a round
 * trip, numbers are exact text). The second property that tells the kinds of one action apart
 * (`"op"` of struct_event, `"create"` of struct_create) is the kind (STRUCT_SUBTYPES in
 * kinds-struct.ts), as DOWNLOAD's `"download"`. The spec's defaults (label from name, desc from
 * label, plural from singular) are the server's: dsq never writes them into the JSON.
 */

// ---------------------------------------------------------------------------------------
// struct_buffer_import, struct_mn_alias, struct_mn_edit

/** `struct_buffer_import`: the pipe group, the binary object, a conf (any JSON object) and the import instant. */
export interface StructBufferImport {
  readonly kind: 'struct_buffer_import';
  readonly pipe: Specifier;
  readonly file: FileRef;
  readonly conf: JsonObjectData | null;
  /** An instant (wait's fail_before form): epoch milliseconds or datetime text; null: absent. */
  readonly tImport: DateTimeLit | null;
}

/** `struct_mn_alias`: a mnemonic (by id) of a mnemonic definition database and its aliases (name/unit pair strings). */
export interface StructMnAlias {
  readonly kind: 'struct_mn_alias';
  readonly database: Specifier;
  /** The mnemonic id: whole-number text. */
  readonly mn: string;
  readonly aliases: readonly string[];
}

/** `struct_mn_edit`: a mnemonic's new name/unit pair and state. */
export interface StructMnEdit {
  readonly kind: 'struct_mn_edit';
  readonly database: Specifier;
  readonly mn: string;
  readonly name: string | null;
  readonly state: string | null;
}

// ---------------------------------------------------------------------------------------
// struct_event

/** `struct_event` op `insert`: event records, written as INSERT's record objects. */
export interface StructEventInsert {
  readonly kind: 'struct_event_insert';
  readonly database: Specifier;
  readonly events: readonly RecordData[];
}

/** `struct_event` op `close`: the events specifier, the instant `t` (microseconds; null: now) and the field values applied. */
export interface StructEventClose {
  readonly kind: 'struct_event_close';
  readonly database: Specifier;
  /** Microseconds since the epoch: whole-number text; null: now. */
  readonly t: string | null;
  readonly events: RecordsSpecifier;
  readonly fields: RecordData | null;
}

/** `struct_event` op `update`: the fields to update of the events specified (all when null). */
export interface StructEventUpdate {
  readonly kind: 'struct_event_update';
  readonly database: Specifier;
  readonly t: string | null;
  readonly events: RecordsSpecifier | null;
  readonly fields: RecordData;
}

// ---------------------------------------------------------------------------------------
// struct_create

interface Named {
  readonly name: string;
  readonly label: string | null;
  readonly desc: string | null;
}
/** `group_teams` (team to group privileges) and `database_teams` (team to database privileges): JSON objects as given. */
interface GroupTeams {
  readonly groupTeams: JsonObjectData | null;
  readonly databaseTeams: JsonObjectData | null;
}

export interface StructCreateCategory extends Named, GroupTeams {
  readonly kind: 'struct_create_category';
  readonly parent: Specifier;
}
export interface StructCreateModel extends Named, GroupTeams {
  readonly kind: 'struct_create_model';
  readonly parent: Specifier;
  readonly event: boolean | null;
  readonly eventf: boolean | null;
  readonly eventfs: boolean | null;
}
export interface StructCreatePipe extends Named, GroupTeams {
  readonly kind: 'struct_create_pipe';
  readonly model: Specifier;
  /** `true`/`false`, or `{"from": year, "to": year}`. */
  readonly partition: JsonData | null;
}
export interface StructCreateDef {
  readonly kind: 'struct_create_def';
  readonly parent: Specifier;
}
export interface StructCreateEvent {
  readonly kind: 'struct_create_event';
  readonly group: Specifier;
  readonly type: 'none' | 'file' | 'files' | null;
  readonly name: string | null;
  readonly label: string | null;
  readonly desc: string | null;
  readonly singular: string | null;
  readonly plural: string | null;
  readonly conf: JsonObjectData | null;
  readonly labelType: string | null;
  /** The field definitions; null: not given (`FIELDS ()`, `"fields": []` is kept: an empty list). */
  readonly fields: readonly FieldDef[] | null;
  readonly teams: JsonObjectData | null;
}
export interface StructCreateNotebook extends Named {
  readonly kind: 'struct_create_notebook';
  readonly parent: Specifier;
  /** The field definitions; null: not given (`FIELDS ()`, `"fields": []` is kept: an empty list). */
  readonly fields: readonly FieldDef[] | null;
  readonly teams: JsonObjectData | null;
}
export interface StructCreateProject extends Named, GroupTeams {
  readonly kind: 'struct_create_project';
  readonly parent: Specifier | null;
}

export type StructEvent = StructEventInsert | StructEventClose | StructEventUpdate;
export type StructCreate =
  | StructCreateCategory
  | StructCreateModel
  | StructCreatePipe
  | StructCreateDef
  | StructCreateEvent
  | StructCreateNotebook
  | StructCreateProject;
export type StructAction = StructBufferImport | StructMnAlias | StructMnEdit | StructEvent | StructCreate;

/** What the spec names among the struct actions but does not show: the words, and the spec's words (quoted in the errors). */
export const UNSHOWN_STRUCT =
  'the spec\'s "Struct actions": "STRUCT MN MERGE (merges one or more mnemonics into one existing mnemonic) and STRUCT EVENT CLEAR: payload and behaviour not shown"';
