import * as util from 'node:util';
import type { CommandContext, Io } from './command.js';

/**
 * Colour on a terminal: severities, rule ids and the code frame's carets in what dsq prints,
 * added and removed lines in `fmt --diff`. On when the stream is a terminal (and TERM is not
 * `dumb`), off when it is piped or redirected; `NO_COLOR` (any value) turns it off,
 * `FORCE_COLOR` (other than `0` or `false`) on; `--color` and `--no-color` decide over both.
 * The colours are `node:util`'s styleText (Node 20.12 and later; without it, no colour).
 */

export const COLOR_FLAG_OPTIONS = {
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
} as const;

export const COLOR_FLAG_HELP = `  --color, --no-color       colour the output, or not (default: on a terminal only;
                            NO_COLOR and FORCE_COLOR are read)`;

type Style = 'red' | 'yellow' | 'cyan' | 'green' | 'dim' | 'bold' | 'blue';

type StyleText = (format: Style | Style[], text: string, options?: { validateStream?: boolean }) => string;
const styleText = (util as unknown as { styleText?: StyleText }).styleText;

/** Whether to colour what goes to `stream`. */
export function colorFor(values: CommandContext['values'], io: Io, stream: 'stdout' | 'stderr'): boolean {
  if (values['no-color'] === true) return false;
  if (values.color === true) return styleText !== undefined;
  if (styleText === undefined) return false;
  const env = io.env ?? {};
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return io.isTTY?.[stream] === true && env.TERM !== 'dumb';
}

/** Text in a style (plain when there is no styleText). */
export function paint(style: Style | Style[], text: string): string {
  return styleText === undefined || text === '' ? text : styleText(style, text, { validateStream: false });
}

const SEVERITY: Record<string, Style> = { error: 'red', warning: 'yellow', info: 'blue' };

/**
 * The lines dsq prints about problems, coloured: `file:line:col: severity: message (rule-id)`
 * (the severity in its colour, the rule id dim), a code frame's carets red, and the summary
 * of a lint report bold. Other lines are as they are.
 */
export function paintReport(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const head = /^(.*?:\d+:\d+: )(error|warning|info)(: .*?)(?: (\(([a-z][a-z0-9-]*(?:\/[a-z0-9-]+)?)\)))?$/.exec(line);
      if (head) {
        const [, where, severity, message, rule] = head as unknown as [string, string, string, string, string | undefined];
        return `${paint('bold', where)}${paint(SEVERITY[severity] as Style, severity)}${message}${rule === undefined ? '' : ` ${paint('dim', rule)}`}`;
      }
      const caret = /^(\s*\|\s*)(\^+)(.*)$/.exec(line);
      if (caret) return `${caret[1]}${paint('red', caret[2] as string)}${caret[3]}`;
      if (/^(\d+ problems?|no problems)\b/.test(line)) return paint('bold', line);
      if (/^hint: /.test(line)) return `${paint('cyan', 'hint:')}${line.slice(5)}`;
      return line;
    })
    .join('\n');
}

/** A unified diff, coloured: added lines green, removed red, hunk heads cyan. */
export function paintDiff(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line.startsWith('+++') || line.startsWith('---')
        ? paint('bold', line)
        : line.startsWith('+')
          ? paint('green', line)
          : line.startsWith('-')
            ? paint('red', line)
            : line.startsWith('@@')
              ? paint('cyan', line)
              : line,
    )
    .join('\n');
}
