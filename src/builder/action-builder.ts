import type { DataAction } from '../ast/data-actions.js';
import { toJson, type ToJsonOptions } from '../json/index.js';
import { print, type PrintOptions } from '../print/index.js';
import { checkedTree } from './values.js';
import { databaseFields, NO_SCHEMA, type ActionContext, type KnownFields } from './action-fields.js';

/** What every action builder has: the checked tree, its JSON and its text. */
export abstract class ActionBuilder<N extends DataAction> {
  /** `ctx`: what the builder knows of the schema at run time (field lists, for the checks of a typed builder) and the expression builder its callbacks get. */
  constructor(
    protected readonly node: N,
    protected readonly ctx: ActionContext = NO_SCHEMA,
  ) {}
  /** The action's tree, checked as fromAst checks a tree (a field named twice is an error here). */
  toAst(): N {
    return checkedTree(this.node, 'statement') as N;
  }
  /** The database's fields (names, and labels when known) when the builder has the schema's field lists (null: unchecked). */
  protected fieldList(): KnownFields | null {
    const node = this.node as DataAction;
    return 'database' in node ? databaseFields(this.ctx, node.database, 'the database') : null;
  }
  toJson(options?: ToJsonOptions): string {
    return toJson(this.toAst(), options);
  }
  toText(options?: PrintOptions): string {
    return print(this.toAst(), options);
  }
}
