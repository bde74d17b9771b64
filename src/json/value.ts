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

/** Where a value sits: its parent container and its key (as written) or index there. */
export interface JsonPlace {
  readonly parent: JsonContainer;
  readonly segment: string;
}

/** Where a value came from: its parent and key or index, and its text range (lines null for a JS value). */
export interface JsonOrigin {
  readonly parent: JsonContainer | null;
  readonly segment: string;
  readonly lines: LineIndex | null;
  readonly start: number;
}

// The fields are `declare`d, set only by the constructor: as class fields (ES2022's define
// semantics) each value paid a field definition before its assignment, which was about 40% of
// fromJson's time (CPU profile of the bench corpus).
abstract class JsonBase {
  /** The parent container; null for the root. */
  declare readonly parent: JsonContainer | null;
  /** The key (as written) or index of this value in its parent; '' for the root. */
  declare readonly segment: string;
  declare private readonly lines: LineIndex | null;
  declare private readonly start: number;
  /** @internal the end offset, set by the text reader when the value is complete. */
  declare end: number;

  constructor(origin: JsonOrigin, end = origin.start) {
    this.parent = origin.parent;
    this.segment = origin.segment;
    this.lines = origin.lines;
    this.start = origin.start;
    this.end = end;
  }

  /** The value's text range; null for a value that came from a JS object. */
  get span(): Span | null {
    return this.lines === null ? null : this.lines.span(this.start, this.end);
  }

  get place(): JsonPlace | null {
    return this.parent === null ? null : { parent: this.parent, segment: this.segment };
  }

  /** The RFC 6901 pointer of this value, with keys as written (`/where/$and/1`); '' for the root. */
  get pointer(): string {
    const segments: string[] = [];
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    for (let v: JsonBase | null = this; v.parent !== null; v = v.parent) segments.push(escapePointerSegment(v.segment));
    return segments.length === 0 ? '' : `/${segments.reverse().join('/')}`;
  }
}

export class JsonNull extends JsonBase {
  readonly type = 'null' as const;
  constructor(
    origin: JsonOrigin,
    end?: number,
    /** True when the text was `""`: the spec's rule 1 makes an empty string equal to null. */
    readonly fromEmptyString = false,
  ) {
    super(origin, end);
  }
}

export class JsonBoolean extends JsonBase {
  readonly type = 'boolean' as const;
  constructor(
    origin: JsonOrigin,
    end: number | undefined,
    readonly value: boolean,
  ) {
    super(origin, end);
  }
}

export class JsonNumber extends JsonBase {
  readonly type = 'number' as const;
  /** `text`: exact decimal text in JSON number syntax, already checked with `checkNumber`. */
  constructor(
    origin: JsonOrigin,
    end: number | undefined,
    readonly text: string,
    readonly whole: boolean,
  ) {
    super(origin, end);
  }
}

export class JsonString extends JsonBase {
  readonly type = 'string' as const;
  /** `value`: never empty (an empty string is read as `JsonNull`). */
  constructor(
    origin: JsonOrigin,
    end: number | undefined,
    readonly value: string,
  ) {
    super(origin, end);
  }
}

/** The literal `undefined` where it is not dropped: an array item or the whole document. */
export class JsonUndefined extends JsonBase {
  readonly type = 'undefined' as const;
}

export class JsonArray extends JsonBase {
  readonly type = 'array' as const;
  readonly items: JsonValue[] = [];
}

export class JsonMember {
  constructor(
    /** The key as written (after JSON string unescaping). */
    readonly rawKey: string,
    /** The key normalised under rules 3 and 4: trimmed, white-space runs folded to one space, lower case. */
    readonly key: string,
    readonly value: JsonValue,
    private readonly lines: LineIndex | null = null,
    private readonly keyStart = 0,
    private readonly keyEnd = 0,
  ) {}

  /** The key's text range; null for a JS value. */
  get keySpan(): Span | null {
    return this.lines === null ? null : this.lines.span(this.keyStart, this.keyEnd);
  }
}

/** Lookups by normalised key: a scan for small objects, a map for big ones. */
const SCAN_LIMIT = 16;

export class JsonObject extends JsonBase {
  readonly type = 'object' as const;
  /** Members in the order written; members whose value was `undefined` are absent (rule 7). */
  readonly members: JsonMember[] = [];
  /** Keys (as written) whose value was `undefined`: absent (rule 7), kept only for messages. */
  undefinedKeys: string[] | null = null;
  private index: Map<string, JsonMember> | null = null;

  /** The member with this key (compared after normalisation). */
  member(key: string): JsonMember | undefined {
    const k = normaliseKey(key);
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

  /** @internal used by the readers, which have checked for duplicates. */
  add(member: JsonMember): void {
    this.members.push(member);
    this.index = null;
  }
}

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
