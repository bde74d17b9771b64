/**
 * JSON pointers (RFC 6901), as every diagnostic of dsq writes them (the JSON reader's, the AST
 * validator's, the config's): one escaping, and one way to show them. The whole document is the
 * empty pointer `""`; `/` is the member of the root whose key is empty.
 */

/** Characters that would break a message's line, or hide in it: controls, line and paragraph separators. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A pointer as a message shows it (`at /where/$and/1`): as it is, except the empty pointer (the
 * whole document), shown in JSON's quotes as RFC 6901 writes it, `""`, and one holding a control
 * character or line break, shown in JSON's quotes and escapes so it stays on its line. A pointer
 * as it is starts with `/`, so a quoted one cannot be mistaken for it.
 */
export function showPointer(pointer: string): string {
  return pointer === '' || UNPRINTABLE.test(pointer) ? JSON.stringify(pointer) : pointer;
}

/** A segment of a pointer: `~` as `~0`, `/` as `~1`. */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer of `segment` inside the container at `parentPointer`. */
export function childPointer(parentPointer: string, segment: string | number): string {
  return `${parentPointer}/${escapePointerSegment(String(segment))}`;
}
