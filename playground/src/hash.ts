/**
 * The playground's state in the URL hash, so a link reproduces a query:
 * `#text=<URI-encoded dsq>` or `#json=<URI-encoded JSON>` (start from JSON), then the settings
 * that differ from the defaults: `form=full`, `indent=0|4`, `schema=shop` or `schema=custom`
 * with `schemajson=<URI-encoded schema JSON>`; and the parameter box's values, `param.NAME=<URI-encoded value>`.
 */

export type Form = 'short' | 'full';
export type SchemaChoice = 'none' | 'shop' | 'custom';

export interface HashState {
  /** Which side leads: the text (the JSON is compiled from it) or the JSON (the text is decompiled from it). */
  readonly lead: 'text' | 'json';
  /** The text or the JSON, as typed. */
  readonly source: string;
  readonly form: Form;
  readonly indent: number;
  readonly schema: SchemaChoice;
  /** The pasted schema JSON (for `schema: 'custom'`). */
  readonly schemaJson: string;
  /** The values of the parameter box, by parameter name, in the order of the text's parameters. */
  readonly params: readonly (readonly [string, string])[];
}

export const DEFAULTS = { form: 'short', indent: 2, schema: 'none' } as const;
export const INDENTS = [0, 2, 4] as const;

/** decodeURIComponent that leaves a malformed escape as it is instead of throwing. */
function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const PARAM_KEY = /^param\.([A-Za-z_][A-Za-z0-9_]*)$/;

/** The state a hash describes; null when it holds neither `text=` nor `json=`. Unknown keys are ignored. */
export function parseHash(hash: string): HashState | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const params = new Map<string, string>();
  for (const part of body.split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq);
    if (!params.has(key)) params.set(key, decode(part.slice(eq + 1)));
  }
  const text = params.get('text');
  const json = params.get('json');
  if (text === undefined && json === undefined) return null;
  const form = params.get('form') === 'full' ? 'full' : 'short';
  const indentText = params.get('indent');
  const indent = INDENTS.find((i) => String(i) === indentText) ?? DEFAULTS.indent;
  const schemaText = params.get('schema');
  const schema: SchemaChoice = schemaText === 'shop' || schemaText === 'custom' ? schemaText : 'none';
  return {
    lead: text !== undefined ? 'text' : 'json',
    source: text ?? json ?? '',
    form,
    indent,
    schema,
    schemaJson: schema === 'custom' ? (params.get('schemajson') ?? '') : '',
    params: [...params].flatMap(([key, value]) => {
      const name = PARAM_KEY.exec(key)?.[1];
      return name === undefined ? [] : [[name, value] as const];
    }),
  };
}

/** encodeURIComponent for any string: a lone surrogate (which it rejects) becomes U+FFFD. */
function encode(s: string): string {
  return encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** The hash of a state (with the leading `#`); settings at their defaults are left out. */
export function formatHash(state: HashState): string {
  const parts = [`${state.lead}=${encode(state.source)}`];
  if (state.form !== DEFAULTS.form) parts.push(`form=${state.form}`);
  if (state.indent !== DEFAULTS.indent) parts.push(`indent=${state.indent}`);
  if (state.schema !== DEFAULTS.schema) parts.push(`schema=${state.schema}`);
  if (state.schema === 'custom') parts.push(`schemajson=${encode(state.schemaJson)}`);
  for (const [name, value] of state.params) if (PARAM_KEY.test(`param.${name}`)) parts.push(`param.${name}=${encode(value)}`);
  return `#${parts.join('&')}`;
}
