import type { DataAction, RecordData, RecordsSpecifier } from '../ast/data-actions.js';
import type { BlobDef, DatabaseDef, FieldDef, FieldOption, GroupDef } from '../ast/admin-actions.js';
import type { SingularSpec } from '../ast/nodes.js';
import type { IfCondition, JsonData, SystemAction, TaskDef, TaskReference, WriteAction } from '../ast/system-actions.js';
import type { Expr, OrderTerm, ResultColumn, Select, SelectAction, Source, Specifier, IdSpec, NameSpec, WhereSpec, WhenClause } from '../ast/nodes.js';
import { DsqError, type Diagnostic } from '../diagnostic/diagnostic.js';
import { didYouMean, jsonDiagnostic } from './error.js';
import type { JsonMember, JsonObject, JsonValue } from './value.js';

/**
 * The plumbing of the JSON → AST readers. A reader looks at one JSON value, checks what it
 * can see there, and returns a `Step`: the child values still to read (each with what it
 * should be) and how to build the node from them. `run` (from-json.ts) drives the steps with an
 * explicit stack, so the depth of the document never grows the call stack.
 */

export interface Produces {
  select_action: SelectAction;
  expr: Expr;
  select: Select;
  source: Source;
  specifier: Specifier;
  singular: IdSpec | NameSpec | WhereSpec;
  when: WhenClause;
  result_column: ResultColumn;
  order_term: OrderTerm;
  data_action: DataAction;
  records_spec: RecordsSpecifier;
  records_singular: SingularSpec;
  record: RecordData;
  system_action: SystemAction;
  task: TaskDef | TaskReference;
  task_ref: TaskReference;
  if_condition: IfCondition;
  write: WriteAction;
  json_value: JsonData;
  field_def: FieldDef;
  field_option: FieldOption;
  blob_def: BlobDef;
  group_def: GroupDef;
  database_def: DatabaseDef;
}
export type What = keyof Produces;

export interface Need {
  readonly what: What;
  readonly value: JsonValue;
}

export interface Step<T = unknown> {
  readonly needs: readonly Need[];
  build(results: readonly unknown[]): T;
  /** A part of this value failed (already reported): its children are read, the value is not built. */
  readonly failed?: boolean;
}

/** Read context: the input text (for code frames), when there is one. */
export interface Cx {
  readonly source: string | undefined;
  /** When set, every node read is recorded with the JSON value it came from (to place spec-check problems). */
  readonly origins?: WeakMap<object, JsonValue>;
  /**
   * When set, problems reading can go on after (an unknown property, which is then ignored)
   * are collected here instead of thrown, and `run` collects the failures of each value and
   * goes on with its siblings.
   */
  readonly diagnostics?: Diagnostic[];
  /**
   * When set (collecting), the values that were read but whose parent could not be: the spec's
   * checks, which look at one node at a time, still run on them.
   */
  readonly orphans?: unknown[];
}

/** A result slot: reads a child's result once the children are read. */
export type Slot<T> = (results: readonly unknown[]) => T;

/**
 * Thrown by `prop` for a property that is not there: the reader's property check has already
 * reported it missing, so the part that needed it fails without a second diagnostic.
 */
class Missing {}
const MISSING = new Missing();
const SKIP: unique symbol = Symbol('skip');

/** Whether an error thrown inside a reader is one of its own: a diagnostic to record (or one already recorded). */
export function isReadFailure(err: unknown): err is DsqError | Missing {
  return err instanceof DsqError || err instanceof Missing;
}

/**
 * Collects what a reader reads of one value: the child values still to read (with typed slots
 * for their results), and whether a part failed. When collecting (`cx.diagnostics`), a part
 * that fails (a property of the wrong type, a missing one, a bad item of a list) is reported
 * and the other parts are read on, so one document reports all its independent problems; the
 * value is then not built (its children are still read). Not collecting, the first failure is
 * thrown as it is.
 */
export class Parts {
  private needs: Need[];
  private failed: boolean;
  private readonly cx: Cx;

  constructor(cx: Cx) {
    // Set in the constructor, in one order (not as class fields, defined first as undefined):
    // every Parts has one shape from the start, which keeps its methods optimised.
    this.cx = cx;
    this.needs = [];
    this.failed = false;
  }

  /** Reads one part of the value: when it fails (collecting), `fallback` stands in and the value is not built. */
  attempt<T>(read: () => T, fallback: T): T {
    if (this.cx.diagnostics === undefined) return read();
    try {
      return read();
    } catch (err) {
      if (!isReadFailure(err)) throw err;
      if (err instanceof DsqError) this.cx.diagnostics.push(...err.diagnostics);
      this.failed = true;
      return fallback;
    }
  }

  /** A problem of this value that its other parts can be read past: reported, and the value is not built. */
  problem(code: string, message: string, at: At, hint?: string, expected?: string): void {
    report(this.cx, code, message, at, hint, expected);
    this.failed = true;
  }

  /**
   * Checks the object's properties (`checkProps`): every unknown one is reported; a missing
   * required one is reported and the value is not built, while the properties there are read on.
   */
  props(obj: JsonObject, what: string, allowed: readonly string[], required: readonly string[] = []): void {
    if (!checkProps(this.cx, obj, what, allowed, required)) this.failed = true;
  }

  /** A child to read; `undefined` is a required property already reported missing (the value is not built). */
  one<W extends What>(what: W, value: JsonValue | undefined): Slot<Produces[W]> {
    if (value === undefined) {
      this.failed = true;
      return () => undefined as unknown as Produces[W];
    }
    const i = this.needs.push({ what, value }) - 1;
    return (r) => r[i] as Produces[W];
  }

  /** A child that may be absent: absent gives null. */
  optional<W extends What>(what: W, value: JsonValue | undefined): Slot<Produces[W] | null> {
    if (value === undefined) return () => null;
    return this.one(what, value);
  }

  list<W extends What>(what: W, values: readonly JsonValue[]): Slot<Produces[W][]> {
    let needs = this.needs;
    const start = needs.length;
    // The first needs made at their size (an operator's operands, often all there are), not grown by push.
    if (start === 0) this.needs = needs = values.map((value) => ({ what, value }));
    else for (let i = 0; i < values.length; i++) needs.push({ what, value: values[i] as JsonValue });
    const end = needs.length;
    return (r) => r.slice(start, end) as Produces[W][];
  }

  /** Reads each item of a list on its own (a bad item is reported, the others read on); the good ones, in order. */
  each<T>(items: readonly JsonValue[], read: (item: JsonValue) => T): T[] {
    const out: T[] = [];
    for (const item of items) {
      const value = this.attempt<T | typeof SKIP>(() => read(item), SKIP);
      if (value !== SKIP) out.push(value);
    }
    return out;
  }

  step<T>(build: (results: readonly unknown[]) => T): Step<T> {
    return this.failed ? { needs: this.needs, build, failed: true } : { needs: this.needs, build };
  }
}

/** A step with nothing to read: its value, made already. */
export function done<T>(value: T): Step<T> {
  return new Done(value);
}

const NO_NEEDS: readonly Need[] = Object.freeze([]);

/** `done`'s step: one small object per leaf value (an object literal would need a closure and a list too). */
class Done<T> implements Step<T> {
  declare readonly needs: readonly Need[];
  declare private readonly value: T;
  constructor(value: T) {
    this.needs = NO_NEEDS;
    this.value = value;
  }
  build(): T {
    return this.value;
  }
}

type At = JsonValue | JsonMember;

/** A `json/<code>` diagnostic at a value (or at a member: its key's span, its value's pointer). */
function diagnosticAt(code: string, message: string, at: At, hint?: string, expected?: string): Diagnostic {
  const location = 'rawKey' in at ? { pointer: at.value.pointer, span: at.keySpan ?? at.value.span } : { pointer: at.pointer, span: at.span };
  return jsonDiagnostic(code, message, location, hint, expected);
}

/**
 * Throws a `json/<code>` DsqError at a value (or at a member): the value cannot be read. When
 * collecting (`cx.diagnostics`), `run` records it and reads the value's siblings on.
 */
export function fail(cx: Cx, code: string, message: string, at: At, hint?: string, expected?: string): never {
  throw new DsqError([diagnosticAt(code, message, at, hint, expected)], cx.source);
}

/** A problem reading goes on after: collected when collecting, else thrown as `fail` does. */
export function report(cx: Cx, code: string, message: string, at: At, hint?: string, expected?: string): void {
  const d = diagnosticAt(code, message, at, hint, expected);
  if (cx.diagnostics === undefined) throw new DsqError([d], cx.source);
  cx.diagnostics.push(d);
}

/**
 * Text of the input as a message quotes it: in JSON's quotes and escapes (`"if"`, `"a\"b"`,
 * `"a\nb"`), so it stays on the message's line. A long one is shortened with the whole message
 * (`jsonDiagnostic` caps it: head, how many characters left out, tail).
 */
export function quoteText(text: string): string {
  return JSON.stringify(text);
}

/**
 * How every "unknown ..." message of the readers names the value: `unknown action "if"` for a
 * string (quoted as `quoteText` does), `the action must be a string, got the number 5` for any
 * other value (never `unknown action the string "if"`).
 */
export function unknownName(what: string, v: JsonValue): string {
  return v.type === 'string' ? `unknown ${what} ${quoteText(v.value)}` : `the ${what} must be a string, got ${describe(v)}`;
}

/** What a `"type"` property held, after "got": `type "x"` for a string, `the number 5 as "type"` for another value. */
export function gotType(t: JsonValue): string {
  return t.type === 'string' ? `type ${quoteText(t.value)}` : `${describe(t)} as "type"`;
}

/** How a JSON value is named in messages: `the string "x"`, `the number 12`, `null`, ... */
export function describe(v: JsonValue): string {
  switch (v.type) {
    case 'null':
      return v.fromEmptyString ? 'an empty string (which is null)' : 'null';
    case 'boolean':
      return String(v.value);
    case 'number':
      return `the number ${v.text}`;
    case 'string':
      return `the string ${quoteText(v.value.length > 40 ? `${v.value.slice(0, 40)}…` : v.value)}`;
    case 'array':
      return `an array of ${v.items.length}`;
    case 'object': {
      if (v.members.length > 0)
        return `an object with ${v.members
          .map((m) => JSON.stringify(m.rawKey))
          .slice(0, 4)
          .join(', ')}`;
      const gone = v.undefinedKeys;
      if (gone === null) return 'an empty object';
      // Rule 7: `{"$not": undefined}` is `{}`; say so rather than "an empty object" alone.
      const keys = gone
        .slice(0, 4)
        .map((k) => JSON.stringify(k))
        .join(', ');
      return `an object whose only ${gone.length === 1 ? 'property' : 'properties'} ${keys} ${gone.length === 1 ? 'is' : 'are'} undefined (an undefined property is absent, so the object is empty)`;
    }
    case 'undefined':
      return 'undefined';
  }
}

export function expectObject(cx: Cx, v: JsonValue, what: string): JsonObject {
  if (v.type !== 'object') fail(cx, 'wrong-type', `expected ${what} (an object), got ${describe(v)}`, v);
  return v;
}

export function expectArray(cx: Cx, v: JsonValue, what: string): readonly JsonValue[] {
  if (v.type !== 'array') fail(cx, 'wrong-type', `expected ${what} (an array), got ${describe(v)}`, v);
  return v.items;
}

/** A required non-empty string. */
export function expectString(cx: Cx, v: JsonValue, what: string): string {
  if (v.type !== 'string') fail(cx, 'wrong-type', `expected ${what} (a non-empty string), got ${describe(v)}`, v);
  return v.value;
}

/** An optional string (absent, null or "" give null). */
export function optionalString(cx: Cx, v: JsonValue | undefined, what: string): string | null {
  if (v === undefined || v.type === 'null') return null;
  return expectString(cx, v, what);
}

/** An optional boolean (absent or null give null). */
export function optionalBoolean(cx: Cx, v: JsonValue | undefined, what: string): boolean | null {
  if (v === undefined || v.type === 'null') return null;
  if (v.type !== 'boolean') fail(cx, 'wrong-type', `expected ${what} (true or false), got ${describe(v)}`, v);
  return v.value;
}

/**
 * Checks an object's properties: each known (else an error naming the nearest known one),
 * each required one present. Keys are compared after the spec's normalisation. Every unknown
 * property is reported (the reader ignores them and goes on); then the missing ones, in one
 * diagnostic: thrown when not collecting, else reported, and false is returned.
 */
export function checkProps(cx: Cx, obj: JsonObject, what: string, allowed: readonly string[], required: readonly string[] = []): boolean {
  for (const m of obj.members) {
    if (!allowed.includes(m.key)) {
      const list = allowed.map((k) => `"${k}"`).join(', ') || 'no other properties';
      report(cx, 'unknown-property', `unknown property ${quoteText(m.rawKey)} in ${what}${didYouMean(m.key, allowed)}; expected ${list}`, m, undefined, list);
    }
  }
  const missing = required.filter((key) => !obj.member(key));
  if (missing.length === 0) return true;
  const list = missing.map((k) => `"${k}"`).join(' and ');
  report(cx, 'missing-property', `${what} needs ${list}`, obj, undefined, list);
  return false;
}

/**
 * The value of a required property. One that is absent has been reported by the property
 * check: reading it fails the part that needs it (see `Parts.attempt`) without a second diagnostic.
 */
export function prop(obj: JsonObject, key: string): JsonValue {
  const v = obj.get(key);
  if (v === undefined) throw MISSING;
  return v;
}
