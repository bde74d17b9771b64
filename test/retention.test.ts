import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile, decompile, format, formatResult, parse, parseDocument, parseStatements, print, printDocument, tokenize } from '../src/index.js';
import { fromJson, toJson } from '../src/json/index.js';
import { lint } from '../src/lint/index.js';

/**
 * Nothing of a call's input stays alive after it returns: the parser, the printer and comment
 * placement keep lists and objects between calls (no allocation per call), and a list that
 * still points at the last tree, its docs or its names (which may hold the whole source text)
 * keeps all of it until the next call. The parser's reused iterator result held the last
 * statement, comment placement's stack its root, and the renderer's lists the last pieces.
 *
 * Measured as the heap after a full collection: with the result dropped, what an entry point
 * leaves must be a small part of what its tree takes (the same call with the tree held).
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A statement of `terms` comparisons of long names (sliced from the text, so each holds it), with comments. */
function chain(terms: number): string {
  const parts = Array.from({ length: terms }, (_, i) => `customer_region_${i % 97} = ${i}${i % 100 === 0 ? ` /* c${i} */` : ''}`);
  return `-- retained?\nSELECT order_identifier FROM orders WHERE ${parts.join(' AND ')}`;
}

/** The measured text (some 10 MB of tree), and a smaller one that warms each call up. */
const BIG = chain(40_000);
const SMALL = chain(2_000);
const JSON_OF = new Map([BIG, SMALL].map((text) => [text, compile(text)]));
const json = (text: string) => JSON_OF.get(text) as string;

async function heap(): Promise<number> {
  // Let the job that made the objects end (values it touched may be held until then), then collect twice.
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * The heap a call on BIG takes while its result is held (`held`), and what the call leaves once
 * the result is dropped (`left`). The call runs on SMALL first (its code optimised, lazy tables
 * made): a list that held the last input then holds SMALL's, and BIG's shows in `left`.
 */
async function measure(call: (text: string) => unknown): Promise<{ held: number; left: number }> {
  for (let i = 0; i < 3; i++) call(SMALL);
  const base = await heap();
  let result: unknown = call(BIG);
  const held = (await heap()) - base;
  expect(result).toBeDefined();
  result = undefined;
  const left = (await heap()) - base;
  return { held, left };
}

const ENTRIES: [string, (text: string) => unknown][] = [
  ['parse', (text) => parse(text)],
  ['parseStatements', (text) => parseStatements(text)],
  ['parseDocument', (text) => parseDocument(text)],
  ['tokenize', (text) => tokenize(text)],
  ['compile', (text) => compile(text)],
  ['format', (text) => format(text)],
  ['formatResult', (text) => formatResult(text)],
  ['print', (text) => print(parse(text))],
  ['printDocument', (text) => printDocument(parseDocument(text))],
  ['decompile', (text) => decompile(json(text))],
  ['fromJson', (text) => fromJson(json(text))],
  ['toJson', (text) => toJson(parse(text))],
  ['lint', (text) => lint(text)],
];

describe('retention: no entry point keeps its input alive', () => {
  /** The heap BIG's tree takes (parse's result held). */
  let tree = 0;
  beforeAll(async () => {
    tree = (await measure((text) => parse(text))).held;
  });

  it('the tree of the test text takes megabytes (the measure can tell)', () => {
    expect(tree).toBeGreaterThan(5_000_000);
  });

  it.each(ENTRIES)('%s leaves under a tenth of the tree', async (_name, call) => {
    const { left } = await measure(call);
    expect(left).toBeLessThan(tree / 10);
  });
});
