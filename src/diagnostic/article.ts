/**
 * Messages name a kind, a type or an action they did not write themselves (`a "binary"
 * expression`, `an "in" expression`, `an UPDATE action`): the article is chosen here, by how the
 * word is said, so every message that builds one from a name agrees.
 */

/**
 * Words written with a vowel but said with a consonant: `uni-` but not `unin-` (`a "union"`,
 * `a unique`, `an uninstall`), `unary`, `use`/`usu`/`usa` (`a "users"`, `a usual`), `ur`/`ut` before a
 * vowel (`a URI`, `a utility`), `uu` (`a UUID`), `eu`, `one`, `once`. `unaware`, `unset`, `UPDATE` keep "an".
 */
const SAID_WITH_CONSONANT = /^(?:uni(?!n)|unary|us[eua]|u[rt][aeiou]|uu|eu|one|once)/i;
/** Words written with a consonant but said with a vowel (`an hour`). */
const SAID_WITH_VOWEL = /^hour/i;

/** `word` after its indefinite article: `an "in"`, `a "binary"`, `an UPDATE`, `a "unary"`, `an hour`. Quotes and other marks before the first letter are skipped. */
export function withArticle(word: string): string {
  const letters = word.replace(/^[^a-z0-9]+/i, '');
  const vowel = (/^[aeiou]/i.test(letters) && !SAID_WITH_CONSONANT.test(letters)) || SAID_WITH_VOWEL.test(letters);
  return `${vowel ? 'an' : 'a'} ${word}`;
}
