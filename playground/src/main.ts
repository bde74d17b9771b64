/**
 * The dsq playground: dsq text on the left, its JSON on the right, both editable; lint findings
 * with quick fixes; a schema for the schema rules and completion; examples; state in the hash.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json as jsonLanguage } from '@codemirror/lang-json';
import { bracketMatching, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { Annotation, EditorState, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import tmGrammar from '../../grammar/dsq.tmLanguage.json';
import { schemaCompletion } from './complete.js';
import { compileText, decompileJson, describe, formatText, LINT_RULES, schemaFromText, type Diagnostic, type LintDiagnostic, type Schema } from './dsq.js';
import { EXAMPLES, SHOP_SCHEMA } from './examples.js';
import { DEFAULTS, formatHash, parseHash, type Form, type HashState, type SchemaChoice } from './hash.js';
import { textMateLanguage, type TmGrammar } from './textmate.js';
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

/** Marks a change the playground made itself (so it does not bounce back to the other side). */
const programmatic = Annotation.define<boolean>();

// ---------------------------------------------------------------------------------------------
// State

interface Settings {
  form: Form;
  indent: number;
  schemaChoice: SchemaChoice;
  schemaText: string;
  schema: Schema | null;
  /** The side whose content the other follows. */
  lead: 'text' | 'json';
}

const settings: Settings = { form: DEFAULTS.form, indent: DEFAULTS.indent, schemaChoice: 'none', schemaText: '', schema: null, lead: 'text' };

// ---------------------------------------------------------------------------------------------
// Editors

const highlight = HighlightStyle.define([
  { tag: t.keyword, color: '#7a1fa2', fontWeight: '600' },
  { tag: t.operatorKeyword, color: '#7a1fa2', fontWeight: '600' },
  { tag: [t.lineComment, t.blockComment, t.comment], color: '#5c6b5c', fontStyle: 'italic' },
  { tag: t.string, color: '#a31515' },
  { tag: t.escape, color: '#c2185b' },
  { tag: [t.number, t.bool, t.null], color: '#0b6e4f' },
  { tag: t.special(t.variableName), color: '#1a5fb4' },
  { tag: t.function(t.variableName), color: '#795e26' },
  { tag: t.standard(t.function(t.variableName)), color: '#b35900', fontWeight: '600' },
  { tag: [t.compareOperator, t.arithmeticOperator, t.operator], color: '#444' },
  { tag: t.propertyName, color: '#1a5fb4' },
]);

const dsqLanguage = textMateLanguage(tmGrammar as unknown as TmGrammar, 'dsq');

function baseExtensions(label: string, wrap: boolean): Extension[] {
  return [
    ...(wrap ? [EditorView.lineWrapping] : []),
    lineNumbers(),
    history(),
    drawSelection(),
    highlightActiveLine(),
    bracketMatching(),
    closeBrackets(),
    lintGutter(),
    syntaxHighlighting(highlight),
    EditorView.contentAttributes.of({ 'aria-label': label }),
  ];
}

const textView = new EditorView({
  parent: $('text'),
  state: EditorState.create({
    doc: '',
    extensions: [
      baseExtensions('dsq query text', true),
      dsqLanguage,
      autocompletion({ override: [schemaCompletion(() => settings.schema)] }),
      keymap.of([
        ...closeBracketsKeymap,
        ...completionKeymap,
        ...lintKeymap,
        ...historyKeymap,
        ...defaultKeymap,
      ]),
      EditorView.updateListener.of((u) => {
        if (!u.docChanged) return;
        if (!u.transactions.some((tr) => tr.annotation(programmatic))) settings.lead = 'text';
        scheduleCompile();
      }),
    ],
  }),
});

const jsonView = new EditorView({
  parent: $('json'),
  state: EditorState.create({
    doc: '',
    extensions: [
      baseExtensions('compiled JSON (editable: the text follows)', false),
      jsonLanguage(),
      keymap.of([...closeBracketsKeymap, ...lintKeymap, ...historyKeymap, ...defaultKeymap]),
      EditorView.updateListener.of((u) => {
        if (!u.docChanged || u.transactions.some((tr) => tr.annotation(programmatic))) return;
        settings.lead = 'json';
        scheduleDecompile();
      }),
    ],
  }),
});

/** Replaces an editor's text by changing only what differs (the scroll position and the cursor stay put elsewhere). */
function replaceDoc(view: EditorView, text: string): void {
  const old = view.state.doc.toString();
  if (old === text) return;
  let start = 0;
  const max = Math.min(old.length, text.length);
  while (start < max && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
  view.dispatch({ changes: { from: start, to: old.length - end, insert: text.slice(start, text.length - end) }, annotations: programmatic.of(true) });
}

// ---------------------------------------------------------------------------------------------
// Text → JSON, lint; JSON → text

const ruleIds = new Set(LINT_RULES.map((r) => r.meta.id));
const ruleHref = (id: string) => `rules/${id}.html`;

/**
 * The offsets of a diagnostic's span in a document (clamped), at least one character wide where
 * the document has one: an error at the end of the input marks the last character before it.
 */
function range(d: Diagnostic, doc: { length: number; sliceString(from: number, to: number): string }): { from: number; to: number } {
  const length = doc.length;
  let from = Math.min(d.span?.start ?? 0, length);
  let to = Math.min(d.span?.end ?? from, length);
  if (to <= from && from < length) to = from + 1;
  if (to <= from && from === length && length > 0) {
    const before = doc.sliceString(0, length).trimEnd().length;
    from = Math.max(0, before - 1);
    to = Math.max(from + 1, before);
  }
  return { from, to };
}

function applyFix(d: LintDiagnostic): void {
  if (!d.fix) return;
  const length = textView.state.doc.length;
  const changes = d.fix.edits.filter((e) => e.end <= length).map((e) => ({ from: e.start, to: e.end, insert: e.text }));
  textView.dispatch({ changes, userEvent: 'input.fix' });
  textView.focus();
}

function toCm(d: LintDiagnostic, doc: EditorState['doc']): CmDiagnostic {
  return {
    ...range(d, doc),
    severity: d.severity,
    source: d.code,
    message: d.message + (d.hint ? ` (hint: ${d.hint})` : ''),
    ...(d.fix ? { actions: [{ name: d.fix.description, apply: () => applyFix(d) }] } : {}),
  };
}

let compileTimer: number | undefined;
let decompileTimer: number | undefined;

function scheduleCompile(): void {
  if (compileTimer !== undefined) return;
  compileTimer = window.setTimeout(() => {
    compileTimer = undefined;
    compileNow();
  }, 0);
}

function scheduleDecompile(): void {
  if (decompileTimer !== undefined) return;
  decompileTimer = window.setTimeout(() => {
    decompileTimer = undefined;
    decompileNow();
  }, 0);
}

/** The last compile, for the timing readout and the tests. */
const stats = { compileMs: 0, compiles: 0, jsonAt: 0 };

const PROFILE = new URLSearchParams(location.search).has('profile');
function compileNow(): void {
  const t0 = performance.now();
  const text = textView.state.doc.toString();
  const started = performance.now();
  const result = compileText(text, { form: settings.form, indent: settings.indent, schema: settings.schema });
  stats.compileMs = performance.now() - started;
  stats.compiles++;
  $('timing').textContent = `parse, lint and JSON: ${stats.compileMs.toFixed(1)} ms`;
  const doc = textView.state.doc;
  textView.dispatch(setDiagnostics(textView.state, result.lint.map((d) => toCm(d, doc))));
  const t1 = performance.now();
  renderLint(result.lint);
  const t2 = performance.now();
  if (settings.lead === 'text') {
    if (result.json !== null) {
      replaceDoc(jsonView, `${result.json}\n`);
      stats.jsonAt = performance.now();
      jsonView.dispatch(setDiagnostics(jsonView.state, []));
      jsonPane.classList.remove('stale');
      showStatus('ok', `${result.statements === 1 ? 'One statement' : `${result.statements} statements`} compiled.`, []);
    } else {
      jsonPane.classList.add('stale');
      showStatus('error', 'The text does not compile (the JSON shows the last text that did):', result.errors.map((d) => ({ d, side: 'text' as const })));
    }
  }
  const t3 = performance.now();
  writeHash();
  if (PROFILE) console.log(`compile ${stats.compileMs.toFixed(1)} diagnostics ${(t1 - t0 - stats.compileMs).toFixed(1)} lint panel ${(t2 - t1).toFixed(1)} json ${(t3 - t2).toFixed(1)} hash ${(performance.now() - t3).toFixed(1)}`);
}

function decompileNow(): void {
  const source = jsonView.state.doc.toString();
  const result = decompileJson(source);
  if (result.errors) {
    const doc = jsonView.state.doc;
    jsonView.dispatch(
      setDiagnostics(
        jsonView.state,
        result.errors.map((d) => ({ ...range(d, doc), severity: 'error' as const, source: d.code, message: describe(d) })),
      ),
    );
    showStatus('error', 'The JSON does not read as a query (the text shows the last JSON that did):', result.errors.map((d) => ({ d, side: 'json' as const })));
    textPane.classList.add('stale');
    writeHash();
    return;
  }
  jsonView.dispatch(setDiagnostics(jsonView.state, []));
  textPane.classList.remove('stale');
  jsonPane.classList.remove('stale');
  replaceDoc(textView, result.text);
  showStatus('ok', 'The JSON reads as a query: the text shows it.', []);
  // The text changed programmatically: its lint and hash follow (compileNow keeps the JSON as typed).
  scheduleCompile();
  writeHash();
}

const textPane = $('text');
const jsonPane = $('json');

/** The compiler messages: each with line:col (and the JSON pointer), a button that moves the cursor there. */
let shownStatus = '';
function showStatus(kind: 'ok' | 'error', headline: string, items: readonly { d: Diagnostic; side: 'text' | 'json' }[]): void {
  // A live region is read out on every change: touch it only when the message changes.
  const key = JSON.stringify([kind, headline, items.map((i) => [i.side, i.d.message, i.d.span?.start, i.d.pointer])]);
  if (key === shownStatus) return;
  shownStatus = key;
  const box = $('diagnostics');
  box.className = kind;
  box.replaceChildren();
  const p = document.createElement('p');
  p.textContent = headline;
  box.append(p);
  if (items.length === 0) return;
  const list = document.createElement('ul');
  for (const { d, side } of items) {
    const li = document.createElement('li');
    const where = document.createElement('button');
    where.type = 'button';
    where.className = 'where';
    where.textContent = d.span ? `${d.span.line}:${d.span.column}` : side === 'json' ? 'JSON' : 'text';
    where.setAttribute('aria-label', `${side === 'json' ? 'JSON' : 'text'} line ${d.span?.line ?? 1}, column ${d.span?.column ?? 1}: go there`);
    where.addEventListener('click', () => goTo(side === 'json' ? jsonView : textView, d));
    li.append(where, ` ${d.pointer !== undefined ? `at ${d.pointer || '/'}: ` : ''}${d.message}`);
    if (d.hint) {
      const hint = document.createElement('span');
      hint.className = 'hint';
      hint.textContent = ` hint: ${d.hint}`;
      li.append(hint);
    }
    list.append(li);
  }
  box.append(list);
}

function goTo(view: EditorView, d: Diagnostic): void {
  const length = view.state.doc.length;
  const from = Math.min(d.span?.start ?? 0, length);
  const to = Math.min(Math.max(d.span?.end ?? from, from), length);
  view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
  view.focus();
}

let shownLint = '';
function renderLint(findings: readonly LintDiagnostic[]): void {
  const shown = findings.filter((d) => d.code !== 'syntax-error');
  // Redrawn (and so read out) only when the findings change.
  const key = JSON.stringify([settings.schema !== null, shown.map((d) => [d.code, d.message, d.span.start, d.span.end, d.fix?.description])]);
  if (key === shownLint) return;
  shownLint = key;
  const box = $('lint');
  box.replaceChildren();
  const summary = document.createElement('p');
  const schemaNote = settings.schema ? '' : ' (no schema: the schema rules are off)';
  summary.textContent = shown.length === 0 ? `No findings${schemaNote}.` : `${shown.length} finding${shown.length === 1 ? '' : 's'}${schemaNote}:`;
  box.append(summary);
  if (shown.length === 0) return;
  const list = document.createElement('ul');
  for (const d of shown) {
    const li = document.createElement('li');
    li.className = d.severity;
    const where = document.createElement('button');
    where.type = 'button';
    where.className = 'where';
    where.textContent = `${d.span.line}:${d.span.column}`;
    where.setAttribute('aria-label', `line ${d.span.line}, column ${d.span.column}: go there`);
    where.addEventListener('click', () => goTo(textView, d));
    const severity = document.createElement('span');
    severity.className = 'severity';
    severity.textContent = d.severity;
    const message = document.createElement('span');
    message.className = 'message';
    message.textContent = ` ${d.message}${d.hint ? ` (hint: ${d.hint})` : ''} `;
    li.append(where, ' ', severity, message);
    if (ruleIds.has(d.code)) {
      const link = document.createElement('a');
      link.href = ruleHref(d.code);
      link.className = 'rule';
      link.textContent = d.code;
      link.setAttribute('aria-label', `rule ${d.code}: what it finds and why`);
      li.append(link);
    }
    if (d.fix) {
      const fix = document.createElement('button');
      fix.type = 'button';
      fix.className = 'fix';
      fix.textContent = `Fix: ${d.fix.description}`;
      fix.addEventListener('click', () => applyFix(d));
      li.append(' ', fix);
    }
    list.append(li);
  }
  box.append(list);
}

// ---------------------------------------------------------------------------------------------
// Format

function formatNow(): void {
  // A compile still pending would replace the message below: run it first.
  if (compileTimer !== undefined) {
    window.clearTimeout(compileTimer);
    compileTimer = undefined;
    compileNow();
  }
  const result = formatText(textView.state.doc.toString());
  if (result.errors) {
    showStatus('error', 'Format needs text without syntax errors:', result.errors.map((d) => ({ d, side: 'text' as const })));
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

// Shift-Alt-F formats, wherever the focus is (the physical F key, whatever the layout types).
document.addEventListener('keydown', (e) => {
  if (e.shiftKey && e.altKey && !e.ctrlKey && !e.metaKey && (e.code === 'KeyF' || e.key.toLowerCase() === 'f')) {
    e.preventDefault();
    formatNow();
  }
});

// ---------------------------------------------------------------------------------------------
// JSON form and indent

for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="form"]')) {
  radio.addEventListener('change', () => {
    if (!radio.checked) return;
    settings.form = radio.value === 'full' ? 'full' : 'short';
    settings.lead = 'text';
    compileNow();
  });
}

$<HTMLSelectElement>('indent').addEventListener('change', (e) => {
  settings.indent = Number((e.target as HTMLSelectElement).value);
  settings.lead = 'text';
  compileNow();
});

// ---------------------------------------------------------------------------------------------
// Schema

const schemaChoice = $<HTMLSelectElement>('schema-choice');
const schemaText = $<HTMLTextAreaElement>('schema-text');

function useSchema(choice: SchemaChoice, text: string): void {
  settings.schemaChoice = choice;
  schemaChoice.value = choice;
  settings.schemaText = choice === 'shop' ? SHOP_SCHEMA : choice === 'custom' ? text : '';
  if (schemaText.value !== settings.schemaText) schemaText.value = settings.schemaText;
  const status = $('schema-status');
  status.replaceChildren();
  settings.schema = null;
  if (choice !== 'none') {
    const read = schemaFromText(settings.schemaText);
    if (read.errors) {
      status.className = 'error';
      const list = document.createElement('ul');
      for (const d of read.errors) {
        const li = document.createElement('li');
        li.textContent = describe(d);
        list.append(li);
      }
      status.append('The schema does not read (the schema rules stay off):', list);
    } else {
      settings.schema = read.schema;
      status.className = 'ok';
      const count = countDatabases(read.schema);
      status.textContent = `Schema on: ${count} database${count === 1 ? '' : 's'}. Ctrl-Space completes their names and fields.`;
    }
  }
  compileNow();
}

function countDatabases(schema: Schema): number {
  let n = 0;
  const stack = [...schema.groups];
  while (stack.length > 0) {
    const g = stack.pop() as (typeof stack)[number];
    const dbs = [...g.databases];
    while (dbs.length > 0) {
      const d = dbs.pop() as (typeof dbs)[number];
      n++;
      dbs.push(...d.databases);
    }
    stack.push(...g.groups);
  }
  return n;
}

schemaChoice.addEventListener('change', () => {
  const choice = schemaChoice.value as SchemaChoice;
  useSchema(choice, choice === 'custom' ? schemaText.value : '');
});
let schemaTimer: number | undefined;
schemaText.addEventListener('input', () => {
  window.clearTimeout(schemaTimer);
  schemaTimer = window.setTimeout(() => useSchema('custom', schemaText.value), 150);
});

// ---------------------------------------------------------------------------------------------
// Examples

const examples = $<HTMLSelectElement>('examples');
{
  const placeholder = new Option('choose a file of examples/…', '');
  examples.append(placeholder);
  const groups = [
    ['dsq queries', 'text'],
    ['spec JSON', 'json'],
  ] as const;
  for (const [label, side] of groups) {
    const group = document.createElement('optgroup');
    group.label = label;
    for (const ex of EXAMPLES.filter((e) => e.side === side)) {
      const option = new Option(ex.file, ex.file);
      if (ex.title) option.title = ex.title;
      group.append(option);
    }
    examples.append(group);
  }
}
examples.addEventListener('change', () => {
  const ex = EXAMPLES.find((e) => e.file === examples.value);
  if (!ex) return;
  load({ lead: ex.side, source: ex.content });
});

// ---------------------------------------------------------------------------------------------
// The hash

let writtenHash = '';

function currentState(): HashState {
  return {
    lead: settings.lead,
    source: (settings.lead === 'text' ? textView : jsonView).state.doc.toString(),
    form: settings.form,
    indent: settings.indent,
    schema: settings.schemaChoice,
    schemaJson: settings.schemaChoice === 'custom' ? settings.schemaText : '',
  };
}

let hashTimer: number | undefined;
/** Writes the hash once typing pauses (a long text makes a long URL: not rewritten per keystroke). */
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
    // Some file:// contexts refuse replaceState: the hash itself still works (one history entry per change).
    location.hash = hash;
  }
}

$('copy-link').addEventListener('click', async () => {
  writeHashNow();
  try {
    await navigator.clipboard.writeText(location.href);
    showNote('The link is in the address bar and on the clipboard.');
  } catch {
    showNote('The link is in the address bar.');
  }
});

function showNote(text: string): void {
  shownStatus = '';
  const box = $('diagnostics');
  const p = document.createElement('p');
  p.className = 'note';
  p.textContent = text;
  box.append(p);
}

/** Loads a state: the leading side's content, the settings. */
function load(state: Pick<HashState, 'lead' | 'source'> & Partial<HashState>): void {
  if (state.form) {
    settings.form = state.form;
    for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="form"]')) radio.checked = radio.value === state.form;
  }
  if (state.indent !== undefined) {
    settings.indent = state.indent;
    $<HTMLSelectElement>('indent').value = String(state.indent);
  }
  if (state.schema) {
    settings.schemaChoice = state.schema;
    schemaChoice.value = state.schema;
    settings.schemaText = state.schema === 'custom' ? (state.schemaJson ?? '') : '';
  }
  settings.lead = state.lead;
  if (state.lead === 'text') {
    replaceDoc(textView, state.source);
  } else {
    replaceDoc(jsonView, state.source);
  }
  if (state.schema) useSchema(state.schema, settings.schemaText);
  if (state.lead === 'json') decompileNow();
  else compileNow();
}

window.addEventListener('hashchange', () => {
  if (location.hash === writtenHash) return;
  const state = parseHash(location.hash);
  if (state) load(state);
});

// Start: the hash, or the welcome query.
load(parseHash(location.hash) ?? { lead: 'text', source: WELCOME, form: 'short', indent: 2, schema: 'none', schemaJson: '' });

// For tests and measurements: the last compile's time.
(window as unknown as { dsqPlayground: unknown }).dsqPlayground = { stats, textView, jsonView };
