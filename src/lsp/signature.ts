import { MarkupKind, type SignatureHelp, type SignatureInformation } from 'vscode-languageserver/node';
import { functionInfo, type FunctionInfo } from '../lint/functions.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { argumentIndex } from './completion-tokens.js';
import { statementAt, tokenBefore, type TextModel } from './text-model.js';

/**
 * Function signatures from the spec's table (src/spec/functions.ts through lint's FUNCTIONS),
 * with each argument's name: `POW(base, exponent)`, `COUNT_DISTINCT(values, ...)`. Used by
 * hover, completion (the argument snippet) and signature help.
 */

/** The argument labels of a function: its parameter names, `...` after them when it takes more. */
function argumentLabels(f: FunctionInfo): string[] {
  return f.maxArgs === Infinity ? [...f.params, '...'] : [...f.params];
}

/** `POW(base, exponent)`. */
export function functionSignature(f: FunctionInfo): string {
  return `${f.name}(${argumentLabels(f).join(', ')})`;
}

/** The call as a snippet with a placeholder per argument (`POW(${1:base}, ${2:exponent})`), written `name`. */
export function functionSnippet(f: FunctionInfo, name: string): string {
  const args = argumentLabels(f).filter((a) => a !== '...');
  return `${name}(${args.map((a, i) => `\${${i + 1}:${a}}`).join(', ')})`;
}

/** What the spec's table says about a function, as hover text. */
export function functionDoc(f: FunctionInfo): string {
  const count =
    f.maxArgs === Infinity
      ? `${f.minArgs} or more arguments`
      : f.minArgs === f.maxArgs
        ? `${f.minArgs} argument${f.minArgs === 1 ? '' : 's'}`
        : `${f.minArgs} to ${f.maxArgs} arguments`;
  const distinct = f.name.endsWith('_DISTINCT') ? `\n\nWritten \`${f.name.replace('_DISTINCT', '')}(DISTINCT ...)\`.` : '';
  return `\`\`\`dsq\n${functionSignature(f)}\n\`\`\`\n${f.aggregate ? '**Aggregate**' : 'Not an aggregate'} · ${count} (the spec's function table)${distinct}`;
}

/**
 * Signature help at an offset: the innermost call of a function in the spec's table whose
 * parentheses hold the offset, with the argument the offset is in active. Null outside one.
 * Read from the tokens, so it works while the text does not parse.
 */
export function signatureHelp(model: TextModel, offset: number): SignatureHelp | null {
  const code = model.code;
  const statement = statementAt(model, offset);
  const before = tokenBefore(code, offset);
  // The innermost `(` still open at the offset (a `)` ending exactly at the offset closes it).
  const stack: number[] = [];
  for (let i = Math.max(statement.first, 0); i <= before && i <= statement.last; i++) {
    const t = code[i] as SourceToken;
    if (t.type === 'LParen') stack.push(i);
    else if (t.type === 'RParen') stack.pop();
  }
  for (let k = stack.length - 1; k >= 0; k--) {
    const paren = stack[k] as number;
    const name = code[paren - 1];
    const f =
      name && (name.category === 'name' || name.category === 'contextual' || name.category === 'keyword') && code[paren - 2]?.type !== 'Dot'
        ? functionInfo(name.image)
        : undefined;
    if (!f) continue;
    const labels = argumentLabels(f);
    const index = argumentIndex(code, paren, before);
    const signature: SignatureInformation = {
      label: functionSignature(f),
      documentation: { kind: MarkupKind.Markdown, value: `${f.aggregate ? '**Aggregate**' : 'Not an aggregate'} (the spec's function table)` },
      parameters: labels.map((label) => ({ label })),
    };
    // Past the last named argument of a function taking more: the `...`.
    const active = Math.min(index, labels.length - 1);
    return { signatures: [signature], activeSignature: 0, activeParameter: active };
  }
  return null;
}
