import type { Node, Select } from '../ast/nodes.js';
import type { SourceToken } from '../syntax/tokenize.js';
import { flattenSources } from '../lint/scope.js';
import { isName, isSeparator, nameOf, statementAt, tokenAt, tokenBefore, type OffsetSpan as Span, type TextModel } from './text-model.js';

/** An alias and where it is used: token indices into the model's code tokens. */
export interface AliasUses {
  readonly kind: 'source' | 'result';
  readonly name: string;
  readonly definition: number;
  readonly uses: readonly number[];
  /** The span of the node that defines it: the source, or the result column. */
  readonly defined: Span;
}

/** One alias written in a select, or one use of one: its token, and the select it stands in. */
interface Written {
  readonly kind: 'source' | 'result';
  readonly name: string;
  readonly at: number;
  /** The select whose FROM or select list defines it (a definition), or the select the use stands in. */
  readonly select: Select;
  readonly definition: boolean;
  /** The span of the node holding it. */
  readonly span: Span;
}

/**
 * The alias at an offset (its definition or a use) and every use of it within its statement:
 * source aliases (`orders o` … `o.amount`) and result aliases (`SUM(x) AS total` … `ORDER BY
 * total`, `ALIAS(total)`). Read from the statement's tree (a broken statement's recovered one)
 * and its spans: a qualifier resolves to the nearest enclosing select that defines it (a
 * subquery that defines the same name hides the outer one); a result alias use is the tree's
 * alias reference (GROUP BY, HAVING, ORDER BY, ALIAS(name)), never a column of the same name.
 */
export function aliasAt(model: TextModel, offset: number): AliasUses | null {
  const code = model.code;
  const i = tokenAt(code, offset);
  if (i < 0 || !isName(code[i])) return null;
  const found = writtenIn(model, (code[i] as SourceToken).start);
  if (found === null) return null;
  const { written, parents } = found;
  const here = written.find((w) => w.at === i);
  if (here === undefined) return null;
  const definitionOf = (w: Written): Written | undefined => {
    if (w.definition) return w;
    // A use: the nearest select from the one it stands in outwards that defines the name (a result alias: that select only).
    for (let s: Select | undefined = w.select; s !== undefined; s = w.kind === 'result' ? undefined : parents.get(s)) {
      const d = written.find((x) => x.definition && x.kind === w.kind && x.select === s && x.name === w.name);
      if (d !== undefined) return d;
    }
    return undefined;
  };
  const definition = definitionOf(here);
  if (definition === undefined) return null;
  const uses = written
    .filter((w) => !w.definition && w.kind === definition.kind && w.name === definition.name && definitionOf(w) === definition)
    .map((w) => w.at);
  // A result alias's definition is one of its places too (rename changes it with the uses).
  const all = (definition.kind === 'result' ? [definition.at, ...uses] : uses).sort((a, b) => a - b);
  return { kind: definition.kind, name: definition.name, definition: definition.at, uses: all, defined: definition.span };
}

/** The aliases and alias uses of the statement tree holding an offset, and each select's enclosing select. */
function writtenIn(model: TextModel, offset: number): { written: Written[]; parents: Map<Select, Select> } | null {
  const tree = model.treeOf(statementAt(model, offset));
  if (tree === null) return null;
  const code = model.code;
  const written: Written[] = [];
  const parents = new Map<Select, Select>();
  const lastName = (span: Span | undefined): number => nameEnding(code, span);
  // The first token of a span.
  const firstToken = (span: Span | undefined): number => (span === undefined ? -1 : tokenBefore(code, span.start + 1));
  const stack: { node: Node; select: Select | undefined }[] = [{ node: tree.node, select: undefined }];
  while (stack.length > 0) {
    const { node, select: outer } = stack.pop() as { node: Node; select: Select | undefined };
    let select = outer;
    if (node.kind === 'select') {
      if (outer !== undefined) parents.set(node, outer);
      select = node;
      for (const source of flattenSources(node.from)) {
        if (source.kind === 'select_source' || source.alias === null) continue;
        const span = tree.spanOf(source);
        const at = lastName(span);
        if (at >= 0) written.push({ kind: 'source', name: source.alias, at, select: node, definition: true, span: span as Span });
      }
      if (node.columns !== 'all') {
        for (const c of node.columns) {
          if (c.alias === null) continue;
          const span = tree.spanOf(c);
          const at = lastName(span);
          if (at >= 0) written.push({ kind: 'result', name: c.alias, at, select: node, definition: true, span: span as Span });
        }
      }
    } else if (select !== undefined && node.kind === 'column') {
      // A qualifier: the first name of a path, followed by `.`.
      const span = tree.spanOf(node);
      const at = firstToken(span);
      if (at >= 0 && isName(code[at]) && code[at + 1]?.type === 'Dot' && !isSeparator(code[at - 1]))
        written.push({ kind: 'source', name: nameOf(code[at] as SourceToken), at, select, definition: false, span: span as Span });
    } else if (select !== undefined && node.kind === 'alias') {
      const span = tree.spanOf(node);
      const at = lastNameBefore(code, span);
      if (at >= 0) written.push({ kind: 'result', name: node.name, at, select, definition: false, span: span as Span });
    }
    const record = node as unknown as Readonly<Record<string, unknown>>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      const items = Array.isArray(value) ? value : [value];
      for (let k = items.length - 1; k >= 0; k--) {
        const item = items[k] as { kind?: unknown } | null;
        if (typeof item === 'object' && item !== null && typeof item.kind === 'string') stack.push({ node: item as Node, select });
      }
    }
  }
  return { written, parents };
}

/** The index of the name token that ends a node's span (a source's or result column's alias, the last name of a path), or -1. */
export function nameEnding(code: readonly SourceToken[], span: Span | undefined): number {
  if (span === undefined) return -1;
  const k = tokenBefore(code, span.end);
  return k >= 0 && isName(code[k]) && (code[k] as SourceToken).end === span.end ? k : -1;
}

/** The last name token within a span (`total` of `ALIAS(total)`), or -1. */
function lastNameBefore(code: readonly SourceToken[], span: Span | undefined): number {
  if (span === undefined) return -1;
  for (let k = tokenBefore(code, span.end); k >= 0 && (code[k] as SourceToken).start >= span.start; k--) if (isName(code[k])) return k;
  return -1;
}
