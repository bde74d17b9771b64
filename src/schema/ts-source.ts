/**
 * Text from outside (file names, names from a schema or a query file, comments, a statement's
 * text) written into TypeScript source by `dsq types` (emit-types.ts) and `dsq gen`
 * (src/gen/write.ts), so that it stays data whatever it holds: a line break, U+2028, `*\/`, a
 * quote, a backtick, `${`, a backslash, a lone surrogate or `__proto__` never ends a comment or a
 * literal, never sets a prototype, and reads back as exactly the text written.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Words a declared name cannot be: JavaScript's reserved words, strict mode's and modules' too. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
    'private protected public await arguments eval'
  ).split(' '),
);

/** Names TypeScript gives its own types (a type alias cannot be named so), and `as` (`export type as =` does not parse). */
const TYPE_KEYWORDS: ReadonlySet<string> = new Set('any unknown never number bigint boolean string symbol object undefined void intrinsic as'.split(' '));

/** True for a name that can be declared as a type (`export type NAME`): an ASCII identifier, not a reserved word or a built-in type's name. */
export function isTypeName(name: string): boolean {
  return IDENTIFIER.test(name) && !RESERVED_WORDS.has(name) && !TYPE_KEYWORDS.has(name);
}

/**
 * Characters written as `\uXXXX` in literals and comments: control characters (but tab and line
 * feed), U+2028 and U+2029 (line terminators to JavaScript), the bidirectional controls (they
 * reorder what a reader sees) and lone surrogates (UTF-8 has no bytes for them: written raw,
 * they would become U+FFFD).
 */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const hex = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A string literal holding `text` exactly (JSON's escapes, and U+2028, U+2029 and the bidirectional controls escaped). */
export function tsString(text: string): string {
  return JSON.stringify(text).replace(UNSAFE, hex);
}

/** A template literal holding `text` exactly, its line breaks kept as lines (a CR escaped, as a template literal reads a raw CR as LF). */
export function templateLiteral(text: string): string {
  const escaped = text.replace(/[\\`\r]|\$\{/g, (c) => (c === '\r' ? '\\r' : `\\${c}`)).replace(UNSAFE, hex);
  return `\`${escaped}\``;
}

/** A property name in a type (`{ NAME: T }`): bare when an identifier, else a string literal. */
export function typeKey(name: string): string {
  return IDENTIFIER.test(name) ? name : tsString(name);
}

/**
 * A property name in an object literal (a value): as `typeKey`, but `__proto__` computed
 * (`["__proto__"]`): written bare or quoted, it would set the object's prototype.
 */
export function valueKey(name: string): string {
  return name === '__proto__' ? `[${tsString(name)}]` : typeKey(name);
}

/** Text for a `//` comment: what would end the line (line breaks, U+2028) and the characters `UNSAFE` names are written as escapes. */
export function lineCommentText(text: string): string {
  return text.replace(/[\n\r]/g, (c) => (c === '\n' ? '\\n' : '\\r')).replace(UNSAFE, hex);
}

/** Text for a line of a `/** *\/` comment: as `lineCommentText`, and `*\/` broken (`*\\/`). */
export function blockCommentText(text: string): string {
  return lineCommentText(text).replace(/\*\//g, '*\\/');
}
