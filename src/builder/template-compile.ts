import { isDataAction, descendants, type Node } from '../ast/index.js';
import { registerParts } from '../ast/checked.js';
import { childKeys } from '../ast/kinds.js';
import { DsqError } from '../diagnostic/index.js';
import { parse, parseExpression, tokenize } from '../syntax/index.js';
import { describeValue } from './errors.js';
import { DATETIME_WAY, DATETIME_WORD, exactIndex, Places, quoted, SHOWN, what, type Insert } from './template-places.js';

/**
 * A template's static text compiled once per call site: the parts joined with placeholders,
 * parsed, and checked that every placeholder is a token of its own and stands where a value
 * or an identifier can go.
 */

export interface Compiled {
  readonly ast: Node;
  /** Placeholders written as `IN ("…")` and `EXISTS (SELECT "…")`. */
  readonly inIndexes: ReadonlySet<number>;
  readonly existsIndexes: ReadonlySet<number>;
  readonly where: Places;
}

/**
 * Per call site: the compiled template, or the error its static text always makes (a misplaced
 * value). Keyed by the template strings array a tagged call passes: the same frozen array for
 * every call of one call site, so its text can never differ from what was compiled.
 */
const statementCache = new WeakMap<TemplateStringsArray, Compiled | DsqError>();
const expressionCache = new WeakMap<TemplateStringsArray, Compiled | DsqError>();

export function compile(strings: TemplateStringsArray, asExpression: boolean): Compiled {
  templateStrings(strings, asExpression);
  const cache = asExpression ? expressionCache : statementCache;
  const hit = cache.get(strings);
  if (hit instanceof DsqError) throw new DsqError(hit.diagnostics, hit.source);
  if (hit) return hit;
  try {
    const compiled = compileText(strings, asExpression);
    cache.set(strings, compiled);
    return compiled;
  } catch (err) {
    // (Whatever the values, this text fails the same way: the next call throws at once.)
    if (err instanceof DsqError) cache.set(strings, err);
    throw err;
  }
}

/**
 * Only a tagged call's template strings array is a template: frozen, with its frozen `raw`
 * parts beside it. Its static parts are the query's syntax, so they must be written in the code;
 * an array or a string made at run time (`dsq('SELECT ...')`, `dsq([text])`) is an error, never
 * parsed (nor cached, to come back unchanged after the array changed).
 */
function templateStrings(strings: unknown, asExpression: boolean): void {
  const raw: unknown = Array.isArray(strings) ? (strings as { raw?: unknown }).raw : undefined;
  if (Array.isArray(strings) && Object.isFrozen(strings) && Array.isArray(raw) && Object.isFrozen(raw) && raw.length === strings.length) return;
  const tag = asExpression ? 'dsq.expr' : 'dsq';
  const got = typeof strings === 'string' ? 'a string' : Array.isArray(strings) ? 'an array that is not a template strings array' : describeValue(strings);
  throw new DsqError([
    {
      code: 'builder/template',
      severity: 'error',
      message: `${tag} is a template tag: write ${tag}\`${asExpression ? 'a > ${min}' : 'SELECT ...'}\`, not a call with ${got}`,
      hint: `its text is syntax, so it is written in the code; values go in \${...}. Text made at run time is parsed with parse() or parseExpression(), and a tree goes into the builder through fromAst()`,
    },
  ]);
}

function compileText(strings: TemplateStringsArray, asExpression: boolean): Compiled {
  const inIndexes = new Set<number>();
  const existsIndexes = new Set<number>();
  const inserts: Insert[] = [];
  let text = '';
  strings.forEach((part, i) => {
    if (part === undefined)
      throw new DsqError([{ code: 'builder/template', severity: 'error', message: `template part ${i + 1} has an invalid escape sequence` }]);
    if (part.includes('\u0000'))
      throw new DsqError([{ code: 'builder/template', severity: 'error', message: 'a dsq template may not contain NUL characters' }]);
    text += part;
    if (i === strings.length - 1) return;
    const start = text.length;
    if (/\bIN\s*$/i.test(part)) {
      inIndexes.add(i);
      text += '(';
    } else if (/\bEXISTS\s*$/i.test(part)) {
      existsIndexes.add(i);
      text += '(SELECT ';
    }
    const name = text.length;
    text += quoted(i);
    const nameEnd = text.length;
    if (inIndexes.has(i) || existsIndexes.has(i)) text += ')';
    inserts.push({ start, end: text.length, name, nameEnd });
  });
  const where = new Places(strings, inserts);
  checkTokens(text, inserts, where);
  let ast: Node;
  try {
    ast = asExpression ? parseExpression(text) : parse(text);
  } catch (err) {
    if (err instanceof DsqError) throw where.parseError(err);
    throw err;
  }
  if (isDataAction(ast)) {
    throw new DsqError([
      {
        code: 'builder/template',
        severity: 'error',
        message: `dsq\`...\` builds a query (SELECT); a data action (${ast.kind}) is built with db.fetchRecords(...), db.insertInto(...), db.updateTable(...), db.deleteFrom(...)`,
      },
    ]);
  }
  checkPlacement(ast, where);
  // Each call rebuilds the tree around its parts: register them one by one, once.
  registerParts(ast);
  return { ast, inIndexes, existsIndexes, where };
}

/**
 * Each placeholder must be a token of its own (a quoted name): one that a string, a quoted
 * name or a comment of the static text swallows is a value where no value can stand. The
 * lexer says so before the parser would stumble over the pieces.
 */
function checkTokens(text: string, inserts: readonly Insert[], where: Places): void {
  const tokens = tokenize(text);
  let k = 0;
  for (let i = 0; i < inserts.length; i++) {
    const ins = inserts[i] as Insert;
    while (k < tokens.length && (tokens[k]?.end ?? 0) <= ins.name) k++;
    const token = tokens[k];
    if (token === undefined || token.start > ins.name) continue; // (a character the lexer rejects: the parser reports it)
    if (token.start === ins.name && token.end === ins.nameEnd && token.category === 'quoted-name') continue;
    const [place, hint] =
      token.category === 'comment'
        ? ['inside a comment', 'a value in a comment would not be used: move it out of the comment, or leave it out']
        : token.category === 'string'
          ? [
              'inside a quoted string',
              DATETIME_WORD.test(text.slice(0, token.start)) ? DATETIME_WAY : `interpolate the whole value, without quotes: a = ${SHOWN}`,
            ]
          : ['inside a quoted name', `interpolate the whole value, without quotes: a = ${SHOWN}; a name goes in through \${ident(name)}`];
    throw where.error(i, 'builder/template', `a value (${SHOWN}) cannot stand ${place} (${what(i)})`, hint);
  }
}

/** Where a placeholder may stand: in a column path, a table name or path, or an alias. */
const PLACEABLE: Partial<Record<Node['kind'], readonly string[]>> = {
  column: ['path'],
  table: ['table', 'alias'],
  table_system: ['table', 'alias'],
  table_database: ['table', 'alias'],
  result_column: ['alias'],
};

/** What a misplaced value stands in, and the builder's way to say it. */
const MISPLACED: Partial<Record<Node['kind'], readonly [string, string]>> = {
  string: ['inside a quoted string', `interpolate the whole value, without quotes: a = ${SHOWN}`],
  function: ['in a function name', 'call a function by a computed name with fn(name, ...args)'],
  collate: ['in a collation', 'collate by a computed name with .collate(name) on a builder expression'],
  system_column: ['in SYSTEM_COLUMN(...)', 'build it with systemColumn(table, column) and interpolate that'],
  database_column: ['in DATABASE_COLUMN(...)', 'build it with databaseColumn(spec, table, spec) and interpolate that'],
  alias: ['in ALIAS(...)', 'refer to an alias by a computed name with ref(name), or interpolate ${ident(name)}'],
  spec_name: ['in a specifier', 'build the specifier with spec.name(s), spec.id(n) or spec.where(cond), in databaseTable()/databaseColumn()'],
  spec_id: ['in a specifier', 'build the specifier with spec.name(s), spec.id(n) or spec.where(cond), in databaseTable()/databaseColumn()'],
};

/** Function-like forms whose parts are names and specifiers, never values. */
const NAME_FORMS: ReadonlySet<string> = new Set(['DATABASE_COLUMN', 'SYSTEM_COLUMN', 'DATABASE_TABLE', 'SYSTEM_TABLE', 'COLUMN', 'ALIAS']);

/**
 * Rejects, once per template, placeholders that stand where no value can go: inside a quoted
 * string or name, in a function name, a collation, a system or database column, an alias
 * reference or a specifier.
 */
function checkPlacement(ast: Node, where: Places): void {
  for (const node of descendants(ast)) {
    const children = childKeys(node.kind);
    const allowed = PLACEABLE[node.kind] ?? [];
    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'string' || children.includes(key) || allowed.includes(key)) continue;
      const m = /\u0000dsq(\d+)\u0000/.exec(value);
      if (m) {
        const i = Number(m[1]);
        const [place, hint] = MISPLACED[node.kind] ?? ['here', 'interpolate whole values, and names with ${ident(name)}'];
        throw where.error(i, 'builder/template', `a value (${SHOWN}) cannot stand ${place} (${what(i)})`, hint);
      }
    }
    // DATABASE_COLUMN(${v}, t, c) does not parse as the special form, so it reads as a call of
    // a function of that name: a value there would silently become a function argument.
    if (node.kind === 'function' && NAME_FORMS.has(node.name.toUpperCase())) {
      for (const arg of node.args) {
        const i = arg.kind === 'column' ? exactIndex(arg.path) : null;
        if (i === null) continue;
        const [, hint] = MISPLACED[node.name.toUpperCase() === 'SYSTEM_COLUMN' ? 'system_column' : 'database_column'] as readonly [string, string];
        throw where.error(
          i,
          'builder/template',
          `a value (${SHOWN}) cannot stand in ${node.name.toUpperCase()}(...) (${what(i)}): its parts are names and specifiers, not values`,
          node.name.toUpperCase().endsWith('TABLE') ? 'build the source with databaseTable(spec, table) or systemTable(name), and interpolate that' : hint,
        );
      }
    }
  }
}
