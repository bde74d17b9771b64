import { join } from 'node:path';
import ts from 'typescript';

/**
 * The names each public entry point exports, read by the TypeScript compiler from the sources
 * (what `tsup --dts` writes into dist/*.d.ts): values (anything a program can import at run time:
 * functions, constants, classes) and types (interfaces and type aliases only).
 */
export const ENTRY_POINTS = {
  dsq: 'src/index.ts',
  'dsq/ast': 'src/ast/index.ts',
  'dsq/lint': 'src/lint/index.ts',
  'dsq/json': 'src/json/index.ts',
  'dsq/prettier': 'src/prettier/index.ts',
  'dsq/run': 'src/run/index.ts',
} as const;

export type EntryPoint = keyof typeof ENTRY_POINTS;

export interface EntryNames {
  readonly values: string[];
  readonly types: string[];
  /** What each exported name is: the file and offset of the declaration it resolves to (through every re-export and rename). */
  readonly origins: Map<string, string>;
}

const ROOT = join(import.meta.dirname, '..', '..');

export function apiNames(root = ROOT): Record<EntryPoint, EntryNames> {
  const files = Object.values(ENTRY_POINTS).map((f) => join(root, f));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const out = {} as Record<EntryPoint, EntryNames>;
  for (const [entry, file] of Object.entries(ENTRY_POINTS) as [EntryPoint, string][]) {
    const source = program.getSourceFile(join(root, file));
    const symbol = source && checker.getSymbolAtLocation(source);
    if (!symbol) throw new Error(`${file}: no module symbol`);
    const values: string[] = [];
    const types: string[] = [];
    const origins = new Map<string, string>();
    for (const exported of checker.getExportsOfModule(symbol)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      // `export type { X }` of a value makes X a type only.
      const typeOnly = exported.declarations?.some((d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly)) ?? false;
      const isValue = !typeOnly && (target.flags & ts.SymbolFlags.Value) !== 0;
      (isValue ? values : types).push(exported.name);
      const declaration = target.declarations?.[0];
      origins.set(exported.name, declaration ? `${declaration.getSourceFile().fileName}:${declaration.pos}` : exported.name);
    }
    const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase()) || a.localeCompare(b);
    out[entry] = { values: values.sort(byName), types: types.sort(byName), origins };
  }
  return out;
}
