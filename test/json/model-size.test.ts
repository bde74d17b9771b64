import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { parse } from '../../src/index.js';
import { readSpecJson, toJson, type JsonValue } from '../../src/json/index.js';

/**
 * The value model of a big document stays small: a value keeps its parent, its key or index
 * and its offsets, and each list is made at its exact size (src/json/value.ts says why). The
 * model of this document was 249 bytes a value with a list grown by push per array and object,
 * the line index and a key string per value, and `type` as a field; it is about 133 now. The
 * bound catches a list grown by push again (about 150 bytes more per array or object), not one
 * field more. Measured as the heap after full collections, with the model held.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function heap(): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

function countValues(root: JsonValue): number {
  let count = 0;
  const stack = [root];
  for (let v = stack.pop(); v !== undefined; v = stack.pop()) {
    count++;
    if (v.type === 'array') stack.push(...v.items);
    else if (v.type === 'object') for (const m of v.members) stack.push(m.value);
  }
  return count;
}

it('the value model of a 20,000-term AND chain takes under 170 bytes a value', async () => {
  const terms = Array.from({ length: 20_000 }, (_, i) => `c${i % 50} = ${i}${i % 7 === 0 ? ` OR name = 'n${i}'` : ''}`);
  const text = toJson(parse(`SELECT id FROM orders WHERE ${terms.join(' AND ')}`));
  readSpecJson('{"warm": [1, "a", {"b": null}]}');
  const base = await heap();
  const model = readSpecJson(text);
  const held = (await heap()) - base;
  const values = countValues(model);
  expect(values).toBeGreaterThan(100_000);
  expect(held / values).toBeLessThan(170);
});
