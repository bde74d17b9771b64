/**
 * dsq highlighting for CodeMirror, read from the TextMate grammar editors use
 * (grammar/dsq.tmLanguage.json): its `match` and `begin`/`end` rules, `include`s and scopes,
 * interpreted line by line as TextMate does (at each position the leftmost match wins, the
 * earlier rule on a tie; inside a `begin`/`end` rule its `end` is tried before its inner rules).
 * The highlighting is the grammar's, not an approximation of it.
 */
import { StreamLanguage, type StringStream } from '@codemirror/language';
import { tags as t, type Tag } from '@lezer/highlight';

export interface TmRule {
  readonly name?: string;
  readonly match?: string;
  readonly begin?: string;
  readonly end?: string;
  readonly include?: string;
  readonly patterns?: readonly TmRule[];
}

export interface TmGrammar {
  readonly scopeName: string;
  readonly patterns: readonly TmRule[];
  readonly repository: Readonly<Record<string, { readonly patterns: readonly TmRule[] }>>;
}

/** A rule ready to run: its regexes compiled once. */
interface Compiled {
  readonly scope: string | null;
  readonly match: RegExp;
  /** For begin/end rules: the end pattern and the rules inside. */
  readonly end?: RegExp;
  readonly inner?: readonly Compiled[];
}

/** Oniguruma spellings the grammar uses, in JavaScript: a leading `(?i)`, `\x{HHHH}`. */
function regex(source: string): RegExp {
  let flags = 'gu';
  let body = source;
  if (body.startsWith('(?i)')) {
    flags += 'i';
    body = body.slice(4);
  }
  return new RegExp(body.replace(/\\x\{([0-9A-Fa-f]+)\}/g, '\\u{$1}'), flags);
}

function compile(grammar: TmGrammar, rules: readonly TmRule[]): Compiled[] {
  const out: Compiled[] = [];
  // Includes expanded with an explicit stack (a grammar may include deeply).
  const stack: TmRule[] = [...rules].reverse();
  while (stack.length > 0) {
    const rule = stack.pop() as TmRule;
    if (rule.include !== undefined) {
      const entry = rule.include.startsWith('#') ? grammar.repository[rule.include.slice(1)] : undefined;
      if (entry) stack.push(...[...entry.patterns].reverse());
      continue;
    }
    if (rule.match !== undefined) out.push({ scope: rule.name ?? null, match: regex(rule.match) });
    else if (rule.begin !== undefined && rule.end !== undefined) {
      out.push({ scope: rule.name ?? null, match: regex(rule.begin), end: regex(rule.end), inner: compile(grammar, rule.patterns ?? []) });
    }
  }
  return out;
}

/** Where a line leaves off: the begin/end rules still open (innermost last). */
export interface TmState {
  open: Compiled[];
}

export interface TmTokenizer {
  readonly startState: () => TmState;
  readonly copyState: (state: TmState) => TmState;
  /** Reads one token from the stream; returns its scopes (outermost first, space-separated) or null. */
  readonly token: (stream: StringStream, state: TmState) => string | null;
}

/** A tokenizer over a TextMate grammar, in CodeMirror's stream-parser shape. */
export function textMateTokenizer(grammar: TmGrammar): TmTokenizer {
  const top = compile(grammar, grammar.patterns);
  // The last match of each regex on the current line. A leftmost match found searching from an
  // earlier position is still the leftmost one from any position up to it (and "none" stays
  // none), so a rule that matches far ahead (or nowhere) is not searched again at every token:
  // without this a long line costs the square of its length.
  const cache = new Map<RegExp, { line: string; from: number; index: number; length: number }>();
  const find = (re: RegExp, line: string, pos: number): { index: number; length: number } | null => {
    const hit = cache.get(re);
    if (hit !== undefined && hit.line === line && hit.from <= pos && (hit.index >= pos || hit.index === -1)) {
      return hit.index === -1 ? null : hit;
    }
    re.lastIndex = pos;
    const m = re.exec(line);
    const found = { line, from: pos, index: m ? m.index : -1, length: m ? m[0].length : 0 };
    cache.set(re, found);
    return m ? found : null;
  };
  const scopesOf = (open: readonly Compiled[], extra: string | null) =>
    [...open.map((r) => r.scope), extra].filter((s): s is string => s !== null).join(' ') || null;
  return {
    startState: () => ({ open: [] }),
    copyState: (state) => ({ open: [...state.open] }),
    token(stream, state) {
      const line = stream.string;
      const pos = stream.pos;
      const inside = state.open[state.open.length - 1];
      const rules = inside ? (inside.inner as readonly Compiled[]) : top;
      // The leftmost match; on a tie the end pattern, then the earlier rule.
      let best: { index: number; length: number; rule: Compiled | null } | null = null;
      if (inside?.end) {
        const m = find(inside.end, line, pos);
        if (m) best = { index: m.index, length: m.length, rule: null };
      }
      for (const rule of rules) {
        if (best?.index === pos) break;
        const m = find(rule.match, line, pos);
        if (m && (best === null || m.index < best.index)) best = { index: m.index, length: m.length, rule };
      }
      if (best === null) {
        stream.skipToEnd();
        return scopesOf(state.open, null);
      }
      if (best.index > pos) {
        stream.pos = best.index;
        return scopesOf(state.open, null);
      }
      if (best.length === 0) {
        // An empty match (a lookahead alone) would not move: take one character as it is.
        stream.next();
        return scopesOf(state.open, null);
      }
      stream.pos = pos + best.length;
      if (best.rule === null) {
        const scopes = scopesOf(state.open, null);
        state.open.pop();
        return scopes;
      }
      if (best.rule.end) {
        state.open.push(best.rule);
        return scopesOf(state.open, null);
      }
      return scopesOf(state.open, best.rule.scope);
    },
  };
}

/** TextMate scopes (their leading parts) as highlighting tags; the longest prefix wins. */
const SCOPE_TAGS: readonly (readonly [string, Tag])[] = [
  ['comment.line', t.lineComment],
  ['comment.block', t.blockComment],
  ['comment', t.comment],
  ['string', t.string],
  ['constant.character.escape', t.escape],
  ['constant.language.null', t.null],
  ['constant.language.boolean', t.bool],
  ['constant.numeric', t.number],
  ['variable.other.quoted', t.special(t.variableName)],
  ['variable.parameter', t.local(t.variableName)],
  ['support.function.builtin', t.standard(t.function(t.variableName))],
  ['entity.name.function', t.function(t.variableName)],
  ['keyword.operator.logical', t.operatorKeyword],
  ['keyword.operator.comparison', t.compareOperator],
  ['keyword.operator.arithmetic', t.arithmeticOperator],
  ['keyword.operator', t.operator],
  ['keyword', t.keyword],
  ['punctuation.separator.path', t.derefOperator],
  ['punctuation.separator', t.separator],
  ['punctuation.terminator', t.punctuation],
  ['punctuation.section.parens', t.paren],
  ['punctuation', t.punctuation],
];

/** The tag of one scope name, or null when no prefix fits. */
export function tagOfScope(scope: string): Tag | null {
  let best: readonly [string, Tag] | null = null;
  for (const entry of SCOPE_TAGS) {
    if ((scope === entry[0] || scope.startsWith(`${entry[0]}.`)) && (best === null || entry[0].length > best[0].length)) best = entry;
  }
  return best ? best[1] : null;
}

/** Token names without dots (CodeMirror reads dots in token names as tag modifiers). */
const tokenName = (scope: string) => `tm_${scope.replace(/[^A-Za-z0-9]/g, '_')}`;

/** Every scope name a grammar can produce (for the token table). */
function scopesOf(grammar: TmGrammar): string[] {
  const names = new Set<string>();
  const stack: TmRule[] = [...grammar.patterns, ...Object.values(grammar.repository).flatMap((r) => r.patterns)];
  while (stack.length > 0) {
    const rule = stack.pop() as TmRule;
    if (rule.name) names.add(rule.name);
    if (rule.patterns) stack.push(...rule.patterns);
  }
  return [...names];
}

/** A CodeMirror language whose highlighting is the TextMate grammar's. */
export function textMateLanguage(grammar: TmGrammar, name: string): StreamLanguage<TmState> {
  const tokenizer = textMateTokenizer(grammar);
  const table: Record<string, Tag> = {};
  for (const scope of scopesOf(grammar)) {
    const tag = tagOfScope(scope);
    if (tag) table[tokenName(scope)] = tag;
  }
  return StreamLanguage.define<TmState>({
    name,
    startState: tokenizer.startState,
    copyState: tokenizer.copyState,
    token(stream, state) {
      const scopes = tokenizer.token(stream, state);
      if (scopes === null) return null;
      const names = scopes
        .split(' ')
        .filter((s) => table[tokenName(s)] !== undefined)
        .map(tokenName);
      return names.length > 0 ? names.join(' ') : null;
    },
    tokenTable: table,
    languageData: { commentTokens: { line: '--', block: { open: '/*', close: '*/' } } },
  });
}
