import type { LineIndex, Span } from '../diagnostic/span.js';
import { childPointer, escapePointerSegment } from '../diagnostic/pointer.js';

/**
 * A JSON value as read under the spec's JSON rules (see `readSpecJson`): exact number text,
 * normalised keys, and for every value its JSON pointer and (when read from text) its span.
 *
 * Pointers and spans are computed on demand (from the parent chain and the text's line index),
 * so reading stays cheap and a 100,000-deep document does not hold 100,000 long pointers.
 */
export type JsonValue = JsonNull | JsonBoolean | JsonNumber | JsonString | JsonArray | JsonObject | JsonUndefined;
export type JsonType = JsonValue['type'];
export type JsonContainer = JsonArray | JsonObject;

/**
 * The value model is lean because a big document's model outlives young-generation collections,
 * which copy it: per value only its parent (or, for the root, the text's line index), its key or
 * index, and its offsets; `type` lives on each class's prototype, and an array's or object's
 * list is made at its exact size when it closes (text-reader.ts). With one field per value more
 * (the line index, a key as a string for every array item, `type` as an own field), an empty
 * list grown by `push`, and an origin object made per value, the model of a 1.5 MB document was
 * 65 MB (249 bytes a value) and reading it spent most of its time copying that; it is 35 MB now
 * (134 bytes a value, with the keys and short strings shared: text-reader.ts). The cost: a span
 * walks up to the root for the line index, as a pointer walks up for its segments.
 */
abstract class JsonBase {
  declare readonly type: JsonType;
  /** The parent container; for the root, the line index of its text (null for a value read from JS). */
  declare private readonly up: JsonContainer | LineIndex | null;
  /** The key (as written) in the parent object, or the index in the parent array; '' for the root. */
  declare private readonly at: string | number;
  declare private readonly start: number;
  /** @internal the end offset, set by the text reader when the value is complete. */
  declare end: number;

  /** `up`: the parent, or for the root the line index of the text it was read from (null for a JS value). */
  constructor(up: JsonContainer | LineIndex | null, at: string | number, start = 0, end = start) {
    this.up = up;
    this.at = at;
    this.start = start;
    this.end = end;
  }

  /** The parent container; null for the root. */
  get parent(): JsonContainer | null {
    const up = this.up;
    return up instanceof JsonBase ? up : null;
  }

  /** The key (as written) or index of this value in its parent; '' for the root. */
  get segment(): string {
    return typeof this.at === 'number' ? String(this.at) : this.at;
  }

  /** The value's text range; null for a value that came from a JS object. */
  get span(): Span | null {
    const lines = this.lineIndex();
    return lines === null ? null : lines.span(this.start, this.end);
  }

  /** @internal the line index of the text the value was read from (held by the root), or null. */
  lineIndex(): LineIndex | null {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    let v: JsonBase = this;
    while (v.up instanceof JsonBase) v = v.up;
    return v.up;
  }

  /** The RFC 6901 pointer of this value, with keys as written (`/where/$and/1`); '' for the root. */
  get pointer(): string {
    const segments: string[] = [];
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    for (let v: JsonBase = this; v.up instanceof JsonBase; v = v.up) segments.push(escapePointerSegment(v.segment));
    return segments.length === 0 ? '' : `/${segments.reverse().join('/')}`;
  }
}

/** Gives every value of a class its `type` from the prototype (no field per value). */
function typed(c: { prototype: object }, type: JsonType): void {
  Object.defineProperty(c.prototype, 'type', { value: type, enumerable: true });
}

export class JsonNull extends JsonBase {
  declare readonly type: 'null';
  /** True when the text was `""`: the spec's rule 1 makes an empty string equal to null. */
  declare readonly fromEmptyString: boolean;
  constructor(up: JsonContainer | LineIndex | null, at: string | number, start?: number, end?: number, fromEmptyString = false) {
    super(up, at, start, end);
    this.fromEmptyString = fromEmptyString;
  }
}
typed(JsonNull, 'null');

export class JsonBoolean extends JsonBase {
  declare readonly type: 'boolean';
  declare readonly value: boolean;
  constructor(up: JsonContainer | LineIndex | null, at: string | number, start: number | undefined, end: number | undefined, value: boolean) {
    super(up, at, start, end);
    this.value = value;
  }
}
typed(JsonBoolean, 'boolean');

export class JsonNumber extends JsonBase {
  declare readonly type: 'number';
  /** Exact decimal text in JSON number syntax, already checked with `checkNumber`. */
  declare readonly text: string;
  declare readonly whole: boolean;
  constructor(up: JsonContainer | LineIndex | null, at: string | number, start: number | undefined, end: number | undefined, text: string, whole: boolean) {
    super(up, at, start, end);
    this.text = text;
    this.whole = whole;
  }
}
typed(JsonNumber, 'number');

export class JsonString extends JsonBase {
  declare readonly type: 'string';
  /** Never empty (an empty string is read as `JsonNull`). */
  declare readonly value: string;
  constructor(up: JsonContainer | LineIndex | null, at: string | number, start: number | undefined, end: number | undefined, value: string) {
    super(up, at, start, end);
    this.value = value;
  }
}
typed(JsonString, 'string');

/** The literal `undefined` where it is not dropped: an array item or the whole document. */
export class JsonUndefined extends JsonBase {
  declare readonly type: 'undefined';
}
typed(JsonUndefined, 'undefined');

export class JsonArray extends JsonBase {
  declare readonly type: 'array';
  declare readonly items: JsonValue[];
  /** `items`: the text reader gives a placeholder and sets the items, made at their exact size, when the array closes. */
  constructor(up: JsonContainer | LineIndex | null, at: string | number, start: number | undefined, items: JsonValue[]) {
    super(up, at, start);
    this.items = items;
  }

  /** @internal the text reader's, when the array closes. */
  close(items: JsonValue[], end: number): void {
    (this as { items: JsonValue[] }).items = items;
    this.end = end;
  }
}
typed(JsonArray, 'array');

export class JsonMember {
  constructor(
    /** The key as written (after JSON string unescaping). */
    readonly rawKey: string,
    /** The key normalised under rules 3 and 4: trimmed, white-space runs folded to one space, lower case. */
    readonly key: string,
    readonly value: JsonValue,
    /** @internal the key's text range (0, 0 for a JS value). */
    readonly keyStart = 0,
    /** @internal */
    readonly keyEnd = 0,
  ) {}

  /** The key's text range; null for a JS value. */
  get keySpan(): Span | null {
    const lines = this.value.lineIndex();
    return lines === null ? null : lines.span(this.keyStart, this.keyEnd);
  }
}

/** Lookups by normalised key: a scan for small objects, a map for big ones. */
const SCAN_LIMIT = 16;

export class JsonObject extends JsonBase {
  declare readonly type: 'object';
  /** Members in the order written; members whose value was `undefined` are absent (rule 7). */
  declare readonly members: JsonMember[];
  /** Keys (as written) whose value was `undefined`: absent (rule 7), kept only for messages. */
  declare undefinedKeys: string[] | null;
  declare private index: Map<string, JsonMember> | null;

  /** `members`: the text reader gives a placeholder and sets the members, made at their exact size, when the object closes. */
  constructor(up: JsonContainer | LineIndex | null, at: string | number, start: number | undefined, members: JsonMember[]) {
    super(up, at, start);
    this.members = members;
  }

  /** The member with this key (compared after normalisation). */
  member(key: string): JsonMember | undefined {
    // The readers ask with keys already normalised ("type", "where"): looked up as they are
    // first, and normalised only when not found (a key equal to a normalised one is normalised).
    const found = this.find(key);
    if (found !== undefined) return found;
    const k = normaliseKey(key);
    return k === key ? undefined : this.find(k);
  }

  private find(k: string): JsonMember | undefined {
    if (this.members.length <= SCAN_LIMIT) {
      for (const m of this.members) if (m.key === k) return m;
      return undefined;
    }
    if (this.index === null) this.index = new Map(this.members.map((m) => [m.key, m]));
    return this.index.get(k);
  }

  /** The value for this key (compared after normalisation), or undefined when absent. */
  get(key: string): JsonValue | undefined {
    return this.member(key)?.value;
  }

  /** @internal a member whose value was `undefined` (absent; remembered for messages). */
  addUndefined(rawKey: string): void {
    (this.undefinedKeys ??= []).push(rawKey);
  }

  /** @internal used by the JS reader, which has checked for duplicates. */
  add(member: JsonMember): void {
    this.members.push(member);
    this.index = null;
  }

  /** @internal the text reader's, when the object closes. */
  close(members: JsonMember[], end: number): void {
    (this as { members: JsonMember[] }).members = members;
    this.end = end;
  }
}
typed(JsonObject, 'object');
// Most objects never have these: null from the prototype, an own field only when set.
Object.defineProperty(JsonObject.prototype, 'undefinedKeys', { value: null, writable: true });
Object.defineProperty(JsonObject.prototype, 'index', { value: null, writable: true });

/** Rules 3 and 4: trim and fold white-space runs to one space. */
export function foldKey(key: string): string {
  return WHITE.test(key) ? key.trim().replace(/\s+/g, ' ') : key;
}
const WHITE = /\s/;

/** Rules 3 and 4, and case: the form two keys are compared in. */
export function normaliseKey(key: string): string {
  return foldKey(key).toLowerCase();
}

export { escapePointerSegment, childPointer };
