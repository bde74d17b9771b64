import type { Node } from '../ast/nodes.js';
import { DsqError, type Diagnostic } from '../diagnostic/diagnostic.js';

/**
 * What the translator and the local runner report: a `DsqError` with one diagnostic, and the node
 * it is about, so a caller with the parser's spans places it (file:line:col) in the text.
 */
export class SqlError extends DsqError {
  constructor(
    code: string,
    message: string,
    readonly node: Node | null = null,
    hint?: string,
  ) {
    super([{ code, severity: 'error', message, ...(hint !== undefined ? { hint } : {}) } satisfies Diagnostic]);
  }
}
