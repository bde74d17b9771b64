/**
 * The Prettier plugin (`prettier --plugin dsq/prettier`): `.dsq` files formatted exactly as
 * `dsq fmt` formats them: with the layout settings of the file's dsq.config.json when it has
 * one (width, keywordCase, functionCase, indent, useTabs, overrides included: so `prettier
 * --check` and `dsq fmt --check` agree), else Prettier's `printWidth`, `tabWidth`, `useTabs`
 * and dsq's `keywordCase` and `functionCase` options from the Prettier config; and
 * `` dsq`...` `` tagged templates in JavaScript and TypeScript files formatted in place
 * (src/prettier/embed.ts).
 */
import type { Doc, Parser, Plugin, Printer, SupportLanguage, SupportOptions } from 'prettier';
import { builders } from 'prettier/doc';
import { CASE_SETTINGS } from '../config/config-types.js';
import { estreePrinter } from './embed.js';
import { configLayout, formatOptions, parseForPrettier, type DsqRoot } from './format.js';

export const languages: SupportLanguage[] = [{ name: 'dsq', parsers: ['dsq'], extensions: ['.dsq'], vscodeLanguageIds: ['dsq'] }];

/** dsq's two case settings as Prettier options (described once, in src/config/config-types.ts). */
export const options: SupportOptions = Object.fromEntries(
  Object.entries(CASE_SETTINGS).map(([name, { what, choices }]) => [
    name,
    {
      category: 'dsq',
      type: 'choice',
      default: 'upper',
      description: `${what} (as \`${name}\` in dsq.config.json).`,
      choices: Object.entries(choices).map(([value, description]) => ({ value, description })),
    },
  ]),
);

export const parsers: Record<string, Parser<DsqRoot>> = {
  dsq: {
    astFormat: 'dsq',
    parse: async (text, opts) => parseForPrettier(text, { ...formatOptions(opts), ...(await configLayout(opts.filepath)) }),
    locStart: () => 0,
    locEnd: (node) => node.text.length,
  },
};

const dsqPrinter: Printer<DsqRoot> = {
  print(path): Doc {
    const { formatted } = path.node;
    // Line breaks as Prettier's own (so endOfLine applies), except inside string literals and
    // quoted names: their line breaks are data and stay as they are.
    return joinLines(formatted.layout, formatted.text);
  },
};

export const printers: Record<string, Printer> = { dsq: dsqPrinter as Printer, estree: estreePrinter };

/** The formatted text as a doc: its layout line breaks as `literalline`. */
function joinLines(layout: readonly number[], text: string): Doc {
  const parts: Doc[] = [];
  let from = 0;
  for (const at of layout) {
    parts.push(text.slice(from, at), builders.literalline);
    from = at + 1;
  }
  parts.push(text.slice(from));
  return parts;
}

const plugin: Plugin = { languages, options, parsers, printers };
export default plugin;
