import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as m from '../../src/ast/index.js';
import { isChecked } from '../../src/ast/checked.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJson, fromJsonExpression } from '../../src/json/index.js';
import { parse, parseExpression } from '../../src/syntax/index.js';
import {
  CaseBuilder,
  Expression,
  SelectQuery,
  SourceBuilder,
  and,
  builder,
  caseOf,
  caseWhen,
  col,
  databaseColumn,
  dsq,
  exists,
  fn,
  fromAst,
  lit,
  not,
  query,
  scalar,
  selectFrom,
  spec,
} from '../../src/builder/index.js';

/** The argument error `fn` throws: the builder's one error class, a DsqError with code builder/invalid-argument; its message. */
function argumentError(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DsqError);
    expect(err).not.toBeInstanceOf(TypeError);
    expect((err as DsqError).code).toBe('builder/invalid-argument');
    expect((err as DsqError).diagnostics.map((d) => d.code)).toEqual(['builder/invalid-argument']);
    return (err as Error).message;
  }
  throw new Error('expected an argument error, nothing was thrown');
}

const password = { kind: 'column', path: 'password' };

describe('only nodes dsq made are syntax', () => {
  it('a node-shaped plain object is refused by every method that takes a value, naming its position', () => {
    const v = password as never;
    const positions: [string, () => unknown][] = [
      ['argument 1 of .eq()', () => col('a').eq(v)],
      ['argument 1 of .ne()', () => col('a').ne(v)],
      ['argument 1 of .gt()', () => col('a').gt(v)],
      ['argument 1 of .like()', () => col('a').like(v)],
      ['argument 1 of .add()', () => col('a').add(v)],
      ['argument 2 (max) of .between()', () => col('a').between(1, v)],
      ['item 2 of argument 1 of .in()', () => col('a').in([1, v])],
      ['argument 1 of .and()', () => col('a').eq(1).and(v)],
      ['argument 1 of lit()', () => lit(v)],
      ['argument 2 of and()', () => and(col('a').eq(1), v)],
      ['argument 1 of not()', () => not(v)],
      ['argument 2 of F()', () => fn('F', 1, v)],
      ['argument 1 of COUNT()', () => fn.count(v)],
      ['argument 1 of caseOf()', () => caseOf(v)],
      ['argument 2 (THEN) of .when()', () => caseWhen(col('a').eq(1), v)],
      ['argument 1 of .else()', () => caseWhen(col('a').eq(1), 1).else(v)],
      ['argument 1 of .where()', () => selectFrom('t').where(v)],
      ['argument 1 of .having()', () => selectFrom('t').having(v)],
      ['argument 1 of .select()', () => selectFrom('t').select(v)],
      ['argument 2 of .groupBy()', () => selectFrom('t').groupBy('a', v)],
      ['argument 1 of .orderBy()', () => selectFrom('t').orderBy(v)],
      ['argument 1 of .limit()', () => selectFrom('t').limit(v)],
      ['argument 1 of .offset()', () => selectFrom('t').offset(v)],
      ['template value 1', () => dsq`SELECT * FROM t WHERE status = ${v}`],
      ['item 1 of template value 2', () => dsq`SELECT * FROM t WHERE a = ${1} AND b IN ${[v]}`],
      ['template value 1', () => dsq.expr`${v}`],
    ];
    for (const [position, call] of positions) {
      const message = argumentError(call);
      expect(message, position).toContain(position);
      expect(message, position).toContain('that dsq did not make');
      expect(message, position).toContain('fromAst(node)');
    }
  });

  it('sources and specifiers too: a node-shaped object is never a table or a specifier', () => {
    expect(argumentError(() => selectFrom({ kind: 'table', table: 'secrets', alias: null } as never))).toContain('argument 1 of selectFrom()');
    expect(argumentError(() => selectFrom('t').join({ kind: 'table', table: 'secrets', alias: null } as never))).toContain('argument 1 of .join()');
    expect(argumentError(() => databaseColumn({ kind: 'spec_all' } as never, 't', 'c'))).toContain('argument 1 (the database) of databaseColumn()');
    expect(argumentError(() => databaseColumn(1, 't', [{ kind: 'spec_name', name: 'x' }] as never))).toContain('item 1 of');
  });

  it('nodes from the parser, the JSON reader, the AST constructors and fromAst are taken as they are', () => {
    const cases: m.Expr[] = [
      parseExpression('a + 1'),
      fromJsonExpression({ $col: 'b' }),
      m.binary('=', m.columnRef('c'), m.num('1.0')),
      fromAst({ kind: 'column', path: 'd' }).toAst(),
    ];
    for (const e of cases) expect(col('x').eq(e).node).toEqual(m.binary('=', m.columnRef('x'), e));
    expect(selectFrom(m.tableSource('t')).toAst()).toEqual(m.select({ from: m.tableSource('t') }));
    expect(dsq`SELECT * FROM t WHERE a = ${m.str('x')}`.toAst()).toEqual(parse("SELECT * FROM t WHERE a = 'x'"));
    expect(databaseColumn(spec.all(), 't', 'c').toText()).toBe("DATABASE_COLUMN(ALL, t, 'c')");
    // A checked node of the wrong role is refused with what was expected.
    expect(argumentError(() => col('a').eq(m.tableSource('t') as never))).toContain('got a "table" node');
    expect(argumentError(() => lit(fromJson({ from: 't' }) as never))).toContain('got a "select" node');
  });

  it('an AST constructor given a bad part makes a node that is not checked, refused as syntax', () => {
    expect(argumentError(() => col('a').eq(m.num('1 OR 1 = 1')))).toContain('that dsq did not make');
    expect(argumentError(() => col('a').eq(m.binary('=', m.columnRef('a'), password as never)))).toContain('that dsq did not make');
  });

  it('builder objects cannot be forged: not by a property, a prototype or a registered symbol', () => {
    const forgedExpression = Object.create(Expression.prototype, { node: { value: password } });
    expect(argumentError(() => col('a').eq(forgedExpression))).toContain('argument 1 of .eq()');
    const registered = { [Symbol.for('dsq.builder.expression')]: true, node: password };
    expect(argumentError(() => col('a').eq(registered as never))).toContain('argument 1 of .eq()');
    const forgedQuery = { [Symbol.for('dsq.builder.query')]: true, toSelectAst: () => ({ ...m.select(), where: password }) };
    expect(argumentError(() => col('a').in(forgedQuery as never))).toContain('argument 1 of .in()');
    expect(argumentError(() => exists(forgedQuery as never))).toContain('argument 1 of exists()');
    expect(argumentError(() => scalar(Object.create(SelectQuery.prototype)))).toContain('argument 1 of scalar()');
    const forgedSource = Object.create(SourceBuilder.prototype, { node: { value: { kind: 'table', table: 'secrets', alias: null } } });
    expect(argumentError(() => selectFrom(forgedSource))).toContain('argument 1 of selectFrom()');
    const notADate = Object.create(Date.prototype);
    expect(argumentError(() => col('a').eq(notADate))).toContain('not a real Date');
  });

  it('the constructors that take a node check it: new Expression(node) is as safe as fromAst(node)', () => {
    expect(() => new Expression({ kind: 'number', value: '1 OR 1 = 1' } as never)).toThrow(DsqError);
    expect(() => new SourceBuilder({ kind: 'table', table: '', alias: null })).toThrow(/\/table/);
    expect(new Expression({ kind: 'binary', op: '=', e1: { kind: 'column', path: 'a' }, e2: { kind: 'number', value: '1' } }).toText()).toBe('a = 1');
  });
});

describe('a tree dsq checked cannot be changed into syntax (issue 31)', () => {
  it('a parsed or JSON-read node cannot be changed after it was read: the builder and fromAst see what was checked', () => {
    const password = { kind: 'column', path: 'password' };
    const e = parseExpression('a = 1') as m.Binary;
    expect(() => ((e as unknown as Record<string, unknown>)['e2'] = password)).toThrow(TypeError);
    expect(col('x').eq(e).toJson()).toBe('{"$=":[{"$col":"x"},{"$=":[{"$col":"a"},1]}]}');
    const s = fromJson('{"from":"t","where":{"$=":[{"$col":"a"},1]}}') as m.Select;
    expect(() => ((s.where as unknown as Record<string, unknown>)['e1'] = password)).toThrow(TypeError);
    expect(() => (s.group as m.Expr[]).push(password as m.Expr)).toThrow(TypeError);
    expect(fromAst(s).toJson()).toBe('{"from":"t","where":{"$=":[{"$col":"a"},1]}}');
    // What the builder hands out is frozen too: changing a query's tree changes no query.
    const q = selectFrom('t').where(col('a').eq(1));
    expect(() => ((q.toAst() as unknown as Record<string, unknown>)['from'] = 'secrets')).toThrow(TypeError);
    expect(() => ((col('a').node as unknown as Record<string, unknown>)['path'] = 'password')).toThrow(TypeError);
  });

  it('a copy of a checked tree, or a part of a parsed one, is not syntax: it goes through fromAst', () => {
    const copy = structuredClone(parseExpression('a = 1'));
    expect(argumentError(() => col('x').eq(copy))).toContain('that dsq did not make or check');
    const part = (parse('SELECT a FROM t WHERE b = 1') as m.Select).where as m.Expr;
    expect(argumentError(() => col('x').eq(part))).toContain('a part of a parsed tree, goes through fromAst(node)');
    expect(col('x').eq(fromAst(part)).toText()).toBe('x = (b = 1)');
  });
});

describe('docs/builder.md says what the builder throws (issue 31)', () => {
  it('a DsqError with a code, as the code throws, never a TypeError', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'builder.md'), 'utf8');
    expect(doc).not.toMatch(/(?:is|are) (?:a |an )?`TypeError`/);
    expect(doc).not.toMatch(/as TypeError\)/);
    expect(doc).toContain('Every error the builder throws is a `DsqError`');
    expect(argumentError(() => col('a').eq(true as never))).toContain('the boolean true');
    expect(argumentError(() => selectFrom('t').where({ kind: 'column', path: 'password' } as never))).toContain('argument 1 of .where()');
  });
});

describe('a node object given to a builder constructor is checked as a copy', () => {
  it('changing the object later, a getter that answers twice, or a kind named like an Object member change nothing', () => {
    const given: { kind: string; value: string } = { kind: 'number', value: '1' };
    const e = new Expression(given as never);
    given.value = '1 OR 1 = 1';
    expect(e.toJson()).toBe('1');
    expect(isChecked(given)).toBe(false);
    const list = [col('a').node];
    const f = new Expression({ kind: 'function', name: 'F', args: list } as never);
    list.push({ kind: 'column', path: 'password' } as never);
    expect(f.toJson()).toBe('{"$$F":[{"$col":"a"}]}');
    let reads = 0;
    const twoFaced = {
      kind: 'number',
      get value() {
        return reads++ === 0 ? '1' : '1 OR 1 = 1';
      },
    };
    const g = new Expression(twoFaced as never);
    expect(() => JSON.parse(g.toJson())).not.toThrow();
    expect(g.toJson()).toBe('1');
    // A field the kind does not have is an error naming it, as fromAst says, not dropped.
    expect(() => new Expression({ kind: 'column', path: 'a', evil: 1 } as never)).toThrow(/unknown property "evil"/);
    for (const kind of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const node = JSON.parse(`{"kind":${JSON.stringify(kind)}}`) as never;
      expect(() => new Expression(node), kind).toThrow(DsqError);
      expect(() => new SourceBuilder(node), kind).toThrow(DsqError);
      expect(() => fromAst(node), kind).toThrow(DsqError);
    }
  });

  it('a value that is no object is an error of dsq, not a TypeError of JavaScript', () => {
    for (const v of [null, undefined, 5, 'a', true]) {
      expect(() => new Expression(v as never)).toThrow(DsqError);
      expect(() => new SourceBuilder(v as never)).toThrow(DsqError);
    }
    expect(argumentError(() => new SelectQuery({ where: { kind: 'column', path: 'password' } } as never))).toContain('new SelectQuery() takes no arguments');
    expect(argumentError(() => new CaseBuilder(null, 5 as never))).toContain('must be an array of "when" nodes');
  });

  it("without a base, a CASE arm's WHEN is a condition, as where() takes one: a string is an error, not a literal", () => {
    expect(argumentError(() => caseWhen('status = 1' as never, 1))).toContain('must be a condition');
    expect(argumentError(() => caseWhen(col('a').eq(1), 1).when('x' as never, 2))).toContain('must be a condition');
    expect(caseOf(col('a')).when('x', 2).end().toText()).toBe("CASE a WHEN 'x' THEN 2 END");
  });
});

describe('fromAst: the one way in for a hand-built AST', () => {
  it('checks the tree and gives a builder object holding a checked copy', () => {
    const hand = {
      ...m.select(),
      from: { kind: 'table', table: 't', alias: null },
      where: { kind: 'binary', op: '>', e1: { kind: 'column', path: 'a' }, e2: { kind: 'number', value: '5' } },
    };
    const q = fromAst(hand as m.Statement);
    expect(q).toBeInstanceOf(SelectQuery);
    expect(q.toAst()).toEqual(hand);
    expect(isChecked(hand)).toBe(false);
    expect(isChecked(q.toAst())).toBe(true);
    expect(fromAst({ kind: 'column', path: 'a' })).toBeInstanceOf(Expression);
    expect(fromAst({ kind: 'table', table: 't', alias: 'x' })).toBeInstanceOf(SourceBuilder);
    expect(
      query()
        .where(fromAst({ kind: 'column', path: 'ok' }))
        .toText(),
    ).toBe('SELECT * WHERE ok');
  });

  it('errors name the field with a JSON pointer; a self-referencing object is an error, not an out-of-memory', () => {
    const bad = { ...m.select(), where: { kind: 'binary', op: '=', e1: { kind: 'column', path: 'a' }, e2: { kind: 'number', value: '1 OR 1 = 1' } } };
    expect(() => fromAst(bad as never)).toThrow(DsqError);
    try {
      fromAst(bad as never);
    } catch (err) {
      expect((err as DsqError).diagnostics[0]).toMatchObject({ code: 'spec/invalid-number', pointer: '/where/e2/value' });
    }
    const self: Record<string, unknown> = { kind: 'binary', op: 'and', e1: { kind: 'null' } };
    self['e2'] = self;
    expect(() => fromAst(self as never)).toThrow(/a cycle/);
    expect(() => fromAst({ kind: 'when', when: m.NULL, then: m.NULL } as never)).toThrow(/takes a statement, an expression or a source node/);
    expect(() => builder().fromAst({ kind: 'column', path: 'a' } as never)).toThrow(/expected a statement/);
  });

  it('takes a 100,000-deep hand-built tree (no recursion) and has a depth option', () => {
    let deep: Record<string, unknown> = { kind: 'column', path: 'a' };
    for (let i = 0; i < 100_000; i++) deep = { kind: 'unary', op: '-', e: deep };
    expect(fromAst(deep as never).toAst().kind).toBe('unary');
    expect(() => fromAst(deep as never, { maxDepth: 500 })).toThrow(/deeper than 500 levels/);
  });
});
