import { SemanticTokensBuilder, type SemanticTokens, type SemanticTokensLegend } from 'vscode-languageserver/node';
import { FIELD_LIST, denotesIn } from '../ast/fields.js';
import { KINDS } from '../ast/kinds.js';
import type { Node } from '../ast/nodes.js';
import { functionInfo } from '../lint/functions.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { isParamColon } from './params.js';
import { nameEnding } from './references.js';
import { flattenSources } from '../lint/scope.js';
import { visit } from '../ast/walk.js';
import { isName, nameOf, tokenBefore, type TextModel } from './text-model.js';

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

export function semanticTokens(model: TextModel, positionAt: (offset: number) => { line: number; character: number }): SemanticTokens {
  const code = model.code;
  const role = new Map<number, [number, number]>();
  selectNames(model, role);
  statementWords(model, role);
  const builder = new SemanticTokensBuilder();
  let inOptions = false;
  for (let i = 0; i < code.length; i++) {
    const t = code[i] as SourceToken;
    const next = code[i + 1];
    if (t.type === 'OPTIONS') inOptions = true;
    else if (t.type === 'Semicolon') inOptions = false;
    let kind: [number, number] | null = null;
    // A parameter's name (`:limit` too: a keyword there is a name).
    if (i > 0 && isParamColon(code, i - 1)) kind = [TYPE.parameter, 0];
    else if (t.category === 'keyword') kind = [TYPE.keyword, 0];
    else if (t.category === 'contextual' && (next?.type === 'LParen' || (TYPED_LITERALS.has(t.type) && next?.category === 'string'))) kind = [TYPE.keyword, 0];
    else if (isName(t)) {
      kind = role.get(i) ?? null;
      // A word of a statement that is not a select (`UPDATE`, `RECORDS`, `INTO`: names to the lexer), but an option's name.
      if (kind === KEYWORD && inOptions && next?.type === 'Equals') kind = null;
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

const KEYWORD: [number, number] = [TYPE.keyword, 0];

/**
 * The roles of the names the selects of every statement define, from the trees (a broken
 * statement's recovered one) and spans: a source's table path or system/database table name is
 * a namespace, a source's alias and a result column's alias are declared variables.
 */
function selectNames(model: TextModel, role: Map<number, [number, number]>): void {
  const doc = model.parsed();
  const code = model.code;
  for (const { node: root } of [...doc.statements, ...doc.recovered]) {
    visit(root, {
      select(select) {
        for (const src of flattenSources(select.from)) {
          if (src.kind === 'select_source') continue;
          const span = doc.spans.get(src);
          if (span === undefined) continue;
          const alias = src.alias === null ? -1 : nameEnding(code, span);
          if (alias >= 0) role.set(alias, [TYPE.variable, DECLARATION]);
          const end = alias < 0 ? span.end : (code[alias] as SourceToken).start;
          for (let i = tokenBefore(code, span.start) + 1; i < code.length && (code[i] as SourceToken).end <= end; i++) {
            const t = code[i] as SourceToken;
            if (!isName(t)) continue;
            // A table's path; the table name of SYSTEM_TABLE(name) and DATABASE_TABLE(..., name) (the name before `)`).
            if (src.kind === 'table' || code[i + 1]?.type === 'RParen') role.set(i, [TYPE.namespace, 0]);
          }
        }
        if (select.columns === 'all') return;
        for (const c of select.columns) {
          if (c.alias === null) continue;
          const at = nameEnding(code, doc.spans.get(c));
          if (at >= 0) role.set(at, [TYPE.variable, DECLARATION]);
        }
      },
    });
  }
}

/** The kinds whose nodes hold words and names of their own (`KEY(...)`, `RECORDS (...)`): their words are the statement's. */
const HOLDS_WORDS: ReadonlySet<string> = new Set(['action', 'action_part', 'specifier']);

/**
 * The roles of the names in every statement that is not a select, from its tree (a broken
 * statement's recovered tree too) and the kind table: a database's names (a field denoting a
 * database) are namespaces, the names a field denotes are properties, and a bare word no node
 * holds as a name (`UPDATE`, `SET`, `INTO`, `RECORDS`, `KEY`, a FETCH type) is a keyword.
 * Expressions and selects inside keep the roles the token rules give them.
 */
function statementWords(model: TextModel, role: Map<number, [number, number]>): void {
  const doc = model.parsed();
  const code = model.code;
  /** Every token index from a span's start to its end. */
  const tokensIn = (node: Node, each: (i: number) => void) => {
    const span = doc.spans.get(node);
    if (span === undefined) return;
    for (let i = tokenBefore(code, span.start) + 1; i < code.length && (code[i] as SourceToken).end <= span.end; i++) each(i);
  };
  for (const { node: root, span } of [...doc.statements, ...doc.recovered]) {
    if (root.kind === 'select' || root.kind === 'select_action') continue;
    const covered = new Set<number>();
    const names = new Set<string>();
    const stack: { node: Node; database: boolean }[] = [{ node: root, database: false }];
    while (stack.length > 0) {
      const { node, database } = stack.pop() as { node: Node; database: boolean };
      if (database && node.kind === 'spec_name') tokensIn(node, (i) => role.set(i, [TYPE.namespace, 0]));
      if (!HOLDS_WORDS.has(KINDS[node.kind].role)) {
        tokensIn(node, (i) => covered.add(i));
        continue;
      }
      const record = node as unknown as Record<string, unknown>;
      for (const f of FIELD_LIST[node.kind]) {
        const value = record[f.key];
        const items = Array.isArray(value) ? value : [value];
        if (f.value?.denotes !== undefined) for (const item of items) if (typeof item === 'string') names.add(item);
        if (f.child === null) continue;
        for (const item of items)
          if (typeof item === 'object' && item !== null) stack.push({ node: item as Node, database: database || denotesIn(node, f) === 'database' });
      }
    }
    for (let i = tokenBefore(code, span.start) + 1; i < code.length && (code[i] as SourceToken).end <= span.end; i++) {
      const t = code[i] as SourceToken;
      if (covered.has(i) || role.has(i) || !isName(t)) continue;
      if (names.has(nameOf(t))) role.set(i, [TYPE.property, 0]);
      else if (t.category !== 'quoted-name') role.set(i, KEYWORD);
    }
  }
}
