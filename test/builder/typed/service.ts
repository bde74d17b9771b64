import { join } from 'node:path';
import ts from 'typescript';

/**
 * A TypeScript language service over the project's tsconfig, with some files held in memory
 * (probes written by a test, or a file rewritten: mistakes.ts without its directives). What
 * the editor shows (errors, completions, hovers) is asked of it as an editor would.
 */
export const ROOT = join(import.meta.dirname, '..', '..', '..');

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
