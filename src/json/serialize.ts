import type { Node } from '../ast/nodes.js';
import { DsqError } from '../diagnostic/index.js';
import { Obj, Raw, Ref, type Out } from './json-out.js';

/**
 * The serializer: output values (json-out.ts) as JSON text, compact or indented, expanding each
 * child node when it is reached. Iterative: any depth.
 */

const MAX_INDENT_DEPTH = 100;

/** With indentation, a container whose one-line form fits in this width (less its indentation) stays on one line. */
const LINE_WIDTH = 80;
const MIN_INLINE_WIDTH = 40;

function isScalar(value: Out): boolean {
  return value === null || typeof value === 'boolean' || typeof value === 'string' || value instanceof Raw;
}

/** JSON's number syntax (RFC 8259 section 6). */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

function scalarText(value: Out): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return JSON.stringify(value);
  const text = (value as Raw).text;
  // Number text is written as it is: never anything but a JSON number (the trees written are
  // checked, so this is a last guard against a bug, not a check of input).
  if (typeof text !== 'string' || !JSON_NUMBER.test(text)) {
    throw new DsqError([
      {
        code: 'internal/invalid-number',
        severity: 'error',
        message: `internal error: the JSON writer was given ${JSON.stringify(String(text).slice(0, 40))} to write as a number`,
      },
    ]);
  }
  return text;
}

/**
 * The one-line form (`{ "$col": "a" }`, `[1, 2]`) of a value when it is at most `budget`
 * characters long; otherwise null. Stops as soon as the budget is spent, so the cost is bounded
 * by the budget, not by the size of the value.
 */
function oneLine(root: Out, expand: (node: Node) => Out, budget: number): string | null {
  type Task = { readonly text: string } | { readonly value: Out };
  const stack: Task[] = [{ value: root }];
  const parts: string[] = [];
  let length = 0;
  while (stack.length > 0) {
    const task = stack.pop() as Task;
    let piece: string;
    if ('text' in task) piece = task.text;
    else {
      let value = task.value;
      while (value instanceof Ref) value = expand(value.node);
      if (isScalar(value)) piece = scalarText(value);
      else if (value instanceof Obj) {
        const entries = value.entries;
        // Each member needs at least `"k": v, ` (7 characters).
        if (entries.length * 7 > budget) return null;
        piece = entries.length === 0 ? '{}' : '{ ';
        if (entries.length > 0) stack.push({ text: ' }' });
        for (let i = entries.length - 1; i >= 0; i--) {
          const [key, item] = entries[i] as readonly [string, Out];
          stack.push({ value: item });
          stack.push({ text: `${i > 0 ? ', ' : ''}${JSON.stringify(key)}: ` });
        }
      } else {
        const items = value as readonly Out[];
        if (items.length * 3 > budget) return null;
        piece = '[';
        stack.push({ text: ']' });
        for (let i = items.length - 1; i >= 0; i--) {
          stack.push({ value: items[i] as Out });
          if (i > 0) stack.push({ text: ', ' });
        }
      }
    }
    length += piece.length;
    if (length > budget) return null;
    parts.push(piece);
  }
  return parts.join('');
}

/** How many pieces serialize holds before it joins them. */
const CHUNK = 4096;

export function serialize(root: Out, indent: number, expand: (node: Node) => Out): string {
  const parts: string[] = [];
  /** The text before `parts`', joined every CHUNK pieces (one join of a very long list is slow). */
  const chunks: string[] = [];
  type Task = string | { readonly value: Out; readonly depth: number };
  const stack: Task[] = [{ value: root, depth: 0 }];
  const breakAt = (depth: number) => (indent > 0 ? `\n${' '.repeat(indent * Math.min(depth, MAX_INDENT_DEPTH))}` : '');
  const colon = indent > 0 ? ': ' : ':';
  while (stack.length > 0) {
    if (parts.length >= CHUNK) {
      chunks.push(parts.join(''));
      parts.length = 0;
    }
    const task = stack.pop() as Task;
    if (typeof task === 'string') {
      parts.push(task);
      continue;
    }
    let value = task.value;
    while (value instanceof Ref) value = expand(value.node);
    const depth = task.depth;
    if (isScalar(value)) {
      parts.push(scalarText(value));
      continue;
    }
    const container = value as Obj | readonly Out[];
    const inline = indent > 0 ? oneLine(container, expand, Math.max(MIN_INLINE_WIDTH, LINE_WIDTH - indent * Math.min(depth + 1, MAX_INDENT_DEPTH))) : null;
    if (inline !== null) {
      parts.push(inline);
    } else if (container instanceof Obj) {
      const entries = container.entries;
      if (entries.length === 0) {
        parts.push('{}');
        continue;
      }
      parts.push('{');
      stack.push(`${breakAt(depth)}}`);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as readonly [string, Out];
        stack.push({ value: item, depth: depth + 1 });
        stack.push(`${i > 0 ? ',' : ''}${breakAt(depth + 1)}${JSON.stringify(key)}${colon}`);
      }
    } else {
      if (container.length === 0) {
        parts.push('[]');
        continue;
      }
      parts.push('[');
      stack.push(`${breakAt(depth)}]`);
      for (let i = container.length - 1; i >= 0; i--) {
        stack.push({ value: container[i] as Out, depth: depth + 1 });
        stack.push(`${i > 0 ? ',' : ''}${breakAt(depth + 1)}`);
      }
    }
  }
  if (chunks.length === 0) return parts.join('');
  chunks.push(parts.join(''));
  return chunks.join('');
}
