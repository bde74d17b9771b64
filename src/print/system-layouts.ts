import type { SystemActionKind, SystemPart } from '../ast/system-actions.js';
import type { StructAction } from '../ast/struct-actions.js';
import { concat, group, indent, line, verbatim, type Doc } from './doc/doc.js';
import { branch, leaf, list, parens, type LayoutFn } from './engine.js';
import { quoteString, writeName } from './names.js';
import { BARE_VALUE, clause, commaList, DATABASE, Kids, optionsClause, PLAIN, statement } from './action-layout.js';

/**
 * How DOWNLOAD, the task and thread actions and the system actions print (grammar/reference.md,
 * "Task, thread and system actions"): each property in the one text form the parser reads back
 * to the same node, in the order the parser reads them. Clauses go on one line when the
 * statement fits, else one per line.
 */

const text = (s: string): Doc => verbatim(quoteString(s));

export const SYSTEM_LAYOUTS = {
  download_record: (n, _c, env) => {
    const kw = env.options.kw;
    const k = new Kids();
    k.add(n.record);
    k.add(n.database, DATABASE);
    return k.layout((take) => {
      const head = concat([kw('DOWNLOAD'), ' ', kw('RECORD'), ' ', take()]);
      const clauses: Doc[] = [clause(kw('FROM'), take())];
      if (n.version !== null) clauses.push(concat([kw('VERSION'), ' ', n.version]));
      return statement(head, clauses);
    });
  },
  download_post: (n, _c, env) => leaf(`${env.options.kw('DOWNLOAD')} ${env.options.kw('POST')} ${n.post}`),
  run_action: (n, _c, env) => branch({ children: n.tasks, ctx: PLAIN, build: (docs) => group([env.options.kw('RUN'), indent([line, commaList(docs)])]) }),
  conclude_action: (n, _c, env) => {
    const kw = env.options.kw;
    return leaf(statement(concat([kw('CONCLUDE'), ' ', kw('TASK'), ' ', n.task]), n.delay === null ? [] : [concat([kw('DELAY'), ' ', n.delay])]));
  },
  cancel_action: (n, _c, env) => branch({ children: n.tasks, ctx: PLAIN, build: (docs) => tasksStatement(env.options.kw, 'CANCEL', docs, n.ignore) }),
  clean_action: (n, _c, env) => branch({ children: n.tasks, ctx: PLAIN, build: (docs) => tasksStatement(env.options.kw, 'CLEAN', docs, n.ignore) }),
  pause_action: (n, _c, env) => leaf(group([env.options.kw('PAUSE'), ' ', env.options.kw('THREADS'), indent([line, commaList(n.threads.map(text))])])),
  access_action: (_n, _c, env) => leaf(env.options.kw('ACCESS')),
  echo_action: (n, _c, env) => leaf(concat([env.options.kw('ECHO'), ' ', text(n.echo)])),
  wait_action: (n, _c, env) => {
    const kw = env.options.kw;
    const k = new Kids();
    const hasInstant = k.add(n.failBefore);
    return k.layout((take) => {
      const head = n.ms === null ? kw('WAIT') : concat([kw('WAIT'), ' ', n.ms]);
      const clauses: Doc[] = [];
      if (hasInstant) clauses.push(clause(kw('FAIL BEFORE'), take()));
      const options = optionsClause(env, [['FAIL', n.fail]]);
      if (options) clauses.push(options);
      return statement(head, clauses);
    });
  },
  if_action: (n, _c, env) => {
    const kw = env.options.kw;
    const k = new Kids();
    k.addAll(n.conditions);
    const hasElse = k.add(n.else);
    return k.layout((_take, takeN) => {
      const conditions = takeN(n.conditions.length);
      const parts: Doc[] = conditions.map((c, i) => concat([kw(i === 0 ? 'IF' : 'ELSE IF'), ' ', c]));
      if (hasElse) parts.push(group([kw('ELSE'), indent([line, _take()])]));
      return statement(parts[0] as Doc, parts.slice(1));
    });
  },
  if_condition: (n, _c, env) =>
    branch({
      children: [n.if, n.then],
      ctx: PLAIN,
      build: ([select, then]) => group([parens(select as Doc), ' ', env.options.kw('THEN'), indent([line, then as Doc])]),
    }),
  task_def: (n, _c, env) => {
    const kw = env.options.kw;
    return branch({
      children: [n.conf],
      ctx: PLAIN,
      build: ([conf]) => {
        const clauses: Doc[] = [concat([kw('CONF'), ' ', conf as Doc])];
        const number = (word: string, v: string | null) => v !== null && clauses.push(concat([kw(word), ' ', v]));
        const string = (word: string, v: string | null) => v !== null && clauses.push(concat([kw(word), ' ', text(v)]));
        number('PARENT', n.parent);
        string('THREAD', n.thread);
        string('SEQ', n.seq);
        string('DESC', n.desc);
        number('PRIORITY', n.priority);
        number('TIMEOUT', n.timeout);
        number('REF_ID', n.refId);
        const options = optionsClause(env, [
          ['AUTO', n.auto],
          ['ARCHIVE', n.archive],
          ['OPEN', n.open],
        ]);
        if (options) clauses.push(options);
        return group([kw('TASK'), ' ', text(n.name), indent(clauses.flatMap((c) => [line, c]))]);
      },
    });
  },
  task_id: (n) => leaf(n.id),
  task_ref: (n, _c, env) => leaf(`${env.options.kw('REF')} ${n.ref}`),
  json_object: (n, c, env) =>
    c.years === true
      ? branch({
          // `FROM y TO y`: its members' values (a comment on any of them prints with it).
          children: n.members,
          ctx: BARE_VALUE,
          build: ([from, to]) => concat([env.options.kw('FROM'), ' ', from as Doc, ' ', env.options.kw('TO'), ' ', to as Doc]),
        })
      : branch({ children: n.members, ctx: PLAIN, build: (docs) => (c.bareObject === true && docs.length > 0 ? commaList(docs) : list('(', docs, ')')) }),
  json_member: (n, c) =>
    branch({
      children: [n.value],
      ctx: PLAIN,
      build: ([v]) => (c.bareValue === true ? (v as Doc) : group([writeName(n.key), ' =', indent([line, v as Doc])])),
    }),
  json_array: (n) => branch({ children: n.items, ctx: PLAIN, build: (docs) => list('[', docs, ']') }),
} satisfies { readonly [K in Exclude<SystemActionKind, StructAction['kind']> | SystemPart['kind']]: LayoutFn<K> };

function tasksStatement(kw: (word: string) => string, word: string, tasks: readonly Doc[], ignore: boolean | null): Doc {
  const head = group([kw(word), ' ', kw('TASKS'), indent([line, commaList(tasks)])]);
  const options = ignore === null ? null : `${kw('OPTIONS')} (${kw('IGNORE')} = ${kw(ignore ? 'TRUE' : 'FALSE')})`;
  return statement(head, options === null ? [] : [options]);
}
