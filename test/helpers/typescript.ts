import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * The typed builder's compile-time checks, seen through the TypeScript API: a language service
 * over the project's tsconfig with some files held in memory (probes written by a test, or a
 * file rewritten: mistakes.ts without its directives), the errors it reports by line, and the
 * two ways the tests and examples list mistakes (directives in mistakes.ts files, and the
 * `// code` / `//   → message` pairs the examples show).
 */
export const ROOT = join(import.meta.dirname, '..', '..');

/** A language service: what the editor shows (errors, completions, hovers) is asked of it as an editor would. */

export function languageService(files: Readonly<Record<string, string>>): ts.LanguageService {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => Object.keys(files),
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => {
      const text = files[f] ?? ts.sys.readFile(f);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => ROOT,
    getCompilationSettings: () => parsed.options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => f in files || ts.sys.fileExists(f),
    readFile: (f) => files[f] ?? ts.sys.readFile(f),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host);
}

/** The compiler's errors in a file, by 0-based line, each flattened to its text. */
export function errorsByLine(service: ts.LanguageService, fileName: string): Map<number, string[]> {
  const program = service.getProgram() as ts.Program;
  const file = program.getSourceFile(fileName) as ts.SourceFile;
  const out = new Map<number, string[]>();
  for (const d of program.getSemanticDiagnostics(file)) {
    const line = file.getLineAndCharacterOfPosition(d.start ?? 0).line;
    out.set(line, [...(out.get(line) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
  }
  return out;
}

/** A mistake marked in a mistakes.ts file: `// @ts-expect-error why  msg: the message, quoted in part`. */
export interface Marked {
  /** The 0-based line of the statement under the directive. */
  readonly line: number;
  readonly why: string;
  readonly msg: string | null;
}

/**
 * The marked mistakes of a mistakes.ts file, and its text with the directives turned into
 * plain comments (so each mistake is an error again, to be compiled from memory).
 */
export function markedMistakes(fileName: string): { marked: Marked[]; stripped: string } {
  const lines = readFileSync(fileName, 'utf8').split('\n');
  const marked: Marked[] = [];
  lines.forEach((text, i) => {
    const m = /^\s*\/\/ @ts-expect-error (.*)$/.exec(text);
    if (m === null) return;
    const [why, msg] = (m[1] as string).split(/\s{2}msg: /);
    marked.push({ line: i + 1, why: (why as string).trim(), msg: msg?.trim() ?? null });
  });
  return { marked, stripped: lines.map((l) => l.replace('// @ts-expect-error', '// (expected error)')).join('\n') };
}

/**
 * The mistakes an example shows, as `// db...` then `//   → message` line pairs, from the line
 * after `from` (the line introducing them) up to `to`.
 */
export function shownMistakes(text: string, from: string, to: string): { code: string; message: string }[] {
  const block = text.slice(text.indexOf(from), text.indexOf(to)).split('\n').slice(1);
  const mistakes: { code: string; message: string }[] = [];
  for (let i = 0; i + 1 < block.length; i += 2) {
    const code = /^\/\/ (db\..*)$/.exec(block[i] as string)?.[1];
    const message = /^\/\/ {3}→ (.*)$/.exec(block[i + 1] as string)?.[1];
    if (code === undefined || message === undefined) break;
    mistakes.push({ code, message });
  }
  return mistakes;
}

/**
 * A checker for generated modules, one text after another at one path (under the project, so
 * its imports resolve): one language service reused, so the libraries are read once. Each call
 * gives the module's syntax and semantic errors under the project's strict options, as
 * `line:col message`.
 */
export function moduleChecker(fileName: string): (text: string) => string[] {
  let text = '';
  let version = 0;
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [fileName],
    getScriptVersion: (f) => (f === fileName ? String(version) : '0'),
    getScriptSnapshot: (f) => {
      const t = f === fileName ? text : ts.sys.readFile(f);
      return t === undefined ? undefined : ts.ScriptSnapshot.fromString(t);
    },
    getCurrentDirectory: () => ROOT,
    getCompilationSettings: () => parsed.options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => f === fileName || ts.sys.fileExists(f),
    readFile: (f) => (f === fileName ? text : ts.sys.readFile(f)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  return (next) => {
    text = next;
    version++;
    const program = service.getProgram() as ts.Program;
    const file = program.getSourceFile(fileName) as ts.SourceFile;
    return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((d) => {
      const { line, character } = file.getLineAndCharacterOfPosition(d.start ?? 0);
      return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
  };
}

/** A module's top-level statements as `kind name` (`FunctionDeclaration topCustomers`, `ImportDeclaration "dsq"`), parsed by TypeScript. */
export function topLevelStatements(text: string): string[] {
  const file = ts.createSourceFile('module.ts', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  return file.statements.map((s) => {
    const kind = ts.SyntaxKind[s.kind];
    if (ts.isImportDeclaration(s)) return `${kind} ${s.moduleSpecifier.getText(file)}`;
    // (SyntaxKind names VariableStatement FirstStatement too, and the reverse map gives the last.)
    if (ts.isVariableStatement(s)) return `VariableStatement ${s.declarationList.declarations.map((d) => d.name.getText(file)).join(', ')}`;
    const name = (s as { name?: ts.Node }).name;
    return name ? `${kind} ${name.getText(file)}` : kind;
  });
}

/** A module as a CommonJS function body (TypeScript's transpiler, types removed), run with `require` answering its imports: its exports. */
export function runModule(text: string, modules: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const js = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: false },
  }).outputText;
  const exports: Record<string, unknown> = {};
  const require = (name: string) => {
    if (!Object.hasOwn(modules, name)) throw new Error(`the module imports ${name}`);
    return modules[name];
  };
  new Function('require', 'exports', js)(require, exports);
  return exports;
}
