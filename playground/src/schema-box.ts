/**
 * The schema box: none, the shop example (examples/shop.schema.json) or pasted JSON. A schema
 * that reads turns on the schema rules and completion; one that does not says where it fails.
 */
import { describe, schemaFromText, type Schema } from './dsq.js';
import { SHOP_SCHEMA } from './examples.js';
import type { SchemaChoice } from './hash.js';

export interface SchemaState {
  readonly choice: SchemaChoice;
  /** The schema JSON in the box ('' for none). */
  readonly text: string;
  /** The schema, when it reads. */
  readonly schema: Schema | null;
}

function countDatabases(schema: Schema): number {
  let n = 0;
  const groups = [...schema.groups];
  while (groups.length > 0) {
    const g = groups.pop() as (typeof groups)[number];
    const databases = [...g.databases];
    while (databases.length > 0) {
      const d = databases.pop() as (typeof databases)[number];
      n++;
      databases.push(...d.databases);
    }
    groups.push(...g.groups);
  }
  return n;
}

export class SchemaBox {
  state: SchemaState = { choice: 'none', text: '', schema: null };
  private timer: number | undefined;

  constructor(
    private readonly select: HTMLSelectElement,
    private readonly textarea: HTMLTextAreaElement,
    private readonly status: HTMLElement,
    /** Called after every change of the schema. */
    private readonly changed: () => void,
  ) {
    select.addEventListener('change', () => {
      const choice = select.value as SchemaChoice;
      this.use(choice, choice === 'custom' ? textarea.value : '');
    });
    textarea.addEventListener('input', () => {
      window.clearTimeout(this.timer);
      this.timer = window.setTimeout(() => this.use('custom', textarea.value), 150);
    });
  }

  /** Switches to a schema (`text` is the pasted JSON, for 'custom'). */
  use(choice: SchemaChoice, text: string): void {
    const json = choice === 'shop' ? SHOP_SCHEMA : choice === 'custom' ? text : '';
    this.select.value = choice;
    if (this.textarea.value !== json) this.textarea.value = json;
    this.status.replaceChildren();
    this.status.className = '';
    let schema: Schema | null = null;
    if (choice !== 'none') {
      const read = schemaFromText(json);
      if (read.errors) {
        this.status.className = 'error';
        const list = document.createElement('ul');
        for (const d of read.errors) {
          const li = document.createElement('li');
          li.textContent = describe(d);
          list.append(li);
        }
        this.status.append('The schema does not read (the schema rules stay off):', list);
      } else {
        schema = read.schema;
        const count = countDatabases(schema);
        this.status.className = 'ok';
        const keys = document.createElement('span');
        keys.className = 'keys';
        keys.textContent = ' Ctrl-Space completes their names and fields.';
        this.status.replaceChildren(`Schema on: ${count} database${count === 1 ? '' : 's'}.`, keys);
      }
    }
    this.state = { choice, text: json, schema };
    this.changed();
  }
}
