import type { Span } from '../diagnostic/span.js';

/**
 * A JSON value as read under the spec's JSON rules (see `readSpecJson`): exact number text,
 * normalised keys, and for every value its JSON pointer and (when read from text) its span.
 *
 * Pointers are computed on demand from the parent chain, so a 100,000-deep document does not
 * hold 100,000 long pointer strings.
 */
export type JsonValue = JsonNull | JsonBoolean | JsonNumber | JsonString | JsonArray | JsonObject | JsonUndefined;
export type JsonType = JsonValue['type'];

/** Where a value sits: its parent container and its key (as written) or index there. */
export interface JsonPlace {
  readonly parent: JsonArray | JsonObject;
  readonly segment: string;
}

abstract class JsonBase {
  constructor(
    /** The value's text range; null for a value that came from a JS object. */
    readonly span: Span | null,
    /** Null for the root. */
    readonly place: JsonPlace | null,
  ) {}

  /** The RFC 6901 pointer of this value, with keys as written (`/where/$and/1`); '' for the root. */
  get pointer(): string {
    const segments: string[] = [];
    for (let p = this.place; p !== null; p = p.parent.place) segments.push(escapePointerSegment(p.segment));
    return segments.length === 0 ? '' : `/${segments.reverse().join('/')}`;
  }
}

export class JsonNull extends JsonBase {
  readonly type = 'null' as const;
  constructor(
    span: Span | null,
    place: JsonPlace | null,
    /** True when the text was `""`: the spec's rule 1 makes an empty string equal to null. */
    readonly fromEmptyString = false,
  ) {
    super(span, place);
  }
}

export class JsonBoolean extends JsonBase {
  readonly type = 'boolean' as const;
  constructor(span: Span | null, place: JsonPlace | null, readonly value: boolean) {
    super(span, place);
  }
}

export class JsonNumber extends JsonBase {
  readonly type = 'number' as const;
  /** Exact decimal text in JSON number syntax, already checked with `checkNumber`. */
  constructor(span: Span | null, place: JsonPlace | null, readonly text: string, readonly whole: boolean) {
    super(span, place);
  }
}

export class JsonString extends JsonBase {
  readonly type = 'string' as const;
  /** Never empty (an empty string is read as `JsonNull`). */
  constructor(span: Span | null, place: JsonPlace | null, readonly value: string) {
    super(span, place);
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

export interface JsonMember {
  /** The key as written (after JSON string unescaping). */
  readonly rawKey: string;
  /** The key normalised under rules 3 and 4: trimmed, white-space runs folded to one space, lower case. */
  readonly key: string;
  readonly keySpan: Span | null;
  readonly value: JsonValue;
}

export class JsonObject extends JsonBase {
  readonly type = 'object' as const;
  /** Members in the order written; members whose value was `undefined` are absent (rule 7). */
  readonly members: JsonMember[] = [];
  private readonly byKey = new Map<string, JsonMember>();

  /** The member with this key (compared after normalisation). */
  member(key: string): JsonMember | undefined {
    return this.byKey.get(normaliseKey(key));
  }

  /** The value for this key (compared after normalisation), or undefined when absent. */
  get(key: string): JsonValue | undefined {
    return this.member(key)?.value;
  }

  /** @internal used by the readers: the caller has checked for duplicates. */
  add(member: JsonMember): void {
    this.members.push(member);
    this.byKey.set(member.key, member);
  }
}

/** Rules 3 and 4: trim, fold white-space runs to one space, compare case-insensitively. */
export function foldKey(key: string): string {
  return key.trim().replace(/\s+/g, ' ');
}

export function normaliseKey(key: string): string {
  return foldKey(key).toLowerCase();
}

export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer of `segment` inside the container at `parentPointer`. */
export function childPointer(parentPointer: string, segment: string | number): string {
  return `${parentPointer}/${escapePointerSegment(String(segment))}`;
}
