/**
 * Exact number text: validation under the spec's rules and exact comparison.
 * A number is kept as its decimal text; nothing here turns it into a lossy JS number.
 */

const NUMBER_RE = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** A number as sign, whole digits and a power of ten: value = digits * 10^exp. */
export interface Decimal {
  readonly negative: boolean;
  readonly digits: bigint;
  readonly exp: number;
}

/**
 * A number short enough to need no exact check: an optional '-', then 0 or up to 15 digits
 * without a leading zero, then optionally '.' and 1 to 15 digits; no exponent (the shape
 * `^-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?$`, read by hand: a regular expression cost the
 * parser more than the rest of a number's work). Such a number lies in the signed 64-bit range
 * as a whole number and in the float64 range, and is JSON's text of itself.
 * 0: not of that shape; WHOLE: whole (no fraction, or only zeros after the point); FRACTION.
 */
export const SMALL_WHOLE = 1;
export const SMALL_FRACTION = 2;
export function smallNumber(text: string): 0 | typeof SMALL_WHOLE | typeof SMALL_FRACTION {
  const n = text.length;
  let i = n > 0 && text.charCodeAt(0) === 45 ? 1 : 0;
  const first = i;
  let c = text.charCodeAt(i);
  if (c === 48) i++;
  else if (c >= 49 && c <= 57) {
    i++;
    while (i < n && (c = text.charCodeAt(i)) >= 48 && c <= 57) i++;
    if (i - first > 15) return 0;
  } else return 0;
  if (i === n) return SMALL_WHOLE;
  if (text.charCodeAt(i) !== 46) return 0;
  const dot = ++i;
  let whole = true;
  for (; i < n; i++) {
    c = text.charCodeAt(i);
    if (c < 48 || c > 57) return 0;
    if (c !== 48) whole = false;
  }
  if (i === dot || i - dot > 15) return 0;
  return whole ? SMALL_WHOLE : SMALL_FRACTION;
}

export function isNumberText(text: string): boolean {
  return NUMBER_RE.test(text);
}

/** Parse JSON number text into an exact decimal (trailing zeros of the digits moved into exp). */
export function toDecimal(text: string): Decimal {
  const m = NUMBER_RE.exec(text);
  if (!m) throw new Error(`not a number: ${text}`);
  const negative = text.startsWith('-');
  const intPart = m[1] ?? '0';
  const frac = m[2] ? m[2].slice(1) : '';
  const expText = m[3] ? m[3].slice(1) : '0';
  // Exponents beyond this only matter for range checks, which saturate.
  const expNum = Math.max(-1e9, Math.min(1e9, Number(expText)));
  let digitsText = (intPart + frac).replace(/^0+/, '');
  let exp = expNum - frac.length;
  if (digitsText === '') return { negative, digits: 0n, exp: 0 };
  const trimmed = digitsText.replace(/0+$/, '');
  exp += digitsText.length - trimmed.length;
  digitsText = trimmed;
  return { negative, digits: BigInt(digitsText), exp };
}

export type NumberCheck = { readonly ok: true; readonly whole: boolean } | { readonly ok: false; readonly reason: string };

const FLOAT_MAX = Number.MAX_VALUE;
const SMALL_WHOLE_CHECK: NumberCheck = Object.freeze({ ok: true, whole: true });
const SMALL_FRACTION_CHECK: NumberCheck = Object.freeze({ ok: true, whole: false });

/**
 * The spec's rule 6: a whole number (also `1.0`, `1e3`) must lie in the signed 64-bit range,
 * any other number in the 64-bit floating point range: not beyond ±1.8e308 (it would become
 * Infinity) and, when it is not zero, not so small that it rounds to 0 (below about 2.5e-324).
 */
export function checkNumber(text: string): NumberCheck {
  const small = smallNumber(text);
  if (small !== 0) return small === SMALL_WHOLE ? SMALL_WHOLE_CHECK : SMALL_FRACTION_CHECK;
  if (!NUMBER_RE.test(text)) return { ok: false, reason: `"${text}" is not a number` };
  const d = toDecimal(text);
  if (d.exp >= 0) {
    // Whole number. More than 19 digits after scaling cannot fit in 64 bits.
    const digitCount = d.digits.toString().length + d.exp;
    if (digitCount > 19) return { ok: false, reason: outOfInt64(text) };
    const value = (d.negative ? -d.digits : d.digits) * 10n ** BigInt(d.exp);
    if (value < INT64_MIN || value > INT64_MAX) return { ok: false, reason: outOfInt64(text) };
    return { ok: true, whole: true };
  }
  // The same rule both ways: a number too large becomes Infinity, one too small (but not zero)
  // becomes 0 as a float64; either way the service would not read what was written.
  const magnitude = Math.abs(Number(text));
  if (!Number.isFinite(magnitude) || magnitude > FLOAT_MAX) {
    return { ok: false, reason: `${text} is outside the 64-bit floating point range (about ±1.8e308)` };
  }
  if (magnitude === 0) {
    return {
      ok: false,
      reason: `${text} is outside the 64-bit floating point range: it is not zero but rounds to 0 (the smallest non-zero float64 is about 4.9e-324)`,
    };
  }
  return { ok: true, whole: false };
}

function outOfInt64(text: string): string {
  return `${text} is a whole number outside the signed 64-bit range (-9223372036854775808 to 9223372036854775807)`;
}

/** True when the text is a whole number (also `1.0`, `1e3`). */
export function isWholeNumber(text: string): boolean {
  return NUMBER_RE.test(text) && toDecimal(text).exp >= 0;
}

/** Exact comparison of two number texts: -1, 0 or 1. */
export function compareNumbers(a: string, b: string): -1 | 0 | 1 {
  const x = toDecimal(a);
  const y = toDecimal(b);
  const sx = x.digits === 0n ? 0 : x.negative ? -1 : 1;
  const sy = y.digits === 0n ? 0 : y.negative ? -1 : 1;
  if (sx !== sy) return sx < sy ? -1 : 1;
  if (sx === 0) return 0;
  const e = Math.min(x.exp, y.exp);
  // Scale both to the smaller exponent; exponents are bounded by checkNumber in practice.
  const ax = x.digits * 10n ** BigInt(Math.min(x.exp - e, 4000));
  const ay = y.digits * 10n ** BigInt(Math.min(y.exp - e, 4000));
  const c = ax === ay ? 0 : ax < ay ? -1 : 1;
  return (sx < 0 && c !== 0 ? -c : c) as -1 | 0 | 1;
}
