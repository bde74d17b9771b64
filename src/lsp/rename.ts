import type { SourceToken } from '../syntax/tokenize.js';
import type { OffsetEdit } from './formatting.js';
import { paramAt } from './params.js';
import { aliasAt } from './references.js';
import { writeName } from './source-names.js';
import { nameOf, tokenAt, type TextModel } from './text-model.js';

/** A parameter's name as `:name` takes it: a word with no quotes. */
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What can be renamed at an offset: the span of the name (without a parameter's `:`) and the name. */
export interface RenameTarget {
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

/**
 * The alias or parameter at an offset, as rename sees it: a source alias (`orders o`), a result
 * alias (`SUM(x) AS total`) or a parameter (`:min`, or its name in a `-- @param` line). Null
 * for anything else (a field, a keyword), which rename refuses.
 */
export function renameTarget(model: TextModel, offset: number): RenameTarget | null {
  const param = paramAt(model, offset);
  if (param) {
    if (param.declaration && param.declaration.start <= offset && offset <= param.declaration.end)
      return { start: param.declaration.start, end: param.declaration.end, name: param.name };
    const use =
      param.uses.find((u) => (model.code[u.colon] as SourceToken).start <= offset && offset <= (model.code[u.word] as SourceToken).end) ?? param.uses[0];
    if (!use) return null;
    const word = model.code[use.word] as SourceToken;
    return { start: word.start, end: word.end, name: param.name };
  }
  const alias = aliasAt(model, offset);
  if (!alias) return null;
  // aliasAt found it at this token (a use or the definition).
  const t = model.code[tokenAt(model.code, offset)] as SourceToken;
  return { start: t.start, end: t.end, name: nameOf(t) };
}

/**
 * The edits renaming the alias or parameter at an offset to `newName`, within its statement: the
 * definition and every use. An alias is written bare when it can be, quoted otherwise (`"order
 * total"`); a parameter's name must be a plain word (letters, digits, `_`). A string says why
 * the rename is refused.
 */
export function renameEdits(model: TextModel, offset: number, newName: string): OffsetEdit[] | string {
  if (newName === '') return 'the new name is empty';
  const param = paramAt(model, offset);
  if (param) {
    const name = newName.startsWith(':') ? newName.slice(1) : newName;
    if (!PARAM_NAME.test(name)) return `a parameter's name is letters, digits and _ (starting with a letter or _), got ${JSON.stringify(newName)}`;
    const edits: OffsetEdit[] = param.uses.map((u) => ({
      start: (model.code[u.word] as SourceToken).start,
      end: (model.code[u.word] as SourceToken).end,
      text: name,
    }));
    if (param.declaration) edits.unshift({ start: param.declaration.start, end: param.declaration.end, text: name });
    return edits;
  }
  const alias = aliasAt(model, offset);
  if (!alias) return 'only an alias or a parameter can be renamed here';
  const text = writeName(newName);
  const indexes = [alias.definition, ...alias.uses.filter((u) => u !== alias.definition)].sort((a, b) => a - b);
  return indexes.map((i) => {
    const t = model.code[i] as SourceToken;
    return { start: t.start, end: t.end, text };
  });
}
