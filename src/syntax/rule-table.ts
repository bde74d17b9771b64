import type { Expr, Select } from '../ast/index.js';
import type { ParserState, Rule } from './parser-state.js';

/**
 * The rules that lower rule modules call back into, where the grammar recurses across them: an
 * expression (a specifier's `WHERE e`, name-rules.ts) and a SELECT (subqueries in expressions,
 * FROM, FETCH PSEUDORECORDS and IF). The modules are ordered so that each imports only those
 * before it (parser-state.ts lists them); these two are the calls that run the other way, through this table, filled once where the rules are
 * defined (parser.ts imports every rule module and fills it before any parse runs).
 */
export interface RuleTable {
  expression(p: ParserState, minPrec: number): Rule<Expr>;
  select(p: ParserState): Rule<Select>;
}

const unset = (): never => {
  throw new Error('the parser rule table is not filled: import src/syntax/parser.ts');
};

export const RULES: RuleTable = { expression: unset, select: unset };
