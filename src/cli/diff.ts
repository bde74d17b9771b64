/**
 * A unified diff of two texts by lines (`fmt --diff`), as `diff -u` writes it: `--- a/FILE`,
 * `+++ b/FILE`, then hunks with three lines of context. The lines are matched by Myers'
 * algorithm (the fewest lines removed and added) after the common start and end are set aside,
 * so a file with a few changed lines costs little however long it is.
 */
export function unifiedDiff(before: string, after: string, name: string, context = 3): string {
  if (before === after) return '';
  const a = splitLines(before);
  const b = splitLines(after);
  const ops = diffLines(a.lines, b.lines);
  const hunks = toHunks(ops, context);
  const out = [`--- a/${name}`, `+++ b/${name}`];
  for (const h of hunks) {
    out.push(`@@ -${range(h.aStart, h.aCount)} +${range(h.bStart, h.bCount)} @@`);
    for (const op of h.ops) {
      const text = op.kind === 'add' ? (b.lines[op.b] as string) : (a.lines[op.a] as string);
      const bare = text.endsWith(NO_NEWLINE) ? text.slice(0, -NO_NEWLINE.length) : text;
      out.push(`${op.kind === 'add' ? '+' : op.kind === 'remove' ? '-' : ' '}${bare}`);
      if (bare !== text) out.push('\\ No newline at end of file');
    }
  }
  return `${out.join('\n')}\n`;
}

function range(start: number, count: number): string {
  // 1-based; an empty range names the line before it.
  return count === 1 ? `${start + 1}` : `${count === 0 ? start : start + 1},${count}`;
}

/** Marks the last line of a text without a final newline: it differs from the same line with one. */
const NO_NEWLINE = '\u0000no-newline';

function splitLines(text: string): { lines: string[] } {
  if (text === '') return { lines: [] };
  const finalNewline = text.endsWith('\n');
  const lines = (finalNewline ? text.slice(0, -1) : text).split('\n');
  if (!finalNewline) lines[lines.length - 1] += NO_NEWLINE;
  return { lines };
}

type Op =
  | { readonly kind: 'same'; readonly a: number; readonly b: number }
  | { readonly kind: 'remove'; readonly a: number; readonly b: number }
  | { readonly kind: 'add'; readonly a: number; readonly b: number };

/** The edit script from `a` to `b`: every line of both, in order, as kept, removed or added. */
function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops: Op[] = [];
  for (let i = 0; i < start; i++) ops.push({ kind: 'same', a: i, b: i });
  ops.push(...myers(a, b, start, endA, start, endB));
  for (let i = 0; endA + i < a.length; i++) ops.push({ kind: 'same', a: endA + i, b: endB + i });
  return ops;
}

/** Myers' O(ND) diff of a[a0, a1) and b[b0, b1), keeping each step's frontier to trace the path back. */
function myers(a: readonly string[], b: readonly string[], a0: number, a1: number, b0: number, b1: number): Op[] {
  const n = a1 - a0;
  const m = b1 - b0;
  const max = n + m;
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
    v = next;
  }
  // Trace back from (n, m).
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d] as Int32Array;
    const at = (k: number) => prev[k + d + 1] as number;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push({ kind: 'same', a: a0 + x, b: b0 + y });
    }
    if (down) {
      y--;
      ops.push({ kind: 'add', a: a0 + x, b: b0 + y });
    } else {
      x--;
      ops.push({ kind: 'remove', a: a0 + x, b: b0 + y });
    }
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    ops.push({ kind: 'same', a: a0 + x, b: b0 + y });
  }
  return ops.reverse();
}

interface Hunk {
  readonly aStart: number;
  readonly aCount: number;
  readonly bStart: number;
  readonly bCount: number;
  readonly ops: readonly Op[];
}

function toHunks(ops: readonly Op[], context: number): Hunk[] {
  const hunks: Hunk[] = [];
  let i = 0;
  while (i < ops.length) {
    while (i < ops.length && (ops[i] as Op).kind === 'same') i++;
    if (i >= ops.length) break;
    let start = Math.max(0, i - context);
    let end = i;
    // Extend while changes are within 2 * context lines of each other.
    for (;;) {
      while (end < ops.length && (ops[end] as Op).kind !== 'same') end++;
      let j = end;
      while (j < ops.length && (ops[j] as Op).kind === 'same' && j - end < 2 * context) j++;
      if (j < ops.length && (ops[j] as Op).kind !== 'same') {
        end = j;
        continue;
      }
      end = Math.min(ops.length, end + context);
      break;
    }
    const slice = ops.slice(start, end);
    const first = slice[0] as Op;
    hunks.push({
      aStart: first.a,
      bStart: first.b,
      aCount: slice.filter((o) => o.kind !== 'add').length,
      bCount: slice.filter((o) => o.kind !== 'remove').length,
      ops: slice,
    });
    i = end;
    start = end;
  }
  return hunks;
}
