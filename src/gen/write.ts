import type { Node } from '../ast/nodes.js';
import { descendants } from '../ast/walk.js';
import type { Diagnostic } from '../diagnostic/index.js';
import { annotate, annotatedTypes } from '../params/annotations.js';
import type { Cardinality } from '../params/prepare.js';
import { inferParams, type ParamInfo } from '../params/infer.js';
import { tsParamType } from '../schema/param-types.js';
import { print } from '../print/index.js';
import type { Schema } from '../schema/index.js';
import { parseDocument } from '../syntax/index.js';
import { blockCommentText, lineCommentText, RESERVED_WORDS, templateLiteral, tsString, typeKey, valueKey } from '../schema/ts-source.js';
import { rowTypeOf } from './row.js';

/**
 * `dsq gen`: query files to one TypeScript module. For each statement named with `-- name: X`,
 * a function `x(params: XParams): Action<XRow>` returning the action (its JSON as text and as
 * an object; `Action<XRow, "one">` for a statement annotated `:one`, and so for `:exec`), with `XParams` from the parameters' types (annotation, else the compared field or
 * literal, LIMIT/OFFSET integers: src/params/infer.ts) and `XRow` from the schema (row.ts). The
 * module is deterministic (files in path order, statements in file order, the same bytes for the
 * same input), formatted, marked as generated, and type-checks under `strict`. Every problem is a
 * diagnostic placed in its `.dsq` file: a syntax error, a bad annotation, a statement without
 * `-- name:`, a parameter whose type nothing tells, an unnamed result column, a name used twice.
 * The statement text each function holds is printed to the config's `width`.
 */
export interface QueryFile {
  /** The path shown in messages and in the generated comments (relative, `/`-separated). */
  readonly path: string;
  readonly text: string;
}

export interface GenOptions {
  /** Where the module imports dsq's runtime from (default `dsq`). */
  readonly importFrom?: string;
  /** Said in the header: the command line or pattern it was made from. */
  readonly source?: string;
  /** The line width the embedded statement text is printed to (the config's `width`; default the printer's, 80). */
  readonly width?: number;
}

export interface GenDiagnostic {
  readonly file: string;
  readonly diagnostic: Diagnostic;
}

export interface GenResult {
  /** The module text; null when there were errors. */
  readonly code: string | null;
  readonly diagnostics: readonly GenDiagnostic[];
  /** The named statements written, in order. */
  readonly functions: readonly string[];
}

interface Entry {
  readonly file: QueryFile;
  readonly line: number;
  readonly name: string;
  readonly text: string;
  readonly params: readonly ParamInfo[];
  readonly row: string;
  readonly doc: readonly string[];
  readonly cardinality: Cardinality | null;
  /** The parameter nodes that are an operand of a comparison (`= :p`, `< :p`, `LIKE :p`). */
  readonly compared: ReadonlySet<Node>;
}

/** Comparisons with NULL are never true (`= NULL` is lint's null-comparison error): a parameter compared so takes no null. */
const COMPARISONS: ReadonlySet<string> = new Set(['=', '!=', '<', '<=', '>', '>=', 'like', 'regexp']);

function comparedParams(statement: Node): Set<Node> {
  const out = new Set<Node>();
  for (const n of descendants(statement)) {
    if (n.kind !== 'binary' || !COMPARISONS.has(n.op)) continue;
    if (n.e1.kind === 'param') out.add(n.e1);
    if (n.e2.kind === 'param') out.add(n.e2);
  }
  return out;
}

/**
 * Whether a parameter's type takes `null`: a value for a nullable field (an INSERT value, an
 * UPDATE's SET, `IS :p`), not one only compared with it (`region = :region` with null sends
 * `region = NULL`, which matches no row: write `region IS NULL` for that).
 */
const takesNull = (p: ParamInfo, compared: ReadonlySet<Node>) => p.field?.nul === true && !p.list && p.nodes.some((n) => !compared.has(n));

/**
 * Names a module compiled to CommonJS cannot give a function: `require` and `exports` it declares
 * itself (a function so named hides them: TypeScript's error TS2441), and `exports.__proto__ =`
 * would set the exports' prototype rather than export the function.
 */
const COMMONJS_NAMES: ReadonlySet<string> = new Set(['require', 'exports', '__proto__']);

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function generate(files: readonly QueryFile[], schema: Schema, options: GenOptions = {}): GenResult {
  const diagnostics: GenDiagnostic[] = [];
  const entries: Entry[] = [];
  const names = new Map<string, string>();
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted) {
    const doc = parseDocument(file.text);
    const report = (d: Diagnostic) => diagnostics.push({ file: file.path, diagnostic: d });
    const errors = doc.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) {
      errors.forEach(report);
      continue;
    }
    const annotated = annotate(doc);
    annotated.diagnostics.forEach(report);
    const at = (node: Node) => doc.spans.get(node);
    let previousEnd = 0;
    for (const s of annotated.statements) {
      const before = previousEnd;
      previousEnd = s.span.end;
      if (s.name === null) {
        // (A `-- name:` the annotations refused is reported already, at the name.)
        const refused = annotated.diagnostics.some((d) => d.span !== undefined && d.span.start >= before && d.span.end <= s.span.start);
        if (!refused) {
          report({
            code: 'gen/unnamed-statement',
            severity: 'error',
            message: 'this statement has no name, so dsq gen would write no function for it: name it with -- name: Name on the line before it',
            span: s.span,
          });
        }
        continue;
      }
      const fn = lowerFirst(s.name.value);
      const previous = names.get(fn);
      if (previous !== undefined) {
        report({
          code: 'gen/duplicate-name',
          severity: 'error',
          message: `the name ${s.name.value} is taken (${previous}): each statement needs its own`,
          span: s.name.span,
        });
        continue;
      }
      names.set(fn, `${file.path}:${s.name.span.line}:${s.name.span.column}`);
      if (RESERVED_WORDS.has(fn) || COMMONJS_NAMES.has(fn)) {
        const what = RESERVED_WORDS.has(fn) ? 'a reserved word of JavaScript' : 'a name a module compiled to CommonJS cannot export';
        report({ code: 'gen/bad-name', severity: 'error', message: `${fn} is ${what}: name the statement otherwise`, span: s.name.span });
        continue;
      }
      const params = inferParams(s.node, schema, annotatedTypes(s));
      for (const [name, a] of s.params) {
        if (!params.some((p) => p.name === name)) {
          report({ code: 'gen/unknown-param', severity: 'error', message: `-- @param ${name}: the statement has no parameter :${name}`, span: a.span });
        }
      }
      for (const p of params) {
        if (p.type !== null) continue;
        const span = at(p.node);
        report({
          code: 'gen/untyped-param',
          severity: 'error',
          message: `the type of :${p.name} cannot be inferred: it is not compared with a field of the schema, a literal, or in LIMIT/OFFSET`,
          hint: `state it before the statement: -- @param ${p.name} TYPE (string, integer, number, datetime, localdate, localtime, localdatetime)`,
          ...(span ? { span } : {}),
        });
      }
      const row = rowTypeOf(s.node, schema);
      for (const p of row.problems) {
        const span = at(p.node);
        report({ ...p.diagnostic, ...(span ? { span } : {}) } as Diagnostic);
      }
      entries.push({
        file,
        line: s.name.span.line,
        name: s.name.value,
        text: print(s.node, options.width === undefined ? {} : { width: options.width }),
        params,
        row: row.type,
        doc: s.doc,
        cardinality: s.cardinality,
        compared: comparedParams(s.node),
      });
    }
  }
  if (diagnostics.some((d) => d.diagnostic.severity === 'error')) return { code: null, diagnostics, functions: [] };
  return { code: writeModule(entries, options), diagnostics, functions: entries.map((e) => lowerFirst(e.name)) };
}

/**
 * The module. Each statement `X` declares the function `x`, the types `XParams` and `XRow`, and
 * the constant `x$` (its prepared query); dsq's runtime is imported as `$prepare`. A statement
 * name is letters, digits and `_` (annotations.ts), so no function can be named as a constant or
 * the import (they hold `$`), and no type as another (they end in `Params` or `Row`; the imported
 * types do not). Text from outside is escaped where it is written (src/schema/ts-source.ts).
 */
function writeModule(entries: readonly Entry[], options: GenOptions): string {
  const from = options.importFrom ?? 'dsq';
  const out: string[] = [];
  out.push(
    `// Generated by \`dsq gen\`${options.source ? ` from ${lineCommentText(options.source)}` : ''}. Do not edit: change the .dsq files and run it again.`,
  );
  out.push('');
  const rows = entries.map((e) => e.row).join('\n');
  const types = [
    'type Action',
    ...['DateTime', 'LocalDate', 'LocalDateTime', 'LocalTime', 'RecordAttributes'].filter((t) => new RegExp(`\\b${t}\\b`).test(rows)).map((t) => `type ${t}`),
  ];
  out.push(`import { prepareQuery as $prepare, ${types.join(', ')} } from ${tsString(from)};`);
  for (const e of entries) {
    const fn = lowerFirst(e.name);
    const type = upperFirst(e.name);
    out.push('');
    out.push(`// ${lineCommentText(e.file.path)}:${e.line}: ${e.name}`);
    out.push('');
    out.push(`/** The parameters of ${fn}(). */`);
    if (e.params.length === 0) out.push(`export type ${type}Params = Record<string, never>;`);
    else {
      out.push(`export interface ${type}Params {`);
      for (const p of e.params)
        out.push(`  readonly ${typeKey(p.name)}: ${tsParamType(p.type ?? 'string', p.list)}${takesNull(p, e.compared) ? ' | null' : ''};`);
      out.push('}');
    }
    out.push('');
    out.push(`/** A result row of ${fn}(). */`);
    out.push(`export type ${type}Row = ${e.row};`);
    out.push('');
    // (`as const`: a member named like one of Object.prototype's, `toString`, would not take the tuple type from ParamSpec.)
    const spec = e.params.map((p) => `${valueKey(p.name)}: [${p.type === null ? 'null' : tsString(p.type)}, ${p.list}]`).join(', ');
    // A result annotation (-- :one, :many, :exec) is the action's second type argument; none keeps the default (many).
    const card = e.cardinality === null ? '' : `, ${tsString(e.cardinality)}`;
    out.push(`const ${fn}$ = $prepare<${type}Params, ${type}Row${card}>(`);
    // (The statement's text, as the printer writes it: parsed once, on the first call.)
    // (Not indented: the lines are the statement's text, strings included.)
    out.push(`${templateLiteral(e.text)},`);
    out.push(spec ? `  { ${spec} } as const,` : '  {},');
    if (e.cardinality !== null) out.push(`  ${tsString(e.cardinality)},`);
    out.push(');');
    out.push('');
    out.push('/**');
    for (const line of e.doc) out.push(` * ${blockCommentText(line)}`.trimEnd());
    if (e.doc.length > 0) out.push(' *');
    for (const line of e.text.split('\n')) out.push(` * ${blockCommentText(line)}`.trimEnd());
    out.push(' */');
    out.push(`export function ${fn}(params: ${type}Params${e.params.length === 0 ? ' = {}' : ''}): Action<${type}Row${card}> {`);
    out.push(`  return ${fn}$(params);`);
    out.push('}');
  }
  out.push('');
  return out.join('\n');
}
