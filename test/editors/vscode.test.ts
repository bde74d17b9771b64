import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type Diagnostic, type InitializeResult } from 'vscode-languageserver/node';
import { inflateSync } from 'node:zlib';
import { chooseServer } from '../../editors/vscode/src/server-path.js';
import { COMPILED_SCHEME, compiledJson } from '../../editors/vscode/src/compiled-json.js';
import { OPEN_RULE_COMMAND, ruleCommandUri } from '../../editors/vscode/src/rule-links.js';
import { foldingRanges } from '../../src/lsp/folding.js';
import { textModelOf } from '../../src/lsp/text-model.js';
import { parseDocument } from '../../src/syntax/index.js';

/** The VS Code extension (editors/vscode), checked without a VS Code: manifest, grammar, activation, server choice. */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXT = join(ROOT, 'editors', 'vscode');
const manifest = JSON.parse(readFileSync(join(EXT, 'package.json'), 'utf8'));
const temp = mkdtempSync(join(tmpdir(), 'dsq-vscode-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the VS Code extension manifest', () => {
  it('declares the dsq language for .dsq files with its language configuration', () => {
    const [language] = manifest.contributes.languages;
    expect(language.id).toBe('dsq');
    expect(language.extensions).toEqual(['.dsq']);
    const config = JSON.parse(readFileSync(join(EXT, language.configuration), 'utf8'));
    expect(config.comments).toEqual({ lineComment: '--', blockComment: ['/*', '*/'] });
    expect(config.brackets).toEqual([
      ['(', ')'],
      ['[', ']'],
    ]);
    const closing = config.autoClosingPairs.map((p: { open: string; close: string }) => [p.open, p.close]);
    expect(closing).toEqual(
      expect.arrayContaining([
        ['(', ')'],
        ["'", "'"],
        ['"', '"'],
      ]),
    );
    // A quoted name is one word (double-click selects "odd name" whole).
    expect(new RegExp(config.wordPattern).exec('"odd ""x"" name" rest')?.[0]).toBe('"odd ""x"" name"');
  });

  it('takes its grammar from grammar/ (copied by the packaging script) with the same scope name', async () => {
    const [grammar] = manifest.contributes.grammars;
    expect(grammar.language).toBe('dsq');
    expect(grammar.path).toBe('./syntaxes/dsq.tmLanguage.json');
    const { stage, STAGED } = await import('../../editors/vscode/scripts/package.mjs');
    expect(STAGED.map(([, to]: [string, string]) => to)).toContain('syntaxes/dsq.tmLanguage.json');
    stage(temp);
    const staged = readFileSync(join(temp, grammar.path), 'utf8');
    expect(staged).toBe(readFileSync(join(ROOT, 'grammar', 'dsq.tmLanguage.json'), 'utf8'));
    expect(JSON.parse(staged).scopeName).toBe(grammar.scopeName);
    // The rule pages the diagnostics link to travel with the bundled server.
    expect(existsSync(join(temp, 'docs', 'rules', 'null-comparison.md'))).toBe(true);
  });

  it('validates dsq.config.json with the JSON Schema the package ships (jsonValidation, staged by the packaging script; issue 27)', async () => {
    expect(manifest.contributes.jsonValidation).toEqual([{ fileMatch: 'dsq.config.json', url: './schemas/dsq.config.schema.json' }]);
    const { stage } = await import('../../editors/vscode/scripts/package.mjs');
    stage(temp);
    expect(readFileSync(join(temp, 'schemas', 'dsq.config.schema.json'), 'utf8')).toBe(readFileSync(join(ROOT, 'dsq.config.schema.json'), 'utf8'));
  });

  it('activates on dsq documents and runs the bundled client', () => {
    expect(manifest.activationEvents).toContain('onLanguage:dsq');
    expect(manifest.main).toBe('./dist/extension.js');
    expect(manifest.contributes.commands.map((c: { command: string }) => c.command)).toEqual(['dsq.showCompiledJson', 'dsq.restartServer']);
    expect(Object.keys(manifest.contributes.configuration.properties)).toEqual(['dsq.server.path', 'dsq.trace.server']);
  });

  it('lets no workspace name the program it runs: dsq.server.path has machine scope, untrusted workspaces run the bundled dsq', () => {
    const setting = manifest.contributes.configuration.properties['dsq.server.path'];
    // machine: user and remote settings only; a workspace's .vscode/settings.json is ignored for it.
    expect(setting.scope).toBe('machine');
    expect(setting.markdownDescription).toMatch(/user .*setting only/);
    expect(manifest.capabilities.untrustedWorkspaces).toMatchObject({ supported: 'limited' });
    expect(manifest.capabilities.untrustedWorkspaces.description).toMatch(/bundled/);
    // Every other setting is harmless from a workspace (no scope: window, the default).
    for (const [name, p] of Object.entries(manifest.contributes.configuration.properties) as [string, { scope?: string }][]) {
      if (name !== 'dsq.server.path') expect(p.scope, name).toBeUndefined();
    }
    const readme = readFileSync(join(EXT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Which dsq runs'));
    for (const said of ['`dsq.server.path`', 'machine scope', '.vscode/settings.json', 'node_modules/dsq', 'bundled', 'Restricted Mode'])
      expect(section).toContain(said);
  });

  it('asks for a VS Code the language client supports, and packages with vsce 3', () => {
    const client = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'vscode-languageclient', 'package.json'), 'utf8'));
    const floor = (range: string) => (/(\d+)\.(\d+)/.exec(range) ?? []).slice(1).map(Number);
    const [needMajor, needMinor] = floor(client.engines.vscode);
    const [haveMajor, haveMinor] = floor(manifest.engines.vscode);
    expect(haveMajor! > needMajor! || (haveMajor === needMajor && haveMinor! >= needMinor!)).toBe(true);
    expect(manifest.devDependencies['@vscode/vsce']).toMatch(/^\^3\./);
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(root.scripts['package:vscode']).toBe('node editors/vscode/scripts/package.mjs');
    const ignored = readFileSync(join(EXT, '.vscodeignore'), 'utf8');
    expect(ignored).toContain('node_modules/**');
  });
});

describe('the editing help the extension contributes (issue 28)', () => {
  const config = JSON.parse(readFileSync(join(EXT, manifest.contributes.languages[0].configuration), 'utf8'));

  it('has snippets for the common statements, each of which parses as written (placeholders at their defaults)', () => {
    expect(manifest.contributes.snippets).toEqual([{ language: 'dsq', path: './snippets/dsq.json' }]);
    const snippets = JSON.parse(readFileSync(join(EXT, manifest.contributes.snippets[0].path), 'utf8')) as Record<
      string,
      { prefix: string[]; body: string[]; description: string }
    >;
    expect(Object.keys(snippets)).toEqual(expect.arrayContaining(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'FETCH']));
    for (const [name, s] of Object.entries(snippets)) {
      const text = s.body
        .join('\n')
        .replace(/\$\{\d+:([^}]*)\}/g, '$1')
        .replace(/\$\d+/g, '');
      const doc = parseDocument(text);
      expect(
        doc.diagnostics.filter((d) => d.severity === 'error'),
        `${name}: ${text}`,
      ).toEqual([]);
      expect(doc.statements, name).toHaveLength(1);
      expect(s.prefix.length, name).toBeGreaterThan(0);
      expect(s.description, name).not.toBe('');
    }
  });

  it('folds -- #region … -- #endregion by markers, as the server folds them', () => {
    const start = new RegExp(config.folding.markers.start);
    const end = new RegExp(config.folding.markers.end);
    for (const line of ['-- #region reports', '  --region', '-- #region']) expect(start.test(line), line).toBe(true);
    for (const line of ['-- #endregion', '  --endregion x']) expect(end.test(line), line).toBe(true);
    expect(start.test('-- regional sales')).toBe(false);
    expect(start.test('SELECT 1 -- #region')).toBe(false);
    for (const [open, close] of [
      ['-- #region reports', '-- #endregion'],
      ['  --region', '  --endregion x'],
    ]) {
      const text = `${open}\nSELECT 1\n${close}`;
      expect(foldingRanges(textModelOf(text), (o) => text.slice(0, o).split('\n').length - 1)).toEqual([{ startLine: 0, endLine: 2, kind: 'region' }]);
    }
  });

  it('continues a comment on Enter: `--` when a comment line is split, ` * ` inside /** */, and indents inside ( )', () => {
    type Rule = { beforeText: string; afterText?: string; previousLineText?: string; action: { indent: string; appendText?: string } };
    const rules = config.onEnterRules as Rule[];
    /** The action of the first rule matching the text before and after the cursor (what VS Code does). */
    const onEnter = (before: string, after: string) =>
      rules.find((r) => new RegExp(r.beforeText).test(before) && (r.afterText === undefined || new RegExp(r.afterText).test(after)))?.action;
    expect(onEnter('-- a long comment', 'that goes on')).toEqual({ indent: 'none', appendText: '-- ' });
    expect(onEnter('-- a comment', '')).toBeUndefined(); // at the end of a comment line: a plain new line
    expect(onEnter('SELECT 1', 'FROM t')).toBeUndefined();
    expect(onEnter('/**', ' */')).toEqual({ indent: 'indentOutdent', appendText: ' * ' });
    expect(onEnter('/** the report', '')).toEqual({ indent: 'none', appendText: ' * ' });
    expect(onEnter('WHERE a IN (', ')')).toEqual({ indent: 'indentOutdent' });
    for (const r of rules) expect(['none', 'indent', 'outdent', 'indentOutdent']).toContain(r.action.indent);
  });

  it('has an icon, drawn at build time (a 128×128 PNG)', async () => {
    const { stage, ICON } = await import('../../editors/vscode/scripts/package.mjs');
    expect(manifest.icon).toBe(ICON);
    const dir = join(temp, 'icon');
    stage(dir);
    const png = readFileSync(join(dir, ICON));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([128, 128, 8, 6]);
    const idat = png.indexOf('IDAT');
    const pixels = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    expect(pixels.length).toBe(128 * (128 * 4 + 1));
    // Opaque in the middle, transparent in the corner (a rounded square).
    expect(pixels[64 * (128 * 4 + 1) + 1 + 64 * 4 + 3]).toBe(255);
    expect(pixels[1 + 3]).toBe(0);
  });

  it("turns a diagnostic's rule link into a command that opens the rendered page", () => {
    const href = pathToFileURL(join(EXT, 'docs', 'rules', 'null-comparison.md')).href;
    const command = ruleCommandUri(href)!;
    expect(command.startsWith(`command:${OPEN_RULE_COMMAND}?`)).toBe(true);
    // VS Code runs the command with the JSON array in the query as its arguments.
    expect(JSON.parse(decodeURIComponent(command.slice(command.indexOf('?') + 1)))).toEqual([href]);
    expect(ruleCommandUri('https://example.com/docs/rules/x.md')).toBeNull();
    expect(ruleCommandUri(pathToFileURL('/tmp/notes.md').href)).toBeNull();
  });

  it('shows the compiled JSON of a document, or where it does not compile', () => {
    expect(COMPILED_SCHEME).toBe('dsq-json');
    expect(compiledJson("SELECT a FROM t WHERE b = 'x'", 'q.dsq')).toBe(
      '{\n  "columns": [{ "e": { "$col": "a" } }],\n  "from": "t",\n  "where": { "$=": [{ "$col": "b" }, "x"] }\n}\n',
    );
    expect(JSON.parse(compiledJson('SELECT 1; FETCH RECORDS FROM shop.orders', 'q.dsq'))).toHaveLength(2);
    expect(compiledJson('SELECT a FROM (', 'q.dsq')).toMatch(/^\/\/ q\.dsq does not compile:\n\/\/ q\.dsq:1:15: error: /);
    expect(compiledJson('SELECT a FROM t WHERE b = :x', 'q.dsq')).toMatch(
      /^\/\/ q\.dsq does not compile:\n\/\/ q\.dsq:1:27: error: a parameter has no value: :x/,
    );
    // Every line of an error is a comment: the side document is JSON with comments.
    for (const line of compiledJson('SELECT a FROM t WHERE b = :x', 'q.dsq').trimEnd().split('\n')) expect(line.startsWith('//')).toBe(true);
  });
});

describe('which dsq the extension starts', () => {
  const bundled = '/ext/dist/server.js';

  it("prefers the workspace's installed dsq, then the bundled one", () => {
    const ws = join(temp, 'ws');
    expect(chooseServer('', [ws], bundled)).toEqual({ module: bundled, source: 'bundled' });
    mkdirSync(join(ws, 'node_modules', 'dsq', 'bin'), { recursive: true });
    writeFileSync(join(ws, 'node_modules', 'dsq', 'bin', 'dsq.js'), '');
    expect(chooseServer('', [join(temp, 'other'), ws], bundled)).toEqual({ module: join(ws, 'node_modules', 'dsq', 'bin', 'dsq.js'), source: 'workspace' });
  });

  it('runs nothing from a workspace that is not trusted: not its node_modules/dsq, not a setting relative to it', () => {
    const ws = join(temp, 'ws-untrusted');
    mkdirSync(join(ws, 'node_modules', 'dsq', 'bin'), { recursive: true });
    writeFileSync(join(ws, 'node_modules', 'dsq', 'bin', 'dsq.js'), '');
    expect(chooseServer('', [ws], bundled, true)).toEqual({ module: join(ws, 'node_modules', 'dsq', 'bin', 'dsq.js'), source: 'workspace' });
    expect(chooseServer('', [ws], bundled, false)).toEqual({ module: bundled, source: 'bundled' });
    expect(chooseServer('node_modules/dsq', [ws], bundled, false)).toEqual({ module: bundled, source: 'bundled' });
    expect(chooseServer('/opt/dsq/bin/dsq.js', [ws], bundled, false)).toEqual({ module: '/opt/dsq/bin/dsq.js', source: 'setting' });
  });

  it('takes the dsq.server.path setting: a file, or a package folder, relative to the workspace', () => {
    expect(chooseServer('/opt/dsq/bin/dsq.js', [], bundled)).toEqual({ module: '/opt/dsq/bin/dsq.js', source: 'setting' });
    expect(chooseServer('node_modules/dsq', [join(temp, 'ws')], bundled)).toEqual({
      module: join(temp, 'ws', 'node_modules', 'dsq', 'bin', 'dsq.js'),
      source: 'setting',
    });
  });
});

describe('the server bundled in the extension', () => {
  it('starts as VS Code starts it (lsp --stdio --clientProcessId) and links its diagnostics to the rule pages it carries', async () => {
    const ext = join(temp, 'ext');
    const { stage, bundle } = await import('../../editors/vscode/scripts/package.mjs');
    stage(ext);
    await bundle(ext);
    expect(existsSync(join(ext, 'dist', 'extension.js'))).toBe(true);
    // Every command the manifest contributes is registered by the bundled client, and the rule-link command too.
    const client = readFileSync(join(ext, 'dist', 'extension.js'), 'utf8');
    for (const c of manifest.contributes.commands.map((x: { command: string }) => x.command)) expect(client, c).toContain(`registerCommand("${c}"`);
    expect(client).toContain(`"${OPEN_RULE_COMMAND}"`);
    expect(client).toContain('handleDiagnostics');
    expect(client).toContain('registerTextDocumentContentProvider');
    expect(client).toContain('markdown.showPreview');
    const child = spawn(process.execPath, [join(ext, 'dist', 'server.js'), 'lsp', '--stdio', `--clientProcessId=${process.pid}`], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const diagnostics = new Promise<Diagnostic[]>((resolve) =>
      connection.onNotification('textDocument/publishDiagnostics', (p: { diagnostics: Diagnostic[] }) => resolve(p.diagnostics)),
    );
    connection.listen();
    const init = (await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} })) as InitializeResult;
    expect(init.serverInfo?.name).toBe('dsq');
    connection.sendNotification('initialized', {});
    connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: 'untitled:q', languageId: 'dsq', version: 1, text: 'SELECT a FROM t WHERE a = NULL' },
    });
    const [d] = await diagnostics;
    expect(d?.code).toBe('null-comparison');
    expect(d?.codeDescription?.href).toBe(pathToFileURL(join(ext, 'docs', 'rules', 'null-comparison.md')).href);
    await connection.sendRequest('shutdown');
    connection.sendNotification('exit');
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
  });
});
