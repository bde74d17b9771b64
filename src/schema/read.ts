import type { Diagnostic } from '../diagnostic/index.js';
import { capDiagnostics, resultOf, valueOrThrow, type Result } from '../diagnostic/index.js';
import { readJsPartial } from '../json/read-js.js';
import { readJsonText } from '../json/read-text.js';
import type { JsonObject, JsonValue } from '../json/value.js';
import type { Schema, SchemaBlob, SchemaDatabase, SchemaField, SchemaGroup } from './definitions.js';

/**
 * Reads the spec's database definitions. Accepted at the top:
 * - `{ "groups": [...] }`, as the `schema` action returns it (groups hold `databases` and
 *   possibly nested `groups`);
 * - an array of database definitions (held by one implicit group named '');
 * - a single database definition (an object with `name` or `fields`).
 * The text is read under the spec's JSON rules (src/json's `readSpecJson`: case-insensitive keys,
 * duplicates rejected, `""` is null, trailing commas, `undefined`). Every problem is reported
 * with its JSON pointer and span; all are collected before one `DsqError` is thrown.
 */
export function readSchema(text: string): Schema {
  return valueOrThrow(readSchemaResult(text), text);
}

/** `readSchema` without throwing: every problem of the text (JSON and schema), and the schema when none is an error. */
export function readSchemaResult(text: string): Result<Schema> {
  const json = readJsonText(text);
  if (json.value === undefined) return { diagnostics: json.diagnostics };
  const reader = new Reader();
  const schema = reader.top(json.value);
  // A value the JSON reader already reported is not reported again.
  const diagnostics = [...json.diagnostics, ...reader.diagnostics.filter((d) => d.pointer === undefined || !json.bad.has(d.pointer))];
  return resultOf(capDiagnostics(diagnostics), () => schema);
}

/** The same as `readSchema` for an already-parsed JS value. */
export function schemaFromValue(value: unknown): Schema {
  return valueOrThrow(schemaFromValueResult(value));
}

/** `schemaFromValue` without throwing. */
export function schemaFromValueResult(value: unknown): Result<Schema> {
  const json = readJsPartial(value);
  const reader = new Reader();
  const schema = reader.top(json.value);
  const diagnostics = [...json.diagnostics, ...reader.diagnostics.filter((d) => d.pointer === undefined || !json.bad.has(d.pointer))];
  return resultOf(capDiagnostics(diagnostics), () => schema);
}

/** A database definition while its child databases are read: label and feature flags come after them. */
type Reading = { -readonly [K in keyof SchemaDatabase]: SchemaDatabase[K] };

/**
 * Reads the definitions with a stack of work instead of the call stack, so nesting (groups in
 * groups, child databases in child databases) costs memory, not stack: a 100,000-deep schema
 * reads like a flat one. Each definition is read in the order the text has it, its nested
 * definitions before its next sibling, so problems come in document order.
 */
class Reader {
  readonly diagnostics: Diagnostic[] = [];
  /** What is left to read, the next step last. */
  private readonly todo: (() => void)[] = [];

  private error(at: JsonValue, message: string): void {
    this.diagnostics.push({
      code: 'schema/invalid',
      severity: 'error',
      message,
      pointer: at.pointer,
      ...(at.span ? { span: at.span } : {}),
    });
  }

  /** Steps to take next, in this order, before whatever was waiting. */
  private next(...steps: (() => void)[]): void {
    for (let i = steps.length - 1; i >= 0; i--) this.todo.push(steps[i] as () => void);
  }

  top(value: JsonValue): Schema {
    const schema = this.schema(value);
    for (let step = this.todo.pop(); step !== undefined; step = this.todo.pop()) step();
    return schema;
  }

  private schema(value: JsonValue): Schema {
    if (value.type === 'array') {
      const databases: SchemaDatabase[] = [];
      this.databases(value, databases);
      return { groups: [{ name: '', desc: null, databases, groups: [] }] };
    }
    if (value.type === 'object') {
      if (value.get('groups') !== undefined) {
        for (const m of value.members) if (m.key !== 'groups') this.error(m.value, `unexpected property "${m.rawKey}" beside "groups" in a schema`);
        const groups: SchemaGroup[] = [];
        this.groups(value.get('groups') as JsonValue, groups);
        return { groups };
      }
      if (value.get('fields') !== undefined || value.get('name') !== undefined) {
        const databases: SchemaDatabase[] = [];
        this.database(value, databases);
        return { groups: [{ name: '', desc: null, databases, groups: [] }] };
      }
    }
    this.error(
      value,
      'expected a schema: an object with "groups", an array of database definitions, or a database definition (an object with "name" and "fields")',
    );
    return { groups: [] };
  }

  private list(value: JsonValue | undefined, what: string): readonly JsonValue[] {
    if (value === undefined || value.type === 'null') return [];
    if (value.type !== 'array') {
      this.error(value, `expected ${what} (an array), got ${describe(value)}`);
      return [];
    }
    return value.items;
  }

  private object(value: JsonValue, what: string): JsonObject | null {
    if (value.type === 'object') return value;
    this.error(value, `expected ${what} (an object), got ${describe(value)}`);
    return null;
  }

  private requiredString(obj: JsonObject, key: string, what: string): string {
    const v = obj.get(key);
    if (v === undefined || v.type === 'null') {
      this.error(v ?? obj, `${what} has no "${key}" (a non-empty string is required)`);
      return '';
    }
    if (v.type !== 'string') {
      this.error(v, `"${key}" of ${what} must be a string, got ${describe(v)}`);
      return '';
    }
    return v.value;
  }

  private optionalString(obj: JsonObject, key: string, what: string): string | null {
    const v = obj.get(key);
    if (v === undefined || v.type === 'null') return null;
    if (v.type !== 'string') {
      this.error(v, `"${key}" of ${what} must be a string, got ${describe(v)}`);
      return null;
    }
    return v.value;
  }

  private flag(obj: JsonObject, key: string, what: string): boolean {
    const v = obj.get(key);
    if (v === undefined || v.type === 'null') return false;
    if (v.type !== 'boolean') {
      this.error(v, `"${key}" of ${what} must be true or false, got ${describe(v)}`);
      return false;
    }
    return v.value;
  }

  /** Reads a list of group definitions into `out` (as the next steps). */
  private groups(value: JsonValue, out: SchemaGroup[]): void {
    this.next(
      ...this.list(value, 'an array of group definitions').map((item) => () => {
        const obj = this.object(item, 'a group definition');
        if (!obj) return;
        const group = {
          name: this.optionalString(obj, 'name', 'a group definition') ?? '',
          desc: this.optionalString(obj, 'desc', 'a group definition'),
          databases: [] as SchemaDatabase[],
          groups: [] as SchemaGroup[],
        };
        out.push(group);
        const groups = obj.get('groups');
        this.next(
          () => this.databases(obj.get('databases'), group.databases),
          () => {
            if (groups !== undefined) this.groups(groups, group.groups);
          },
        );
      }),
    );
  }

  /** Reads a list of database definitions into `out` (as the next steps). */
  private databases(value: JsonValue | undefined, out: SchemaDatabase[]): void {
    this.next(
      ...this.list(value, 'an array of database definitions').map((item) => () => {
        const obj = this.object(item, 'a database definition');
        if (obj) this.database(obj, out);
      }),
    );
  }

  /** Reads a database definition into `out`; its child databases, its label and feature flags are the next steps. */
  private database(obj: JsonObject, out: SchemaDatabase[]): void {
    const name = this.requiredString(obj, 'name', 'a database definition');
    const what = name ? `database "${name}"` : 'a database definition';
    const fieldsValue = obj.get('fields');
    if (fieldsValue === undefined || fieldsValue.type === 'null') {
      this.error(fieldsValue ?? obj, `${what} has no "fields" (an array of at least one field definition is required)`);
    } else if (fieldsValue.type === 'array' && fieldsValue.items.length === 0) {
      this.error(fieldsValue, `${what} has an empty "fields" array (at least one field definition is required)`);
    }
    const fieldValues = this.list(fieldsValue, 'an array of field definitions');
    const fields = fieldValues.flatMap((f) => {
      const fo = this.object(f, 'a field definition');
      return fo ? [this.field(fo, what)] : [];
    });
    this.unique(
      fieldValues,
      fields.map((f) => f.name),
      `field of ${what}`,
    );
    const blobs = this.list(obj.get('blobs'), 'an array of blob definitions').flatMap((b) => {
      const bo = this.object(b, 'a blob definition');
      return bo ? [this.blob(bo, what)] : [];
    });
    const children = this.list(obj.get('databases'), 'an array of database definitions');
    const database: Reading = { name, label: name, fields, blobs, databases: [] };
    out.push(database);
    const databases = database.databases as SchemaDatabase[];
    this.next(
      ...children.map((item) => () => {
        const child = this.object(item, 'a database definition');
        if (child) this.database(child, databases);
      }),
      () => {
        this.unique(
          children,
          databases.map((d) => d.name),
          `child database of ${what}`,
        );
        if (this.flag(obj, 'trash', what)) database.trash = true;
        if (this.flag(obj, 'file', what)) database.file = true;
        if (this.flag(obj, 'tag', what)) database.tag = true;
        database.label = this.optionalString(obj, 'label', what) ?? name;
      },
    );
  }

  private field(obj: JsonObject, owner: string): SchemaField {
    const name = this.requiredString(obj, 'name', `a field definition of ${owner}`);
    const what = name ? `field "${name}" of ${owner}` : `a field definition of ${owner}`;
    const type = this.requiredString(obj, 'type', what);
    const def = this.optionalString(obj, 'def', what);
    return {
      name,
      label: this.optionalString(obj, 'label', what) ?? name,
      type,
      nul: this.flag(obj, 'nul', what),
      key: this.flag(obj, 'key', what),
      ...(def === null ? {} : { def }),
    };
  }

  private blob(obj: JsonObject, owner: string): SchemaBlob {
    const name = this.requiredString(obj, 'name', `a blob definition of ${owner}`);
    const what = name ? `blob "${name}" of ${owner}` : `a blob definition of ${owner}`;
    return { name, label: this.optionalString(obj, 'label', what) ?? name, nul: this.flag(obj, 'nul', what) };
  }

  /** Duplicate names among sibling definitions (`values` are the definitions, `names` theirs, same order when all are objects). */
  private unique(values: readonly JsonValue[], names: readonly string[], what: string): void {
    const objects = values.filter((v): v is JsonObject => v.type === 'object');
    const seen = new Set<string>();
    names.forEach((n, i) => {
      if (n === '') return;
      const at = objects[i];
      if (seen.has(n) && at) this.error(at.get('name') ?? at, `duplicate ${what}: "${n}"`);
      seen.add(n);
    });
  }
}

function describe(value: JsonValue): string {
  switch (value.type) {
    case 'null':
      return 'null';
    case 'undefined':
      return 'undefined';
    case 'boolean':
      return `${value.value}`;
    case 'number':
      return `the number ${value.text}`;
    case 'string':
      return `the string ${JSON.stringify(value.value.length > 40 ? `${value.value.slice(0, 40)}…` : value.value)}`;
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
  }
}
