/**
 * grammar/diagrams.html: railroad diagrams of every parser rule, in one self-contained page.
 *
 * The parser's rules (Chevrotain's serialized grammar) are shown under the names
 * grammar/reference.md uses (`resultColumn` is `result`, `sourcePrimary` is `source_primary`),
 * small helper rules are drawn inline where they are used (`pathFrom`, `sourceAlias`), and the
 * few rules the reference has no production for carry a sentence saying what they are. The
 * diagram scripts and styles are read from the installed chevrotain package and inlined, so the
 * page opens offline, from the file system, with no request leaving it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ISerializedGast } from 'chevrotain';
import { grammarProductions } from './productions.js';

/** How a parser rule is shown: its name in the reference, and what it is when that needs saying. */
interface Shown {
  readonly name: string;
  /** The reference section the rule belongs to (an anchor of grammar/reference.md). */
  readonly section:
    | 'statements'
    | 'data-actions'
    | 'administrative-actions'
    | 'task-thread-and-system-actions'
    | 'struct-actions'
    | 'sources'
    | 'specifiers'
    | 'expressions';
  /** A sentence for rules that are not a production of the reference (backticks: code). */
  readonly note?: string;
}

/** Parser rules by their name in src/syntax, in the order the page shows them. */
export const SHOWN_RULES: Readonly<Record<string, Shown>> = {
  statement: { name: 'statement', section: 'statements' },
  actionOption: { name: 'option', section: 'statements' },
  select: {
    name: 'select',
    section: 'statements',
    note: 'The diagram also shows `LIMIT a, b`: it is read only to be rejected with a hint (write `LIMIT b OFFSET a`).',
  },
  resultColumn: { name: 'result', section: 'statements' },
  dataAction: {
    name: 'data_action',
    section: 'data-actions',
    note: 'A statement may also be a data action (FETCH, INSERT, REPLACE, SET, UPDATE, DELETE, TRASH, RESTORE, DISPOSE). Its words are bare words, keywords only where they stand here.',
  },
  fetch: { name: 'fetch', section: 'data-actions' },
  drop: { name: 'drop', section: 'administrative-actions' },
  alter: { name: 'alter', section: 'administrative-actions' },
  alterValue: { name: 'altervalue', section: 'administrative-actions' },
  adminCreate: { name: 'admin_create', section: 'administrative-actions' },
  databaseDef: { name: 'database_def', section: 'administrative-actions' },
  blobDef: { name: 'blob_def', section: 'administrative-actions' },
  fieldDef: { name: 'fielddef', section: 'administrative-actions' },
  fetchUsers: { name: 'fetch_users', section: 'data-actions', note: 'FETCH USERS: the users specifier (none: all users), ORDER BY, LIMIT, OFFSET.' },
  fetchOther: {
    name: 'fetch_other',
    section: 'data-actions',
    note: 'The fetch types without expressions: CRONS, PREF_DEFS, SEQS; FOLLOWS and KEYS (COUNT); PREFS; LOGS; NOTIFICATIONS (OPTIONS SEEN); POSTS (OPTIONS FOLLOWING, THREADS, CHILDREN, RECORDS); USER_SUBSCRIPTIONS of a team or a user.',
  },
  wall: { name: 'wall', section: 'data-actions' },
  paging: { name: 'paging', section: 'data-actions' },
  names: { name: 'names', section: 'data-actions' },
  actionOptions: {
    name: 'action_options',
    section: 'data-actions',
    note: 'The OPTIONS of a data action: CHILDREN and COUNT (FETCH RECORDS, MULTIRECORDS), COUNT (PSEUDORECORDS, TASKS, FOLLOWS, KEYS), SEEN (NOTIFICATIONS), FOLLOWING, THREADS, CHILDREN, RECORDS (POSTS), FAIL_NO_OP (the writes).',
  },
  insert: {
    name: 'insert',
    section: 'data-actions',
    note: 'INSERT, REPLACE and SET: ON DUPLICATE takes FAIL or UPDATE for INSERT, UPDATE, DELETE or TRASH for the others; ON REMOVE is for SET.',
  },
  delimited: {
    name: 'delimited',
    section: 'data-actions',
    note: "Records as the spec's delimiter-separated data (`dsv`, `csv`, `tsv`), the data a binary object: FILE (an uploaded object id), TEXT or BASE64. DSV needs DELIMITER; CSV defaults to a comma, TSV to a tab.",
  },
  row: { name: 'row', section: 'data-actions' },
  record: { name: 'record', section: 'data-actions' },
  value: { name: 'value', section: 'data-actions' },
  literal: { name: 'literal', section: 'data-actions' },
  update: { name: 'update', section: 'data-actions' },
  remove: { name: 'remove', section: 'data-actions' },
  writeRecords: {
    name: 'write_records',
    section: 'data-actions',
    note: 'The records a write acts on: a records specifier, or WHERE (the where specifier); neither is every record (`{"type": "all"}`).',
  },
  database: { name: 'database', section: 'data-actions' },
  records: { name: 'records', section: 'data-actions' },
  keySpecifier: {
    name: 'key_specifier',
    section: 'data-actions',
    note: "The spec's key specifier: `KEY(field = value, ...)`, every key field with a non-null value.",
  },
  systemAction: {
    name: 'system_action',
    section: 'task-thread-and-system-actions',
    note: 'A statement may also be DOWNLOAD, a task or thread action (RUN, CONCLUDE, CANCEL, CLEAN, PAUSE) or a system action (ACCESS, ECHO, WAIT, IF). Its words are bare words, keywords only where they stand here. DESTROY, RESUME, SYNC and VIEW are errors quoting the spec, which does not show them.',
  },
  download: { name: 'download', section: 'task-thread-and-system-actions' },
  run: { name: 'run', section: 'task-thread-and-system-actions' },
  task: { name: 'task', section: 'task-thread-and-system-actions' },
  taskRef: { name: 'task_ref', section: 'task-thread-and-system-actions' },
  jsonObject: { name: 'json_object', section: 'task-thread-and-system-actions' },
  json: { name: 'json', section: 'task-thread-and-system-actions' },
  conclude: { name: 'conclude', section: 'task-thread-and-system-actions' },
  cancel: { name: 'cancel', section: 'task-thread-and-system-actions' },
  pause: { name: 'pause', section: 'task-thread-and-system-actions' },
  system: { name: 'system', section: 'task-thread-and-system-actions' },
  instant: { name: 'instant', section: 'task-thread-and-system-actions' },
  ifAction: {
    name: 'if',
    section: 'task-thread-and-system-actions',
    note: 'THEN and ELSE take only writes (the spec: "Only write actions"); only the first column of the first row of each SELECT decides.',
  },
  write: { name: 'write', section: 'task-thread-and-system-actions' },
  struct: {
    name: 'struct',
    section: 'struct-actions',
    note: 'A statement may also be a struct action: STRUCT and its words (bare words, keywords only where they stand here). STRUCT MN MERGE and STRUCT EVENT CLEAR are errors quoting the spec, which does not show them.',
  },
  structBuffer: { name: 'buffer', section: 'struct-actions' },
  structMn: { name: 'mn', section: 'struct-actions' },
  structEvent: { name: 'event', section: 'struct-actions' },
  structCreate: {
    name: 'create',
    section: 'struct-actions',
    note: 'The clauses of each kind in any order (each once: the parser reports a clause given twice).',
  },
  structName: { name: 'sname', section: 'struct-actions' },
  structFields: {
    name: 'struct_fields',
    section: 'struct-actions',
    note: 'An event or notebook database\'s field definitions after FIELDS: `FIELDS ()` is the list given empty (`"fields": []`).',
  },
  orderTerm: { name: 'order_term', section: 'statements', note: "One ORDER BY term: `expr [ASC|DESC]` in the reference's `select`." },
  source: {
    name: 'source',
    section: 'sources',
    note: 'The diagram also shows `ON` and `USING` after a join: they are read only to be rejected with a hint (the join condition goes in `WHERE`).',
  },
  joinOperator: { name: 'join_operator', section: 'sources' },
  unsupportedJoin: {
    name: 'unsupported_join',
    section: 'sources',
    note: 'Joins of common SQL the select object cannot hold (`RIGHT JOIN`, `FULL OUTER JOIN`, `NATURAL JOIN`, `OUTER JOIN`, `OUTER APPLY`, ...): read whole only to be rejected with a hint, never as an alias.',
  },
  sourcePrimary: { name: 'source_primary', section: 'sources' },
  path: { name: 'path', section: 'sources' },
  specifier: { name: 'specifier', section: 'specifiers' },
  singularSpecifier: { name: 'singular_specifier', section: 'specifiers' },
  expression: {
    name: 'expression',
    section: 'expressions',
    note: "The reference's `prefix { infix }` with `primary` drawn in: precedence climbing over src/ast/precedence.ts (the diagram shows which tokens may follow, not how tightly they bind). `TRUE` and `FALSE` are read only to be rejected with a hint.",
  },
  predicate: {
    name: 'predicate',
    section: 'expressions',
    note: "Part of the reference's `infix`: `LIKE`, `REGEXP`, `BETWEEN` and `IN` after the left operand (and an optional `NOT`).",
  },
  inTail: {
    name: 'in_list',
    section: 'expressions',
    note: 'The `IN` part of `infix`: `IN ( select )`, `IN ( [ expression { , expression } ] )` or `IN :name` (a list parameter).',
  },
  param: { name: 'param', section: 'expressions' },
  caseExpression: { name: 'case_expression', section: 'expressions', note: "The `CASE ... END` form of the reference's `primary`." },
  contextualExpression: {
    name: 'contextual_primary',
    section: 'expressions',
    note: "The `primary` forms that start with a contextual word (`DATE '...'`, `COLUMN(...)`, `SYSTEM_COLUMN(...)`, `ALIAS(...)`, ...): the word is a plain name unless the next token says otherwise.",
  },
  datetimeLiteral: { name: 'datetime_literal', section: 'expressions' },
  standaloneExpression: {
    name: 'standalone_expression',
    section: 'expressions',
    note: 'A whole text that is one expression (`dsq compile --expr`, `parseExpression`).',
  },
};

/** Helper rules drawn in place wherever they are used. */
export const INLINED_RULES: readonly string[] = ['pathFrom', 'sourceAlias', 'whole', 'fieldDefs', 'jsonMembers'];

/** Terminal labels in the reference's words (the token's pattern stays its tooltip). */
const TERMINAL_LABELS: Readonly<Record<string, string>> = {
  Name: 'name',
  PlainName: 'name',
  ContextualWord: 'name',
  Identifier: 'identifier',
  QuotedIdentifier: 'quoted_identifier',
  StringLiteral: 'string',
  NumberLiteral: 'number',
  BinaryOperator: 'binary_op',
};

type Gast = ISerializedGast & { name?: string; label?: string; definition?: Gast[]; separator?: Gast };

/** A readable name for a rule the table does not know yet: `fooBar` → `foo_bar`. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The parser's rules as the page shows them: renamed, helpers inlined, labels in plain words. */
export function diagramRules(productions: readonly ISerializedGast[] = grammarProductions()): Gast[] {
  const byName = new Map((productions as Gast[]).map((r) => [r.name as string, r]));
  const rename = (name: string) => SHOWN_RULES[name]?.name ?? snake(name);
  // Copies a production with inlined rules expanded and names mapped; iterative (an explicit
  // stack of [source, where its copy goes]), so a large grammar cannot overflow.
  const convert = (top: Gast): Gast => {
    const out: Gast[] = [];
    const stack: [Gast, Gast[], number][] = [[top, out, 0]];
    while (stack.length > 0) {
      const [from, into, index] = stack.pop() as [Gast, Gast[], number];
      const inlined = from.type === 'NonTerminal' && INLINED_RULES.includes(from.name as string) ? byName.get(from.name as string) : undefined;
      // An inlined helper becomes its body, drawn as a sequence where the reference was.
      const to: Gast = inlined ? ({ type: 'Alternative', definition: [] } as Gast) : { ...from };
      into[index] = to;
      const definition = inlined ? inlined.definition : from.definition;
      if ((from.type === 'Rule' || from.type === 'NonTerminal') && !inlined) to.name = rename(from.name as string);
      if (from.type === 'Terminal' && TERMINAL_LABELS[from.name as string]) to.label = TERMINAL_LABELS[from.name as string];
      // A separator is a terminal: relabelled in place.
      if (from.separator) to.separator = { ...from.separator, label: TERMINAL_LABELS[from.separator.name as string] ?? from.separator.label } as Gast;
      if (definition) {
        const parts: Gast[] = new Array(definition.length);
        to.definition = parts;
        definition.forEach((part, i) => stack.push([part, parts, i]));
      }
    }
    return out[0] as Gast;
  };
  const order = Object.keys(SHOWN_RULES);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return (productions as Gast[])
    .filter((r) => !INLINED_RULES.includes(r.name as string))
    .sort((a, b) => rank(a.name as string) - rank(b.name as string))
    .map(convert);
}

/** The note of a shown rule (by its shown name), if it has one. */
function noteOf(shownName: string): Shown | undefined {
  return Object.values(SHOWN_RULES).find((s) => s.name === shownName);
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Backticks become <code>. */
const inline = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');
/** Text safe inside an inline <script>. */
const scriptSafe = (s: string) => s.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

/** The files of chevrotain's diagrams folder, from the installed package. */
function chevrotainDiagrams(): { css: string; scripts: string[]; version: string } {
  const require = createRequire(import.meta.url);
  // The package's main file is lib/src/api.js: the package root is two levels up.
  const root = join(dirname(require.resolve('chevrotain')), '..', '..');
  const read = (path: string) => readFileSync(join(root, path), 'utf8');
  const version = (JSON.parse(read('package.json')) as { version: string }).version;
  return {
    version,
    css: read('diagrams/diagrams.css'),
    scripts: ['diagrams/vendor/railroad-diagrams.js', 'diagrams/src/diagrams_builder.js', 'diagrams/src/diagrams_behavior.js'].map(read),
  };
}

const PAGE_STYLE = `
  body { background: hsl(30, 20%, 95%); color: #222; font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; }
  h1 { font-size: 1.6rem; margin: 0.5rem 0; }
  nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; list-style: none; padding: 0; }
  code, nav a { font-family: ui-monospace, monospace; }
  section.rule { border-top: 1px solid #ccc; padding: 0.5rem 0 1rem; text-align: center; }
  section.rule p.note { margin: 0.75rem auto 0; max-width: 48rem; text-align: left; }
  section.rule p.where { font-size: 0.85rem; margin: 0.25rem 0 0; }
  .diagram { overflow-x: auto; }
  .diagram svg { width: auto; max-width: none; }
  a { color: #0645ad; }
`;

/** The whole page. */
export function syntaxDiagramsHtml(): string {
  const rules = diagramRules();
  const { css, scripts, version } = chevrotainDiagrams();
  const sections = rules.map((rule) => {
    const name = rule.name as string;
    const shown = noteOf(name);
    const note = shown?.note ? `\n<p class="note">${inline(shown.note)}</p>` : '';
    const where = shown
      ? `\n<p class="where">In the reference: <a href="reference.md#${shown.section}">${shown.section[0]?.toUpperCase()}${shown.section.slice(1)}</a></p>`
      : '';
    // The header holds the bare name: Chevrotain's behaviour script finds rules by it.
    return `<section class="rule" id="rule-${escapeHtml(name)}">
<h2 class="diagramHeader">${escapeHtml(name)}</h2>${note}${where}
<div class="diagram" data-rule="${escapeHtml(name)}" role="img" aria-label="railroad diagram of ${escapeHtml(name)}"></div>
</section>`;
  });
  const toc = rules.map((r) => `<li><a href="#rule-${escapeHtml(r.name as string)}">${escapeHtml(r.name as string)}</a></li>`).join('');
  const grammar = JSON.stringify(rules).replace(/</g, '\\u003c');
  return `<!DOCTYPE html>
<!-- Generated by \`npm run grammar\` (grammar/diagrams.ts) from the parser; do not edit by hand. -->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>dsq syntax diagrams</title>
<style>
/* chevrotain ${version} diagrams/diagrams.css */
${css}
${PAGE_STYLE}</style>
</head>
<body>
<header>
<h1>dsq syntax diagrams</h1>
<p>Every rule of the dsq parser as a railroad diagram, under the names of the
<a href="reference.md">language reference</a> (grammar/reference.md). Click a rule's name in a
diagram to jump to it; hover to see where it is used.</p>
<nav aria-label="Rules"><ul>${toc}</ul></nav>
</header>
<main id="diagrams">
${sections.join('\n')}
</main>
${scripts.map((s) => `<script>\n${scriptSafe(s)}\n</script>`).join('\n')}
<script>
(function () {
  var rules = ${grammar};
  rules.forEach(function (rule) {
    var target = document.querySelector('.diagram[data-rule="' + rule.name + '"]');
    if (target) target.innerHTML = String(diagrams_builder.convertProductionToDiagram(rule, rule.name));
  });
  diagrams_behavior.initDiagramsBehavior();
})();
</script>
</body>
</html>
`;
}
