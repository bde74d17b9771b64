import { describe, expect, it } from 'vitest';
import { nullable } from '../../src/ast/field-checks.js';
import { FETCH_CLAUSES, FETCH_FIELDS, FETCH_ONE_OF, oneOfPairs, type FetchClause, type FetchType } from '../../src/ast/kinds-fetch.js';
import type { Node } from '../../src/ast/nodes.js';
import { parse, print } from '../../src/index.js';
import { fromJsonResult, toJson } from '../../src/json/index.js';
import { checkTree } from '../../src/spec/check.js';

/**
 * The readers of the FETCH part of the kind table (kinds-fetch.ts) that once restated it.
 * The FETCH fields of which at most one may be given come from the kind table's `orBefore`
 * marker alone (FETCH_ONE_OF): the spec checks and the JSON reader both report a pair given
 * together by it, and the parser's clauses (FETCH_CLAUSES) read the same marker. The printer
 * writes the types of FETCH_CLAUSES by those clauses.
 */

const read = (json: string) => fromJsonResult(json);

describe('FETCH_ONE_OF: the fields marked orBefore, each with the field before it', () => {
  it('today: USER_SUBSCRIPTIONS team or user', () => {
    expect(
      Object.entries(FETCH_ONE_OF)
        .filter(([, pairs]) => pairs.length > 0)
        .map(([type, pairs]) => [type, pairs.map((p) => [p.first.key, p.second.key])]),
    ).toEqual([['user_subscriptions', [['team', 'user']]]]);
  });

  it('a scratch entry with a second marked pair gets both pairs, in order, with their JSON keys', () => {
    const spec = nullable('spec');
    const scratch = { ...FETCH_FIELDS.user_subscriptions, group: spec, database: { ...FETCH_FIELDS.user_subscriptions.user, json: 'db' } };
    expect(oneOfPairs(scratch).map((p) => [p.first, p.second])).toEqual([
      [
        { key: 'team', json: 'team' },
        { key: 'user', json: 'user' },
      ],
      [
        { key: 'group', json: 'group' },
        { key: 'database', json: 'db' },
      ],
    ]);
  });

  it("the parser's clauses carry the same marker", () => {
    for (const [type, pairs] of Object.entries(FETCH_ONE_OF)) {
      const clauses = FETCH_CLAUSES[type as FetchType];
      if (clauses === null) continue;
      expect(clauses.filter((c) => c.orBefore).map((c) => c.key)).toEqual(pairs.map((p) => p.second.key));
    }
  });

  it('every pair given together is reported by the spec checks and by the JSON reader, at the marked field', () => {
    for (const [type, pairs] of Object.entries(FETCH_ONE_OF)) {
      for (const { first, second } of pairs) {
        // The tree, built from the two forms that are each valid.
        const a = read(`{"action":"fetch","fetch":"${type}","${first.json}":"a"}`).value as Record<string, unknown>;
        const b = read(`{"action":"fetch","fetch":"${type}","${second.json}":"b"}`).value as Record<string, unknown>;
        const both = { ...a, [second.key]: b[second.key] } as unknown as Node;
        const problems = checkTree(both);
        expect(problems.map((p) => [p.code, p.field])).toEqual([[`spec/${first.key}-and-${second.key}`, second.key]]);
        const r = read(`{"action":"fetch","fetch":"${type}","${first.json}":"a","${second.json}":"b"}`);
        expect(r.diagnostics.map((d) => [d.code, d.pointer])).toEqual([['json/wrong-type', `/${second.json}`]]);
      }
    }
  });

  it("today's messages", () => {
    const a = read('{"action":"fetch","fetch":"user_subscriptions","team":"ops"}').value as Record<string, unknown>;
    expect(checkTree({ ...a, user: a.team } as unknown as Node).map((p) => p.message)).toEqual(['FETCH USER_SUBSCRIPTIONS takes a team or a user, not both']);
    expect(read('{"action":"fetch","fetch":"user_subscriptions","team":"ops","user":"bob"}').diagnostics.map((d) => d.message)).toEqual([
      'FETCH user_subscriptions takes "team" (the subscriptions of one team) or "user" (of one user), not both',
    ]);
  });
});

describe('the printer writes the FETCH types of FETCH_CLAUSES by their clauses', () => {
  it('every clause of every such type, printed as the parser reads it', () => {
    for (const [type, clauses] of Object.entries(FETCH_CLAUSES)) {
      if (clauses === null) continue;
      // One value per clause (an orBefore clause replaces the one before it: each printed in a statement of its own).
      const groups: (typeof clauses)[] = [];
      for (const c of clauses) {
        if (c.orBefore || groups.length === 0) groups.push([c]);
        else (groups[groups.length - 1] as FetchClause[]).push(c);
      }
      for (const group of groups) {
        const props = group.map((c) => `"${c.word.toLowerCase()}":${c.form === 'flag' ? 'true' : c.form === 'whole' ? '"7"' : '"x"'}`);
        const node = read(`{"action":"fetch","fetch":"${type}"${props.map((p) => `,${p}`).join('')}}`).value as Node;
        expect(node, `${type} ${props.join(',')}`).toBeDefined();
        const text = print(node);
        for (const c of group) if (c.form !== 'flag' && c.key !== 'count') expect(text, text).toContain(`${c.word} `);
        expect(toJson(parse(text) as Node), text).toBe(toJson(node));
      }
    }
  });
});
