import { checkNumber } from '../ast/numbers.js';
import { STOP, TextCursor } from './text-cursor.js';
import {
  JsonArray,
  JsonBoolean,
  JsonMember,
  JsonNull,
  JsonNumber,
  JsonObject,
  JsonString,
  JsonUndefined,
  childPointer,
  foldKey,
  normaliseKey,
  type JsonContainer,
  type JsonValue,
} from './value.js';
import { LineIndex } from '../diagnostic/span.js';

/** A key whose value was `undefined` (absent, rule 7), remembered for the duplicate check. */
interface UndefinedKey {
  readonly key: string;
  readonly rawKey: string;
  readonly keyStart: number;
}

/** The first member (or undefined key) with a normalised key, for the duplicate check. */
type SeenKey = JsonMember | UndefinedKey;

/** Duplicate keys are found by a scan of the object's members so far, up to this many; by a map after. */
const SCAN_KEYS = 16;

/**
 * An open array or object. Frames are kept per depth and reused (one object per depth, not per
 * container); the items or members read so far are on the reader's `list`, from `from` on.
 */
class Frame {
  constructor(
    public container: JsonContainer,
    public start: number,
    public from: number,
  ) {}
  /** Of an object: keys whose value was undefined (null until one is). */
  undefinedKeys: UndefinedKey[] | null = null;
  /** Of an object of more than SCAN_KEYS keys: every key so far. */
  seen: Map<string, SeenKey> | null = null;
  /** Of an object: the key whose value is being read; `drop` when the member is not kept (a duplicate or empty key, already reported). */
  rawKey = '';
  key = '';
  keyStart = 0;
  keyEnd = 0;
  drop = false;
}

/** A key as written, normalised, and whether it is empty once trimmed (rules 1 to 4). */
interface KeyForms {
  readonly rawKey: string;
  readonly key: string;
  readonly empty: boolean;
}

/** The text length (characters) from which keys and short strings are shared: a model of a few thousand values on. */
const SHARE_FROM = 16 * 1024;
/** How many distinct keys and short strings the reader keeps to share (a document of unique ones does not grow a big map). */
const KEY_CACHE_SIZE = 1024;
const STRING_CACHE_SIZE = 1024;
/** Strings up to this length are shared. */
const SHARED_STRING_LENGTH = 16;

/** The list of a container until it closes (frozen: nothing may add to it). */
const NO_ITEMS = Object.freeze([]) as unknown as JsonValue[];
const NO_MEMBERS = Object.freeze([]) as unknown as JsonMember[];

const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const WORD_RE = /[A-Za-z0-9_$.+-]+/y;

/** Reads the structure of JSON text (read-text.ts says under which rules) into a value tree, iteratively. */
export class TextReader extends TextCursor {
  /** The open containers, innermost last: `frames[0..depth)` (the frames beyond are kept for reuse). */
  private readonly frames: Frame[] = [];
  private depth = 0;
  /**
   * The items and members of the open containers, outermost first, up to `listEnd`: each
   * container's list is sliced off when it closes. (The end is kept apart: setting the array's
   * length is a call into the engine, a tenth of reading a small document.)
   */
  private readonly list: (JsonValue | JsonMember)[] = [];
  private listEnd = 0;
  /** The caches of `keyForms` and `shared`: only for a big text (a small one's model dies young; the lookups would cost more than they save). */
  private readonly keys: Map<string, KeyForms> | null;
  private readonly strings: Map<string, string> | null;

  constructor(
    text: string,
    private readonly strict: boolean,
  ) {
    super(text);
    const big = text.length >= SHARE_FROM;
    this.keys = big ? new Map() : null;
    this.strings = big ? new Map() : null;
  }

  read(): JsonValue | undefined {
    try {
      return this.readAll();
    } catch (err) {
      if (err === STOP) return undefined;
      throw err;
    }
  }

  private top(): Frame | undefined {
    return this.depth === 0 ? undefined : this.frames[this.depth - 1];
  }

  private readAll(): JsonValue {
    let value: JsonValue | null = this.readValueStart();
    for (;;) {
      if (value === null) {
        // A container was opened: read its first item, or close it when empty.
        value = this.afterOpenOrComma(false);
        continue;
      }
      const top = this.top();
      if (top === undefined) {
        this.skipWhite();
        if (this.pos < this.text.length) {
          this.fatal('syntax', `unexpected ${this.describeHere()} after the end of the JSON value`, this.spanHere(), undefined, 'the end of the input');
        }
        return value;
      }
      this.attach(top, value);
      // After an item: ',' then the next item (or the closer: a trailing comma), or the closer.
      this.skipWhite();
      const c = this.text[this.pos];
      const closer = top.container.type === 'array' ? ']' : '}';
      if (c === ',') {
        this.pos++;
        value = this.afterOpenOrComma(true, closer);
      } else if (c === closer) {
        value = this.close();
      } else {
        const what = top.container.type === 'array' ? 'array' : 'object';
        this.fatal(
          'syntax',
          `expected "," or "${closer}" in the ${what} opened at ${this.lineCol(top.start)}, got ${this.describeHere()}`,
          this.spanHere(),
          undefined,
          `"," or "${closer}"`,
        );
      }
    }
  }

  /** After `[`, `{` or `,`: the closer (empty container or trailing comma), or the next item. Null when that item opened a container. */
  private afterOpenOrComma(afterComma: boolean, closer?: string): JsonValue | null {
    const top = this.top() as Frame;
    this.skipWhite();
    const c = this.text[this.pos];
    if (afterComma && this.strict && c === closer) {
      // Strict JSON: reported, and read on as if the comma were not there.
      this.report(
        'syntax',
        `a trailing comma before "${closer}" is not allowed in strict JSON`,
        this.index.span(this.commaBefore(), this.commaBefore() + 1),
        undefined,
        `a value after ","`,
      );
    }
    if (top.container.type === 'array') {
      if (c === ']') return this.close();
      if (c === ',') this.fatal('syntax', `expected a value${afterComma ? ' after ","' : ''}, got ","`, this.spanHere(), undefined, 'a value');
      return this.readValueStart();
    }
    if (c === '}') return this.close();
    this.readKey(top);
    return this.readValueStart();
  }

  private readKey(frame: Frame): void {
    if (this.text[this.pos] !== '"') {
      this.fatal(
        'syntax',
        `expected a key (a string in double quotes) or "}", got ${this.describeHere()}`,
        this.spanHere(),
        undefined,
        'a key (a string in double quotes) or "}"',
      );
    }
    const start = this.pos;
    const forms = this.keyForms(this.readString());
    const rawKey = forms.rawKey;
    const key = forms.key;
    const end = this.pos;
    // Pointers and spans are computed only on error: a pointer costs the depth of the document.
    let drop = false;
    if (forms.empty) {
      // Reported; the member is dropped and reading goes on.
      const message = `an object key must not be empty${rawKey === '' ? '' : ' (it is only white space)'}`;
      this.reportBad('empty-key', message, this.index.span(start, end), childPointer(frame.container.pointer, rawKey), 'a non-empty key');
      drop = true;
    } else {
      const first = this.seenKey(frame, key);
      if (first) {
        // Reported; the first member stays, this one is dropped, and reading goes on.
        const same = first.rawKey === rawKey ? '' : ` (the same key as "${first.rawKey}" once trimmed, white space folded and case ignored)`;
        const message = `duplicate key "${rawKey}"${same}: first given at ${this.lineCol(first.keyStart)}`;
        this.reportBad('duplicate-key', message, this.index.span(start, end), childPointer(frame.container.pointer, rawKey), 'each key once');
        drop = true;
      }
    }
    this.skipWhite();
    if (this.text[this.pos] !== ':') {
      this.fatal(
        'syntax',
        `expected ":" after the key "${rawKey}", got ${this.describeHere()}`,
        this.spanHere(),
        childPointer(frame.container.pointer, rawKey),
        '":"',
      );
    }
    this.pos++;
    frame.rawKey = rawKey;
    frame.key = key;
    frame.keyStart = start;
    frame.keyEnd = end;
    frame.drop = drop;
  }

  /**
   * A key as written and normalised, from a cache: a document names the same few keys again and
   * again, so its members share one string of each (not one per member) and each is normalised once.
   */
  private keyForms(rawKey: string): KeyForms {
    const keys = this.keys;
    const cached = keys?.get(rawKey);
    if (cached !== undefined) return cached;
    const forms: KeyForms = { rawKey, key: normaliseKey(rawKey), empty: foldKey(rawKey) === '' };
    if (keys !== null && keys.size < KEY_CACHE_SIZE) keys.set(rawKey, forms);
    return forms;
  }

  /**
   * A string value: a short one from a cache (names and words recur: `"c1"`, `"asc"`), so the
   * values share one string of each; a long one as it is (they seldom recur).
   */
  private shared(value: string): string {
    const strings = this.strings;
    if (strings === null || value.length > SHARED_STRING_LENGTH) return value;
    const cached = strings.get(value);
    if (cached !== undefined) return cached;
    if (strings.size < STRING_CACHE_SIZE) strings.set(value, value);
    return value;
  }

  /**
   * The first member or undefined key of the object with this normalised key. The object's
   * members so far are the end of `list` (the object is the innermost open container): a scan
   * for a few, a map (made once, then kept up) for more.
   */
  private seenKey(frame: Frame, key: string): SeenKey | undefined {
    const list = this.list;
    const undefinedKeys = frame.undefinedKeys;
    if (frame.seen === null) {
      const end = this.listEnd;
      const count = end - frame.from + (undefinedKeys === null ? 0 : undefinedKeys.length);
      if (count < SCAN_KEYS) {
        for (let i = frame.from; i < end; i++) if ((list[i] as JsonMember).key === key) return list[i] as JsonMember;
        if (undefinedKeys !== null) for (const u of undefinedKeys) if (u.key === key) return u;
        return undefined;
      }
      const seen = new Map<string, SeenKey>();
      for (let i = frame.from; i < end; i++) seen.set((list[i] as JsonMember).key, list[i] as JsonMember);
      if (undefinedKeys !== null) for (const u of undefinedKeys) seen.set(u.key, u);
      frame.seen = seen;
    }
    return frame.seen.get(key);
  }

  /** Reads a value at the cursor. Scalars are returned; a container is opened (pushed) and null returned. */
  private readValueStart(): JsonValue | null {
    this.skipWhite();
    const start = this.pos;
    const top = this.top();
    // The value's parent and key or index there; the root holds the line index instead.
    const up = top === undefined ? this.index : top.container;
    const at = top === undefined ? '' : top.container.type === 'array' ? this.listEnd - top.from : top.rawKey;
    const c = this.text.charCodeAt(start);
    if (c === 0x7b) {
      this.pos++;
      this.open(new JsonObject(up, at, start, NO_MEMBERS), start);
      return null;
    }
    if (c === 0x5b) {
      this.pos++;
      this.open(new JsonArray(up, at, start, NO_ITEMS), start);
      return null;
    }
    if (c === 0x22) {
      const value = this.shared(this.readString());
      return value === '' ? new JsonNull(up, at, start, this.pos, true) : new JsonString(up, at, start, this.pos, value);
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.readNumber(up, at, start);
    WORD_RE.lastIndex = start;
    const word = WORD_RE.exec(this.text)?.[0];
    if (word !== undefined) {
      const end = start + word.length;
      switch (word) {
        case 'null':
          this.pos = end;
          return new JsonNull(up, at, start, end);
        case 'true':
          this.pos = end;
          return new JsonBoolean(up, at, start, end, true);
        case 'false':
          this.pos = end;
          return new JsonBoolean(up, at, start, end, false);
        case 'undefined':
          this.pos = end;
          if (this.strict) return this.badValue(up, at, start, end, 'syntax', '"undefined" is not a JSON value in strict JSON', 'a JSON value');
          return new JsonUndefined(up, at, start, end);
      }
      // A bare word (NaN, tru, True): reported, read as null, and reading goes on after it.
      this.pos = end;
      return this.badValue(up, at, start, end, 'syntax', `expected a JSON value, got "${word}"`, 'a JSON value');
    }
    this.fatal('syntax', `expected a JSON value, got ${this.describeHere()}`, this.spanHere(), pointerOf(up, at), 'a JSON value');
  }

  private open(container: JsonContainer, start: number): void {
    const frame = this.frames[this.depth];
    if (frame === undefined) this.frames.push(new Frame(container, start, this.listEnd));
    else {
      frame.container = container;
      frame.start = start;
      frame.from = this.listEnd;
      frame.undefinedKeys = null;
      frame.seen = null;
    }
    this.depth++;
  }

  /** A value reported as bad, read as null so that reading goes on (its pointer is remembered: later checks skip it). */
  private badValue(up: Up, at: string | number, start: number, end: number, code: string, message: string, expected: string): JsonValue {
    this.reportBad(code, message, this.index.span(start, end), pointerOf(up, at), expected);
    return new JsonNull(up, at, start, end);
  }

  private readNumber(up: Up, at: string | number, start: number): JsonValue {
    NUMBER_RE.lastIndex = start;
    const m = NUMBER_RE.exec(this.text);
    let end = m ? start + m[0].length : start;
    WORD_RE.lastIndex = end;
    const tail = WORD_RE.exec(this.text)?.[0] ?? '';
    if (!m || tail !== '') {
      WORD_RE.lastIndex = start;
      const bad = WORD_RE.exec(this.text)?.[0] ?? this.text.slice(start, start + 1);
      end = start + bad.length;
      this.pos = end;
      const message = `"${bad}" is not a JSON number (digits, optional fraction and exponent; no leading zeros, no "+", no NaN or Infinity)`;
      return this.badValue(up, at, start, end, 'syntax', message, 'a JSON number');
    }
    this.pos = end;
    const textValue = m[0];
    const check = checkNumber(textValue);
    if (!check.ok) return this.badValue(up, at, start, end, 'number-range', check.reason, 'a number in range');
    return new JsonNumber(up, at, start, end, textValue, check.whole);
  }

  /** Closes the innermost container at the cursor (on its closer) and returns it, its list made at its exact size. */
  private close(): JsonValue {
    const frame = this.frames[--this.depth] as Frame;
    this.pos++;
    const container = frame.container;
    const own = this.list.slice(frame.from, this.listEnd);
    this.listEnd = frame.from;
    if (container.type === 'array') container.close(own as JsonValue[], this.pos);
    else container.close(own as JsonMember[], this.pos);
    return container;
  }

  private attach(frame: Frame, value: JsonValue): void {
    if (frame.container.type === 'array') {
      this.list[this.listEnd++] = value;
      return;
    }
    if (frame.drop) return;
    // Rule 7: a member whose value is undefined is the same as an absent member.
    if (value.type !== 'undefined') {
      const member = new JsonMember(frame.rawKey, frame.key, value, frame.keyStart, frame.keyEnd);
      this.list[this.listEnd++] = member;
      frame.seen?.set(member.key, member);
    } else {
      const u: UndefinedKey = { key: frame.key, rawKey: frame.rawKey, keyStart: frame.keyStart };
      (frame.undefinedKeys ??= []).push(u);
      frame.seen?.set(u.key, u);
      frame.container.addUndefined(frame.rawKey);
    }
  }

  /** The pointer of the innermost open container (for errors between values). */
  protected currentPointer(): string {
    const top = this.top();
    return top === undefined ? '' : top.container.pointer;
  }
}

type Up = JsonContainer | LineIndex;

/** The pointer of the value at `at` in `up` (the root's when `up` is the line index). */
function pointerOf(up: Up, at: string | number): string {
  return up instanceof LineIndex ? '' : childPointer(up.pointer, at);
}
