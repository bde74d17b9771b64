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
  type JsonOrigin,
  type JsonValue,
} from './value.js';

interface SeenKey {
  readonly key: string;
  readonly rawKey: string;
  readonly start: number;
  readonly end: number;
}

/** The keys of one object so far (also those whose value was undefined), for the duplicate check. */
class SeenKeys {
  private readonly list: SeenKey[] = [];
  private map: Map<string, SeenKey> | null = null;

  find(key: string): SeenKey | undefined {
    if (this.map !== null) return this.map.get(key);
    for (const k of this.list) if (k.key === key) return k;
    return undefined;
  }

  add(k: SeenKey): void {
    if (this.map !== null) this.map.set(k.key, k);
    else {
      this.list.push(k);
      if (this.list.length > 16) this.map = new Map(this.list.map((x) => [x.key, x]));
    }
  }
}

type Frame =
  | { readonly container: JsonArray; readonly start: number }
  | {
      readonly container: JsonObject;
      readonly start: number;
      readonly seen: SeenKeys;
      pending: Pending | null;
    };

/** The key whose value is being read; `drop` when the member is not kept (a duplicate or empty key, already reported). */
interface Pending {
  readonly rawKey: string;
  readonly key: string;
  readonly start: number;
  readonly end: number;
  readonly drop: boolean;
}

const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const WORD_RE = /[A-Za-z0-9_$.+-]+/y;

/** Reads the structure of JSON text (read-text.ts says under which rules) into a value tree, iteratively. */
export class TextReader extends TextCursor {
  private readonly stack: Frame[] = [];

  constructor(
    text: string,
    private readonly strict: boolean,
  ) {
    super(text);
  }

  read(): JsonValue | undefined {
    try {
      return this.readAll();
    } catch (err) {
      if (err === STOP) return undefined;
      throw err;
    }
  }

  private readAll(): JsonValue {
    let value: JsonValue | null = this.readValueStart();
    for (;;) {
      if (value === null) {
        // A container was opened: read its first item, or close it when empty.
        value = this.afterOpenOrComma(false);
        continue;
      }
      const top = this.stack[this.stack.length - 1];
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
    const top = this.stack[this.stack.length - 1] as Frame;
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
    this.readKey(top as Extract<Frame, { seen: unknown }>);
    return this.readValueStart();
  }

  private readKey(frame: Extract<Frame, { seen: unknown }>): void {
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
    const rawKey = this.readString();
    const end = this.pos;
    // Pointers and spans are computed only on error: a pointer costs the depth of the document.
    const folded = foldKey(rawKey);
    const key = normaliseKey(rawKey);
    let drop = false;
    if (folded === '') {
      // Reported; the member is dropped and reading goes on.
      const message = `an object key must not be empty${rawKey === '' ? '' : ' (it is only white space)'}`;
      this.reportBad('empty-key', message, this.index.span(start, end), childPointer(frame.container.pointer, rawKey), 'a non-empty key');
      drop = true;
    } else {
      const first = frame.seen.find(key);
      if (first) {
        // Reported; the first member stays, this one is dropped, and reading goes on.
        const same = first.rawKey === rawKey ? '' : ` (the same key as "${first.rawKey}" once trimmed, white space folded and case ignored)`;
        const message = `duplicate key "${rawKey}"${same}: first given at ${this.lineCol(first.start)}`;
        this.reportBad('duplicate-key', message, this.index.span(start, end), childPointer(frame.container.pointer, rawKey), 'each key once');
        drop = true;
      } else frame.seen.add({ key, rawKey, start, end });
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
    frame.pending = { key, rawKey, start, end, drop };
  }

  /** Reads a value at the cursor. Scalars are returned; a container is opened (pushed) and null returned. */
  private readValueStart(): JsonValue | null {
    this.skipWhite();
    const start = this.pos;
    const origin = this.originOfNext(start);
    const c = this.text.charCodeAt(start);
    if (c === 0x7b) {
      this.pos++;
      this.stack.push({ container: new JsonObject(origin), start, seen: new SeenKeys(), pending: null });
      return null;
    }
    if (c === 0x5b) {
      this.pos++;
      this.stack.push({ container: new JsonArray(origin), start });
      return null;
    }
    if (c === 0x22) {
      const value = this.readString();
      return value === '' ? new JsonNull(origin, this.pos, true) : new JsonString(origin, this.pos, value);
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.readNumber(origin);
    WORD_RE.lastIndex = start;
    const word = WORD_RE.exec(this.text)?.[0];
    if (word !== undefined) {
      const end = start + word.length;
      switch (word) {
        case 'null':
          this.pos = end;
          return new JsonNull(origin, end);
        case 'true':
          this.pos = end;
          return new JsonBoolean(origin, end, true);
        case 'false':
          this.pos = end;
          return new JsonBoolean(origin, end, false);
        case 'undefined':
          this.pos = end;
          if (this.strict) return this.badValue(origin, end, 'syntax', '"undefined" is not a JSON value in strict JSON', 'a JSON value');
          return new JsonUndefined(origin, end);
      }
      // A bare word (NaN, tru, True): reported, read as null, and reading goes on after it.
      this.pos = end;
      return this.badValue(origin, end, 'syntax', `expected a JSON value, got "${word}"`, 'a JSON value');
    }
    this.fatal('syntax', `expected a JSON value, got ${this.describeHere()}`, this.spanHere(), this.pointerOf(origin), 'a JSON value');
  }

  /** A value reported as bad, read as null so that reading goes on (its pointer is remembered: later checks skip it). */
  private badValue(origin: JsonOrigin, end: number, code: string, message: string, expected: string): JsonValue {
    this.reportBad(code, message, this.index.span(origin.start, end), this.pointerOf(origin), expected);
    return new JsonNull(origin, end);
  }

  private readNumber(origin: JsonOrigin): JsonValue {
    const start = origin.start;
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
      return this.badValue(origin, end, 'syntax', message, 'a JSON number');
    }
    this.pos = end;
    const textValue = m[0];
    const check = checkNumber(textValue);
    if (!check.ok) return this.badValue(origin, end, 'number-range', check.reason, 'a number in range');
    return new JsonNumber(origin, end, textValue, check.whole);
  }

  /** Closes the innermost container at the cursor (on its closer) and returns it. */
  private close(): JsonValue {
    const frame = this.stack.pop() as Frame;
    this.pos++;
    frame.container.end = this.pos;
    return frame.container;
  }

  private attach(frame: Frame, value: JsonValue): void {
    if (frame.container.type === 'array') {
      frame.container.items.push(value);
      return;
    }
    const f = frame as Extract<Frame, { seen: unknown }>;
    const pending = f.pending as Pending;
    f.pending = null;
    if (pending.drop) return;
    // Rule 7: a member whose value is undefined is the same as an absent member.
    if (value.type !== 'undefined') f.container.add(new JsonMember(pending.rawKey, pending.key, value, this.index, pending.start, pending.end));
    else f.container.addUndefined(pending.rawKey);
  }

  private originOfNext(start: number): JsonOrigin {
    const top = this.stack[this.stack.length - 1];
    const lines = this.index;
    if (top === undefined) return { parent: null, segment: '', lines, start };
    if (top.container.type === 'array') return { parent: top.container, segment: String(top.container.items.length), lines, start };
    const f = top as Extract<Frame, { seen: unknown }>;
    return { parent: f.container, segment: f.pending?.rawKey ?? '', lines, start };
  }

  private pointerOf(origin: JsonOrigin): string {
    return origin.parent === null ? '' : childPointer(origin.parent.pointer, origin.segment);
  }

  /** The pointer of the innermost open container (for errors between values). */
  protected currentPointer(): string {
    const top = this.stack[this.stack.length - 1];
    return top === undefined ? '' : top.container.pointer;
  }
}
