import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';
import { compile } from '../../src/params/index.js';
import { generate, type QueryFile } from '../../src/gen/write.js';
import { readSchema } from '../../src/schema/index.js';
import { arbCollidingIdentifier, arbHostileText, PROTOTYPE_NAMES } from '../fixtures/hostile-names.js';
import { runCli } from '../helpers/cli.js';
import { moduleChecker, ROOT, runModule, topLevelStatements } from '../helpers/typescript.js';
import { runs } from '../helpers/runs.js';
import { asAction } from '../helpers/select-action.js';

/**
 * Issue 31: `dsq gen` writes what comes from outside (file names, statement, parameter,
 * database, field and alias names, comments, string literals) as data. For hostile names and
 * text, the module type-checks under the project's strict options, holds exactly the
 * statements expected (TypeScript's parser lists them), and each function's action is what
 * `compile` makes of the statement with the same values, byte for byte (a CR, CRLF, U+2028,
 * backslash, backtick or `${` in a string kept). A name that cannot be used is an error at it.
 */

const PROBE = join(ROOT, 'test', 'gen', 'hostile-probe.ts');
const IMPORT = '../../src/index.js';
const check = moduleChecker(PROBE);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const str = (text: string) => `'${text.replaceAll("'", "''")}'`;
/**
 * The statement names here gen refuses, at the name: JavaScript's reserved words, and what a
 * module compiled to CommonJS cannot export (it declares `require` and `exports` itself;
 * `exports.__proto__ =` sets a prototype).
 */
const REFUSED: ReadonlySet<string> = new Set([
  'class',
  'delete',
  'default',
  'await',
  'yield',
  'let',
  'static',
  'enum',
  'eval',
  'arguments',
  'implements',
  'package',
  'void',
  'null',
  'true',
  'require',
  'exports',
  '__proto__',
]);

/** A schema name: hostile, without the path separators a column path splits at. */
const arbSchemaName = arbHostileText.map((t) => t.replace(/[.@:]/g, '_'));

interface Stmt {
  readonly name: string;
  readonly doc: readonly string[];
  readonly params: readonly string[];
  readonly literal: string;
  readonly alias: string;
  readonly star: boolean;
}

const arbStatement: fc.Arbitrary<Omit<Stmt, 'name'>> = fc.record({
  doc: fc.array(
    arbHostileText.map((t) => t.replace(/[\r\n]/g, ' ')),
    { maxLength: 2 },
  ),
  params: fc.uniqueArray(arbCollidingIdentifier, { maxLength: 4 }),
  literal: arbHostileText,
  alias: arbSchemaName,
  star: fc.boolean(),
});

const arbCase = fc.record({
  database: arbSchemaName,
  fields: fc.uniqueArray(fc.record({ name: arbSchemaName, label: arbSchemaName }), { minLength: 1, maxLength: 3, selector: (f) => f.name }),
  files: fc.uniqueArray(
    fc.record({
      path: arbHostileText.map((t) => `${t}.dsq`),
      statements: fc.array(fc.tuple(arbCollidingIdentifier, arbStatement), { minLength: 1, maxLength: 3 }),
      crlf: fc.boolean(),
    }),
    { minLength: 1, maxLength: 2, selector: (f) => f.path },
  ),
  source: arbHostileText,
});

describe('dsq gen: hostile names and text stay data', () => {
  it('the module type-checks under strict, holds only the expected statements, and each function sends what compile sends', { timeout: 300_000 }, () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const schema = readSchema(JSON.stringify([{ name: c.database, fields: c.fields.map((f) => ({ ...f, type: 'utf8text', nul: true })) }]));
        const field = quoted((c.fields[0] as { name: string }).name);
        // (A result column named as a field is what WHERE reads by that name: its type is not the field's.)
        fc.pre(c.files.every((f) => f.statements.every(([, s]) => s.star || !c.fields.some((x) => x.name === s.alias))));
        const seen = new Set<string>();
        const files: QueryFile[] = [];
        /** Each statement written: its file, text, offset of its name, and itself. */
        const written: { path: string; text: string; nameAt: number; stmt: Stmt }[] = [];
        for (const f of c.files) {
          const eol = f.crlf ? '\r\n' : '\n';
          let text = '';
          for (const [name, s] of f.statements) {
            if (seen.has(lowerFirst(name))) continue;
            seen.add(lowerFirst(name));
            const stmt: Stmt = { name, ...s };
            const nameAt = text.length + '-- name: '.length;
            text += `-- name: ${name}${eol}`;
            for (const d of s.doc) text += `-- ${d}${eol}`;
            const where = [`${field} = ${str(s.literal)}`, ...s.params.map((p) => `${field} = :${p}`)].join(' AND ');
            const body = `SELECT ${s.star ? '*' : `${field} AS ${quoted(s.alias)}`}${eol}FROM ${quoted(c.database)}${eol}WHERE ${where}`;
            written.push({ path: f.path, text: body, nameAt: nameAt, stmt });
            text += `${body};${eol}`;
          }
          files.push({ path: f.path, text });
        }
        const textOf = new Map(files.map((f) => [f.path, f.text]));
        const result = generate(files, schema, { importFrom: IMPORT, source: c.source });

        const refused = written.filter((w) => REFUSED.has(w.stmt.name));
        if (refused.length > 0) {
          // Every error is a refused name, at the name in its file.
          expect(result.code).toBeNull();
          const errors = result.diagnostics.filter((d) => d.diagnostic.severity === 'error');
          expect(errors.map((d) => d.diagnostic.code)).toEqual(refused.map(() => 'gen/bad-name'));
          for (const d of errors) {
            const span = d.diagnostic.span;
            expect(span && textOf.get(d.file)?.slice(span.start, span.end)).toSatisfy((n: unknown) => REFUSED.has(n as string));
          }
          return;
        }
        expect(result.diagnostics.filter((d) => d.diagnostic.severity === 'error')).toEqual([]);
        const code = result.code as string;
        expect(check(code)).toEqual([]);

        // Files in path order (code units), statements in file order.
        const order = [...written].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
        expect(topLevelStatements(code)).toEqual([
          `ImportDeclaration ${JSON.stringify(IMPORT)}`,
          ...order.flatMap(({ stmt }) => [
            `${stmt.params.length === 0 ? 'TypeAliasDeclaration' : 'InterfaceDeclaration'} ${upperFirst(stmt.name)}Params`,
            `TypeAliasDeclaration ${upperFirst(stmt.name)}Row`,
            `VariableStatement ${lowerFirst(stmt.name)}$`,
            `FunctionDeclaration ${lowerFirst(stmt.name)}`,
          ]),
        ]);

        const exports = runModule(code, { [IMPORT]: api });
        expect(Object.keys(exports).sort()).toEqual(order.map((w) => lowerFirst(w.stmt.name)).sort());
        for (const w of written) {
          // Own members, `__proto__` included (Object.fromEntries defines them).
          const values = Object.fromEntries(w.stmt.params.map((p, i) => [p, `${w.stmt.literal}${i}`]));
          const fn = exports[lowerFirst(w.stmt.name)] as (p: object) => { text: string };
          expect(fn(values).text).toBe(asAction(compile(w.text, { params: values })));
        }
      }),
      { numRuns: runs(60) },
    );
  });

  it('a statement name made only of letters is never the name of the module own constants or import', () => {
    // (The pairs the issue found: prepare beside the import, foo beside fooQuery.)
    const schema = readSchema('[{"name": "t", "fields": [{"name": "a", "type": "utf8text"}]}]');
    const text = ['prepare', 'prepareQuery', 'foo', 'fooQuery', 'fooQueryQuery', '$prepare'].map((n) => `-- name: ${n}\nSELECT a FROM t;`).join('\n');
    const r = generate([{ path: 'q.dsq', text }], schema, { importFrom: IMPORT });
    // ($prepare is not a statement name: letters, digits and _.)
    expect(r.diagnostics.map((d) => `${d.diagnostic.span?.line}:${d.diagnostic.span?.column} ${d.diagnostic.message}`)).toEqual([
      '11:10 a statement name is letters, digits and _ (starting with a letter or _), got "$prepare"',
    ]);
    const ok = generate([{ path: 'q.dsq', text: text.split('\n').slice(0, 10).join('\n') }], schema, { importFrom: IMPORT });
    expect(ok.functions).toEqual(['prepare', 'prepareQuery', 'foo', 'fooQuery', 'fooQueryQuery']);
    expect(check(ok.code as string)).toEqual([]);
  });

  it('FETCH RECORDS FIELDS naming a field twice (by name, or by name and label) types it once', () => {
    const schema = readSchema('[{"name": "t", "fields": [{"name": "a", "label": "A", "type": "utf8text"}, {"name": "__proto__", "type": "int(4)"}]}]');
    const text = '-- name: X\nFETCH RECORDS FIELDS (a, a, A, "__proto__") FROM t;\n-- name: Y\nFETCH RECORDS FROM t';
    const r = generate([{ path: 'q.dsq', text }], schema, { importFrom: IMPORT });
    // (Then record_id, database_id and the attributes: FETCH RECORDS rows are the builder's RecordType.)
    expect(r.code).toContain('export type XRow = {\n  a: string;\n  __proto__: number;\n  record_id: RecordAttributes["record_id"];');
    expect(r.code).toContain('export type YRow = {\n  a: string;\n  __proto__: number;\n  record_id: RecordAttributes["record_id"];');
    expect(check(r.code as string)).toEqual([]);
  });

  it.each(PROTOTYPE_NAMES)('-- @param x %s is an unknown type, at the type word', (name) => {
    const schema = readSchema('[{"name": "t", "fields": [{"name": "a", "type": "utf8text"}]}]');
    const r = generate([{ path: 'q.dsq', text: `-- name: X\n-- @param x ${name}\nSELECT a FROM t WHERE UPPER(a) = :x` }], schema);
    expect(r.code).toBeNull();
    expect(
      r.diagnostics.map((d) => `${d.file}:${d.diagnostic.span?.line}:${d.diagnostic.span?.column}-${d.diagnostic.span?.endColumn} ${d.diagnostic.code}`),
    ).toEqual([`q.dsq:2:13-${13 + name.length} gen/bad-annotation`, 'q.dsq:3:34-36 gen/untyped-param']);
  });
});

describe('through the CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dsq-gen-hostile-'));
  writeFileSync(join(dir, 'schema.json'), '[{"name": "t", "fields": [{"name": "a", "type": "utf8text", "nul": true}, {"name": "n", "type": "int(8)"}]}]');

  it('a query file whose name holds a line break or U+2028, found by walking a folder, is a comment in the module, not code', async () => {
    mkdirSync(join(dir, 'walk'));
    writeFileSync(join(dir, 'walk', 'a\nexport const pwned = 1; .dsq'), '-- name: A\nSELECT a FROM t');
    writeFileSync(join(dir, 'walk', 'b\u2028export const pwned2 = 2; .dsq'), '-- name: B\nSELECT a FROM t');
    const r = await runCli(['gen', 'walk', '--schema', 'schema.json', '--import', IMPORT, '--out', 'walk.ts'], { cwd: dir });
    expect(r).toEqual({ code: 0, out: '', err: '' });
    const code = readFileSync(join(dir, 'walk.ts'), 'utf8');
    expect(code).toContain('// walk/a\\nexport const pwned = 1; .dsq:1: A\n');
    expect(code).toContain('// walk/b\\u2028export const pwned2 = 2; .dsq:1: B\n');
    expect(topLevelStatements(code).filter((s) => !/ (a|a\$|AParams|ARow|b|b\$|BParams|BRow|"\.\.\/\.\.\/src\/index\.js")$/.test(s))).toEqual([]);
    expect(check(code)).toEqual([]);
  });

  it('dsq types FILE: a file name with a line break stays in the header comment', async () => {
    writeFileSync(join(dir, 's\nexport const pwned = 1; .json'), '[{"name": "t", "fields": [{"name": "a", "type": "utf8text"}]}]');
    const r = await runCli(['types', 's\nexport const pwned = 1; .json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe('// Generated by `dsq types` from s\\nexport const pwned = 1; .json. Do not edit.');
    expect(topLevelStatements(r.out)).toEqual([
      'TypeAliasDeclaration Schema',
      'TypeAliasDeclaration SchemaLabels',
      'TypeAliasDeclaration SchemaDefaults',
      'TypeAliasDeclaration SchemaFeatures',
      'TypeAliasDeclaration SchemaKeys',
      'VariableStatement SchemaFields',
      'VariableStatement SchemaFieldLabels',
      'VariableStatement SchemaKeyFields',
    ]);
  });

  it.each([
    ['a CRLF file with a multi-line string', 'line one\r\nline two', '\r\n'],
    ['a lone CR', 'a\rb', '\n'],
    ['U+2028 and U+2029', 'a\u2028b\u2029c', '\n'],
    ['backslashes, backticks and ${', 'C:\\dir\\`x` ${y} \\${z} \\u0041 $', '\r\n'],
    ['a tab, NUL and escape', 'a\tb\u0000c\u001b[0m', '\n'],
  ])('%s: the generated function sends what dsq compile --param sends', async (_what, literal, eol) => {
    const name = `f${Math.random().toString(36).slice(2, 8)}`;
    const text = ['-- name: Q', `SELECT a FROM t`, `WHERE a = '${literal.replaceAll("'", "''")}' AND a = :v AND n > :n`].join(eol);
    writeFileSync(join(dir, `${name}.dsq`), text);
    const g = await runCli(['gen', `${name}.dsq`, '--schema', 'schema.json', '--import', IMPORT, '--out', `${name}.ts`], { cwd: dir });
    expect(g).toEqual({ code: 0, out: '', err: '' });
    const code = readFileSync(join(dir, `${name}.ts`), 'utf8');
    expect(check(code)).toEqual([]);
    const { q } = runModule(code, { [IMPORT]: api }) as { q: (p: object) => { text: string } };
    const sent = q({ v: `${literal}\r\n`, n: 5 }).text;
    const c = await runCli(['compile', `${name}.dsq`, '--schema', 'schema.json', '--indent', '0', '--param', `v=${literal}\r\n`, '--param', 'n=5'], {
      cwd: dir,
    });
    expect(c.err).toBe('');
    expect(`${sent}\n`).toBe(`${asAction(c.out.trimEnd())}\n`);
    // The literal's bytes are in the JSON sent, as written in the file.
    expect(JSON.parse(sent)).toMatchObject({ action: 'select' });
    expect((JSON.parse(sent) as { select: unknown }).select).toMatchObject({
      where: { $and: [{ '$=': [{ $col: 'a' }, literal] }, expect.anything(), expect.anything()] },
    });
  });
});
