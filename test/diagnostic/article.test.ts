import { describe, expect, it } from 'vitest';
import { withArticle } from '../../src/diagnostic/article.js';

describe('withArticle', () => {
  it('chooses "an" before a vowel sound and "a" before a consonant sound, past quotes', () => {
    expect(withArticle('"in"')).toBe('an "in"');
    expect(withArticle('"exists"')).toBe('an "exists"');
    expect(withArticle('"alias"')).toBe('an "alias"');
    expect(withArticle('UPDATE')).toBe('an UPDATE');
    expect(withArticle('undefined')).toBe('an undefined');
    expect(withArticle('integer')).toBe('an integer');
    expect(withArticle('hour')).toBe('an hour');
    expect(withArticle('"binary"')).toBe('a "binary"');
    expect(withArticle('"unary"')).toBe('a "unary"');
    expect(withArticle('users')).toBe('a users');
    expect(withArticle('one')).toBe('a one');
    expect(withArticle('minute')).toBe('a minute');
    expect(withArticle('"union"')).toBe('a "union"');
    expect(withArticle('unique')).toBe('a unique');
    expect(withArticle('usual')).toBe('a usual');
    expect(withArticle('URI')).toBe('a URI');
    expect(withArticle('UUID')).toBe('a UUID');
    expect(withArticle('unaware')).toBe('an unaware');
    expect(withArticle('unset')).toBe('an unset');
    expect(withArticle('uninstall')).toBe('an uninstall');
    expect(withArticle('urgent')).toBe('an urgent');
    expect(withArticle('utility')).toBe('a utility');
  });
});
