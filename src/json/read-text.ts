import type { DsqError } from '../diagnostic/index.js';
import { LineIndex, type Span } from '../diagnostic/span.js';
import { checkNumber } from '../ast/numbers.js';
import { jsonError } from './error.js';
import {
  JsonArray, JsonBoolean, JsonMember, JsonNull, JsonNumber, JsonObject, JsonString, JsonUndefined, childPointer, foldKey, normaliseKey,
  type JsonOrigin, type JsonValue,
} from './value.js';

/**
 * Reads JSON text under the spec's JSON rules:
 * 1. an empty string is null (and not allowed as a key);
 * 2-4. keys are trimmed, inner white-space runs folded to one space and compared
 *    case-insensitively; keys equal after that are duplicates, an error;
 * 5. a trailing comma after the last item of an array or object is accepted;
 * 6. numbers are kept as exact text: whole numbers (also `1.0`, `1e3`) must fit in signed
 *    64 bits, others in float64;
 * 7. the literal `undefined` is accepted; a member whose value is undefined is absent.
 * Every value gets its span and pointer. The reader is iterative: any nesting depth reads
 * without growing the call stack. Errors are `DsqError`s with code `json/...`.
 */
export function readSpecJson(text: string): JsonValue {
  return new TextReader(text).read();
}

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
      pending: SeenKey | null;
    };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const WORD_RE = /[A-Za-z0-9_$.+-]+/y;

class TextReader {
  private pos = 0;
  private readonly index: LineIndex;
  private readonly stack: Frame[] = [];

  constructor(private readonly text: string) {
    this.index = new LineIndex(text);
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
  }

  read(): JsonValue {
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
          throw this.error('syntax', `unexpected ${this.describeHere()} after the end of the JSON value`, this.spanHere());
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
        value = this.afterOpenOrComma(true);
      } else if (c === closer) {
        value = this.close();
      } else {
        const what = top.container.type === 'array' ? 'array' : 'object';
        throw this.error('syntax', `expected "," or "${closer}" in the ${what} opened at ${this.lineCol(top.start)}, got ${this.describeHere()}`, this.spanHere());
      }
    }
  }

  /** After `[`, `{` or `,`: the closer (empty container or trailing comma), or the next item. Null when that item opened a container. */
  private afterOpenOrComma(afterComma: boolean): JsonValue | null {
    const top = this.stack[this.stack.length - 1] as Frame;
    this.skipWhite();
    const c = this.text[this.pos];
    if (top.container.type === 'array') {
      if (c === ']') return this.close();
      if (c === ',') throw this.error('syntax', `expected a value${afterComma ? ' after ","' : ''}, got ","`, this.spanHere());
      return this.readValueStart();
    }
    if (c === '}') return this.close();
    this.readKey(top as Extract<Frame, { seen: unknown }>);
    return this.readValueStart();
  }

  private readKey(frame: Extract<Frame, { seen: unknown }>): void {
    if (this.text[this.pos] !== '"') {
      throw this.error('syntax', `expected a key (a string in double quotes) or "}", got ${this.describeHere()}`, this.spanHere());
    }
    const start = this.pos;
    const rawKey = this.readString();
    const end = this.pos;
    // Pointers and spans are computed only on error: a pointer costs the depth of the document.
    const folded = foldKey(rawKey);
    if (folded === '') {
      const message = `an object key must not be empty${rawKey === '' ? '' : ' (it is only white space)'}`;
      throw this.error('empty-key', message, this.index.span(start, end), childPointer(frame.container.pointer, rawKey));
    }
    const key = normaliseKey(rawKey);
    const first = frame.seen.find(key);
    if (first) {
      const same = first.rawKey === rawKey ? '' : ` (the same key as "${first.rawKey}" once trimmed, white space folded and case ignored)`;
      const message = `duplicate key "${rawKey}"${same}: first given at ${this.lineCol(first.start)}`;
      throw this.error('duplicate-key', message, this.index.span(start, end), childPointer(frame.container.pointer, rawKey));
    }
    const seen: SeenKey = { key, rawKey, start, end };
    frame.seen.add(seen);
    this.skipWhite();
    if (this.text[this.pos] !== ':') throw this.error('syntax', `expected ":" after the key "${rawKey}", got ${this.describeHere()}`, this.spanHere(), childPointer(frame.container.pointer, rawKey));
    this.pos++;
    frame.pending = seen;
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
          return new JsonUndefined(origin, end);
      }
      throw this.error('syntax', `expected a JSON value, got "${word}"`, this.index.span(start, end), this.pointerOf(origin));
    }
    throw this.error('syntax', `expected a JSON value, got ${this.describeHere()}`, this.spanHere(), this.pointerOf(origin));
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
      throw this.error('syntax', `"${bad}" is not a JSON number (digits, optional fraction and exponent; no leading zeros, no "+", no NaN or Infinity)`, this.index.span(start, end), this.pointerOf(origin));
    }
    this.pos = end;
    const textValue = m[0];
    const check = checkNumber(textValue);
    if (!check.ok) throw this.error('number-range', check.reason, this.index.span(start, end), this.pointerOf(origin));
    return new JsonNumber(origin, end, textValue, check.whole);
  }

  /** Reads a double-quoted string at the cursor, unescaped. */
  private readString(): string {
    const text = this.text;
    const start = this.pos;
    let i = start + 1;
    let out = '';
    let chunk = i;
    for (;;) {
      if (i >= text.length) throw this.error('syntax', 'unterminated string: expected a closing "', this.index.span(start, Math.min(start + 1, text.length)));
      const code = text.charCodeAt(i);
      if (code === 0x22) break;
      if (code < 0x20) {
        const name = code === 10 ? '\\n' : code === 13 ? '\\r' : code === 9 ? '\\t' : `\\u${code.toString(16).padStart(4, '0')}`;
        throw this.error('syntax', `a raw control character (U+${code.toString(16).padStart(4, '0').toUpperCase()}) is not allowed in a string: write it as ${name}`, this.index.span(i, i + 1));
      }
      if (code === 0x5c) {
        out += text.slice(chunk, i);
        const e = text[i + 1];
        const simple = e === undefined ? undefined : SIMPLE_ESCAPES[e];
        if (simple !== undefined) {
          out += simple;
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          const shown = e === undefined ? 'end of input' : `"\\${text.slice(i + 1, e === 'u' ? i + 6 : i + 2)}"`;
          throw this.error('syntax', `invalid escape ${shown} in a string: expected \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and 4 hex digits`, this.index.span(i, Math.min(i + 2, text.length)));
        }
        chunk = i;
        continue;
      }
      i++;
    }
    out += text.slice(chunk, i);
    this.pos = i + 1;
    return out;
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
    const pending = f.pending as SeenKey;
    f.pending = null;
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

  private skipWhite(): void {
    const text = this.text;
    let i = this.pos;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    this.pos = i;
  }

  private spanHere(): Span {
    return this.index.span(this.pos, Math.min(this.pos + 1, this.text.length));
  }

  private lineCol(offset: number): string {
    const p = this.index.position(offset);
    return `${p.line}:${p.column}`;
  }

  private describeHere(): string {
    if (this.pos >= this.text.length) return 'the end of the input';
    const cp = this.text.codePointAt(this.pos) as number;
    const ch = String.fromCodePoint(cp);
    return cp < 0x20 || (cp >= 0x7f && cp <= 0xa0) || cp === 0xfeff ? `U+${cp.toString(16).padStart(4, '0').toUpperCase()}` : `"${ch}"`;
  }

  private error(code: string, message: string, span: Span, pointer?: string): DsqError {
    return jsonError(code, message, { pointer: pointer ?? this.currentPointer(), span }, this.text);
  }

  /** The pointer of the innermost open container (for errors between values). */
  private currentPointer(): string {
    const top = this.stack[this.stack.length - 1];
    return top === undefined ? '' : top.container.pointer;
  }
}
