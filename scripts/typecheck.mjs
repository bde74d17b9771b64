// `npm run typecheck` (and the start of `npm test`): the two TypeScript projects (the package,
// its tests and tools; the playground, with the DOM's types) checked side by side. tsc works on
// one core: one after the other, the two checks (some 50 s of CPU together) left CI's second
// core idle. Each project's messages are printed whole, after it ends.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ project, code: 1, text: `${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ project, code: code ?? 1, text: `${Buffer.concat(output).toString()}${signal ? `tsc stopped by ${signal}\n` : ''}` }));
  });
}

const results = await Promise.all([check('.'), check('playground')]);
for (const { project, code, text } of results) {
  if (text.length > 0) process.stdout.write(text);
  if (code !== 0) process.stderr.write(`typecheck: tsc -p ${project} failed (exit ${code})\n`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
