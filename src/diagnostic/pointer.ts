/**
 * JSON pointers (RFC 6901), as every diagnostic of dsq writes them (the JSON reader's, the AST
 * validator's, the config's): one escaping.
 */

/** A segment of a pointer: `~` as `~0`, `/` as `~1`. */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer of `segment` inside the container at `parentPointer`. */
export function childPointer(parentPointer: string, segment: string | number): string {
  return `${parentPointer}/${escapePointerSegment(String(segment))}`;
}
