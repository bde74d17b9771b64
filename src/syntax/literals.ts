/**
 * Reading literal token text: strings, quoted names and numbers (grammar/reference.md, "Lexical").
 */

/** The text of a `'...'` literal: quotes removed, `''` read as `'`. */
export function stringValue(image: string): string {
  const inner = image.slice(1, -1);
  return inner.includes("''") ? inner.replace(/''/g, "'") : inner;
}

/** The text of a `"..."` name: quotes removed, `""` read as `"`. */
export function quotedNameValue(image: string): string {
  const inner = image.slice(1, -1);
  return inner.includes('""') ? inner.replace(/""/g, '"') : inner;
}

/**
 * Number token text in JSON number syntax: `.5` → `0.5`, `007` → `7`, `5.` → `5`, `00.50e3` →
 * `0.50e3`. Digits are kept exactly (no rounding, no trailing-zero trimming).
 */
export function normalizeNumber(image: string): string {
  let mantissa = image;
  let exponent = '';
  const e = image.search(/[eE]/);
  if (e >= 0) {
    mantissa = image.slice(0, e);
    exponent = image.slice(e);
  }
  const dot = mantissa.indexOf('.');
  let whole = dot >= 0 ? mantissa.slice(0, dot) : mantissa;
  const frac = dot >= 0 ? mantissa.slice(dot + 1) : '';
  whole = whole.replace(/^0+(?=[0-9])/, '');
  if (whole === '') whole = '0';
  return whole + (frac === '' ? '' : `.${frac}`) + exponent;
}
