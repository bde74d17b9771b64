/**
 * The two CodeMirror editors: dsq text (the TextMate grammar's highlighting, schema completion)
 * and JSON; and what the playground does to them (replace text, place the cursor, squiggles).
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json as jsonLanguage } from '@codemirror/lang-json';
import { bracketMatching, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap } from '@codemirror/lint';
import { Annotation, EditorState, type Extension, type Text } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers, type ViewUpdate } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import tmGrammar from '../../grammar/dsq.tmLanguage.json';
import { dsqCompletion } from './complete.js';
import type { Diagnostic, Schema } from './dsq.js';
import { textMateLanguage, type TmGrammar } from './textmate.js';

/** Marks a change the playground made itself (so it does not bounce back to the other side). */
export const programmatic = Annotation.define<boolean>();

/** Whether an update holds a change the user made (not one the playground made). */
export const userChanged = (u: ViewUpdate) => u.docChanged && !u.transactions.some((tr) => tr.annotation(programmatic));

/** The highlighting, in the page's colours (CSS variables: light or dark, as the system is). */
const highlight = HighlightStyle.define([
  { tag: t.keyword, color: 'var(--hl-keyword)', fontWeight: '600' },
  { tag: t.operatorKeyword, color: 'var(--hl-keyword)', fontWeight: '600' },
  { tag: [t.lineComment, t.blockComment, t.comment], color: 'var(--hl-comment)', fontStyle: 'italic' },
  { tag: t.string, color: 'var(--hl-string)' },
  { tag: t.escape, color: 'var(--hl-escape)' },
  { tag: [t.number, t.bool, t.null], color: 'var(--hl-number)' },
  { tag: t.special(t.variableName), color: 'var(--hl-param)' },
  { tag: t.function(t.variableName), color: 'var(--hl-function)' },
  { tag: t.standard(t.function(t.variableName)), color: 'var(--hl-standard)', fontWeight: '600' },
  { tag: [t.compareOperator, t.arithmeticOperator, t.operator], color: 'var(--hl-operator)' },
  { tag: t.propertyName, color: 'var(--hl-property)' },
]);

/** CodeMirror's own parts (gutters, cursor, selection, tooltips) in the page's colours. */
const pageColours = EditorView.theme({
  '&': { color: 'var(--fg)', backgroundColor: 'var(--panel)' },
  '.cm-content': { caretColor: 'var(--fg)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'var(--selection)',
  },
  '.cm-gutters': { backgroundColor: 'var(--gutter)', color: 'var(--muted)', borderRightColor: 'var(--line)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--active-line)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', color: 'var(--fg)', border: '1px solid var(--line)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent)', color: 'var(--panel)' },
  '.cm-completionDetail': { color: 'var(--muted)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--error)' },
  '.cm-diagnostic-warning': { borderLeftColor: 'var(--warning)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--selection)', color: 'inherit' },
});

const dsqLanguage = textMateLanguage(tmGrammar as unknown as TmGrammar, 'dsq');

/**
 * What both editors have. Long lines wrap (no text hidden past a scrollbar that touch screens do
 * not draw). Tab is left to the browser (it moves the focus on: no keyboard trap).
 */
function baseExtensions(label: string): Extension[] {
  return [
    EditorView.lineWrapping,
    lineNumbers(),
    history(),
    drawSelection(),
    highlightActiveLine(),
    bracketMatching(),
    closeBrackets(),
    lintGutter(),
    syntaxHighlighting(highlight),
    pageColours,
    EditorView.contentAttributes.of({ 'aria-label': label }),
  ];
}

export function textEditor(parent: HTMLElement, schema: () => Schema | null, onUpdate: (u: ViewUpdate) => void): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({
      extensions: [
        baseExtensions('dsq query text'),
        dsqLanguage,
        autocompletion({ override: [dsqCompletion(schema)] }),
        keymap.of([...closeBracketsKeymap, ...completionKeymap, ...lintKeymap, ...historyKeymap, ...defaultKeymap]),
        EditorView.updateListener.of(onUpdate),
      ],
    }),
  });
}

export function jsonEditor(parent: HTMLElement, onUpdate: (u: ViewUpdate) => void): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({
      extensions: [
        baseExtensions('compiled JSON (editable: the text follows)'),
        jsonLanguage(),
        keymap.of([...closeBracketsKeymap, ...lintKeymap, ...historyKeymap, ...defaultKeymap]),
        EditorView.updateListener.of(onUpdate),
      ],
    }),
  });
}

/** Replaces an editor's text by changing only what differs (the scroll position and the cursor stay put elsewhere). */
export function replaceDoc(view: EditorView, text: string): void {
  const old = view.state.doc.toString();
  if (old === text) return;
  let start = 0;
  const max = Math.min(old.length, text.length);
  while (start < max && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
  view.dispatch({ changes: { from: start, to: old.length - end, insert: text.slice(start, text.length - end) }, annotations: programmatic.of(true) });
}

/**
 * The offsets of a diagnostic's span in a document (clamped), at least one character wide where
 * the document has one: an error at the end of the input marks the last character before it.
 */
export function squiggleRange(d: Diagnostic, doc: Text): { from: number; to: number } {
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

/** Selects a diagnostic's span (the cursor at its start when empty) and focuses the editor. */
export function goTo(view: EditorView, d: Diagnostic): void {
  const length = view.state.doc.length;
  const from = Math.min(d.span?.start ?? 0, length);
  const to = Math.min(Math.max(d.span?.end ?? from, from), length);
  view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
  view.focus();
}
