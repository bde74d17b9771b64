/**
 * A byte-for-byte record of `format`'s output, to diff after a change meant to leave it alone
 * (a speed change in src/print): every .dsq under examples/ and test/, the format bench's
 * corpus file, long AND chains and IN lists, and 3,000 statements drawn from the shared
 * arbitraries (test/fixtures; a third of them with comments inserted at random token
 * boundaries), each at widths 20, 60, 80 and 120.
 *
 *   npx tsx bench/format-snapshot.ts record /tmp/format-snapshot.json
 *   npx tsx bench/format-snapshot.ts check /tmp/format-snapshot.json
 *
 * `record` writes the inputs and outputs; `check` formats the recorded inputs again and lists
 * every output that differs (exit code 1 when any does).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { format, print } from '../src/index.js';
import { arbStatement } from '../test/fixtures/arbitraries.js';
import { commentRandomly } from '../test/print/comment-facts.js';
import { generateCorpus, inList, logicChain } from './corpus.js';

const WIDTHS = [20, 60, 80, 120] as const;
const ROOT = join(import.meta.dirname, '..');

interface Snapshot {
  readonly inputs: Record<string, string>;
  /** `name@width` → the formatted text, or `error: message`. */
  readonly outputs: Record<string, string>;
}

function dsqFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...dsqFiles(path));
    } else if (entry.name.endsWith('.dsq')) out.push(path);
  }
  return out.sort();
}

function makeInputs(): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const path of [...dsqFiles(join(ROOT, 'examples')), ...dsqFiles(join(ROOT, 'test'))]) inputs[relative(ROOT, path)] = readFileSync(path, 'utf8');
  const corpus = generateCorpus(600);
  inputs['bench corpus'] = `${corpus.map((q, i) => (i % 3 === 0 ? `-- query ${i}\n${q.replace(' FROM ', ' /* source */ FROM ')}` : q)).join(';\n')}\n`;
  inputs['AND chain 500'] = logicChain(500);
  inputs['IN list 1000'] = inList(1000);
  const statements = fc.sample(arbStatement, { numRuns: 3000, seed: 32 });
  statements.forEach((s, i) => {
    let text: string;
    try {
      text = print(s);
    } catch {
      return;
    }
    inputs[`arbitrary ${i}`] = i % 3 === 0 ? commentRandomly(text, i, 0.3) : text;
  });
  return inputs;
}

function outputsOf(inputs: Record<string, string>): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const [name, text] of Object.entries(inputs)) {
    for (const width of WIDTHS) {
      let out: string;
      try {
        out = format(text, { width });
      } catch (e) {
        out = `error: ${(e as Error).message}`;
      }
      outputs[`${name}@${width}`] = out;
    }
  }
  return outputs;
}

const [mode, file = '/tmp/format-snapshot.json'] = process.argv.slice(2);
if (mode === 'record') {
  const inputs = makeInputs();
  const snapshot: Snapshot = { inputs, outputs: outputsOf(inputs) };
  writeFileSync(file, JSON.stringify(snapshot));
  console.log(`recorded ${Object.keys(snapshot.outputs).length} outputs of ${Object.keys(inputs).length} inputs to ${file}`);
} else if (mode === 'check') {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const now = outputsOf(snapshot.inputs);
  const differ = Object.keys(snapshot.outputs).filter((k) => now[k] !== snapshot.outputs[k]);
  for (const k of differ.slice(0, 10)) console.log(`differs: ${k}\n--- before\n${snapshot.outputs[k]}\n--- now\n${now[k]}`);
  const errors = Object.values(now).filter((o) => o.startsWith('error: ')).length;
  console.log(`${Object.keys(now).length} outputs checked (${errors} are errors, as recorded), ${differ.length} differ`);
  process.exitCode = differ.length > 0 ? 1 : 0;
} else {
  console.error('usage: tsx bench/format-snapshot.ts record|check [file]');
  process.exitCode = 2;
}
