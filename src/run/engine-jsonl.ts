import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DsqError } from '../diagnostic/diagnostic.js';
import { normaliseKey } from '../json/value.js';
import { csvField } from '../sql/csv.js';
import { fieldValueType, type DatabaseInfo, type Translation, type ValueType } from '../sql/index.js';
import { engineCsv } from './engine-csv.js';
import type { Engine } from './engine.js';
import { headerTargets, type DataFile, type Target } from './load.js';

/**
 * A JSONL data file loaded through the engine: each line read by a small scanner of flat record
 * objects (keys, and values that are strings, numbers as written, `true`, `false`, `null` or an
 * array of strings), written as a CSV line, and the CSV loaded by engine-csv.ts. A value is
 * written only where the CSV reading of its text is the JSONL reading of the value (a number for
 * a number field, a string for a text or datetime field but not one of digits, which CSV reads as
 * epoch milliseconds, ...).
 *
 * Anything else — another JSON form (`undefined`, a trailing comma, a nested object, an escaped
 * surrogate), a key twice, an unknown key, a value of the wrong kind — and `null` is returned
 * with nothing loaded: load.ts's reader then reads the file with the spec's JSON reader and
 * names the line and the field of the first problem.
 */
export async function engineJsonl(
  engine: Engine,
  t: Translation,
  info: DatabaseInfo,
  table: string,
  file: DataFile,
  now: number,
  idsAfter: bigint,
): Promise<bigint | null> {
  const csv = jsonlAsCsv(readFileSync(file.path, 'utf8'), info, file.path);
  if (csv === null) return null;
  const dir = mkdtempSync(join(tmpdir(), 'dsq-jsonl-'));
  try {
    const path = join(dir, 'records.csv');
    writeFileSync(path, csv);
    return await engineCsv(engine, t, info, table, { path, format: 'csv' }, now, idsAfter);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The kinds of value a line's member may hold (JSON `null` and `""` are one: JSON rule 1). */
type Kind = 'null' | 'string' | 'number' | 'boolean' | 'array';

// A cell CSV writes quoted (csvField's rule, tested once).
const QUOTED = /[",\r\n]|^\s|\s$/;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * A scanner of one line's flat object. `object` calls `member` with each key, the value's kind
 * and text (a number as written, a string decoded, an array as JSON text of its strings) and
 * stops at false; it returns false for a form it does not read.
 */
class LineScanner {
  private i = 0;
  private end = 0;
  kind: Kind = 'null';
  text = '';

  constructor(private readonly s: string) {}

  private space(): void {
    const s = this.s;
    for (let c = s.charCodeAt(this.i); this.i < this.end && (c === 32 || c === 9 || c === 13); c = s.charCodeAt(++this.i));
  }

  private string(): string | null {
    const s = this.s;
    if (s.charCodeAt(this.i) !== 34) return null;
    let out = '';
    let from = ++this.i;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (Number.isNaN(c) || c < 32) return null;
      if (c === 34) {
        out += s.slice(from, this.i++);
        return out;
      }
      if (c === 92) {
        out += s.slice(from, this.i);
        const e = s[this.i + 1] ?? '';
        if (e === 'u') {
          const hex = s.slice(this.i + 2, this.i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) return null;
          const code = parseInt(hex, 16);
          // A surrogate (paired or not): the spec's reader's to read.
          if (code >= 0xd800 && code <= 0xdfff) return null;
          out += String.fromCharCode(code);
          this.i += 6;
        } else {
          const ch = ESCAPES[e];
          if (ch === undefined) return null;
          out += ch;
          this.i += 2;
        }
        from = this.i;
        continue;
      }
      this.i++;
    }
  }

  private word(word: string, kind: Kind): boolean {
    if (!this.s.startsWith(word, this.i)) return false;
    this.i += word.length;
    this.kind = kind;
    this.text = kind === 'boolean' ? word : '';
    return true;
  }

  private value(): boolean {
    const s = this.s;
    switch (s.charCodeAt(this.i)) {
      case 34: {
        const text = this.string();
        if (text === null) return false;
        // JSON rule 1: an empty string equals null.
        this.kind = text === '' ? 'null' : 'string';
        this.text = text;
        return true;
      }
      case 91:
        return this.array();
      case 116:
        return this.word('true', 'boolean');
      case 102:
        return this.word('false', 'boolean');
      case 110:
        return this.word('null', 'null');
      default: {
        NUMBER.lastIndex = this.i;
        const m = NUMBER.exec(s);
        if (m === null) return false;
        this.i += m[0].length;
        this.kind = 'number';
        this.text = m[0];
        return true;
      }
    }
  }

  private array(): boolean {
    const s = this.s;
    this.i++;
    this.space();
    const items: string[] = [];
    if (s[this.i] !== ']') {
      for (;;) {
        const item = this.string();
        if (item === null) return false;
        items.push(item);
        this.space();
        if (s[this.i] === ']') break;
        if (s[this.i] !== ',') return false;
        this.i++;
        this.space();
      }
    }
    this.i++;
    this.kind = 'array';
    this.text = JSON.stringify(items);
    return true;
  }

  /** Whether the line from `from` to `end` is blank. */
  blank(from: number, end: number): boolean {
    this.i = from;
    this.end = end;
    this.space();
    return this.i === end;
  }

  /** Reads the line from `from` to `end` (its LF). */
  object(from: number, end: number, member: (key: string) => boolean): boolean {
    this.i = from;
    this.end = end;
    const s = this.s;
    this.space();
    if (s[this.i++] !== '{') return false;
    this.space();
    if (s[this.i] === '}') this.i++;
    else {
      for (;;) {
        const key = this.string();
        if (key === null) return false;
        this.space();
        if (s[this.i++] !== ':') return false;
        this.space();
        if (!this.value() || !member(key)) return false;
        this.space();
        const c = s[this.i++];
        if (c === '}') break;
        if (c !== ',') return false;
        this.space();
      }
    }
    this.space();
    return this.i === end;
  }
}

/** The CSV text of a value for a column, or null when CSV would read the text otherwise than JSONL reads the value. */
function csvText(target: Target, type: ValueType, kind: Kind, text: string): string | null {
  if (kind === 'null') return '';
  if (target.kind === 'attribute') {
    if (target.name === 'tags') return kind === 'array' || kind === 'string' ? text : null;
    return kind === 'string' || kind === 'number' ? text : null;
  }
  switch (type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return kind === 'number' ? text : null;
    case 'boolean':
      return kind === 'boolean' ? text : null;
    case 'datetime':
      // Digits as a string are ISO text to JSONL (a year), epoch milliseconds to CSV.
      return kind === 'number' || (kind === 'string' && !/^\s*[+-]?\d+\s*$/.test(text)) ? text : null;
    default:
      return kind === 'string' ? text : null;
  }
}

/** What a key of the file stands for: its folded form (two keys alike are one key twice), its column. */
interface Key {
  readonly folded: string;
  readonly target: Target;
  /** A field's value type. */
  readonly type: ValueType;
  readonly column: number;
}

/**
 * The JSONL file as CSV: a column for each key of the first line (a later line with another key
 * starts the writing again with every column), a field a line lacks given its default (read as
 * CSV reads it), an attribute left empty. Null when a line is not one this reads.
 */
export function jsonlAsCsv(text: string, info: DatabaseInfo, file: string): string | null {
  const keys = new Map<string, Key>();
  const names: string[] = [];
  const defaults: string[] = [];
  const scanner = new LineScanner(text);
  for (;;) {
    const out: string[] = [];
    const row: (string | undefined)[] = [];
    const folded: string[] = [];
    let n = 0;
    const member = (name: string): boolean => {
      let key = keys.get(name);
      if (key === undefined) {
        let target: Target;
        try {
          [target] = headerTargets(info, [name], file, n) as [Target];
        } catch (err) {
          if (err instanceof DsqError) return false;
          throw err;
        }
        const column = target.kind === 'field' ? target.field.name : target.name;
        let at = names.indexOf(column);
        if (at < 0) {
          at = names.push(column) - 1;
          defaults.push(info.database.fields.find((f) => f.name === column)?.def ?? '');
        }
        key = { folded: normaliseKey(name), target, type: target.kind === 'field' ? fieldValueType(target.field.type) : 'text', column: at };
        keys.set(name, key);
      }
      // A key twice (in two spellings), or a field by name and by label.
      if (key.folded === '' || folded.includes(key.folded) || row[key.column] !== undefined) return false;
      folded.push(key.folded);
      const cell = csvText(key.target, key.type, scanner.kind, scanner.text);
      if (cell === null) return false;
      row[key.column] = cell;
      return true;
    };
    let again = false;
    for (let from = 0; from < text.length; ) {
      n++;
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      const line = from;
      from = to + 1;
      if (scanner.blank(line, to)) continue;
      row.length = 0;
      folded.length = 0;
      const before = names.length;
      if (!scanner.object(line, to, member)) return null;
      // A column that the lines written so far lack: again, with every column known.
      if (names.length > before && out.length > 0) {
        again = true;
        break;
      }
      let csv = '';
      for (let i = 0; i < names.length; i++) {
        const cell = row[i] ?? (defaults[i] as string);
        csv += i > 0 ? `,${QUOTED.test(cell) ? csvField(cell) : cell}` : QUOTED.test(cell) ? csvField(cell) : cell;
      }
      out.push(csv);
    }
    if (!again) return `${[names.map((c) => csvField(c)).join(','), ...out].join('\n')}\n`;
  }
}
