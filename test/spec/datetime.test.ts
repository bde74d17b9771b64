import { describe, expect, it } from 'vitest';
import { checkDateTimeText, hasOffset, type DateTimeKind } from '../../src/ast/datetime.js';
import { datetime, localDate, localDateTime, localTime } from '../../src/builder/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { fromJsonExpression } from '../../src/json/index.js';
import { parseExpression } from '../../src/syntax/index.js';

/** The text in every entry point: the checker, dsq text, JSON ($ shorthand) and the builder. */
function everywhere(kind: DateTimeKind, text: string): (string | null)[] {
  const word = { datetime: 'DATETIME', localdatetime: 'TIMESTAMP', localdate: 'DATE', localtime: 'TIME' }[kind];
  const key = { datetime: '$dt', localdatetime: '$ldt', localdate: '$ld', localtime: '$lt' }[kind];
  const build = { datetime, localdatetime: localDateTime, localdate: localDate, localtime: localTime }[kind];
  const reason = (f: () => unknown): string | null => {
    try {
      f();
      return null;
    } catch (err) {
      if (err instanceof DsqError) return err.first.message;
      if (err instanceof Error) return err.message;
      throw err;
    }
  };
  return [
    checkDateTimeText(kind, text),
    reason(() => parseExpression(`${word} '${text}'`)),
    reason(() => fromJsonExpression({ [key]: text })),
    reason(() => build(text)),
  ];
}

const accepted = (kind: DateTimeKind, text: string) => expect(everywhere(kind, text), `${kind} ${text}`).toEqual([null, null, null, null]);

describe('"Time element: hours, optionally `:` minutes, optionally `:` seconds, optional fraction of 1 to 3 digits after `.` or `,`."', () => {
  const elements = [
    ['hours', '10'],
    ['minutes', '10:30'],
    ['seconds', '10:30:15'],
  ] as const;

  for (const [element, time] of elements) {
    for (const sep of ['.', ','] as const) {
      it(`a fraction after the ${element} (the last element written), with "${sep}", of 1, 2 and 3 digits`, () => {
        for (const digits of ['5', '25', '125']) {
          const t = `${time}${sep}${digits}`;
          accepted('localtime', t);
          accepted('datetime', `2024-01-01T${t}`);
          accepted('datetime', `2024-01-01T${t}Z`);
          accepted('datetime', `2024-W05-3T${t}+02:00`);
          accepted('localdatetime', `2024-060T${t}`);
        }
      });

      it(`a fraction after the ${element} with "${sep}" and 4 digits, or none, is an error with the reason`, () => {
        const of = element === 'hours' ? 'an hour' : element === 'minutes' ? 'a minute' : 'a second';
        expect(everywhere('localtime', `${time}${sep}1234`)[0]).toBe(`"${time}${sep}1234": a fraction of ${of} has 1 to 3 digits after "${sep}", got 4`);
        expect(everywhere('localtime', `${time}${sep}`)[0]).toBe(`"${time}${sep}": a fraction of ${of} has 1 to 3 digits after "${sep}", got 0`);
        // The same reason from text, JSON and builder.
        const all = everywhere('localtime', `${time}${sep}1234`);
        expect(new Set(all).size).toBe(1);
      });
    }
  }

  it("the issue's cases: 10.5 (10:30) and 10:30.5 (10:30:30) are time elements, 2024-01-01T10.5Z a datetime", () => {
    accepted('localtime', '10.5');
    accepted('localtime', '10:30.5');
    accepted('datetime', '2024-01-01T10.5Z');
  });

  it('a fraction is not a second fraction on a fraction: 10.5:30 and 10:30.5:15 are errors', () => {
    expect(checkDateTimeText('localtime', '10.5:30')).toBe('"10.5:30" is not a time: unexpected ":30"');
    expect(checkDateTimeText('localtime', '10:30.5:15')).toBe('"10:30.5:15" is not a time: unexpected ":15"');
  });

  it('out-of-range values are still rejected with a reason, fraction or not', () => {
    expect(everywhere('localtime', '24.5')[0]).toBe('"24.5": hour 24 is out of range (00 to 23)');
    expect(everywhere('localtime', '10:60.5')[0]).toBe('"10:60.5": minute 60 is out of range (00 to 59)');
    expect(everywhere('localtime', '10:30:60,1')[0]).toBe('"10:30:60,1": second 60 is out of range (00 to 59)');
    for (const text of ['24.5', '10:60.5', '10:30:60,1']) expect(new Set(everywhere('localtime', text)).size).toBe(1);
  });
});

describe('"Datetime string syntax: date element, optionally followed by `T`, an optional time element and an optional offset."', () => {
  it('"Date element forms: year with optional month and day; year with ordinal day; week date (year, `-W`, week number, optional day number)."', () => {
    for (const date of ['2024', '2024-02', '2024-02-29', '2024-060', '2024-366', '2024-W05', '2024-W05-3', '2020-W53-7']) {
      accepted('localdate', date);
      accepted('datetime', date);
      accepted('datetime', `${date}T`);
      accepted('datetime', `${date}T10:30`);
    }
  });

  it('"Offset: `Z` or a sign with hours, optionally minutes, seconds, and milliseconds."', () => {
    for (const offset of ['Z', '+02', '-05:30', '+01:00:30', '-01:00:30.250']) accepted('datetime', `2024-01-31T10:30${offset}`);
    expect(checkDateTimeText('datetime', '2024-01-31T10:30+19')).toBe('"2024-01-31T10:30+19": offset hour 19 is out of range (00 to 18)');
  });

  it('"Without an offset, UTC is assumed.": the text is valid and carries no offset', () => {
    expect(hasOffset('2024-01-01T10.5')).toBe(false);
    expect(hasOffset('2024-01-01T10.5Z')).toBe(true);
  });

  it('a space between date and time gets a reason that says T', () => {
    expect(checkDateTimeText('datetime', '2024-01-31 10:30')).toBe('"2024-01-31 10:30": a date and a time are joined by T, not a space (2024-01-31T10:30)');
  });

  it('"local time ... value: string, time-element syntax" and "local datetime ... datetime syntax without offset"', () => {
    expect(checkDateTimeText('localdatetime', '2024-01-01T10.5Z')).toBe('"2024-01-01T10.5Z" is not a local datetime (no offset): unexpected "Z"');
    expect(checkDateTimeText('localtime', '10.5Z')).toBe('"10.5Z" is not a time: unexpected "Z"');
  });
});
