/**
 * The compiler messages (data-testid="diagnostics") and the lint panel (data-testid="lint").
 * Both are live regions, read out by screen readers when they change: each is redrawn only when
 * what it says changes, not on every keystroke.
 */
import { LINT_RULES, showPointer, type Diagnostic, type Fix, type LintDiagnostic } from './dsq.js';

export type Side = 'text' | 'json';

const ruleIds = new Set(LINT_RULES.map((r) => r.meta.id));

function button(className: string, text: string, label: string | null, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  if (label !== null) b.setAttribute('aria-label', label);
  b.addEventListener('click', onClick);
  return b;
}

/** The compiler messages: a headline, then each problem with line:col (and the JSON pointer) as a button that goes there. */
export class StatusPanel {
  private shown = '';

  constructor(
    private readonly box: HTMLElement,
    private readonly goTo: (side: Side, d: Diagnostic) => void,
  ) {}

  show(kind: 'ok' | 'warn' | 'error', headline: string, side: Side, problems: readonly Diagnostic[] = []): void {
    const key = JSON.stringify([kind, headline, side, problems.map((d) => [d.message, d.span?.start, d.pointer])]);
    if (key === this.shown) return;
    this.shown = key;
    this.box.className = kind;
    this.box.replaceChildren();
    const p = document.createElement('p');
    p.textContent = headline;
    this.box.append(p);
    if (problems.length === 0) return;
    const list = document.createElement('ul');
    const sideName = side === 'json' ? 'JSON' : 'text';
    for (const d of problems) {
      const li = document.createElement('li');
      const where = d.span ? `${d.span.line}:${d.span.column}` : sideName;
      li.append(button('where', where, `${sideName} line ${d.span?.line ?? 1}, column ${d.span?.column ?? 1}: go there`, () => this.goTo(side, d)));
      li.append(` ${d.pointer !== undefined ? `at ${showPointer(d.pointer)}: ` : ''}${d.message}`);
      if (d.hint) {
        const hint = document.createElement('span');
        hint.className = 'hint';
        hint.textContent = ` hint: ${d.hint}`;
        li.append(hint);
      }
      list.append(li);
    }
    this.box.append(list);
  }

  /** A passing note under the message (the next message replaces it). */
  note(text: string): void {
    this.shown = '';
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = text;
    this.box.append(p);
  }
}

/** The lint findings (syntax errors are in the compiler messages): where, severity, message, the rule's page, the quick fix. */
export class LintPanel {
  private shown = '';

  constructor(
    private readonly box: HTMLElement,
    private readonly goTo: (d: LintDiagnostic) => void,
    private readonly applyFix: (fix: Fix) => void,
  ) {}

  render(findings: readonly LintDiagnostic[], schemaOn: boolean): void {
    const shown = findings.filter((d) => d.code !== 'syntax-error');
    const key = JSON.stringify([
      schemaOn,
      shown.map((d) => [d.code, d.message, d.span.start, d.span.end, d.fix?.description, d.suggestions?.map((f) => f.description)]),
    ]);
    if (key === this.shown) return;
    this.shown = key;
    this.box.replaceChildren();
    const summary = document.createElement('p');
    const schemaNote = schemaOn ? '' : ' (no schema: the schema rules are off)';
    summary.textContent = shown.length === 0 ? `No findings${schemaNote}.` : `${shown.length} finding${shown.length === 1 ? '' : 's'}${schemaNote}:`;
    this.box.append(summary);
    if (shown.length === 0) return;
    const list = document.createElement('ul');
    for (const d of shown) {
      const li = document.createElement('li');
      li.className = d.severity;
      const severity = document.createElement('span');
      severity.className = 'severity';
      severity.textContent = d.severity;
      const message = document.createElement('span');
      message.className = 'message';
      message.textContent = ` ${d.message}${d.hint ? ` (hint: ${d.hint})` : ''} `;
      li.append(
        button('where', `${d.span.line}:${d.span.column}`, `line ${d.span.line}, column ${d.span.column}: go there`, () => this.goTo(d)),
        ' ',
        severity,
        message,
      );
      if (ruleIds.has(d.code)) {
        const link = document.createElement('a');
        link.href = `rules/${d.code}.html`;
        link.className = 'rule';
        link.textContent = d.code;
        link.setAttribute('aria-label', `rule ${d.code}: what it finds and why`);
        li.append(link);
      } else {
        const code = document.createElement('code');
        code.textContent = d.code;
        li.append(code);
      }
      const fix = d.fix;
      if (fix)
        li.append(
          ' ',
          button('fix', `Fix: ${fix.description}`, null, () => this.applyFix(fix)),
        );
      // A "did you mean": offered, never applied unasked.
      for (const s of d.suggestions ?? [])
        li.append(
          ' ',
          button('fix', `Suggestion: ${s.description}`, null, () => this.applyFix(s)),
        );
      list.append(li);
    }
    this.box.append(list);
  }
}
