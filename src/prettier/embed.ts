import { isDeepStrictEqual } from 'node:util';
import type { AstPath, Doc, Options, Printer } from 'prettier';
import { builders, printer } from 'prettier/doc';
import { printers as estreePrinters } from 'prettier/plugins/estree';
import { DsqError } from '../diagnostic/diagnostic.js';
import { format } from '../print/format.js';
import { parse } from '../syntax/parse.js';
import { formatOptions, formattedText } from './format.js';

/**
 * `` dsq`...` `` tagged templates in JavaScript and TypeScript, formatted by Prettier's embed
 * hook without changing what the template builds. The builder (src/builder/template-compile.ts) joins
 * the template's cooked strings with a placeholder per `${...}` (in parentheses after IN and
 * EXISTS) and parses that; this formats the same text and puts each `${...}` back where its
 * placeholder lands. The result is kept only when
 * - every placeholder comes back once and in order,
 * - each `${...}` keeps its role (after IN, after EXISTS, or a value), and
 * - the text with placeholders parses to the same tree as before;
 * otherwise the template is left exactly as written. So the query a template builds never
 * changes: only white space, keyword case and the layout of the static text do.
 * `dsq.expr` templates (an expression, not a statement) are left alone.
 */

interface TemplateNode {
  readonly type: string;
  readonly quasis: readonly { readonly value: { readonly cooked: string | null | undefined; readonly raw: string } }[];
  readonly expressions: readonly unknown[];
}

type Role = 'value' | 'in' | 'exists';
type Print = (selector?: string | number | (string | number)[] | AstPath) => Doc;

const IN_BEFORE = /\bIN\s*$/i;
const EXISTS_BEFORE = /\bEXISTS\s*$/i;

const base = estreePrinters.estree as Printer;

/** Prettier's estree printer with a dsq embed in front of its own. */
export const estreePrinter: Printer = {
  ...base,
  embed(path: AstPath, options: Options) {
    if (isDsqTemplate(path)) {
      return (_textToDoc: unknown, print: Print, path2: AstPath) => printTemplate(path2, print, options) ?? undefined;
    }
    return base.embed ? base.embed(path, options) : null;
  },
};

function isDsqTemplate(path: AstPath): boolean {
  const node = path.node as { type?: string } | null;
  const parent = path.parent as { type?: string; tag?: { type?: string; name?: string } } | null;
  return (
    node?.type === 'TemplateLiteral' &&
    parent?.type === 'TaggedTemplateExpression' &&
    path.key === 'quasi' &&
    parent.tag?.type === 'Identifier' &&
    parent.tag.name === 'dsq'
  );
}

/** A placeholder: a quoted name no template can contain, padded to the width of the `${...}` it stands for. */
function placeholder(i: number, width: number): string {
  const core = `\u0000${i}\u0000`;
  return `"${core}${'_'.repeat(Math.max(0, width - core.length - 2))}"`;
}
const PLACEHOLDER = /"\u0000(\d+)\u0000_*"/g;

function roleOf(part: string): Role {
  return IN_BEFORE.test(part) ? 'in' : EXISTS_BEFORE.test(part) ? 'exists' : 'value';
}

/** The text the builder parses for these static parts (placeholders wrapped as it wraps them). */
function joined(parts: readonly string[], widths: readonly number[]): string {
  let text = '';
  parts.forEach((part, i) => {
    text += part;
    if (i === parts.length - 1) return;
    const ph = placeholder(i, widths[i] ?? 0);
    const role = roleOf(part);
    text += role === 'in' ? `(${ph})` : role === 'exists' ? `(SELECT ${ph})` : ph;
  });
  return text;
}

function printTemplate(path: AstPath, print: Print, options: Options): Doc | null {
  const node = path.node as TemplateNode;
  const parts = node.quasis.map((q) => q.value.cooked);
  if (parts.some((p) => typeof p !== 'string' || p.includes('\u0000'))) return null;
  const cooked = parts as string[];
  const locStart = options.locStart as ((n: unknown) => number) | undefined;
  const locEnd = options.locEnd as ((n: unknown) => number) | undefined;
  const widths = node.expressions.map((e) => (locStart && locEnd ? locEnd(e) - locStart(e) + 3 : 8));
  const before = joined(cooked, widths);
  let beforeAst: unknown;
  let out: string;
  try {
    beforeAst = parse(before);
    // The static text sits indented one level inside the template.
    const layout = formatOptions(options as { printWidth?: number; tabWidth?: number; keywordCase?: unknown });
    out = format(before, { ...layout, width: Math.max(20, (layout.width ?? 80) - (layout.indent ?? 2)) });
  } catch (err) {
    if (err instanceof DsqError) return null;
    throw err;
  }
  out = out.replace(/\n+$/, '');

  // Where each placeholder landed, with the parentheses the builder's wrapping added.
  const spans: { start: number; end: number }[] = [];
  let k = 0;
  for (const m of out.matchAll(PLACEHOLDER)) {
    if (Number(m[1]) !== k) return null;
    let start = m.index;
    let end = start + m[0].length;
    const role = roleOf(cooked[k] as string);
    if (role !== 'value') {
      const open = role === 'in' ? /\(\s*$/ : /\(\s*SELECT\s+$/i;
      const head = open.exec(out.slice(Math.max(0, start - 40), start));
      const tail = /^\s*\)/.exec(out.slice(end));
      if (!head || !tail) return null;
      start -= head[0].length;
      end += tail[0].length;
    }
    spans.push({ start, end });
    k++;
  }
  if (k !== node.expressions.length) return null;
  const newParts: string[] = [];
  let from = 0;
  for (const s of spans) {
    newParts.push(out.slice(from, s.start));
    from = s.end;
  }
  newParts.push(out.slice(from));
  // The same roles and the same tree: the template builds the same query.
  if (newParts.some((p, i) => i < spans.length && roleOf(p) !== roleOf(cooked[i] as string))) return null;
  try {
    if (!isDeepStrictEqual(parse(joined(newParts, widths)), beforeAst)) return null;
  } catch (err) {
    if (err instanceof DsqError) return null;
    throw err;
  }

  // Each ${...} on one line, as Prettier prints template literals (the static text's layout
  // decides the line breaks, not the width of an interpolation).
  const expressions = path.map(() => {
    const doc = print();
    const flat = printer.printDocToString(doc, { ...options, printWidth: Number.POSITIVE_INFINITY } as Parameters<
      typeof printer.printDocToString
    >[1]).formatted;
    return ['${', flat.includes('\n') ? doc : flat, builders.lineSuffixBoundary, '}'];
  }, 'expressions' as never) as Doc[];
  const { layout } = formattedText(out);
  const docs: Doc[] = [];
  let at = 0;
  let line = 0;
  // Static text: layout line breaks indent with the template; those inside a string literal
  // or quoted name are data, written as they are (literalline: no indentation after them).
  const pushText = (end: number) => {
    while (line < layout.length && (layout[line] as number) < end) {
      const nl = layout[line] as number;
      pushData(out.slice(at, nl));
      docs.push(builders.hardline);
      at = nl + 1;
      line++;
    }
    pushData(out.slice(at, end));
    at = end;
  };
  const pushData = (text: string) => {
    const lines = text.split('\n');
    lines.forEach((l, i) => {
      if (i > 0) docs.push(builders.literalline);
      if (l !== '') docs.push(escapeRaw(l));
    });
  };
  spans.forEach((s, i) => {
    pushText(s.start);
    docs.push(expressions[i] as Doc);
    at = s.end;
    while (line < layout.length && (layout[line] as number) < at) line++;
  });
  pushText(out.length);
  // One line stays inline, unless the template was written over several lines.
  const written = node.quasis.some((q) => q.value.raw.includes('\n'));
  if (layout.length === 0 && !written) return ['`', ...docs, '`'];
  return ['`', builders.indent([builders.hardline, ...docs]), builders.hardline, '`'];
}

/** Static template text written so that its cooked value is `text`. */
function escapeRaw(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${').replace(/\r/g, '\\r');
}
