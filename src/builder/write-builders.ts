import { isDelimited, type InsertAction, type RemoveAction, type ReplaceAction, type SetAction, type UpdateAction } from '../ast/data-actions.js';
import { argumentError, describeValue } from './errors.js';
import { toName } from './values.js';
import { checkFields, checkKeyFields, checkRecordFields } from './action-fields.js';
import {
  cell,
  condition,
  fieldName,
  flag,
  toDelimited,
  toRecord,
  toRecords,
  type ConditionArg,
  type DelimitedArg,
  type Helpers,
  type RecordsArg,
} from './action-args.js';
import { ActionBuilder } from './action-builder.js';
import { makeExpressionBuilder } from './eb.js';

/** The builders of the write actions (issue 16): INSERT, REPLACE, SET; UPDATE; DELETE, TRASH, RESTORE, DISPOSE. */

/** INSERT, REPLACE, SET: `.values([...])`, `.onDuplicate(...)`, `.failNoOp()`. */
export class RecordsWriteBuilder<N extends InsertAction | ReplaceAction | SetAction> extends ActionBuilder<N> {
  private with(parts: Partial<N>): RecordsWriteBuilder<N> {
    return new RecordsWriteBuilder<N>({ ...this.node, ...parts }, this.ctx);
  }
  /** Records to write (added to those given before): objects of field values; an expression goes to `expressions`. */
  values(records: readonly Readonly<Record<string, unknown>>[]): RecordsWriteBuilder<N> {
    if (!Array.isArray(records)) throw argumentError(`.values() takes an array of record objects, got ${describeValue(records)}`);
    if (isDelimited(this.node.records))
      throw argumentError(
        '.values(): this write already takes its records as delimited data (.delimited()); a write has record objects or delimited data, not both',
      );
    const added = records.map((r, i) => toRecord(r, `record ${i + 1} of .values()`));
    checkRecordFields(this.fieldList(), this.node.database, added, '.values()');
    return this.with({ records: [...this.node.records, ...added] } as unknown as unknown as Partial<N>);
  }
  /**
   * The records as delimiter-separated data (spec "Records"): `{ type: 'csv' | 'tsv' | 'dsv',
   * file, delimiter?, quote? }`; `file` is an uploaded object id, `{ type: 'text', content }` or
   * `{ type: 'base64', content }`; dsv needs `delimiter` (csv defaults to a comma, tsv to a tab).
   */
  delimited(data: DelimitedArg): RecordsWriteBuilder<N> {
    if (!isDelimited(this.node.records) && this.node.records.length > 0) {
      throw argumentError('.delimited(): this write already has record objects (.values()); a write has record objects or delimited data, not both');
    }
    return this.with({ records: toDelimited(data, 'argument 1 of .delimited()') } as unknown as Partial<N>);
  }
  onDuplicate(value: NonNullable<N['onDuplicate']> | null): RecordsWriteBuilder<N> {
    const allowed = this.node.kind === 'insert_action' ? ['fail', 'update'] : ['update', 'delete', 'trash'];
    if (value !== null && !allowed.includes(value))
      throw argumentError(`.onDuplicate() of ${this.node.kind.replace('_action', '')} takes ${allowed.join(', ')}, got ${describeValue(value)}`);
    return this.with({ onDuplicate: value } as unknown as unknown as Partial<N>);
  }
  /** SET only: `on_remove`. */
  onRemove(value: 'delete' | 'trash' | null): RecordsWriteBuilder<N> {
    if (this.node.kind !== 'set_action') throw argumentError('.onRemove() is for the set action (db.setRecords(...))');
    if (value !== null && value !== 'delete' && value !== 'trash') throw argumentError(`.onRemove() takes 'delete' or 'trash', got ${describeValue(value)}`);
    return this.with({ onRemove: value } as unknown as unknown as Partial<N>);
  }
  failNoOp(value: boolean | null = true): RecordsWriteBuilder<N> {
    return this.with({ failNoOp: flag(value, 'argument 1 of .failNoOp()') } as unknown as unknown as Partial<N>);
  }
}

export class UpdateBuilder extends ActionBuilder<UpdateAction> {
  private with(parts: Partial<UpdateAction>): UpdateBuilder {
    return new UpdateBuilder({ ...this.node, ...parts }, this.ctx);
  }
  /** Field values: a literal goes to `fields`, an expression to `expressions`; a callback gets the helpers (`col`, ...). */
  set(values: Readonly<Record<string, unknown>> | ((h: Helpers) => Readonly<Record<string, unknown>>)): UpdateBuilder {
    const object =
      typeof values === 'function' ? (values as (h: unknown) => Readonly<Record<string, unknown>>)(makeExpressionBuilder(this.ctx.fields)) : values;
    if (typeof object !== 'object' || object === null || Array.isArray(object))
      throw argumentError(`.set() takes an object of field values, got ${describeValue(object)}`);
    const fields = [...this.node.fields];
    const expressions = [...this.node.expressions];
    for (const [key, v] of Object.entries(object)) {
      if (v === undefined) continue;
      const c = cell(fieldName(key), v, `${key} of .set()`);
      if (c.kind === 'field_value') fields.push(c);
      else expressions.push(c);
    }
    checkFields(
      this.fieldList(),
      this.node.database,
      [...fields, ...expressions].map((c) => c.field),
      '.set()',
      true,
    );
    return this.with({ fields, expressions });
  }
  /** `file`: the object id of an uploaded file. */
  file(objectId: string | null): UpdateBuilder {
    return this.with({ file: objectId === null ? null : toName(objectId, 'argument 1 of .file()') });
  }
  where(cond: ConditionArg): UpdateBuilder {
    return this.with({ records: { kind: 'spec_where', where: condition(cond, 'argument 1 of .where()', this.ctx) } });
  }
  records(records: RecordsArg): UpdateBuilder {
    const spec = toRecords(records, 'argument 1 of .records()');
    checkKeyFields(this.fieldList(), this.node.database, spec, '.records()');
    return this.with({ records: spec });
  }
  failNoOp(value: boolean | null = true): UpdateBuilder {
    return this.with({ failNoOp: flag(value, 'argument 1 of .failNoOp()') });
  }
}

export class RemoveBuilder<N extends RemoveAction> extends ActionBuilder<N> {
  private with(parts: Partial<N>): RemoveBuilder<N> {
    return new RemoveBuilder<N>({ ...this.node, ...parts }, this.ctx);
  }
  where(cond: ConditionArg): RemoveBuilder<N> {
    return this.with({ records: { kind: 'spec_where', where: condition(cond, 'argument 1 of .where()', this.ctx) } } as unknown as unknown as Partial<N>);
  }
  records(records: RecordsArg): RemoveBuilder<N> {
    const spec = toRecords(records, 'argument 1 of .records()');
    checkKeyFields(this.fieldList(), this.node.database, spec, '.records()');
    return this.with({ records: spec } as unknown as unknown as Partial<N>);
  }
  failNoOp(value: boolean | null = true): RemoveBuilder<N> {
    return this.with({ failNoOp: flag(value, 'argument 1 of .failNoOp()') } as unknown as unknown as Partial<N>);
  }
}
