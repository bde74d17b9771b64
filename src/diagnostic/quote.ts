/**
 * Messages quote the input (a name, a number, a key, a JSON pointer), and the input can be
 * huge: a 100,000-digit number, a 100,000-deep pointer. What a message quotes is capped here,
 * so an error stays a line a person reads, whatever the input.
 */

/** A run of non-white-space longer than this is shortened in the middle. */
const LONG_RUN = 80;
const HEAD = 40;
const TAIL = 20;
/** A whole message longer than this (after shortening runs) is cut. */
const MAX_MESSAGE = 1000;

const RUN = new RegExp(`\\S{${LONG_RUN + 1},}`, 'g');

/** `text` with every over-long run shortened (`head…(N more characters)…tail`) and the whole capped. */
export function capQuoted(text: string): string {
  if (text.length <= LONG_RUN) return text;
  let out = text.replace(RUN, (run) => `${run.slice(0, HEAD)}…(${(run.length - HEAD - TAIL).toLocaleString('en-US')} more characters)…${run.slice(-TAIL)}`);
  if (out.length > MAX_MESSAGE) out = `${out.slice(0, MAX_MESSAGE)}…(${(out.length - MAX_MESSAGE).toLocaleString('en-US')} more characters)`;
  return out;
}

/** The diagnostic with its message and hint capped (itself when nothing is long). */
export function capDiagnostic<D extends { readonly message: string; readonly hint?: string }>(d: D): D {
  const message = capQuoted(d.message);
  const hint = d.hint === undefined ? undefined : capQuoted(d.hint);
  return message === d.message && hint === d.hint ? d : { ...d, message, ...(hint !== undefined ? { hint } : {}) };
}
