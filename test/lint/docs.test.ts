import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/lint.js';
import { RULES } from '../../src/lint/registry.js';
import { readSchema } from '../../src/schema/index.js';
import { turnedOn } from './helpers.js';

const page = (id: string) => fileURLToPath(new URL(`../../docs/rules/${id}.md`, import.meta.url));

/** The first fenced block of a language under a `## heading`. */
function block(markdown: string, heading: string, lang: string): string | null {
  const at = markdown.indexOf(`\n## ${heading}\n`);
  if (at < 0) return null;
  const rest = markdown.slice(at);
  const m = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\\n\`\`\``).exec(rest);
  return m ? (m[1] as string) : null;
}

describe('rule pages (docs/rules/<id>.md)', () => {
  for (const rule of RULES) {
    const id = rule.meta.id;
    describe(id, () => {
      it('has a page with a title, its severity, a wrong and a right example', () => {
        expect(existsSync(page(id))).toBe(true);
        const md = readFileSync(page(id), 'utf8');
        expect(md.startsWith(`# ${id}\n`)).toBe(true);
        expect(md).toContain(`Default severity: **${rule.meta.severity}**`);
        expect(md).toContain(`Fixable with \`--fix\`: **${rule.meta.fixable ? 'yes' : 'no'}**`);
        expect(block(md, 'Wrong', 'dsq')).not.toBeNull();
        expect(block(md, 'Right', 'dsq')).not.toBeNull();
      });
      it('the wrong example triggers the rule and the right one has no finding at all', () => {
        const md = readFileSync(page(id), 'utf8');
        const schemaText = block(md, 'Schema', 'json');
        if (rule.meta.needsSchema) expect(schemaText).not.toBeNull();
        // A rule that is off by default is shown turned on (as its page says to).
        const options = { ...(schemaText ? { schema: readSchema(schemaText) } : {}), ...turnedOn(id) };
        const wrong = lint(block(md, 'Wrong', 'dsq') as string, options).diagnostics;
        expect(wrong.map((d) => d.code)).toContain(id);
        const right = lint(block(md, 'Right', 'dsq') as string, options).diagnostics;
        expect(right.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
      });
    });
  }
});
