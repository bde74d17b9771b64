/**
 * The dsq playground: dsq text on the left, its JSON on the right, both editable; lint findings
 * with quick fixes; a schema for the schema rules and completion; examples; state in the hash.
 */
import { setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { compileText, decompileJson, describe, formatText, indentJson, type Fix, type LintDiagnostic, type ParamSlot } from './dsq.js';
import { goTo, jsonEditor, programmatic, replaceDoc, squiggleRange, textEditor, userChanged } from './editors.js';
import { EXAMPLES } from './examples.js';
import { DEFAULTS, formatHash, parseHash, type Form, type HashState } from './hash.js';
import { LintPanel, StatusPanel, type Side } from './panels.js';
import { ParamsBox } from './params-box.js';
import { SchemaBox } from './schema-box.js';
import './style.css';

const $ = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;

const WELCOME = `-- Type a query: its JSON follows on the right. Edit the JSON and the text follows.
SELECT region, SUM(price * qty) AS revenue
FROM sales.orders AS o
WHERE status IN ('paid', 'shipped') AND qty BETWEEN 1 AND 10
GROUP BY region
HAVING revenue > 1e3
ORDER BY revenue DESC
LIMIT 10
`;

const settings: { form: Form; indent: number; lead: Side } = { form: DEFAULTS.form, indent: DEFAULTS.indent, lead: 'text' };

/** The last compile, for the timing readout, the tests and playground/scripts/measure.ts. */
const stats = { compileMs: 0, compiles: 0, jsonAt: 0 };

const textPane = $('text');
const jsonPane = $('json');

const textView: EditorView = textEditor(
  textPane,
  () => schemaBox.state.schema,
  (u) => {
    if (!u.docChanged) return;
    if (userChanged(u)) settings.lead = 'text';
    scheduleCompile();
  },
);
/** JSON was pasted since the last decompile: once it reads, it is laid out (indentJson). */
let pasted = false;
const jsonView: EditorView = jsonEditor(jsonPane, (u) => {
  if (!userChanged(u)) return;
  settings.lead = 'json';
  if (u.transactions.some((tr) => tr.isUserEvent('input.paste'))) pasted = true;
  scheduleDecompile();
});

const viewOf = (side: Side) => (side === 'json' ? jsonView : textView);
const status = new StatusPanel($('diagnostics'), (side, d) => goTo(viewOf(side), d));
const lintPanel = new LintPanel($('lint'), (d) => goTo(textView, d), applyFix);
const schemaBox = new SchemaBox($('schema-choice'), $('schema-text'), $('schema-status'), () => compileNow());
const paramsBox = new ParamsBox($('params'), $('param-fields'), () => {
  settings.lead = 'text';
  compileNow();
});
/** The parameters of the last compile (for the hash). */
let lastParams: readonly ParamSlot[] = [];

/** A finding's fix, or one of its suggestions (a "did you mean"), applied to the text. */
function applyFix(fix: Fix): void {
  const length = textView.state.doc.length;
  const changes = fix.edits.filter((e) => e.end <= length).map((e) => ({ from: e.start, to: e.end, insert: e.text }));
  textView.dispatch({ changes, userEvent: 'input.fix' });
  textView.focus();
}

function toCm(d: LintDiagnostic, doc: Text): CmDiagnostic {
  return {
    ...squiggleRange(d, doc),
    severity: d.severity,
    source: d.code,
    message: d.message + (d.hint ? ` (hint: ${d.hint})` : ''),
    ...(d.fix || d.suggestions
      ? { actions: [...(d.fix ? [d.fix] : []), ...(d.suggestions ?? [])].map((f) => ({ name: f.description, apply: () => applyFix(f) })) }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Text → JSON and findings; JSON → text. Each runs once per turn of the event loop, however many
// changes came in it.

let compileTimer: number | undefined;
let decompileTimer: number | undefined;

function scheduleCompile(): void {
  compileTimer ??= window.setTimeout(() => {
    compileTimer = undefined;
    compileNow();
  }, 0);
}

function scheduleDecompile(): void {
  decompileTimer ??= window.setTimeout(() => {
    decompileTimer = undefined;
    decompileNow();
  }, 0);
}

function compileNow(): void {
  window.clearTimeout(compileTimer);
  compileTimer = undefined;
  const started = performance.now();
  const result = compileText(textView.state.doc.toString(), {
    form: settings.form,
    indent: settings.indent,
    schema: schemaBox.state.schema,
    params: paramsBox.values,
  });
  stats.compileMs = performance.now() - started;
  stats.compiles++;
  $('timing').textContent = `parse, lint and JSON: ${stats.compileMs.toFixed(1)} ms`;
  const doc = textView.state.doc;
  const paramProblems = [...result.paramErrors, ...result.paramWarnings].map(
    (d): CmDiagnostic => ({ ...squiggleRange(d, doc), severity: d.severity === 'error' ? 'error' : 'warning', source: d.code, message: describe(d) }),
  );
  textView.dispatch(setDiagnostics(textView.state, [...result.lint.map((d) => toCm(d, doc)), ...paramProblems]));
  lintPanel.render(result.lint, schemaBox.state.schema !== null);
  paramsBox.render(result.params);
  lastParams = result.params;
  if (settings.lead === 'text') {
    textPane.classList.remove('stale');
    if (result.json !== null) {
      replaceDoc(jsonView, `${result.json}\n`);
      stats.jsonAt = performance.now();
      jsonView.dispatch(setDiagnostics(jsonView.state, []));
      jsonPane.classList.remove('stale');
      const compiled = `${result.statements === 1 ? 'One statement' : `${result.statements} statements`} compiled`;
      const lintErrors = result.lint.filter((d) => d.severity === 'error').length;
      // Not "compiled" in green while the lint panel lists errors: the JSON is there, but the query is wrong.
      if (lintErrors > 0)
        status.show(
          'warn',
          `${compiled}, but lint finds ${lintErrors === 1 ? 'an error' : `${lintErrors} errors`} (see Lint below).`,
          'text',
          result.paramWarnings,
        );
      else status.show('ok', `${compiled}.`, 'text', result.paramWarnings);
    } else {
      jsonPane.classList.add('stale');
      const paramsOnly = result.errors.length > 0 && result.errors.every((d) => d.code.startsWith('params/'));
      const headline = paramsOnly
        ? 'The JSON needs a value for each parameter: give them under Parameters, below the query (the JSON shows the last text that compiled):'
        : 'The text does not compile (the JSON shows the last text that did):';
      status.show('error', headline, 'text', result.errors);
    }
  }
  writeHash();
}

function decompileNow(): void {
  window.clearTimeout(decompileTimer);
  decompileTimer = undefined;
  const result = decompileJson(jsonView.state.doc.toString());
  if (pasted && !result.errors) {
    // Pasted JSON (often on one line) is shown laid out; only the white space changes.
    const indented = indentJson(jsonView.state.doc.toString(), settings.indent > 0 ? settings.indent : 2);
    if (indented !== null && indented !== jsonView.state.doc.toString()) {
      jsonView.dispatch({ changes: { from: 0, to: jsonView.state.doc.length, insert: indented }, annotations: programmatic.of(true) });
    }
  }
  pasted = false;
  const doc = jsonView.state.doc;
  if (result.errors) {
    const squiggles = result.errors.map((d): CmDiagnostic => ({ ...squiggleRange(d, doc), severity: 'error', source: d.code, message: describe(d) }));
    jsonView.dispatch(setDiagnostics(jsonView.state, squiggles));
    textPane.classList.add('stale');
    status.show('error', 'The JSON does not read as a query (the text shows the last JSON that did):', 'json', result.errors);
    writeHash();
    return;
  }
  jsonView.dispatch(setDiagnostics(jsonView.state, []));
  textPane.classList.remove('stale');
  jsonPane.classList.remove('stale');
  replaceDoc(textView, result.text);
  status.show('ok', 'The JSON reads as a query: the text shows it.', 'json');
  // The text changed programmatically: its findings and the hash follow (the JSON stays as typed).
  scheduleCompile();
  writeHash();
}

// ---------------------------------------------------------------------------------------------
// Format: the button, and Shift-Alt-F wherever the focus is (the physical F key, whatever the
// layout types).

function formatNow(): void {
  // A compile still pending would replace the message below: run it first.
  if (compileTimer !== undefined) compileNow();
  const result = formatText(textView.state.doc.toString());
  if (result.errors) {
    status.show('error', 'Format needs text without syntax errors:', 'text', result.errors);
    return;
  }
  if (result.text !== textView.state.doc.toString()) {
    textView.dispatch({ changes: { from: 0, to: textView.state.doc.length, insert: result.text }, userEvent: 'input.format' });
  }
}

$('format').addEventListener('click', () => {
  formatNow();
  textView.focus();
});

document.addEventListener('keydown', (e) => {
  if (e.shiftKey && e.altKey && !e.ctrlKey && !e.metaKey && (e.code === 'KeyF' || e.key.toLowerCase() === 'f')) {
    e.preventDefault();
    formatNow();
  }
});

// ---------------------------------------------------------------------------------------------
// "Skip to the query": the focus goes into the editor; the hash (which holds the query) stays.

$('skip').addEventListener('click', (e) => {
  e.preventDefault();
  textView.focus();
  textView.dispatch({ scrollIntoView: true });
});

// ---------------------------------------------------------------------------------------------
// The JSON form and indent switches

const formRadios = [...document.querySelectorAll<HTMLInputElement>('input[name="form"]')];
for (const radio of formRadios) {
  radio.addEventListener('change', () => {
    if (!radio.checked) return;
    settings.form = radio.value === 'full' ? 'full' : 'short';
    settings.lead = 'text';
    compileNow();
  });
}

const indentSelect = $<HTMLSelectElement>('indent');
indentSelect.addEventListener('change', () => {
  settings.indent = Number(indentSelect.value);
  settings.lead = 'text';
  compileNow();
});

// ---------------------------------------------------------------------------------------------
// The examples menu: the files of examples/

const examples = $<HTMLSelectElement>('examples');
examples.append(new Option('choose a file of examples/…', ''));
for (const [label, side] of [
  ['dsq queries', 'text'],
  ['spec JSON', 'json'],
] as const) {
  const group = document.createElement('optgroup');
  group.label = label;
  for (const ex of EXAMPLES.filter((e) => e.side === side)) {
    const option = new Option(ex.file, ex.file);
    if (ex.title) option.title = ex.title;
    group.append(option);
  }
  examples.append(group);
}
examples.addEventListener('change', () => {
  const ex = EXAMPLES.find((e) => e.file === examples.value);
  if (ex) load({ lead: ex.side, source: ex.content });
});

// ---------------------------------------------------------------------------------------------
// The hash: written when typing pauses (a long text makes a long URL), read on load and when it
// changes.

let writtenHash = '';
let hashTimer: number | undefined;

function currentState(): HashState {
  const schema = schemaBox.state;
  return {
    lead: settings.lead,
    source: viewOf(settings.lead).state.doc.toString(),
    form: settings.form,
    indent: settings.indent,
    schema: schema.choice,
    schemaJson: schema.choice === 'custom' ? schema.text : '',
    params: settings.lead === 'text' ? [...paramsBox.valuesOf(lastParams)] : [],
  };
}

function writeHash(): void {
  window.clearTimeout(hashTimer);
  hashTimer = window.setTimeout(writeHashNow, 200);
}

function writeHashNow(): void {
  window.clearTimeout(hashTimer);
  const hash = formatHash(currentState());
  if (hash === writtenHash || hash === location.hash) return;
  writtenHash = hash;
  try {
    window.history.replaceState(null, '', hash);
  } catch {
    // Where replaceState is refused, the hash itself still works (one history entry per change).
    location.hash = hash;
  }
}

$('copy-link').addEventListener('click', async () => {
  writeHashNow();
  try {
    await navigator.clipboard.writeText(location.href);
    status.note('The link is in the address bar and on the clipboard.');
  } catch {
    status.note('The link is in the address bar.');
  }
});

/** Loads a state: the settings given, then the leading side's content (the other side follows). */
function load(state: Pick<HashState, 'lead' | 'source'> & Partial<HashState>): void {
  if (state.form) {
    settings.form = state.form;
    for (const radio of formRadios) radio.checked = radio.value === state.form;
  }
  if (state.indent !== undefined) {
    settings.indent = state.indent;
    indentSelect.value = String(state.indent);
  }
  settings.lead = state.lead;
  if (state.params) paramsBox.load(new Map(state.params));
  replaceDoc(viewOf(state.lead), state.source);
  if (state.schema) schemaBox.use(state.schema, state.schemaJson ?? '');
  if (state.lead === 'json') decompileNow();
  else compileNow();
}

window.addEventListener('hashchange', () => {
  if (location.hash === writtenHash) return;
  const state = parseHash(location.hash);
  if (state) load(state);
});

load(parseHash(location.hash) ?? { lead: 'text', source: WELCOME, form: 'short', indent: 2, schema: 'none', schemaJson: '', params: [] });

// The hook the browser tests and the measurements read.
(window as unknown as { dsqPlayground: unknown }).dsqPlayground = { stats, textView, jsonView };
