import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/lint.js';

const codes = (text: string) => lint(text).diagnostics.map((d) => `${d.span.line}:${d.code}`);

describe('suppression comments', () => {
  it('dsq-disable-next-line silences the named rules on the next line only', () => {
    const text = ['-- dsq-disable-next-line empty-in-list', 'SELECT a FROM t WHERE b IN () AND c = NULL;', 'SELECT a FROM t WHERE b IN ();'].join('\n');
    expect(codes(text)).toEqual(['2:null-comparison', '3:empty-in-list']);
  });

  it('takes several ids separated by commas, and a reason after --', () => {
    const text = '-- dsq-disable-next-line empty-in-list, null-comparison -- legacy query\nSELECT a FROM t WHERE b IN () AND c = NULL';
    expect(codes(text)).toEqual([]);
  });

  it('without ids silences every rule on the next line', () => {
    expect(codes('/* dsq-disable-next-line */\nSELECT a FROM t WHERE b IN () AND c = NULL LIMIT -1')).toEqual([]);
  });

  it('dsq-disable ... dsq-enable silences a range', () => {
    const text = [
      'SELECT a FROM t WHERE b IN ();',
      '/* dsq-disable empty-in-list */',
      'SELECT a FROM t WHERE b IN () AND c = NULL;',
      'SELECT a FROM t WHERE b IN ();',
      '/* dsq-enable */',
      'SELECT a FROM t WHERE b IN ();',
    ].join('\n');
    expect(codes(text)).toEqual(['1:empty-in-list', '3:null-comparison', '6:empty-in-list']);
  });

  it('dsq-disable without ids silences everything until dsq-enable; enabling one id brings it back', () => {
    const text = [
      '/* dsq-disable */',
      'SELECT a FROM t WHERE b IN () AND c = NULL;',
      '/* dsq-enable null-comparison */',
      'SELECT a FROM t WHERE b IN () AND c = NULL;',
    ].join('\n');
    expect(codes(text)).toEqual(['4:null-comparison']);
  });

  it('a disable without enable lasts to the end of the file, and suppresses syntax errors too', () => {
    expect(codes('-- dsq-disable\nSELECT a FROM WHERE b;\nSELECT a FROM t WHERE b IN ()')).toEqual([]);
  });

  it('a comment starting with another dsq- word is no directive: it suppresses nothing, and says so (issue 27)', () => {
    expect(codes('-- dsq-disabled is not a directive\nSELECT a FROM t WHERE b IN ()')).toEqual(['1:suppression-comment', '2:empty-in-list']);
    // Comments that only mention dsq are ordinary comments.
    expect(codes('-- run dsq-disable-next-line to silence it\nSELECT a FROM t WHERE b IN ()')).toEqual(['2:empty-in-list']);
  });
});

describe('suppression-comment', () => {
  const found = (text: string, options = {}) =>
    lint(text, options)
      .diagnostics.filter((d) => d.code === 'suppression-comment')
      .map((d) => `${d.span.line}:${d.span.column} ${d.message}`);

  it('reports a directive that suppresses nothing, and directives naming unknown rules', () => {
    const text = [
      '-- dsq-disable-next-line null-comparison',
      'SELECT a FROM t WHERE b IS NULL;',
      '/* dsq-disable empty-in-lists */',
      'SELECT a FROM t;',
      '/* dsq-disable */ SELECT 1;',
    ].join('\n');
    expect(found(text)).toEqual([
      '1:1 This dsq-disable-next-line comment suppresses nothing (null-comparison); remove it.',
      '3:1 dsq-disable names "empty-in-lists", which is not a lint rule (did you mean "empty-in-list"?).',
      '5:1 This dsq-disable comment suppresses nothing; remove it.',
    ]);
  });

  it('leaves used directives alone, and does not judge directives naming rules that did not run', () => {
    const text = '-- dsq-disable-next-line empty-in-list\nSELECT a FROM t WHERE b IN ();\n-- dsq-disable-next-line unknown-field\nSELECT custmer FROM t';
    expect(found(text)).toEqual([]);
    expect(found('-- dsq-disable-next-line empty-in-list\nSELECT a FROM t', { rules: { 'empty-in-list': 'off' } })).toEqual([]);
  });

  it('is off when configured off', () => {
    expect(found('-- dsq-disable\nSELECT a FROM t', { rules: { 'suppression-comment': 'off' } })).toEqual([]);
  });
});
