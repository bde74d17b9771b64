import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, loadCommands } from '../../src/cli/commands.js';
import { GLOBAL_OPTIONS } from '../../src/cli/main.js';
import { runCli } from '../helpers/cli.js';

const ROOT = join(import.meta.dirname, '..', '..');

function files(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop() as string;
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) stack.push(path);
      else if (ext.test(name)) out.push(path);
    }
  }
  return out.sort();
}

/**
 * Every place that tells the user to run a command: `dsq NAME --flag` in backquotes, after
 * "run"/"use", at a shell prompt (`$ npx dsq ...`) or at the start of a line in a code block.
 */
const MENTION = /(?:`|\b(?:[Rr]un|[Uu]se|[Tt]ry)\s+|^\s*\$\s+(?:npx\s+)?|\bnpx\s+|\|\s*)dsq\s+([a-z][a-z-]*)([^\n`]*)/gm;
/** In a fenced code block of a Markdown file, a line that starts with the command. */
const CODE_LINE = /^dsq\s+([a-z][a-z-]*)([^\n]*)/;

/**
 * In TypeScript, a backquote that quotes a command in a message is escaped inside a template
 * (\\`dsq x\\`) or sits inside a '...' or "..." string; an unescaped one may open a template.
 */
function quotedBacktick(text: string, index: number): boolean {
  if (text[index - 1] === '\\') return true;
  const line = text.slice(text.lastIndexOf('\n', index) + 1, index).replace(/\\./g, '');
  return (line.split("'").length - 1) % 2 === 1 || (line.split('"').length - 1) % 2 === 1;
}

function mentions(): { where: string; command: string; flags: string[] }[] {
  const sources = [
    ...files(join(ROOT, 'src'), /\.ts$/),
    ...files(join(ROOT, 'docs'), /\.md$/),
    ...files(join(ROOT, 'grammar'), /\.md$/),
    join(ROOT, 'README.md'),
  ];
  const out: { where: string; command: string; flags: string[] }[] = [];
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    const add = (index: number, command: string, rest: string) => {
      const line = text.slice(0, index).split('\n').length;
      // The flags of this command: up to a shell operator or a comment.
      const own = rest.split(/\s[|;>#]|\s--\s/)[0] as string;
      const flags = [...own.matchAll(/(?<![\w-])(--[a-z][a-z-]*|-[a-z])(?![\w-])/g)].map((f) => f[1] as string);
      out.push({ where: `${relative(ROOT, file)}:${line}`, command, flags });
    };
    for (const m of text.matchAll(MENTION)) {
      if (file.endsWith('.ts') && m[0].startsWith('`') && !quotedBacktick(text, m.index)) continue;
      add(m.index, m[1] as string, m[2] ?? '');
    }
    if (file.endsWith('.md')) {
      let inCode = false;
      let offset = 0;
      for (const line of text.split('\n')) {
        if (line.startsWith('```')) inCode = !inCode;
        else if (inCode) {
          const m = CODE_LINE.exec(line);
          if (m) add(offset, m[1] as string, m[2] ?? '');
        }
        offset += line.length + 1;
      }
    }
  }
  return out;
}

describe('hints that name a command (issue 9)', () => {
  const names = new Set(COMMANDS.map((c) => c.name));

  it('finds the mentions (the scan itself works)', () => {
    const found = mentions();
    expect(found.length).toBeGreaterThan(20);
    expect(found.some((m) => m.where.startsWith('src/syntax/lexer.ts') && m.command === 'decompile')).toBe(true);
    expect(found.some((m) => m.where.startsWith('src/lint/config.ts') && m.flags.includes('--list-rules'))).toBe(true);
  });

  it('every command named in a message, a doc page or the README is in the command table, with its flags', async () => {
    const wrong: string[] = [];
    const commands = await loadCommands();
    for (const m of mentions()) {
      // `dsq help COMMAND` is the CLI's own, as `dsq --help` is.
      if (m.command === 'help' && m.flags.length === 0) continue;
      const command = commands.find((c) => c.name === m.command);
      if (!command) {
        wrong.push(`${m.where}: dsq ${m.command} is not a command (commands: ${[...names].join(', ')})`);
        continue;
      }
      for (const flag of m.flags) {
        const long = flag.replace(/^--?/, '');
        const known = flag.startsWith('--')
          ? long in GLOBAL_OPTIONS || long in command.options
          : long === 'h' || Object.values(command.options).some((o) => 'short' in o && o.short === long);
        if (!known) wrong.push(`${m.where}: dsq ${m.command} has no option ${flag}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('`dsq compile` of a JSON file points to `dsq decompile`', async () => {
    const { code, err } = await runCli(['compile', 'examples/top-customers.json'], { cwd: ROOT });
    expect(code).toBe(1);
    expect(err).toContain('`dsq decompile`');
    const decompiled = await runCli(['decompile', 'examples/top-customers.json'], { cwd: ROOT });
    expect(decompiled.code).toBe(0);
  });
});
