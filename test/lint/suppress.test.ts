import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/lint.js';

const codes = (text: string) => lint(text).diagnostics.map((d) => `${d.span.line}:${d.code}`);

describe('suppression comments', () => {
  it('dsq-disable-next-line silences the named rules on the next line only', () => {
    const text = [
      '-- dsq-disable-next-line empty-in-list',
      'SELECT a FROM t WHERE b IN () AND c = NULL;',
      'SELECT a FROM t WHERE b IN ();',
    ].join('\n');
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

  it('ordinary comments that mention dsq are not directives', () => {
    expect(codes('-- dsq-disabled is not a directive\nSELECT a FROM t WHERE b IN ()')).toEqual(['2:empty-in-list']);
  });
});
