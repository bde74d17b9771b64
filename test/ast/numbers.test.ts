import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SMALL_FRACTION, SMALL_WHOLE, checkNumber, compareNumbers, isNumberText, isWholeNumber, smallNumber, toDecimal } from '../../src/ast/numbers.js';
import { arbNumberText } from '../fixtures/arbitraries.js';
import { runs } from '../helpers/runs.js';

describe('checkNumber (spec JSON rule 6)', () => {
  it('accepts the signed 64-bit boundaries and rejects one beyond', () => {
    expect(checkNumber('9223372036854775807')).toEqual({ ok: true, whole: true });
    expect(checkNumber('-9223372036854775808')).toEqual({ ok: true, whole: true });
    for (const t of ['9223372036854775808', '-9223372036854775809', '1e19', '92233720368547758080e-1', '9223372036854775808.0']) {
      const r = checkNumber(t);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toBe(`${t} is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)`);
    }
  });

  it('treats zero fractions and positive exponents as whole', () => {
    for (const t of ['1.0', '1e3', '1E+3', '100.000', '9.223372036854775807e18', '92233720368547758070e-1', '-0', '0.0e5']) {
      expect(checkNumber(t).ok).toBe(true);
    }
    expect(isWholeNumber('1.0')).toBe(true);
    expect(isWholeNumber('1e3')).toBe(true);
    expect(isWholeNumber('150e-2')).toBe(false);
    expect(isWholeNumber('1500e-2')).toBe(true);
    expect(isWholeNumber('0.5')).toBe(false);
  });

  it('checks other numbers against the float64 range', () => {
    expect(checkNumber('0.5')).toEqual({ ok: true, whole: false });
    expect(checkNumber('4.9e-324')).toEqual({ ok: true, whole: false });
    expect(checkNumber('-2.5e-7')).toEqual({ ok: true, whole: false });
    const big = `1${'0'.repeat(309)}.5`;
    expect(checkNumber(big)).toEqual({ ok: false, reason: `${big} is outside the 64-bit floating point range (about ±1.8e308)` });
  });

  it('the same rule both ways: a non-zero number that rounds to 0 is outside the float64 range, like one that rounds to Infinity', () => {
    for (const t of ['1e-400', '-1e-400', '1e-99999999999999999999', '2e-324', `0.${'0'.repeat(400)}1`]) {
      const r = checkNumber(t);
      expect(r.ok, t).toBe(false);
      if (!r.ok)
        expect(r.reason).toBe(
          `${t} is outside the 64-bit floating point range: it is not zero but rounds to 0 (the smallest non-zero float64 is about 4.9e-324)`,
        );
    }
    // The smallest float64 (a subnormal) and zero itself, however written, are numbers.
    for (const t of ['5e-324', '3e-324', '-4.9e-324', '2.2250738585072014e-308', '0e-400', '0.000e-99999999999999999999', '-0.0']) {
      expect(checkNumber(t).ok, t).toBe(true);
    }
  });

  it('rejects text that is not JSON number syntax', () => {
    for (const t of ['', '01', '1.', '.5', '+1', 'NaN', '1e', '0x10', ' 1']) {
      expect(isNumberText(t)).toBe(false);
      expect(checkNumber(t)).toEqual({ ok: false, reason: `"${t}" is not a number` });
    }
  });
});

describe('smallNumber: the fast path of checkNumber, the parser and the spec check', () => {
  const SHAPE = /^-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?$/;
  const agrees = (t: string) => {
    const small = smallNumber(t);
    expect(small !== 0).toBe(SHAPE.test(t));
    if (small !== 0) {
      // What the exact check (BigInt, float range) says of it.
      expect(isNumberText(t) && toDecimal(t).exp >= 0).toBe(small === SMALL_WHOLE);
      expect(small === SMALL_WHOLE || small === SMALL_FRACTION).toBe(true);
    }
  };

  it('reads exactly the shape of up to 15 digits before and after the point, and tells whole from not', () => {
    for (const t of [
      '0',
      '-0',
      '7',
      '123456789012345',
      '1234567890123456',
      '0.5',
      '1.0',
      '-12.50',
      '0.000',
      '1.000000000000000',
      '1.0000000000000000',
      '01',
      '00',
      '.5',
      '5.',
      '1e3',
      '-',
      '',
      '1.2.3',
      '1a',
      ' 1',
      '--1',
      '0.123456789012345',
    ])
      agrees(t);
    expect(checkNumber('12.50')).toEqual({ ok: true, whole: false });
    expect(checkNumber('-3.000')).toEqual({ ok: true, whole: true });
  });

  it('agrees with the regular expression and the exact check on random number texts and near misses', () => {
    const nearMiss = fc.stringMatching(/^-?[0-9]{0,17}(\.[0-9]{0,17})?$/);
    fc.assert(fc.property(fc.oneof(arbNumberText, nearMiss), agrees), { numRuns: runs(2000) });
  });
});

describe('toDecimal and compareNumbers', () => {
  it('normalises digits and exponent', () => {
    expect(toDecimal('1500')).toEqual({ negative: false, digits: 15n, exp: 2 });
    expect(toDecimal('-0.0250')).toEqual({ negative: true, digits: 25n, exp: -3 });
    expect(toDecimal('0.000')).toEqual({ negative: false, digits: 0n, exp: 0 });
  });

  it('compares exactly, beyond float precision', () => {
    expect(compareNumbers('9223372036854775807', '9223372036854775806')).toBe(1);
    expect(compareNumbers('9007199254740993', '9007199254740992')).toBe(1);
    expect(compareNumbers('1e3', '1000.0')).toBe(0);
    expect(compareNumbers('-0', '0')).toBe(0);
    expect(compareNumbers('-1', '-2')).toBe(1);
    expect(Object.is(compareNumbers('-5', '-5.0'), 0)).toBe(true);
    expect(compareNumbers('-0.5', '0.1')).toBe(-1);
    expect(compareNumbers('2.5e-7', '0.00000025')).toBe(0);
    expect(compareNumbers('0.1', '0.10000000000000001')).toBe(-1);
  });

  it('is antisymmetric and agrees with float order where floats are exact (generated)', () => {
    fc.assert(
      fc.property(arbNumberText, arbNumberText, (a, b) => {
        // (+ 0 turns a -0 from equal negative numbers into 0.)
        expect(compareNumbers(a, b) + 0).toBe(-compareNumbers(b, a) + 0);
        const x = Number(a);
        const y = Number(b);
        if (x !== y) expect(compareNumbers(a, b)).toBe(x < y ? -1 : 1);
      }),
      { numRuns: runs(1000) },
    );
  });
});
