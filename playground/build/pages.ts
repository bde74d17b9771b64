/**
 * The pages the playground links to, made at build time so they open offline next to it:
 * the syntax diagrams (grammar/diagrams.html, as is), the language reference
 * (grammar/reference.md) and one page per lint rule (docs/rules/<id>.md), rendered from
 * Markdown. Every ```dsq example gets a link that opens it in the playground.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Marked, type Tokens } from 'marked';

export interface Page {
  /** Path inside the built folder. */
  readonly fileName: string;
  readonly source: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
  body { background: #fbfaf7; color: #1f1f1f; font: 16px/1.55 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1rem; }
  nav { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; border-bottom: 1px solid #d6d3cc; padding-bottom: 0.5rem; }
  a { color: #1a5fb4; }
  code { font-family: ui-monospace, monospace; font-size: 0.92em; background: #f0eee8; padding: 0 0.2em; border-radius: 3px; }
  pre { background: #fff; border: 1px solid #d6d3cc; border-radius: 4px; padding: 0.6rem; overflow-x: auto; }
  pre code { background: none; padding: 0; }
  table { border-collapse: collapse; display: block; overflow-x: auto; }
  th, td { border: 1px solid #d6d3cc; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
  .open { font-size: 0.9rem; margin-top: -0.5rem; }
  :focus-visible { outline: 3px solid #ffb000; }
`;

function page(title: string, nav: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<nav aria-label="dsq">${nav}</nav>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * Markdown → HTML; `playground` is the path from the page to the playground's index.html. A page
 * whose examples are linted against a schema (a ```json block under `## Schema`) opens them in
 * the playground with that schema.
 */
function markdown(source: string, playground: string, links: Readonly<Record<string, string>> = {}): string {
  const schema = /^## Schema\n[\s\S]*?```json\n([\s\S]*?)```/m.exec(source)?.[1];
  const withSchema = schema === undefined ? '' : `&schema=custom&schemajson=${encodeURIComponent(schema)}`;
  const marked = new Marked({
    renderer: {
      code(token: Tokens.Code) {
        const block = `<pre><code${token.lang ? ` class="language-${escapeHtml(token.lang)}"` : ''}>${escapeHtml(token.text)}</code></pre>\n`;
        if (token.lang !== 'dsq') return block;
        return `${block}<p class="open"><a href="${escapeHtml(`${playground}#text=${encodeURIComponent(token.text)}${withSchema}`)}">Open in the playground</a></p>\n`;
      },
      link(token: Tokens.Link) {
        const href = links[token.href] ?? token.href;
        return `<a href="${escapeHtml(href)}">${this.parser.parseInline(token.tokens)}</a>`;
      },
    },
  });
  return marked.parse(source, { async: false });
}

/** The first `# heading` of a Markdown file. */
const titleOf = (source: string, fallback: string) => /^# (.+)$/m.exec(source)?.[1]?.trim() ?? fallback;

/** Every page, from the repository's files (`root`: the repository). */
export function linkedPages(root: string): Page[] {
  const pages: Page[] = [];
  const diagrams = readFileSync(join(root, 'grammar/diagrams.html'), 'utf8').replace(/href="reference\.md(#[^"]*)?"/g, 'href="reference.html$1"');
  pages.push({ fileName: 'diagrams.html', source: diagrams });
  pages.push({ fileName: 'dsq.tmLanguage.json', source: readFileSync(join(root, 'grammar/dsq.tmLanguage.json'), 'utf8') });

  const topNav = '<a href="index.html">Playground</a><a href="diagrams.html">Syntax diagrams</a><a href="rules/index.html">Lint rules</a>';
  const reference = readFileSync(join(root, 'grammar/reference.md'), 'utf8');
  pages.push({ fileName: 'reference.html', source: page('dsq language reference', topNav, markdown(reference, 'index.html')) });

  const dir = join(root, 'docs/rules');
  const rules = readdirSync(dir).filter((f) => f.endsWith('.md')).sort();
  const ruleNav = '<a href="../index.html">Playground</a><a href="index.html">All lint rules</a><a href="../reference.html">Language reference</a>';
  const items: string[] = [];
  for (const file of rules) {
    const id = file.slice(0, -3);
    const source = readFileSync(join(dir, file), 'utf8');
    const summary = source.split('\n\n').find((p, i) => i > 1 && !p.startsWith('#'))?.replace(/\s+/g, ' ') ?? '';
    items.push(`<li><a href="${id}.html"><code>${escapeHtml(id)}</code></a>: ${markdown(summary, '../index.html').replace(/^<p>|<\/p>\s*$/g, '')}</li>`);
    pages.push({ fileName: `rules/${id}.html`, source: page(`${titleOf(source, id)}: a dsq lint rule`, ruleNav, markdown(source, '../index.html')) });
  }
  pages.push({ fileName: 'rules/index.html', source: page('dsq lint rules', ruleNav, `<h1>dsq lint rules</h1>\n<ul>\n${items.join('\n')}\n</ul>`) });
  return pages;
}
