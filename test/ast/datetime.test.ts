import { describe, expect, it } from 'vitest';
import { checkDateTimeText, hasOffset, type DateTimeKind } from '../../src/ast/datetime.js';

describe('checkDateTimeText: valid texts', () => {
  const valid: [DateTimeKind, string][] = [
    ['datetime', '2024'],
    ['datetime', '2024-01'],
    ['datetime', '2024-02-29'],
    ['datetime', '2024-366'],
    ['datetime', '2024-W05'],
    ['datetime', '2024-W05-3'],
    ['datetime', '2020-W53-7'],
    ['localdate', '0009-W53'],
    ['datetime', '2024-01-31T'],
    ['datetime', '2024-01-31T10'],
    ['datetime', '2024-01-31T10:30'],
    ['datetime', '2024-01-31T10:30:59.123'],
    ['datetime', '2024-01-31T10:30:59,1'],
    ['datetime', '2024-01-31T10:30Z'],
    ['datetime', '2024-01-31T10:30+02'],
    ['datetime', '2024-01-31T10:30-05:30'],
    ['datetime', '2024-01-31T10:30+18:00:00.000'],
    ['localdatetime', '2024-01-31T23:59:59'],
    ['localdate', '2000-02-29'],
    ['localdate', '2023-365'],
    ['localtime', '00'],
    ['localtime', '23:59:59.999'],
  ];
  for (const [kind, text] of valid) it(`${kind} ${text}`, () => expect(checkDateTimeText(kind, text)).toBeNull());

  it('hasOffset tells instants with an offset from those without', () => {
    expect(hasOffset('2024-01-31T10:30Z')).toBe(true);
    expect(hasOffset('2024-01-31T10:30+01:00')).toBe(true);
    expect(hasOffset('2024-01-31T10:30')).toBe(false);
  });
});

describe('checkDateTimeText: each error with its reason', () => {
  const invalid: [DateTimeKind, string, string][] = [
    ['datetime', '2024-13-01', '"2024-13-01": month 13 is out of range (01 to 12)'],
    ['datetime', '2024-00', '"2024-00": month 00 is out of range (01 to 12)'],
    ['localdate', '2023-02-29', '"2023-02-29": day 29 does not exist in 2023-02 (which has 28 days)'],
    ['localdate', '2024-02-30', '"2024-02-30": day 30 does not exist in 2024-02 (which has 29 days)'],
    ['localdate', '2024-04-31', '"2024-04-31": day 31 does not exist in 2024-04 (which has 30 days)'],
    ['localdate', '2023-366', '"2023-366": day 366 of the year does not exist: 2023 has 365 days'],
    ['localdate', '2024-W53', '"2024-W53": week 53 does not exist: 2024 has 52 ISO weeks'],
    ['localdate', '2024-W00', '"2024-W00": week 00 does not exist: 2024 has 52 ISO weeks'],
    ['localdate', '2024-W05-8', '"2024-W05-8": week day 8 is out of range (1 = Monday to 7 = Sunday)'],
    ['localtime', '24:00', '"24:00": hour 24 is out of range (00 to 23)'],
    ['localtime', '10:60', '"10:60": minute 60 is out of range (00 to 59)'],
    ['localtime', '10:30:60', '"10:30:60": second 60 is out of range (00 to 59)'],
    ['localtime', '10:30:15.1234', '"10:30:15.1234": a fraction of a second has 1 to 3 digits after ".", got 4'],
    ['datetime', '2024-01-31T10:30+19', '"2024-01-31T10:30+19": offset hour 19 is out of range (00 to 18)'],
    ['datetime', '2024-01-31T10:30+01:00:00.1234', '"2024-01-31T10:30+01:00:00.1234": offset milliseconds have 1 to 3 digits, got 4'],
    ['localdatetime', '2024-01-31T10:30Z', '"2024-01-31T10:30Z" is not a local datetime (no offset): unexpected "Z"'],
    ['localdate', '2024-01-31T10:30', '"2024-01-31T10:30" is not a date: unexpected "T10:30"'],
    ['localtime', '2024-01-31', '"2024-01-31" is not a time: unexpected "24-01-31"'],
    ['datetime', '24-01-31', '"24-01-31": expected a date starting with a 4-digit year (YYYY, YYYY-MM-DD, YYYY-DDD or YYYY-Www-D)'],
    [
      'localtime',
      'noon',
      '"noon": expected a time starting with 2-digit hours (hh, hh:mm or hh:mm:ss, each optionally with a fraction: hh.f, hh:mm.f, hh:mm:ss.fff)',
    ],
    ['datetime', '2024-01-31 10:30', '"2024-01-31 10:30": a date and a time are joined by T, not a space (2024-01-31T10:30)'],
  ];
  for (const [kind, text, reason] of invalid) it(`${kind} ${text}`, () => expect(checkDateTimeText(kind, text)).toBe(reason));
});
