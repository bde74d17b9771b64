/**
 * Regenerates the grammar artefacts from the parser: `npm run grammar`.
 * test/grammar checks the committed files equal what this writes.
 */
import { writeFileSync } from 'node:fs';
import { syntaxDiagramsHtml, textMateGrammar } from '../src/syntax/grammar.js';

const dir = new URL('./', import.meta.url);
writeFileSync(new URL('diagrams.html', dir), syntaxDiagramsHtml());
writeFileSync(new URL('dsq.tmLanguage.json', dir), `${JSON.stringify(textMateGrammar(), null, 2)}\n`);
console.log('wrote grammar/diagrams.html and grammar/dsq.tmLanguage.json');
