import { DsqError } from './diagnostic.js';
import { LineIndex } from './span.js';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * Text of a file's bytes, read strictly as UTF-8: a byte sequence that is not UTF-8 (a
 * Latin-1 `ü`, a cut multi-byte character, an overlong form, a surrogate) is an error with
 * its line and column, never a silent U+FFFD that a rewrite would then save over the byte.
 * A byte order mark is kept in the text (the readers and the formatter know it).
 */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return fatal.decode(bytes);
  } catch {
    const at = firstInvalid(bytes);
    // The bytes before `at` are valid, so the lossy text agrees with them up to there.
    const text = lossy.decode(bytes);
    const offset = lossy.decode(bytes.subarray(0, at)).length;
    const lines = new LineIndex(text);
    const byte = bytes[at] ?? 0;
    throw new DsqError(
      [
        {
          code: 'input/invalid-utf8',
          severity: 'error',
          message: `invalid UTF-8: ${describe(bytes, at)} (byte ${at}, 0x${byte.toString(16).toUpperCase().padStart(2, '0')}); the file must be UTF-8 text`,
          span: lines.span(offset, offset + 1),
          hint: 'convert the file to UTF-8 (for example: iconv -f LATIN1 -t UTF-8)',
        },
      ],
      text,
    );
  }
}

/** Length of the valid sequence starting at `i`, or 0 when it is not valid UTF-8 (RFC 3629). */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i] as number;
  if (c < 0x80) return 1;
  let n: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) n = 2;
  else if (c >= 0xe0 && c <= 0xef) {
    n = 3;
    if (c === 0xe0) lo = 0xa0; // no overlong forms
    if (c === 0xed) hi = 0x9f; // no surrogates
  } else if (c >= 0xf0 && c <= 0xf4) {
    n = 4;
    if (c === 0xf0) lo = 0x90; // no overlong forms
    if (c === 0xf4) hi = 0x8f; // nothing above U+10FFFF
  } else return 0;
  if (i + n > b.length) return 0;
  const second = b[i + 1] as number;
  if (second < lo || second > hi) return 0;
  for (let k = 2; k < n; k++) {
    const x = b[i + k] as number;
    if (x < 0x80 || x > 0xbf) return 0;
  }
  return n;
}

/** Offset of the first byte that does not start a valid sequence. */
function firstInvalid(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const n = sequenceLength(b, i);
    if (n === 0) return i;
    i += n;
  }
  return b.length;
}

function describe(b: Uint8Array, i: number): string {
  const c = b[i] as number;
  if (c >= 0x80 && c <= 0xbf) return 'a continuation byte without a lead byte';
  if (c === 0xc0 || c === 0xc1 || c >= 0xf5) return 'a byte that never occurs in UTF-8';
  return 'an incomplete or invalid multi-byte sequence';
}
