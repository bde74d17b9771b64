/**
 * A small TextMate tokenizer for tests: `match` and `begin`/`end` rules with nested
 * `patterns`, `include` of repository entries, `(?i)` as a leading flag and `\x{HHHH}` escapes
 * (Oniguruma spellings turned into their JS equivalents). Enough for dsq's grammar.
 */

interface Rule {
  name?: string;
  match?: string;
  begin?: string;
  end?: string;
  include?: string;
  patterns?: Rule[];
}

export interface Grammar {
  scopeName: string;
  patterns: Rule[];
  repository: Record<string, { patterns: Rule[] }>;
}

export interface Token {
  readonly text: string;
  readonly scopes: readonly string[];
}

function regex(source: string): RegExp {
  let flags = 'gu';
  let body = source;
  if (body.startsWith('(?i)')) {
    flags += 'i';
    body = body.slice(4);
  }
  body = body.replace(/\\x\{([0-9A-Fa-f]+)\}/g, '\\u{$1}');
  return new RegExp(body, flags);
}

function flatten(grammar: Grammar, rules: readonly Rule[]): Rule[] {
  const out: Rule[] = [];
  for (const rule of rules) {
    if (rule.include?.startsWith('#')) out.push(...flatten(grammar, grammar.repository[rule.include.slice(1)]?.patterns ?? []));
    else out.push(rule);
  }
  return out;
}

/** Tokens of one line (no state across lines: dsq's tests use one-line samples). */
export function tokenizeLine(grammar: Grammar, line: string): Token[] {
  const tokens: Token[] = [];
  const base = grammar.scopeName;
  const top = flatten(grammar, grammar.patterns);
  let pos = 0;
  let plain = '';
  const flush = () => {
    if (plain.trim() !== '') tokens.push({ text: plain.trim(), scopes: [base] });
    plain = '';
  };
  while (pos < line.length) {
    let best: { rule: Rule; index: number; text: string } | undefined;
    for (const rule of top) {
      const re = regex((rule.match ?? rule.begin) as string);
      re.lastIndex = pos;
      const m = re.exec(line);
      if (m && (best === undefined || m.index < best.index)) best = { rule, index: m.index, text: m[0] };
      if (best?.index === pos) break;
    }
    if (!best || best.text === '') {
      plain += line.slice(pos);
      break;
    }
    plain += line.slice(pos, best.index);
    flush();
    if (best.rule.match !== undefined) {
      tokens.push({ text: best.text, scopes: [base, best.rule.name as string] });
      pos = best.index + best.text.length;
      continue;
    }
    // begin/end: consume inner patterns until end matches
    let end = best.index + best.text.length;
    const inner = flatten(grammar, best.rule.patterns ?? []);
    const endRe = regex(best.rule.end as string);
    for (;;) {
      endRe.lastIndex = end;
      const e = endRe.exec(line);
      let innerHit: RegExpExecArray | null = null;
      for (const rule of inner) {
        const re = regex(rule.match as string);
        re.lastIndex = end;
        const m = re.exec(line);
        if (m && (!innerHit || m.index < innerHit.index)) innerHit = m;
      }
      if (innerHit && (!e || innerHit.index < e.index)) {
        end = innerHit.index + innerHit[0].length;
        continue;
      }
      end = e ? e.index + e[0].length : line.length;
      break;
    }
    tokens.push({ text: line.slice(best.index, end), scopes: [base, best.rule.name as string] });
    pos = end;
  }
  flush();
  return tokens;
}
