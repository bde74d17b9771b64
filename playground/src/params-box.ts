/**
 * The parameter box (data-testid="params"), under the text editor: one input for each `:name`
 * of the text, its value written as `dsq compile --param NAME=VALUE` takes it (converted by the
 * parameter's type; a list after IN: a JSON array or items separated by commas). Hidden while
 * the text has no parameters. The values outlive their parameter: deleting `:x` and typing it
 * again keeps the value given.
 */
import type { ParamSlot } from './dsq.js';

/** What the input of a parameter shows before anything is typed. */
function placeholder(p: ParamSlot): string {
  const type = p.type ?? 'text (its type is not known)';
  return p.list ? `${type} list: a, b or [..]` : type;
}

export class ParamsBox {
  /** The values typed, by parameter name. */
  readonly values = new Map<string, string>();
  private shown = '';
  private timer: number | undefined;

  constructor(
    private readonly section: HTMLElement,
    private readonly fields: HTMLElement,
    /** Called when a value changes (once typing pauses for a moment). */
    private readonly changed: () => void,
  ) {}

  /** Sets the values (from a link); the fields follow on the next render. */
  load(values: ReadonlyMap<string, string>): void {
    this.values.clear();
    for (const [name, value] of values) this.values.set(name, value);
    this.shown = '';
  }

  /** The values of the parameters the text has, as the hash keeps them. */
  valuesOf(params: readonly ParamSlot[]): Map<string, string> {
    const out = new Map<string, string>();
    for (const p of params) {
      const value = this.values.get(p.name);
      if (value !== undefined && value !== '') out.set(p.name, value);
    }
    return out;
  }

  /** Shows an input for each parameter (redrawn only when the parameters change, so the focus stays). */
  render(params: readonly ParamSlot[]): void {
    const key = JSON.stringify(params);
    if (key === this.shown) return;
    this.shown = key;
    this.section.hidden = params.length === 0;
    this.fields.replaceChildren();
    for (const p of params) {
      const id = `param-${p.name}`;
      const row = document.createElement('div');
      row.className = 'param';
      const label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = `:${p.name}`;
      const input = document.createElement('input');
      input.id = id;
      input.type = 'text';
      input.spellcheck = false;
      input.autocomplete = 'off';
      input.dataset['param'] = p.name;
      input.value = this.values.get(p.name) ?? '';
      input.placeholder = placeholder(p);
      input.addEventListener('input', () => {
        this.values.set(p.name, input.value);
        window.clearTimeout(this.timer);
        this.timer = window.setTimeout(this.changed, 100);
      });
      row.append(label, input);
      this.fields.append(row);
    }
  }
}
