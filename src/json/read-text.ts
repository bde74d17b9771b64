import type { Diagnostic } from '../diagnostic/diagnostic.js';
import { MAX_DIAGNOSTICS, resultOf, tooManyDiagnostics, valueOrThrow, type Result } from '../diagnostic/result.js';
import { LineIndex, type Span } from '../diagnostic/span.js';
import { checkNumber } from '../ast/numbers.js';
import { jsonDiagnostic } from './error.js';
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
 * without growing the call stack. Throws a `DsqError` with every diagnostic found (code
 * `json/...`); `readSpecJsonResult` gives them without throwing.
 */
export function readSpecJson(text: string, options: JsonReadOptions = {}): JsonValue {
  return valueOrThrow(readSpecJsonResult(text, options), text);
}

export interface JsonReadOptions {
  /**
   * Strict JSON (RFC 8259) instead of the spec's extensions: no trailing comma, no `undefined`.
   * For files that other tools read too (dsq.config.json). The key rules stay.
   */
  readonly strict?: boolean;
}

/**
 * `readSpecJson` without throwing: every problem of the text, each with its JSON pointer and
 * line:column; the value when there is none. Never throws.
 */
export function readSpecJsonResult(text: string, options: JsonReadOptions = {}): Result<JsonValue> {
  const read = readJsonText(text, options);
  return resultOf(read.diagnostics, () => read.value as JsonValue);
}

/** What the text reader found: the value as far as it could be read, every problem, and the pointers of the values reported bad. */
export interface JsonTextRead {
  /** Absent only when the text's structure is broken (an unclosed string or bracket, a missing comma). */
  readonly value?: JsonValue;
  readonly diagnostics: readonly Diagnostic[];
  /** Pointers of bad values (read as null) and dropped members: checks after reading skip them. */
  readonly bad: ReadonlySet<string>;
}

/**
 * The reader behind `readSpecJsonResult`. Where reading can go on soundly it does, so one pass
 * reports every problem: a duplicate or empty key (the member is dropped), a number out of
 * range or not in JSON's number syntax and a bare word (`NaN`, `tru`) (read as null), a raw
 * control character or bad escape in a string (reported, the string read on). The value is
 * given even then, for the readers after this one (src/json/from-json.ts) to report more.
 */
export function readJsonText(text: string, options: JsonReadOptions = {}): JsonTextRead {
  const reader = new TextReader(text, options.strict === true);
  const value = reader.read();
  return { ...(value !== undefined ? { value } : {}), diagnostics: reader.diagnostics, bad: reader.badPointers };
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

/** Thrown inside the reader when the text's structure is broken: the diagnostic is already recorded. */
const STOP = Symbol('stop');

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const WORD_RE = /[A-Za-z0-9_$.+-]+/y;

class TextReader {
  private pos = 0;
  private readonly index: LineIndex;
  private readonly stack: Frame[] = [];
  readonly diagnostics: Diagnostic[] = [];
  /** Pointers of the values reported here (bad numbers, bare words, dropped members): later checks say nothing more about them. */
  readonly badPointers = new Set<string>();

  constructor(
    private readonly text: string,
    private readonly strict: boolean,
  ) {
    this.index = new LineIndex(text);
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
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
        this.fatal('syntax', `expected "," or "${closer}" in the ${what} opened at ${this.lineCol(top.start)}, got ${this.describeHere()}`, this.spanHere(), undefined, `"," or "${closer}"`);
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
      this.report('syntax', `a trailing comma before "${closer}" is not allowed in strict JSON`, this.index.span(this.commaBefore(), this.commaBefore() + 1), undefined, `a value after ","`);
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
      this.fatal('syntax', `expected a key (a string in double quotes) or "}", got ${this.describeHere()}`, this.spanHere(), undefined, 'a key (a string in double quotes) or "}"');
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
      this.fatal('syntax', `expected ":" after the key "${rawKey}", got ${this.describeHere()}`, this.spanHere(), childPointer(frame.container.pointer, rawKey), '":"');
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

  /** Reads a double-quoted string at the cursor, unescaped. */
  private readString(): string {
    const text = this.text;
    const start = this.pos;
    let i = start + 1;
    let out = '';
    let chunk = i;
    for (;;) {
      if (i >= text.length) this.fatal('syntax', 'unterminated string: expected a closing "', this.index.span(start, Math.min(start + 1, text.length)), undefined, 'a closing "');
      const code = text.charCodeAt(i);
      if (code === 0x22) break;
      if (code < 0x20) {
        // Reported; the character is kept and the string read on.
        const name = code === 10 ? '\\n' : code === 13 ? '\\r' : code === 9 ? '\\t' : `\\u${code.toString(16).padStart(4, '0')}`;
        this.report('syntax', `a raw control character (U+${code.toString(16).padStart(4, '0').toUpperCase()}) is not allowed in a string: write it as ${name}`, this.index.span(i, i + 1), undefined, name);
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
          const expected = '\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and 4 hex digits';
          const span = this.index.span(i, Math.min(i + 2, text.length));
          if (e === undefined) this.fatal('syntax', `invalid escape ${shown} in a string: expected ${expected}`, span, undefined, expected);
          // Reported; the backslash and the character after it are skipped and the string read on.
          this.report('syntax', `invalid escape ${shown} in a string: expected ${expected}`, span, undefined, expected);
          i += 2;
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

  /** Records a problem reading can go on after. */
  private report(code: string, message: string, span: Span, pointer: string | undefined, expected: string): void {
    if (this.diagnostics.length === MAX_DIAGNOSTICS) {
      // Enough: a file of a million bad values stops here (and its report stays readable).
      this.diagnostics.push(tooManyDiagnostics());
      throw STOP;
    }
    this.diagnostics.push(jsonDiagnostic(code, message, { pointer: pointer ?? this.currentPointer(), span }, undefined, expected));
  }

  /** Records a problem with a value (or member) that is then dropped or read as null: later checks skip its pointer. */
  private reportBad(code: string, message: string, span: Span, pointer: string, expected: string): void {
    this.report(code, message, span, pointer, expected);
    this.badPointers.add(pointer);
  }

  /** Records a problem the structure cannot be read past, and stops. */
  private fatal(code: string, message: string, span: Span, pointer: string | undefined, expected: string): never {
    this.report(code, message, span, pointer, expected);
    throw STOP;
  }

  /** The offset of the comma before the cursor (for a trailing comma). */
  private commaBefore(): number {
    let i = this.pos - 1;
    while (i > 0 && this.text[i] !== ',') i--;
    return i;
  }

  /** The pointer of the innermost open container (for errors between values). */
  private currentPointer(): string {
    const top = this.stack[this.stack.length - 1];
    return top === undefined ? '' : top.container.pointer;
  }
}
