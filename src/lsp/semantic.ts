import { SemanticTokensBuilder, type SemanticTokens, type SemanticTokensLegend } from 'vscode-languageserver/node';
import { functionInfo } from '../lint/functions.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { isName, type TextShape } from './structure.js';

/**
 * Semantic tokens for words: keywords, and names coloured by what they name (a table, an alias,
 * a field, a function, an option), so a contextual word used as a name (`date`, `table`)
 * colours as a name, not as the keyword it is elsewhere. Strings, numbers, comments and
 * operators are left to the TextMate grammar.
 */
export const SEMANTIC_LEGEND: SemanticTokensLegend = {
  tokenTypes: ['keyword', 'function', 'variable', 'property', 'parameter', 'namespace'],
  tokenModifiers: ['declaration', 'defaultLibrary'],
};

const TYPE = { keyword: 0, function: 1, variable: 2, property: 3, parameter: 4, namespace: 5 } as const;
const DECLARATION = 1;
const DEFAULT_LIBRARY = 2;

const TYPED_LITERALS: ReadonlySet<string> = new Set(['DATE', 'TIME', 'TIMESTAMP', 'DATETIME']);

export function semanticTokens(shape: TextShape, positionAt: (offset: number) => { line: number; character: number }): SemanticTokens {
  const code = shape.code;
  const role = new Map<number, [number, number]>();
  for (const s of shape.statements) {
    for (const f of s.frames) {
      for (const src of f.sources) {
        if (src.kind === 'table') for (let i = src.first; i <= src.last; i++) if (isName(code[i])) role.set(i, [TYPE.namespace, 0]);
        if (src.kind === 'system' || src.kind === 'database') {
          for (let i = src.first + 2; i < src.last; i++) if (isName(code[i]) && code[i + 1]?.type === 'RParen') role.set(i, [TYPE.namespace, 0]);
        }
        if (src.aliasAt >= 0) role.set(src.aliasAt, [TYPE.variable, DECLARATION]);
      }
      for (const r of f.results) role.set(r.at, [TYPE.variable, DECLARATION]);
    }
  }
  const builder = new SemanticTokensBuilder();
  let inOptions = false;
  for (let i = 0; i < code.length; i++) {
    const t = code[i] as SourceToken;
    const next = code[i + 1];
    if (t.type === 'OPTIONS') inOptions = true;
    else if (t.type === 'Semicolon') inOptions = false;
    let kind: [number, number] | null = null;
    if (t.category === 'keyword') kind = [TYPE.keyword, 0];
    else if (t.category === 'contextual' && (next?.type === 'LParen' || (TYPED_LITERALS.has(t.type) && next?.category === 'string'))) kind = [TYPE.keyword, 0];
    else if (isName(t)) {
      kind = role.get(i) ?? null;
      if (kind === null) {
        if (next?.type === 'LParen') kind = [TYPE.function, t.category === 'name' && functionInfo(t.image) ? DEFAULT_LIBRARY : 0];
        else if (inOptions && next?.type === 'Equals') kind = [TYPE.parameter, 0];
        else if (code[i - 2]?.type === 'SYSTEM_COLUMN' && code[i - 1]?.type === 'LParen') kind = [TYPE.namespace, 0];
        else if (next?.type === 'Dot') kind = [TYPE.variable, 0];
        else kind = [TYPE.property, 0];
      }
    }
    if (kind === null) continue;
    const start = positionAt(t.start);
    const end = positionAt(t.end);
    if (start.line !== end.line) continue;
    builder.push(start.line, start.character, t.end - t.start, kind[0], kind[1]);
  }
  return builder.build();
}
