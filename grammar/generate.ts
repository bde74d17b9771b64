/**
 * Regenerates the grammar artefacts from the parser: `npm run grammar`.
 * test/grammar checks the committed files equal what this writes.
 */
import { writeFileSync } from 'node:fs';
import { textMateGrammar } from './productions.js';
import { syntaxDiagramsHtml } from './diagrams.js';

const dir = new URL('./', import.meta.url);
// Self-contained: chevrotain's diagram scripts and styles are inlined (opens offline).
writeFileSync(new URL('diagrams.html', dir), syntaxDiagramsHtml());
writeFileSync(new URL('dsq.tmLanguage.json', dir), `${JSON.stringify(textMateGrammar(), null, 2)}\n`);
console.log('wrote grammar/diagrams.html and grammar/dsq.tmLanguage.json');
