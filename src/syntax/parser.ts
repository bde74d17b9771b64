import type { Expr, OrderTerm, ResultColumn, Select, SelectAction, Source, Statement, WholeOrParam } from '../ast/index.js';
import { ResultColumnNode, SelectActionNode, SelectNode } from '../ast/objects.js';
import { startsExpression } from './expression-tables.js';
import { fieldKey } from './field-spans.js';
import { MISSING, idx, type AliasScope, type Rule } from './parser-base.js';
import { SourceRules } from './source-rules.js';
import * as T from './tokens.js';

export { NestingTooDeep, type ParseState } from './parser-base.js';

interface ActionOptions {
  rows: WholeOrParam | null;
  useStrings: boolean | null;
  echo: boolean | null;
}

/**
 * The dsq parser: a hand-written recursive-descent parser building the AST (src/ast) directly,
 * over the token arrays of its own scanner (scanner.ts). One instance, reused
 * (`begin(scanned, from, to, state)`, then `drive(parser.statement())`). This file holds the
 * statement and SELECT rules, the last of a chain of classes each adding rules to the one
 * before: the cursor, driver and errors (parser-base.ts), node helpers (node-helpers.ts),
 * names and specifiers (name-rules.ts), expressions (expression-frames.ts,
 * expression-rules.ts), data actions (action-parts.ts, fetch-rules.ts, write-rules.ts,
 * action-rules.ts), DOWNLOAD, the task and system actions (system-rules.ts) and sources
 * (source-rules.ts). Rules that contain statements or
 * expressions are generators run by `drive`, so subqueries nest without using the call stack.
 *
 * grammar/grammar-rules.ts describes the same language as a Chevrotain grammar, for the syntax
 * diagrams; test/grammar checks that the two accept the same texts.
 */
export class DsqParser extends SourceRules {
  // -------------------------------------------------------------------------------------
  // Statements

  /** `select [OPTIONS ( option {, option} )]`, and nothing after it. */
  *statement(): Rule<Statement> {
    const start = this.pos;
    if (this.atActionWord()) {
      this.depth = 0;
      return (yield this.dataAction()) as Statement;
    }
    if (this.atSystemWord()) {
      this.depth = 0;
      return (yield this.systemAction()) as Statement;
    }
    // The statement's own SELECT is not a nesting level: it enters at depth 0.
    this.depth = -1;
    const sel = (yield this.select()) as Select;
    let action: SelectAction | null = null;
    if (this.optional(T.Options) !== MISSING) {
      this.expect(T.LParen);
      const options: ActionOptions = { rows: null, useStrings: null, echo: null };
      let rows: readonly [number, number] | null = null;
      if (this.at(T.Identifier)) {
        do rows = this.actionOption(options) ?? rows;
        while (this.optional(T.Comma) !== MISSING);
      }
      this.expect(T.RParen);
      action = new SelectActionNode(sel, options.rows, options.useStrings, options.echo);
      // `ROWS = n` has its own span: the spec check places a bad value there.
      if (rows !== null && this.state.spans !== null) {
        const [from, to] = rows;
        this.state.spans.record(fieldKey(action, 'rows'), this.starts[from] as number, this.ends[to] as number);
      }
    }
    if (this.pos < this.end) this.notAllInputParsed('statement');
    return this.mark(action ?? sel, start);
  }

  /** `ROWS = n`, `USE_STRINGS = TRUE|FALSE`, `ECHO = TRUE|FALSE`, into `options`; for ROWS its first and last token. */
  private actionOption(options: ActionOptions): readonly [number, number] | undefined {
    const name = this.expect(T.Identifier);
    this.expect(T.Equals);
    const written = this.image(name);
    const word = written.toUpperCase();
    const key = word === 'ROWS' ? 'rows' : word === 'USE_STRINGS' ? 'useStrings' : word === 'ECHO' ? 'echo' : null;
    if (key === null) this.report('syntax/unknown-option', `unknown option ${written}: expected ROWS, USE_STRINGS or ECHO`, name, name, undefined, 'ROWS, USE_STRINGS or ECHO');
    let value: WholeOrParam | boolean;
    if (this.at(T.Colon)) {
      // `ROWS = :n`: a parameter bound to a whole number.
      const p = this.paramValue();
      if (key !== 'rows' && key !== null) this.report('syntax/option-value', `${word} takes TRUE or FALSE`, this.last());
      value = p ?? '0';
    } else if (this.at(T.NumberLiteral) || (this.at(T.Minus) && this.tk(2) === NUMBER)) {
      const negative = this.optional(T.Minus) !== MISSING;
      const n = this.next();
      if (key !== 'rows' && key !== null) this.report('syntax/option-value', `${word} takes TRUE or FALSE`, n);
      value = this.wholeNumberText(n, negative, 'ROWS');
    } else if (this.optional(T.True) !== MISSING) {
      value = true;
    } else if (this.optional(T.False) !== MISSING) {
      value = false;
    } else {
      this.noViableAlt('actionOption', this.at(T.Minus));
      return undefined;
    }
    if (key === 'rows' && typeof value === 'boolean') this.report('syntax/option-value', 'ROWS takes a whole number', this.last());
    if (key === null) return undefined;
    if (options[key] !== null) this.report('syntax/duplicate-option', `option ${word} is given twice`, name);
    (options as unknown as Record<string, unknown>)[key] = value;
    return key === 'rows' && name !== MISSING ? [name, this.last()] : undefined;
  }

  /** `SELECT [DISTINCT] (* | column {, column}) [FROM ...] [WHERE ...] [GROUP BY ...] [HAVING ...] [ORDER BY ...] [LIMIT ...] [OFFSET ...]`. */
  protected *select(): Rule<Select> {
    const start = this.pos;
    this.enter(start);
    const scopeDepth = this.scopes.length;
    const scope: AliasScope = { aliases: new Set(), active: false };
    this.scopes.push(scope);
    this.expect(T.Select);
    const distinct = this.optional(T.Distinct) !== MISSING;
    let columns: 'all' | ResultColumn[] = 'all';
    /** How each result column is written (for the hint of `ORDER BY 2`). */
    const written: string[] = [];
    if (this.optional(T.Star) === MISSING) {
      if (startsExpression(this.t1())) {
        const list: ResultColumn[] = [];
        do {
          const columnStart = this.pos;
          const rc = yield* this.resultColumn();
          list.push(rc);
          written.push(this.columnText(rc, columnStart));
          if (rc.alias !== null) scope.aliases.add(rc.alias);
        } while (this.optional(T.Comma) !== MISSING);
        columns = list;
      } else {
        this.noViableAlt('select');
      }
    }
    let from: Source | null = null;
    let where: Expr | null = null;
    const group: Expr[] = [];
    let having: Expr | null = null;
    const order: OrderTerm[] = [];
    let limit: Expr | null = null;
    let offset: Expr | null = null;
    if (this.optional(T.From) !== MISSING) from = (yield this.source()) as Source;
    if (this.optional(T.Where) !== MISSING) where = (yield this.expression(0)) as Expr;
    scope.active = true;
    if (this.optional(T.Group) !== MISSING) {
      this.expect(T.By);
      do {
        const itemStart = this.pos;
        const e = (yield this.expression(0)) as Expr;
        this.columnPosition(e, itemStart, 'GROUP BY', written);
        group.push(e);
      } while (this.optional(T.Comma) !== MISSING);
    }
    if (this.optional(T.Having) !== MISSING) having = (yield this.expression(0)) as Expr;
    if (this.optional(T.Order) !== MISSING) order.push(...((yield* this.orderByTerms(written)) as OrderTerm[]));
    scope.active = false;
    if (this.optional(T.Limit) !== MISSING) {
      limit = (yield this.expression(0)) as Expr;
      const comma = this.optional(T.Comma);
      if (comma !== MISSING) {
        yield this.expression(0);
        this.report('syntax/limit-comma', 'LIMIT takes one expression: dsq has no LIMIT offset, count', comma, this.last(), 'write LIMIT count OFFSET offset');
      }
    }
    if (this.optional(T.Offset) !== MISSING) offset = (yield this.expression(0)) as Expr;
    this.scopes.length = scopeDepth;
    this.leave();
    return this.mark(new SelectNode(distinct, columns, from, where, group, having, order, limit, offset), start);
  }

  /**
   * How a result column that started at token `start` is referred to: its alias as written
   * (`total`, `"order"`), else its expression's text when short (`price`, `a + b`), else ''.
   */
  private columnText(rc: ResultColumn, start: number): string {
    const last = this.last();
    if (last === MISSING || last < start) return '';
    if (rc.alias !== null) return this.image(last);
    const text = this.text.slice(this.starts[start], this.ends[last]);
    return text.length <= 40 && !/[\r\n]/.test(text) ? text : '';
  }

  /** `expression [[AS] name]`. */
  private *resultColumn(): Generator<Rule<unknown>, ResultColumn, unknown> {
    const start = this.pos;
    const e = (yield this.expression(0)) as Expr;
    return this.mark(new ResultColumnNode(e, this.alias()), start);
  }
}

const NUMBER = idx(T.NumberLiteral);
