import { describe, expect, it } from 'vitest';
import { hover } from '../../src/lsp/hover.js';
import { paramAt } from '../../src/lsp/params.js';
import { SEMANTIC_LEGEND, semanticTokens } from '../../src/lsp/semantic.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { cursor, labels, positionIn, SHOP } from './helpers.js';

/** Parameters `:name` in the editor: colours, hover with the inferred type, completion, definition and uses. */

function hoverAt(marked: string) {
  const { text, offset } = cursor(marked);
  const h = hover(textModelOf(text), offset, { schema: SHOP, rangeOf: (s, e) => ({ start: positionIn(text, s), end: positionIn(text, e) }) });
  return h === null ? null : { value: (h.contents as { value: string }).value, range: h.range };
}

/** The text of the declaration and of each use of the parameter at the cursor. */
function places(marked: string) {
  const { text, offset } = cursor(marked);
  const model = textModelOf(text);
  const p = paramAt(model, offset);
  if (p === null) return null;
  return {
    name: p.name,
    declaration: p.declaration ? `${text.slice(p.declaration.start, p.declaration.end)}@${p.declaration.start}` : null,
    uses: p.uses.map((u) => `${text.slice(model.code[u.colon]!.start, model.code[u.word]!.end)}@${model.code[u.colon]!.start}`),
  };
}

describe('semantic tokens', () => {
  it("colours a parameter's name as a parameter, keywords too (:limit), not a path's segment", () => {
    const text = 'SELECT * FROM orders WHERE photo:size = :size AND id IN :ids LIMIT :limit';
    const data = semanticTokens(textModelOf(text), (o) => positionIn(text, o)).data;
    const out: [string, string][] = [];
    let char = 0;
    for (let i = 0; i < data.length; i += 5) {
      char = data[i] === 0 ? char + data[i + 1]! : data[i + 1]!;
      out.push([text.slice(char, char + data[i + 2]!), SEMANTIC_LEGEND.tokenTypes[data[i + 3]!]!]);
    }
    expect(out.filter(([, t]) => t === 'parameter')).toEqual([
      ['size', 'parameter'],
      ['ids', 'parameter'],
      ['limit', 'parameter'],
    ]);
    // The path's `size` is a field, LIMIT the keyword.
    expect(out).toContainEqual(['size', 'property']);
    expect(out).toContainEqual(['LIMIT', 'keyword']);
  });
});

describe('hover', () => {
  it('shows the type inferred from the compared field, LIMIT, ROWS, KEY and annotations', () => {
    expect(hoverAt('SELECT * FROM orders WHERE amount > :m|in')?.value).toMatch(/^\*\*:min\*\* — parameter · `number` \(compared with the field amount\)/);
    expect(hoverAt('SELECT * FROM orders WHERE amount > :min LIMIT :|n')?.value).toMatch(/`integer` \(a whole number \(LIMIT, OFFSET, ROWS\)\)/);
    expect(hoverAt('SELECT * FROM orders OPTIONS (ROWS = |:rows)')?.value).toMatch(/`integer`/);
    expect(hoverAt('FETCH RECORDS FROM orders RECORDS KEY(id = :i|d)')?.value).toMatch(/`integer` \(compared with the field id\)/);
    expect(hoverAt('SELECT * FROM orders WHERE id IN :i|ds')?.value).toMatch(/`integer\[\]`.*a value list/);
    expect(hoverAt('-- @param d localdate\nSELECT * FROM orders WHERE UPPER(x) = :|d')?.value).toMatch(/`localdate` \(stated by -- @param\)/);
    expect(hoverAt('SELECT * FROM orders WHERE UPPER(x) = :|d')?.value).toMatch(/type not known: state it with `-- @param d TYPE`/);
    // The range is `:name`.
    expect(hoverAt('SELECT * FROM orders WHERE amount > :m|in')?.range).toEqual({ start: { line: 0, character: 36 }, end: { line: 0, character: 40 } });
    // Two uses.
    expect(hoverAt('SELECT * FROM orders WHERE amount > :a OR id = :|a')?.value).toContain('2 uses in this statement');
  });

  it('hovers the name in a -- @param line', () => {
    expect(hoverAt('-- @param s|ince datetime\nSELECT * FROM orders WHERE placed > :since')?.value).toMatch(/^\*\*:since\*\*/);
  });
});

describe('completion after :', () => {
  it("offers the statement's parameters, declared and used", () => {
    expect(labels('-- @param since datetime\nSELECT * FROM orders WHERE placed > :since AND amount > :min AND id = :|')).toEqual(['since', 'min']);
    expect(labels('SELECT * FROM orders WHERE amount > :min AND id = :m|')).toEqual(['min']);
    // Only its own statement's.
    expect(labels('SELECT * FROM t WHERE a = :other; SELECT * FROM orders WHERE id = :x AND b = :|')).toEqual(['x']);
    // A path's `:` is not a parameter.
    expect(labels('SELECT photo:| FROM orders')).not.toContain('x');
  });
});

describe('definition and uses', () => {
  it('a use goes to its -- @param line, else to its first use; every use of the statement', () => {
    const text = '-- @param min number\nSELECT * FROM orders WHERE amount > :min OR total < :m|in';
    expect(places(text)).toEqual({ name: 'min', declaration: 'min@10', uses: [':min@57', ':min@73'] });
    expect(places('SELECT * FROM orders WHERE a = :x OR b = :|x; SELECT :x')).toEqual({ name: 'x', declaration: null, uses: [':x@31', ':x@41'] });
    // From the annotation.
    expect(places('-- @param |min number\nSELECT :min')?.uses).toEqual([':min@28']);
    expect(places('SELECT photo:si|ze FROM orders')).toBeNull();
  });
});
