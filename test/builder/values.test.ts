import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { col, datetime, databaseColumn, lit, localDate, localDateTime, localTime, spec } from '../../src/builder/index.js';

describe('values become literals of the right node type', () => {
  it('numbers are exact text, finite, within the spec ranges', () => {
    expect(lit(42).node).toEqual({ kind: 'number', value: '42' });
    expect(lit(-0).node).toEqual({ kind: 'number', value: '0' });
    expect(lit(3.5).node).toEqual({ kind: 'number', value: '3.5' });
    expect(lit(1e-7).node).toEqual({ kind: 'number', value: '1e-7' });
    expect(lit(9223372036854775807n).node).toEqual({ kind: 'number', value: '9223372036854775807' });
    expect(lit(-9223372036854775808n).node).toEqual({ kind: 'number', value: '-9223372036854775808' });
    expect(() => lit(9223372036854775808n)).toThrow(DsqError);
    expect(() => lit(9223372036854775808n)).toThrow(/signed 64-bit range/);
    expect(() => lit(Number.NaN)).toThrow(/must be finite/);
    expect(() => lit(Infinity)).toThrow(/must be finite/);
    expect(() => lit(1e20)).toThrow(/signed 64-bit range/);
  });

  it('strings, empty string, null, Date', () => {
    expect(lit("it's").node).toEqual({ kind: 'string', value: "it's" });
    expect(lit('').node).toEqual({ kind: 'null' });
    expect(lit(null).node).toEqual({ kind: 'null' });
    expect(lit(new Date(1706697000000)).node).toEqual({ kind: 'datetime', form: 'ms', value: '1706697000000' });
    expect(() => lit(new Date('nope'))).toThrow(/invalid Date/);
  });

  it('rejects booleans, undefined, arrays and objects with an argument error (DsqError, builder/invalid-argument) that says why', () => {
    expect(() => col('a').eq(true as never)).toThrow(DsqError);
    expect(() => col('a').eq(true as never)).toThrow(expect.objectContaining({ code: 'builder/invalid-argument' }));
    expect(() => col('a').eq(true as never)).toThrow(/no boolean literal/);
    expect(() => col('a').eq(undefined as never)).toThrow(/undefined: pass null/);
    expect(() => col('a').eq([1, 2] as never)).toThrow(/only a value list, as in \.in/);
    expect(() => col('a').eq({ x: 1 } as never)).toThrow(
      /argument 1 of \.eq\(\) must be a number, bigint, string, null, Date, expression or query, got an object/,
    );
  });

  it('datetime literals of all four kinds are validated', () => {
    expect(datetime('2024-01-31T10:30Z').node).toEqual({ kind: 'datetime', form: 'iso', value: '2024-01-31T10:30Z' });
    expect(datetime(1706697000000).node).toEqual({ kind: 'datetime', form: 'ms', value: '1706697000000' });
    expect(datetime(-5n).node).toEqual({ kind: 'datetime', form: 'ms', value: '-5' });
    expect(datetime(new Date(0)).node).toEqual({ kind: 'datetime', form: 'ms', value: '0' });
    expect(localDateTime('2024-01-31T10:30').node).toEqual({ kind: 'localdatetime', value: '2024-01-31T10:30' });
    expect(localDate('2024-W05-3').node).toEqual({ kind: 'localdate', value: '2024-W05-3' });
    expect(localTime('10:30:00.5').node).toEqual({ kind: 'localtime', value: '10:30:00.5' });
    expect(() => datetime(1.5)).toThrow(/whole number/);
    expect(() => localDate('2023-02-29')).toThrow(/day 29 does not exist/);
    expect(() => localDateTime('2024-01-31T10:30Z')).toThrow('"2024-01-31T10:30Z" is not a local datetime (no offset): unexpected "Z"');
    expect(() => localTime('24:00')).toThrow(/hour 24/);
    expect(() => datetime('2024-13')).toThrow(/month 13/);
  });

  it('specifiers: id, name, where, all, array', () => {
    const dc = (s: Parameters<typeof databaseColumn>[0]) => (databaseColumn(s, 'records', 'amount').node as { database: unknown }).database;
    expect(dc(12)).toEqual({ kind: 'spec_id', id: '12' });
    expect(dc(12n)).toEqual({ kind: 'spec_id', id: '12' });
    expect(dc('sales')).toEqual({ kind: 'spec_name', name: 'sales' });
    expect(dc(col('name').eq('x'))).toEqual({ kind: 'spec_where', where: col('name').eq('x').node });
    expect(dc(spec.all())).toEqual({ kind: 'spec_all' });
    expect(dc([1, 'b'])).toEqual({
      kind: 'spec_array',
      items: [
        { kind: 'spec_id', id: '1' },
        { kind: 'spec_name', name: 'b' },
      ],
    });
    expect(spec.array(1, spec.where(col('a').isNull()))).toEqual({
      kind: 'spec_array',
      items: [
        { kind: 'spec_id', id: '1' },
        { kind: 'spec_where', where: col('a').isNull().node },
      ],
    });
    expect(() => dc(1.5)).toThrow(/whole number/);
    expect(() => dc([spec.all()] as never)).toThrow(/must be an id, a name or a where specifier/);
    expect(() => dc('')).toThrow(/non-empty string/);
  });
});
