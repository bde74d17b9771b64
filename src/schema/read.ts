import { DsqError, LineIndex, type Diagnostic } from '../diagnostic/index.js';
import type { Schema, SchemaBlob, SchemaDatabase, SchemaField, SchemaGroup } from './types.js';

/**
 * Reads the spec's database definitions. Accepted at the top:
 * - `{ "groups": [...] }`, as the `schema` action returns it (groups hold `databases` and
 *   possibly nested `groups`);
 * - an array of database definitions (held by one implicit group named '');
 * - a single database definition (an object with `fields`).
 * Keys are read under the spec's JSON rules (case-insensitive, white space normalised,
 * duplicates rejected; an empty string is null). Every problem is reported with its JSON
 * pointer; all problems are collected before throwing one `DsqError`.
 */
export function readSchema(text: string): Schema {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new DsqError([jsonSyntaxDiagnostic(text, err)], text);
  }
  return schemaFromValue(value, text);
}

/** The same as `readSchema` for an already-parsed JSON value. */
export function schemaFromValue(value: unknown, source?: string): Schema {
  const reader = new Reader();
  const schema = reader.top(value);
  if (reader.diagnostics.length > 0) throw new DsqError(reader.diagnostics, source);
  return schema;
}

function jsonSyntaxDiagnostic(text: string, err: unknown): Diagnostic {
  const message = err instanceof Error ? err.message : String(err);
  const m = /position (\d+)/.exec(message);
  const base = { code: 'schema/json-syntax', severity: 'error' as const, message: `the schema is not valid JSON: ${message}` };
  if (!m) return base;
  const offset = Math.min(Number(m[1]), text.length);
  return { ...base, span: new LineIndex(text).span(offset, Math.min(offset + 1, text.length)) };
}

type Obj = ReadonlyMap<string, unknown>;

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

class Reader {
  readonly diagnostics: Diagnostic[] = [];

  private error(pointer: string, message: string): void {
    this.diagnostics.push({ code: 'schema/invalid', severity: 'error', message, pointer });
  }

  top(value: unknown): Schema {
    if (Array.isArray(value)) {
      return { groups: [{ name: '', desc: null, databases: this.databases(value, ''), groups: [] }] };
    }
    const obj = this.object(value, '', 'a schema: { "groups": [...] }, an array of database definitions, or a database definition');
    if (!obj) return { groups: [] };
    if (obj.has('groups')) {
      this.only(obj, '', ['groups'], 'a schema object');
      return { groups: this.groups(obj.get('groups'), '/groups') };
    }
    if (obj.has('fields') || obj.has('name')) {
      return { groups: [{ name: '', desc: null, databases: [this.database(value, obj, '')], groups: [] }] };
    }
    this.error('', 'expected a schema: an object with "groups", an array of database definitions, or a database definition (an object with "fields")');
    return { groups: [] };
  }

  /** Reads an object, normalising keys under the spec's JSON rules; null when it is not an object. */
  private object(value: unknown, pointer: string, what: string): Obj | null {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.error(pointer, `expected ${what}, got ${describe(value)}`);
      return null;
    }
    const out = new Map<string, unknown>();
    for (const [rawKey, v] of Object.entries(value)) {
      const key = rawKey.trim().replace(/\s+/g, ' ').toLowerCase();
      if (key === '') {
        this.error(`${pointer}/${escapePointer(rawKey)}`, 'an empty string is not allowed as an object key');
        continue;
      }
      if (out.has(key)) {
        this.error(`${pointer}/${escapePointer(rawKey)}`, `duplicate key "${rawKey}" (keys are case-insensitive)`);
        continue;
      }
      out.set(key, v);
    }
    return out;
  }

  /** Reports keys that cannot be there (only used where the shape is fixed by dsq). */
  private only(obj: Obj, pointer: string, keys: readonly string[], what: string): void {
    for (const key of obj.keys()) {
      if (!keys.includes(key)) this.error(`${pointer}/${escapePointer(key)}`, `unexpected property "${key}" in ${what} (expected ${keys.join(', ')})`);
    }
  }

  private array(value: unknown, pointer: string, what: string): readonly unknown[] {
    if (value === undefined || value === null || value === '') return [];
    if (!Array.isArray(value)) {
      this.error(pointer, `expected ${what} (an array), got ${describe(value)}`);
      return [];
    }
    return value;
  }

  private requiredString(obj: Obj, key: string, pointer: string, what: string): string {
    const v = obj.get(key);
    if (v === undefined || v === null || v === '') {
      this.error(pointer, `${what} has no "${key}" (a non-empty string is required)`);
      return '';
    }
    if (typeof v !== 'string') {
      this.error(`${pointer}/${key}`, `"${key}" of ${what} must be a string, got ${describe(v)}`);
      return '';
    }
    return v;
  }

  private optionalString(obj: Obj, key: string, pointer: string, what: string): string | null {
    const v = obj.get(key);
    if (v === undefined || v === null || v === '') return null;
    if (typeof v !== 'string') {
      this.error(`${pointer}/${key}`, `"${key}" of ${what} must be a string, got ${describe(v)}`);
      return null;
    }
    return v;
  }

  private flag(obj: Obj, key: string, pointer: string, what: string): boolean {
    const v = obj.get(key);
    if (v === undefined || v === null || v === '') return false;
    if (typeof v !== 'boolean') {
      this.error(`${pointer}/${key}`, `"${key}" of ${what} must be true or false, got ${describe(v)}`);
      return false;
    }
    return v;
  }

  private groups(value: unknown, pointer: string): SchemaGroup[] {
    return this.array(value, pointer, 'an array of group definitions').flatMap((item, i) => {
      const p = `${pointer}/${i}`;
      const obj = this.object(item, p, 'a group definition (an object)');
      if (!obj) return [];
      const what = 'a group definition';
      return [{
        name: this.optionalString(obj, 'name', p, what) ?? '',
        desc: this.optionalString(obj, 'desc', p, what),
        databases: this.databases(obj.get('databases'), `${p}/databases`),
        groups: this.groups(obj.get('groups'), `${p}/groups`),
      }];
    });
  }

  private databases(value: unknown, pointer: string): SchemaDatabase[] {
    return this.array(value, pointer, 'an array of database definitions').flatMap((item, i) => {
      const p = `${pointer}/${i}`;
      const obj = this.object(item, p, 'a database definition (an object)');
      return obj ? [this.database(item, obj, p)] : [];
    });
  }

  private database(_raw: unknown, obj: Obj, pointer: string): SchemaDatabase {
    const name = this.requiredString(obj, 'name', pointer, 'a database definition');
    const what = name ? `database "${name}"` : 'a database definition';
    const fieldsValue = obj.get('fields');
    if (fieldsValue === undefined || fieldsValue === null || fieldsValue === '') {
      this.error(pointer, `${what} has no "fields" (an array of at least one field definition is required)`);
    } else if (Array.isArray(fieldsValue) && fieldsValue.length === 0) {
      this.error(`${pointer}/fields`, `${what} has an empty "fields" array (at least one field definition is required)`);
    }
    const fields = this.array(fieldsValue, `${pointer}/fields`, 'an array of field definitions').flatMap((f, i) => {
      const p = `${pointer}/fields/${i}`;
      const fo = this.object(f, p, 'a field definition (an object)');
      return fo ? [this.field(fo, p, what)] : [];
    });
    this.unique(fields.map((f) => f.name), `${pointer}/fields`, `field of ${what}`);
    const blobs = this.array(obj.get('blobs'), `${pointer}/blobs`, 'an array of blob definitions').flatMap((b, i) => {
      const p = `${pointer}/blobs/${i}`;
      const bo = this.object(b, p, 'a blob definition (an object)');
      return bo ? [this.blob(bo, p, what)] : [];
    });
    const databases = this.databases(obj.get('databases'), `${pointer}/databases`);
    this.unique(databases.map((d) => d.name), `${pointer}/databases`, `child database of ${what}`);
    return { name, label: this.optionalString(obj, 'label', pointer, what) ?? name, fields, blobs, databases };
  }

  private field(obj: Obj, pointer: string, owner: string): SchemaField {
    const name = this.requiredString(obj, 'name', pointer, `a field definition of ${owner}`);
    const what = name ? `field "${name}" of ${owner}` : `a field definition of ${owner}`;
    const type = this.requiredString(obj, 'type', pointer, what);
    return {
      name,
      label: this.optionalString(obj, 'label', pointer, what) ?? name,
      type,
      nul: this.flag(obj, 'nul', pointer, what),
      key: this.flag(obj, 'key', pointer, what),
    };
  }

  private blob(obj: Obj, pointer: string, owner: string): SchemaBlob {
    const name = this.requiredString(obj, 'name', pointer, `a blob definition of ${owner}`);
    const what = name ? `blob "${name}" of ${owner}` : `a blob definition of ${owner}`;
    return { name, label: this.optionalString(obj, 'label', pointer, what) ?? name, nul: this.flag(obj, 'nul', pointer, what) };
  }

  private unique(names: readonly string[], pointer: string, what: string): void {
    const seen = new Set<string>();
    names.forEach((n, i) => {
      if (n === '') return;
      if (seen.has(n)) this.error(`${pointer}/${i}/name`, `duplicate ${what}: "${n}"`);
      seen.add(n);
    });
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}
