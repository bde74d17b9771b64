import type { Doc } from './doc.js';

export interface RenderOptions {
  /** Line width the renderer fits groups into. */
  readonly width: number;
  /** Spaces per indentation level. */
  readonly indent: number;
}

const BREAK = 0;
const FLAT = 1;
type Mode = typeof BREAK | typeof FLAT;

interface Command {
  readonly ind: number;
  readonly mode: Mode;
  readonly doc: Doc;
}

/**
 * Render a doc to text (lines joined by `\n`, no trailing white space on any line except
 * inside verbatim text). Iterative, with an explicit command stack, so docs of any depth and
 * length render without recursion; each `fits` check stops as soon as the remaining width is
 * used up, so rendering is linear in the output size for a fixed width.
 */
export function render(doc: Doc, options: RenderOptions): string {
  const { width, indent: step } = options;
  const out: string[] = [];
  /** Chunks before this index hold verbatim text and are never trimmed. */
  let keep = 0;
  let pos = 0;
  let lineHasText = false;
  let suffixes: Command[] = [];
  const cmds: Command[] = [{ ind: 0, mode: BREAK, doc }];

  const write = (text: string, isVerbatim: boolean) => {
    if (text.length === 0) return;
    out.push(text);
    const nl = text.lastIndexOf('\n');
    pos = nl < 0 ? pos + text.length : text.length - nl - 1;
    lineHasText = true;
    if (isVerbatim) keep = out.length;
  };

  const newline = (ind: number) => {
    trimEnd();
    out.push('\n' + ' '.repeat(ind));
    pos = ind;
    lineHasText = false;
  };

  const trimEnd = () => {
    while (out.length > keep) {
      const last = out[out.length - 1] as string;
      let end = last.length;
      while (end > 0 && (last.charCodeAt(end - 1) === 32 || last.charCodeAt(end - 1) === 9)) end--;
      if (end === last.length) return;
      if (end === 0) {
        out.pop();
        continue;
      }
      out[out.length - 1] = last.slice(0, end);
      return;
    }
  };

  for (;;) {
    const cmd = cmds.pop();
    if (cmd === undefined) {
      if (suffixes.length === 0) break;
      for (let i = suffixes.length - 1; i >= 0; i--) cmds.push(suffixes[i] as Command);
      suffixes = [];
      continue;
    }
    const { ind, mode, doc: d } = cmd;
    if (typeof d === 'string') {
      write(d, false);
      continue;
    }
    switch (d.type) {
      case 'verbatim':
        write(d.text, true);
        break;
      case 'concat':
        for (let i = d.parts.length - 1; i >= 0; i--) cmds.push({ ind, mode, doc: d.parts[i] as Doc });
        break;
      case 'indent':
        cmds.push({ ind: ind + step, mode, doc: d.contents });
        break;
      case 'group': {
        if (d.hard) cmds.push({ ind, mode: BREAK, doc: d.contents });
        else if (mode === FLAT) cmds.push({ ind, mode: FLAT, doc: d.contents });
        else {
          const flat: Command = { ind, mode: FLAT, doc: d.contents };
          cmds.push(fits(flat, cmds, width - pos, suffixes.length > 0) ? flat : { ind, mode: BREAK, doc: d.contents });
        }
        break;
      }
      case 'lineSuffix':
        suffixes.push({ ind, mode, doc: d.contents });
        break;
      case 'breakParent':
        break;
      case 'line': {
        if (mode === FLAT && (d.mode === 'line' || d.mode === 'soft')) {
          if (d.mode === 'line') write(' ', false);
          break;
        }
        if (suffixes.length > 0) {
          cmds.push(cmd);
          for (let i = suffixes.length - 1; i >= 0; i--) cmds.push(suffixes[i] as Command);
          suffixes = [];
          break;
        }
        if (d.mode === 'start' && !lineHasText) break;
        newline(ind);
        break;
      }
    }
  }
  trimEnd();
  return out.join('');
}

/**
 * Whether `next` (in flat mode), followed by the rest of the line from `rest`, fits in
 * `remaining` columns. Stops at the first newline the rest would print, or as soon as the
 * width is used up.
 */
function fits(next: Command, rest: readonly Command[], remaining: number, hasSuffix: boolean): boolean {
  let rem = remaining;
  let restIndex = rest.length;
  const stack: { mode: Mode; doc: Doc }[] = [{ mode: next.mode, doc: next.doc }];
  for (;;) {
    let item = stack.pop();
    if (item === undefined) {
      if (restIndex === 0) return true;
      const r = rest[--restIndex] as Command;
      item = { mode: r.mode, doc: r.doc };
    }
    const { mode, doc: d } = item;
    if (typeof d === 'string' || d.type === 'verbatim') {
      const text = typeof d === 'string' ? d : d.text;
      const nl = text.indexOf('\n');
      rem -= nl < 0 ? text.length : nl;
      if (rem < 0) return false;
      if (nl >= 0) return true;
      continue;
    }
    switch (d.type) {
      case 'concat':
        for (let i = d.parts.length - 1; i >= 0; i--) stack.push({ mode, doc: d.parts[i] as Doc });
        break;
      case 'indent':
        stack.push({ mode, doc: d.contents });
        break;
      case 'group':
        stack.push({ mode: d.hard ? BREAK : mode, doc: d.contents });
        break;
      case 'lineSuffix':
        hasSuffix = true;
        break;
      case 'breakParent':
        break;
      case 'line':
        if (mode === BREAK || d.mode === 'hard' || d.mode === 'start') return true;
        if (d.mode === 'line') {
          rem -= 1;
          if (rem < 0) return false;
        }
        break;
    }
  }
}
