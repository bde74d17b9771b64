import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCommand } from '../src/cli/commands.js';
import { CONFIG_SETTINGS, parseConfig } from '../src/config/index.js';
import { lint } from '../src/lint/lint.js';
import { runCli, type CliRun } from './helpers/cli.js';

/**
 * Every code block of the README, of docs/*.md and of bench/RESULTS.md is run or checked
 * (issues 9, 13 and 27): shell sessions (`$ command` then its output) and command lists run
 * through the CLI, in document order, as written from the top of the repository: in a scratch
 * copy of its examples/ (one per document, so what one writes cannot change another's input;
 * no file is made up for a command, a `cat` shows a file that is there); usage lines equal the command's `--help`;
 * SQL compiles; an error shown is the error the CLI prints; configuration examples are valid
 * configurations and other JSON parses; every TypeScript block is a file under examples/ (the
 * block with its imports from 'dsq', mapped to src; type-checked by `tsc`, part of `npm test`),
 * imported here and checked against what its comments say. A block that must not run says so
 * and why in a `<!-- not-run: reason -->` line right above it; the pictures of
 * docs/architecture.md are checked by test/architecture.test.ts. A block no rule claims fails.
 * (The pages of docs/rules are checked by test/lint/docs.test.ts, grammar/reference.md by
 * test/grammar/reference.test.ts.)
 */
const ROOT = join(import.meta.dirname, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const DOC_FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
  'bench/RESULTS.md',
];

interface Block {
  readonly file: string;
  readonly lang: string;
  readonly body: string;
  readonly line: number;
  /** Why the block is not run (its `<!-- not-run: ... -->` line), or the test that checks it. */
  readonly notRun: string | null;
}

/** Blocks checked elsewhere: the marker line above them and the test that checks them. */
const CHECKED_ELSEWHERE: Record<string, string> = {
  '<!-- layers -->': 'test/architecture.test.ts',
  '<!-- imports -->': 'test/architecture.test.ts',
};

const BLOCKS: Block[] = DOC_FILES.flatMap((file) => {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^```([a-z]*)\n([\s\S]*?)^```$/gm)].map((m) => {
    const before = text.slice(0, m.index).replace(/\n$/, '');
    const above = before.slice(before.lastIndexOf('\n') + 1);
    const notRun = /^<!-- not-run: (.*) -->$/.exec(above)?.[1] ?? CHECKED_ELSEWHERE[above] ?? null;
    return { file, lang: m[1] as string, body: m[2] as string, line: before.split('\n').length + 1, notRun };
  });
});
const label = (b: Block) => `${b.file}:${b.line} (${b.lang || 'plain'})`;

// ---------------------------------------------------------------------------------------
// A small shell: words with quotes, pipes from echo/printf, redirections, && and comments.

type Token = { word: string } | { op: '|' | '>' | '<' | '&&' };

function tokenize(line: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i] as string;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '#') break; // a comment to the end of the line
    if (line.startsWith('&&', i)) {
      out.push({ op: '&&' });
      i += 2;
      continue;
    }
    if (c === '|' || c === '>' || c === '<') {
      out.push({ op: c });
      i++;
      continue;
    }
    let word = '';
    while (i < line.length && !' \t|<>'.includes(line[i] as string) && !line.startsWith('&&', i)) {
      const d = line[i] as string;
      if (d === "'") {
        const end = line.indexOf("'", i + 1);
        word += line.slice(i + 1, end);
        i = end + 1;
      } else if (d === '"') {
        let j = i + 1;
        while (line[j] !== '"') {
          if (line[j] === '\\' && '"\\$`'.includes(line[j + 1] as string)) j++;
          word += line[j];
          j++;
        }
        i = j + 1;
      } else if (d === '\\') {
        word += line[i + 1] ?? '';
        i += 2;
      } else {
        word += d;
        i++;
      }
    }
    out.push({ word });
  }
  return out;
}

const ALLOWED_NPM = ['npm install', 'npm test'];
const SCRIPTS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

interface Ran {
  readonly run: CliRun | null;
  readonly text: string;
}

/** Runs one command line in `cwd`; returns the last command's result and what it printed (stdout then stderr). */
async function runLine(line: string, cwd: string): Promise<Ran> {
  const tokens = tokenize(line);
  const chains: Token[][] = [[]];
  for (const t of tokens) {
    if ('op' in t && t.op === '&&') chains.push([]);
    else (chains[chains.length - 1] as Token[]).push(t);
  }
  let last: Ran = { run: null, text: '' };
  for (const chain of chains) {
    const stages: string[][] = [[]];
    let stdoutFile: string | null = null;
    let stdinFile: string | null = null;
    for (let i = 0; i < chain.length; i++) {
      const t = chain[i] as Token;
      if ('op' in t) {
        const next = chain[i + 1];
        if (t.op === '|') stages.push([]);
        else if (next && 'word' in next) {
          if (t.op === '>') stdoutFile = next.word;
          else stdinFile = next.word;
          i++;
        }
      } else (stages[stages.length - 1] as string[]).push(t.word);
    }
    let stdin: string | undefined = stdinFile === null ? undefined : readFileSync(join(cwd, stdinFile), 'utf8');
    for (const stage of stages) {
      const [program, ...args] = stage[0] === 'npx' ? stage.slice(1) : stage;
      if (program === 'echo') stdin = `${args.join(' ')}\n`;
      else if (program === 'printf') stdin = (args[0] ?? '').replace(/\\n/g, '\n').replace(/\\t/g, '\t');
      else if (program === 'cat') last = { run: null, text: readFileSync(join(cwd, args[0] as string), 'utf8') };
      else if (program === 'npm') {
        // npm itself is not run here (this test runs inside `npm test`); a script it names must exist.
        const command = ['npm', ...args].join(' ');
        if (args[0] === 'run') expect(SCRIPTS, command).toHaveProperty([args[1] as string]);
        else if (!ALLOWED_NPM.includes(command)) throw new Error(`a doc runs "${command}": add it to the test`);
      } else if (program === 'xdg-open' || program === 'open' || program === 'code') {
        // Opening a browser or installing into VS Code is not run; what it opens or installs is
        // built by the npm script before it.
      } else if (program === 'dsq') {
        const run = await runCli(args, { cwd, ...(stdin !== undefined ? { stdin } : {}) });
        if (stdoutFile !== null) writeFileSync(join(cwd, stdoutFile), run.out);
        last = { run, text: stdoutFile === null ? `${run.out}${run.err}` : run.err };
      } else throw new Error(`a doc runs "${program}": add it to the test`);
    }
  }
  return last;
}

/** The expected output as a pattern: a line `...` stands for any lines. */
function outputPattern(lines: readonly string[]): RegExp {
  const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${lines.map((l) => (l.trim() === '...' ? '(?:[^\\n]*\\n)*?' : `${escapeRegex(l)}\\n`)).join('')}$`);
}

/** A shell session: `$ command` lines, each followed by its output. */
async function runSession(block: Block, cwd: string): Promise<void> {
  const lines = block.body.replace(/\n$/, '').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.startsWith('$ ')) throw new Error(`${label(block)}: output without a command: ${line}`);
    const expected: string[] = [];
    while (i + 1 < lines.length && !(lines[i + 1] as string).startsWith('$ ')) expected.push(lines[++i] as string);
    while (expected.length > 0 && expected[expected.length - 1] === '') expected.pop();
    const { run, text } = await runLine(line.slice(2), cwd);
    const where = `${label(block)}: ${line}`;
    if (expected.length > 0) {
      expect(text.endsWith('\n') ? text : `${text}\n`, where).toMatch(outputPattern(expected));
      // Exit 1 when the output shows an error, or files that are not formatted (--check, --diff).
      if (run) expect(run.code, where).toBe(expected.some((l) => /: error: |^\d+ files? not formatted; /.test(l)) ? 1 : 0);
    } else if (run) expect([0, 1], `${where}\n${text}`).toContain(run.code);
  }
}

/** A block of command lines without prompts: usage lines equal `--help`'s, the others run. */
async function runCommands(block: Block, cwd: string): Promise<void> {
  for (const line of block.body.split('\n').filter((l) => l.trim() !== '')) {
    const m = /^dsq ([a-z]+) (.*)$/.exec(line);
    if (m && /\[--|\[FILE|FILE\|/.test(line)) {
      const command = await loadCommand(m[1] as string);
      expect(command, line).toBeDefined();
      expect(`dsq ${m[1]} ${m[2]}`, `${label(block)}: the usage line is the one --help prints`).toBe(/^Usage: (.*)$/m.exec(command?.help ?? '')?.[1]);
      continue;
    }
    const { run, text } = await runLine(line, cwd);
    if (run) expect([0, 1], `${label(block)}: ${line}\n${text}`).toContain(run.code);
  }
}

// ---------------------------------------------------------------------------------------
// The folders the commands run in: a copy of the repository's examples/, nothing else, one per
// document.

const scratches = new Map<string, string>();
/** The scratch folder of a document: `examples/` copied in, as the top of the repository has it. */
function scratchOf(file: string): string {
  let dir = scratches.get(file);
  if (dir === undefined) {
    dir = mkdtempSync(join(tmpdir(), 'dsq-docs-'));
    cpSync(join(ROOT, 'examples'), join(dir, 'examples'), { recursive: true });
    scratches.set(file, dir);
  }
  return dir;
}
afterAll(() => {
  for (const dir of scratches.values()) rmSync(dir, { recursive: true, force: true });
});

/** TypeScript blocks are files under examples/: the block is the file with its imports from 'dsq'. */
function exampleFiles(): string[] {
  const out: string[] = [];
  const stack = [join(ROOT, 'examples')];
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) stack.push(path);
      else if (name.endsWith('.ts') && !name.endsWith('.schema.ts')) out.push(path);
    }
  }
  return out;
}
const asReadme = (text: string) =>
  text.replace(/from '(?:\.\.\/)+src\/index\.js'/g, "from 'dsq'").replace(/from '(?:\.\.\/)+src\/(ast|json|lint)\/index\.js'/g, "from 'dsq/$1'");
/** The example file a block shows: with its imports from 'dsq', or as it is (docs/errors.md). */
const fileOf = (block: Block) =>
  exampleFiles().find((f) => {
    const text = readFileSync(f, 'utf8');
    return asReadme(text) === block.body || text === block.body;
  });

/** What the comments of each TypeScript example say, checked on the values it exports. */
const CLAIMS: Record<string, (m: Record<string, unknown>) => Promise<void> | void> = {
  'examples/readme/ast-json.ts': async (m) => {
    const { DsqError } = await import('../src/index.js');
    const { toJson, fromJson } = await import('../src/json/index.js');
    const query = m.query as { where: unknown; limit: unknown };
    expect(toJson(query as never)).toBe(
      '{"from":"orders","where":{"$and":[{"$<":[{"$col":"total"},10]},{"$<":[{"$col":"total"},20]}]},"limit":9223372036854775807}',
    );
    expect(query.limit).toEqual({ kind: 'number', value: '9223372036854775807' });
    expect(m.e).toMatchObject({ kind: 'function', name: 'POW' });
    expect(toJson(m.e as never)).toBe('{"$$POW":[2,3]}');
    expect(toJson(m.e as never, { form: 'full', indent: 2 })).toContain('"type": "function"');
    const err = (() => {
      try {
        fromJson('{"where": {"$between": [1, 2]}}');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(DsqError);
    const e = err as InstanceType<typeof DsqError>;
    expect(e.first.pointer).toBe('/where');
    expect(e.message).toBe('1:11 /where: "$between" takes exactly 3 expressions (e, min, max), got 2');
    expect(e.format('q.json')).toMatch(/^q\.json:1:11: error: .* at \/where\n1 \| /);
    const doc = m.doc as { type: string; get(k: string): { type: string } | undefined };
    expect(doc.type).toBe('object');
    expect(doc.get('a')?.type).toBe('array');
    expect(doc.get('b')).toBeUndefined();
  },
  'examples/readme/ast-walk.ts': async (m) => {
    const { print } = await import('../src/index.js');
    expect(print(m.q as never)).toBe('SELECT * FROM orders WHERE total > 100');
    expect(print(m.upper as never)).toBe('SELECT * FROM orders WHERE TOTAL > 100');
    expect(m.columns).toEqual([{ kind: 'column', path: 'total' }]);
    expect(m.paths).toEqual([['where', 'e1']]);
  },
  'examples/readme/parser.ts': async (m) => {
    const { toJson } = await import('../src/json/index.js');
    expect(toJson(m.select as never)).toBe('{"columns":[{"e":{"$col":"a"}}],"from":"t","where":{"$>":[{"$col":"b"},1]}}');
    expect(m.all).toHaveLength(2);
    expect(m.expr).toMatchObject({ kind: 'binary', op: '>' });
    const doc = m.doc as {
      statements: unknown[];
      comments: { kind: string; text: string }[];
      diagnostics: { message: string; span: { line: number; column: number } }[];
    };
    expect(doc.statements).toHaveLength(1);
    expect(doc.comments).toMatchObject([{ kind: 'line', text: '-- all of t' }]);
    expect(doc.diagnostics.map((d) => `${d.span.line}:${d.span.column}`)).toEqual(['2:8']);
    expect(doc.diagnostics[0]?.message).toMatch(/^expected an expression/);
  },
  'examples/readme/print.ts': async () => {
    const { print, format } = await import('../src/index.js');
    const { fromJson } = await import('../src/json/index.js');
    expect(print(fromJson('{"from": "t", "where": {"$=": [{"$col": "x"}, 1]}}'))).toBe('SELECT * FROM t WHERE x = 1');
    expect(format('select a,b from t -- note\n')).toBe('SELECT a, b FROM t -- note\n');
  },
  'examples/readme/lint.ts': (m) => {
    const result = m.result as { errorCount: number; fixableCount: number };
    expect(m.lines).toEqual([
      '1:8 error No field statsu in the source\'s database (did you mean "status"?). (unknown-field)',
      expect.stringMatching(/^1:33 error A comparison with = NULL is never true.*\(null-comparison\)$/),
      expect.stringMatching(/^1:51 error IN \(\) .*\(empty-in-list\)$/),
    ]);
    expect(result.errorCount).toBe(3);
    expect(result.fixableCount).toBe(1);
    expect((m.fixed as { text: string }).text).toBe('SELECT statsu FROM orders WHERE status IS NULL AND amount IN ()');
  },
  'examples/readme/query-call.ts': async (m) => {
    // The generated module beside it is what `dsq gen` writes for the README's query file.
    const { generate } = await import('../src/gen/write.js');
    const { readSchema } = await import('../src/schema/index.js');
    const query = readFileSync(join(ROOT, 'examples', 'readme', 'queries', 'top-customers.dsq'), 'utf8');
    const schema = readSchema(readFileSync(join(ROOT, 'examples', 'shop.schema.json'), 'utf8'));
    const made = generate([{ path: 'queries/top-customers.dsq', text: query }], schema, { importFrom: '../../src/index.js', source: 'queries/**/*.dsq' });
    expect(made.code).toBe(readFileSync(join(ROOT, 'examples', 'readme', 'queries.ts'), 'utf8'));
    // docs/query-files.md shows that query file, and the call's text is what its compile session prints.
    const doc = readFileSync(join(ROOT, 'docs', 'query-files.md'), 'utf8');
    expect(doc).toContain(`$ cat examples/readme/queries/top-customers.dsq\n${query}`);
    const compiled = /\$ dsq compile examples\/readme\/queries\/top-customers\.dsq [^\n]*\n([^\n]*)\n/.exec(doc)?.[1];
    // (The function sends the SELECT action around the select object compile prints.)
    expect(m.text).toBe(`{"action":"select","select":${compiled}}`);
    expect((m.action as { json: unknown }).json).toEqual({ action: 'select', select: JSON.parse(compiled as string) });
  },
  'examples/builder-short.ts': (m) => {
    expect(m.json).toBe('{"from":"orders","where":{"$=":[{"$col":"status"},"open"]},"limit":10}');
    expect(m.text).toBe('SELECT c.name, o.amount FROM orders AS o JOIN customers AS c WHERE o.customer = c.id');
  },
  // The tour's claims are checked in test/builder/tour.test.ts, those of the errors example in
  // test/errors-doc.test.ts, those of the typed actions in test/actions/typed/example.test.ts.
  'examples/builder-tour.ts': () => undefined,
  'examples/errors-as-data.ts': () => undefined,
  'examples/builder-actions.ts': () => undefined,
};

const CONFIG_KEYS = new Set(Object.keys(CONFIG_SETTINGS));
/** A dsq.config.json example: an object whose keys are dsq settings. */
function isConfig(body: string): boolean {
  const value: unknown = JSON.parse(body);
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).every((k) => CONFIG_KEYS.has(k));
}

describe('every code block of the README and docs runs (issues 9 and 13)', () => {
  it('finds the blocks, in every file', () => {
    expect(BLOCKS.length).toBeGreaterThan(40);
    for (const file of ['README.md', 'docs/cli.md', 'docs/library.md', 'docs/builder.md'])
      expect(
        BLOCKS.some((b) => b.file === file),
        file,
      ).toBe(true);
  });

  it('a block that is not run says why', () => {
    for (const b of BLOCKS.filter((x) => x.notRun !== null)) expect((b.notRun as string).length, label(b)).toBeGreaterThan(20);
  });

  it('the README starts with the two set-up commands: install and run the main job on an example, then the tests', () => {
    expect(README.split('\n').slice(0, 6).join('\n')).toBe('# dsq\n\n```sh\nnpm install && npx dsq compile examples/revenue-by-region.dsq\nnpm test\n```');
  });

  it.each(BLOCKS.filter((b) => b.notRun === null).map((b) => [label(b), b] as const))('%s', async (_name, block) => {
    const body = block.body;
    if (block.lang === 'ts') {
      const file = fileOf(block);
      expect(file, `${label(block)} is not a file under examples/ (with imports from '../src/index.js')`).toBeDefined();
      const name = relative(ROOT, file as string);
      const claims = CLAIMS[name];
      expect(claims, `${name}: say in CLAIMS what its comments claim`).toBeDefined();
      const module = (await import(/* @vite-ignore */ file as string)) as Record<string, unknown>;
      await claims?.(module);
    } else if (block.lang === 'sql' || block.lang === 'dsq') {
      const r = await runCli(['compile'], { stdin: body });
      expect(r.err, label(block)).toBe('');
      expect(r.code).toBe(0);
    } else if (block.lang === 'json' && !isConfig(body)) {
      // Another tool's settings (VS Code, Prettier): valid JSON.
      expect(() => JSON.parse(body), label(block)).not.toThrow();
    } else if (block.lang === 'json') {
      // A config example, as if it were examples/dsq.config.json: the files it names are there.
      const config = parseConfig(body, join(ROOT, 'examples', 'dsq.config.json'));
      if (config.schema) expect(existsSync(config.schema), `${label(block)} names ${config.schema}`).toBe(true);
      // The linter accepts its rules (an unknown rule id would stop `dsq lint` with exit 2).
      expect(() => lint('', config.rules ? { rules: config.rules } : {})).not.toThrow();
      const dir = mkdtempSync(join(tmpdir(), 'dsq-readme-config-'));
      writeFileSync(join(dir, 'dsq.config.json'), body);
      cpSync(join(ROOT, 'examples', 'shop.schema.json'), join(dir, 'shop.schema.json'));
      writeFileSync(join(dir, 'q.dsq'), 'SELECT id FROM orders\n');
      for (const command of ['lint', 'fmt']) {
        const r = await runCli([command, 'q.dsq'], { cwd: dir });
        expect(r.err, `${label(block)}: dsq ${command} with this config`).toBe('');
        expect(r.code).toBe(0);
      }
      rmSync(dir, { recursive: true, force: true });
    } else if (block.lang === 'text' && /^\S+:\d+:\d+: error: /.test(body) && /^\d+ \| /m.test(body)) {
      // An error the CLI prints: the file is made from the code frame's lines.
      const [, file, line] = /^(\S+):(\d+):\d+: /.exec(body) as RegExpExecArray;
      const source: string[] = Array.from({ length: Number(line) }, () => 'SELECT *');
      for (const m of body.matchAll(/^\s*(\d+) \| (.*)$/gm)) source[Number(m[1]) - 1] = m[2] as string;
      const dir = mkdtempSync(join(tmpdir(), 'dsq-readme-error-'));
      writeFileSync(join(dir, file as string), `${source.join('\n')}\n`);
      const r = await runCli(['compile', file as string], { cwd: dir });
      rmSync(dir, { recursive: true, force: true });
      expect(r.err).toBe(body);
      expect(r.code).toBe(1);
    } else if (block.lang === 'text' && body.startsWith('all-mistakes.dsq:')) {
      // An excerpt of the linter's report on the fixture.
      const r = await runCli(['lint', 'all-mistakes.dsq', '--schema', 'schema.json'], { cwd: join(ROOT, 'test', 'lint', 'fixtures') });
      const lines = new Set(r.out.split('\n'));
      for (const l of body.replace(/\n$/, '').split('\n')) expect(lines.has(l), `${label(block)}: ${l}\n${r.out}`).toBe(true);
      expect(r.code).toBe(1);
    } else if (block.lang === 'diff') {
      // A diff of a trial (docs/trial-kind.md): the lines it keeps and removes are in the file it names, so it still applies.
      let file: string | null = null;
      for (const line of body.split('\n')) {
        const named = /^\s*--- a\/(\S+)$/.exec(line)?.[1];
        if (named !== undefined) file = readFileSync(join(ROOT, named), 'utf8');
        else if (/^\s*(\+\+\+|@@|\+)/.test(line) || line.trim() === '') continue;
        else {
          expect(file, `${label(block)}: a diff line before its --- a/<file>`).not.toBeNull();
          expect(file, `${label(block)}: ${line}`).toContain(line.trim().replace(/^- ?/, '').trim());
        }
      }
    } else if (block.lang === 'sh' || block.lang === '') {
      if (body.startsWith('$ ')) await runSession(block, scratchOf(block.file));
      else await runCommands(block, scratchOf(block.file));
    } else throw new Error(`${label(block)}: no rule of this test runs it; add one`);
  });
});
