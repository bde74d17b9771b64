import type { SourceToken } from '../syntax/tokenize.js';
import type { Schema } from '../schema/index.js';
import { annotate, annotatedTypes } from '../params/annotations.js';
import { inferParams, type ParamInfo } from '../params/infer.js';
import { isWord, statementAt, tokenAt, type StatementSpan, type TextModel } from './text-model.js';

/**
 * Parameters `:name` in the editor: which tokens are parameters (the `:` before a word, where a
 * value stands: not the `:` of a path such as `photo:size`), their declarations (`-- @param
 * NAME TYPE` before the statement, as `dsq gen` reads them) and their uses in one statement.
 * A parameter's scope is its statement: `:id` of two statements are two parameters.
 */

/** A parameter in the code tokens: the index of its `:` and of its name. */
export interface ParamUse {
  readonly name: string;
  readonly colon: number;
  readonly word: number;
}

/** A `-- @param NAME TYPE` line: where the name is written in it. */
export interface ParamDeclaration {
  readonly name: string;
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

const ANNOTATION = /^--\s*@param\s+:?([A-Za-z_][A-Za-z0-9_]*)(?:\s+([A-Za-z_]+))?/i;

/** True when the code token at `i` is a `:` that starts a parameter (its name may be still to be typed). */
export function startsParam(code: readonly SourceToken[], i: number): boolean {
  const t = code[i];
  if (t?.type !== 'Colon') return false;
  const prev = code[i - 1];
  // After a name, `)` or `]` with nothing between, `:` continues a path (photo:size).
  return !(prev !== undefined && prev.end === t.start && (isWord(prev) || prev.type === 'RParen' || prev.type === 'RBracket'));
}

/** True when the code token at `i` is the `:` of a parameter: `:` then its name, with nothing between. */
export function isParamColon(code: readonly SourceToken[], i: number): boolean {
  const t = code[i] as SourceToken;
  const next = code[i + 1];
  return startsParam(code, i) && isWord(next) && (next as SourceToken).start === t.end && (next as SourceToken).category !== 'quoted-name';
}

/** The parameters of a statement, in order. */
export function paramUses(model: TextModel, statement: StatementSpan): ParamUse[] {
  const out: ParamUse[] = [];
  for (let i = Math.max(statement.first, 0); i <= statement.last; i++) {
    if (isParamColon(model.code, i)) out.push({ name: (model.code[i + 1] as SourceToken).image, colon: i, word: i + 1 });
  }
  return out;
}

/** The `-- @param` lines of a statement (the line comments before its first token). */
export function paramDeclarations(model: TextModel, statement: StatementSpan): ParamDeclaration[] {
  const first = model.code[statement.first];
  const until = first === undefined ? statement.end : first.start;
  const out: ParamDeclaration[] = [];
  for (const c of model.all) {
    if (c.type !== 'LineComment' || c.start < statement.start || c.start >= until) continue;
    const m = ANNOTATION.exec(c.image);
    if (!m) continue;
    const at = c.image.indexOf(m[1] as string, c.image.indexOf('@param') + 6);
    out.push({ name: m[1] as string, type: m[2] ?? '', start: c.start + at, end: c.start + at + (m[1] as string).length });
  }
  return out;
}

/** The parameter at an offset (a use, or the name in a `-- @param` line), with its statement's uses and declaration. */
export function paramAt(
  model: TextModel,
  offset: number,
): { name: string; statement: StatementSpan; uses: ParamUse[]; declaration: ParamDeclaration | null; start: number; end: number } | null {
  const statement = statementAt(model, offset);
  if (statement === undefined) return null;
  const declarations = paramDeclarations(model, statement);
  const declared = declarations.find((d) => d.start <= offset && offset <= d.end);
  let name: string;
  let start: number;
  let end: number;
  if (declared) {
    ({ name, start, end } = declared);
  } else {
    const i = tokenAt(model.code, offset);
    if (i < 0) return null;
    const colon = isParamColon(model.code, i) ? i : isParamColon(model.code, i - 1) ? i - 1 : -1;
    if (colon < 0) return null;
    const word = model.code[colon + 1] as SourceToken;
    name = word.image;
    start = (model.code[colon] as SourceToken).start;
    end = word.end;
  }
  const uses = paramUses(model, statement).filter((u) => u.name === name);
  if (!declared && uses.length === 0) return null;
  return { name, statement, uses, declaration: declarations.find((d) => d.name === name) ?? null, start, end };
}

/** What the parameters of the statement at an offset are typed as (inferParams on the parsed statement), or [] when it does not parse. */
export function paramInfos(model: TextModel, statement: StatementSpan, schema: Schema | null): ParamInfo[] {
  const annotated = annotate(model.parsed());
  const s = annotated.statements.find((a) => a.span.start >= statement.start && a.span.start <= statement.end);
  return s ? inferParams(s.node, schema, annotatedTypes(s)) : [];
}

/** Hover text of a parameter: its type and where the type comes from, its uses. */
export function paramHover(name: string, info: ParamInfo | undefined, uses: number, declared: boolean): string {
  const type = info?.type ?? null;
  const from =
    info?.from === 'annotation'
      ? 'stated by -- @param'
      : info?.from === 'field'
        ? `compared with the field ${info.field?.name ?? ''}`.trimEnd()
        : info?.from === 'limit'
          ? 'a whole number (LIMIT, OFFSET, ROWS)'
          : info?.from === 'literal'
            ? 'compared with a literal'
            : null;
  const typeLine =
    type === null ? `type not known: state it with \`-- @param ${name} TYPE\`` : `\`${type}${info?.list ? '[]' : ''}\`${from ? ` (${from})` : ''}`;
  const list = info?.list ? ` · a value list (\`IN :${name}\`)` : '';
  return `**:${name}** — parameter · ${typeLine}${list}\n\n${uses} use${uses === 1 ? '' : 's'} in this statement${declared ? '' : ''}; bound by \`compile(text, { params })\`, \`dsq compile --param ${name}=...\` or the function \`dsq gen\` writes.`;
}
