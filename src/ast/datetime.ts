import { withArticle } from '../diagnostic/article.js';
/**
 * The spec's datetime text syntax (an ISO 8601 subset), validated with reasons. The grammar, as
 * read here and as grammar/reference.md prints it (a test checks they agree):
 */
export const DATETIME_GRAMMAR = `datetime := date [ 'T' [ time ] ] [ offset ]
date     := YYYY [ '-' MM [ '-' DD ] ] | YYYY '-' DDD | YYYY '-W' ww [ '-' D ]
time     := hh [ ':' mm [ ':' ss ] ] [ ( '.' | ',' ) f{1,3} ]
offset   := 'Z' | ( '+' | '-' ) hh [ ':' mm [ ':' ss [ '.' f{1,3} ] ] ]`;
/*
 * "Time element: hours, optionally `:` minutes, optionally `:` seconds, optional fraction of 1
 * to 3 digits after `.` or `,`." As in ISO 8601 the fraction belongs to the last element
 * written: `10.5` is 10:30, `10:30.5` is 10:30:30, `10:30:15,250` is 10:30:15.25.
 * `$ldt` is a datetime without offset, `$ld` a date element, `$lt` a time element.
 */

export type DateTimeKind = 'datetime' | 'localdatetime' | 'localdate' | 'localtime';

const DATE_RE = /^(\d{4})(?:-(?:W(\d{2})(?:-(\d))?|(\d{3})|(\d{2})(?:-(\d{2}))?))?/;
const TIME_RE = /^(\d{2})(?::(\d{2})(?::(\d{2}))?)?(?:([.,])(\d*))?/;
const OFFSET_RE = /^(?:Z|([+-])(\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?)/;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
/** ISO years have 53 weeks when they start on a Thursday, or on a Wednesday in a leap year. */
function isoWeeksInYear(y: number): number {
  const d = new Date(0);
  d.setUTCFullYear(y, 0, 1); // not Date.UTC: it reads years 0-99 as 1900-1999
  const jan1 = d.getUTCDay(); // 0 = Sunday
  return jan1 === 4 || (jan1 === 3 && isLeap(y)) ? 53 : 52;
}

type Step = { rest: string } | { error: string; expected?: string };

/** A step that did not find the form it reads: `expected <what>`, and `what` as the problem's `expected`. */
const expecting = (what: string): Step => ({ error: `expected ${what}`, expected: what });

function readDate(text: string): Step {
  const m = DATE_RE.exec(text);
  if (!m) return expecting('a date starting with a 4-digit year (YYYY, YYYY-MM-DD, YYYY-DDD or YYYY-Www-D)');
  const year = Number(m[1]);
  const [, , week, weekDay, ordinal, month, day] = m;
  if (week !== undefined) {
    const w = Number(week);
    const max = isoWeeksInYear(year);
    if (w < 1 || w > max) return { error: `week ${week} does not exist: ${year} has ${max} ISO weeks` };
    if (weekDay !== undefined && (Number(weekDay) < 1 || Number(weekDay) > 7)) {
      return { error: `week day ${weekDay} is out of range (1 = Monday to 7 = Sunday)` };
    }
  } else if (ordinal !== undefined) {
    const d = Number(ordinal);
    const max = isLeap(year) ? 366 : 365;
    if (d < 1 || d > max) return { error: `day ${ordinal} of the year does not exist: ${year} has ${max} days` };
  } else if (month !== undefined) {
    const mo = Number(month);
    if (mo < 1 || mo > 12) return { error: `month ${month} is out of range (01 to 12)` };
    if (day !== undefined) {
      const d = Number(day);
      const max = daysInMonth(year, mo);
      if (d < 1 || d > max) return { error: `day ${day} does not exist in ${year}-${month} (which has ${max} days)` };
    }
  }
  return { rest: text.slice(m[0].length) };
}

function readTime(text: string): Step {
  const m = TIME_RE.exec(text);
  if (!m) return expecting('a time starting with 2-digit hours (hh, hh:mm or hh:mm:ss, each optionally with a fraction: hh.f, hh:mm.f, hh:mm:ss.fff)');
  const [, hh, mm, ss, sep, frac] = m;
  if (Number(hh) > 23) return { error: `hour ${hh} is out of range (00 to 23)` };
  if (mm !== undefined && Number(mm) > 59) return { error: `minute ${mm} is out of range (00 to 59)` };
  if (ss !== undefined && Number(ss) > 59) return { error: `second ${ss} is out of range (00 to 59)` };
  if (frac !== undefined && (frac.length < 1 || frac.length > 3)) {
    // The fraction belongs to the last element written (ISO 8601).
    const of = ss !== undefined ? 'second' : mm !== undefined ? 'minute' : 'hour';
    return { error: `a fraction of ${withArticle(of)} has 1 to 3 digits after "${sep}", got ${frac.length}` };
  }
  return { rest: text.slice(m[0].length) };
}

function readOffset(text: string): Step {
  const m = OFFSET_RE.exec(text);
  if (!m) return expecting('an offset: Z or +hh[:mm[:ss[.fff]]] or -hh[:mm...]');
  const [, , hh, mm, ss, frac] = m;
  if (hh !== undefined && Number(hh) > 18) return { error: `offset hour ${hh} is out of range (00 to 18)` };
  if (mm !== undefined && Number(mm) > 59) return { error: `offset minute ${mm} is out of range (00 to 59)` };
  if (ss !== undefined && Number(ss) > 59) return { error: `offset second ${ss} is out of range (00 to 59)` };
  if (frac !== undefined && frac.length > 3) return { error: `offset milliseconds have 1 to 3 digits, got ${frac.length}` };
  return { rest: text.slice(m[0].length) };
}

/** Why a datetime text is invalid, and what was expected where the problem is a form that is missing. */
export interface DateTimeProblem {
  readonly message: string;
  readonly expected?: string;
}

/** Reads a datetime text: the reason it is invalid, or whether it carries an offset. */
export function analyzeDateTimeText(kind: DateTimeKind, text: string): { error: DateTimeProblem } | { offset: boolean } {
  let rest = text;
  let failed: { error: string; expected?: string } | null = null;
  const run = (step: (t: string) => Step): boolean => {
    const r = step(rest);
    if ('error' in r) failed = r;
    else rest = r.rest;
    return failed === null;
  };
  let offset = false;
  if (kind === 'localtime') {
    run(readTime);
  } else if (run(readDate) && kind !== 'localdate' && rest.startsWith('T')) {
    rest = rest.slice(1);
    if (rest !== '' && /^\d/.test(rest)) run(readTime);
  }
  if (failed === null && kind === 'datetime' && rest !== '') offset = run(readOffset);
  if (failed !== null) {
    const { error, expected } = failed as { error: string; expected?: string };
    // `2024-01-31 10:30`: a space where ISO 8601 has T.
    if (kind !== 'localtime' && kind !== 'localdate' && /^ \d/.test(rest))
      return { error: { message: `"${text}": a date and a time are joined by T, not a space (2024-01-31T10:30)` } };
    return { error: { message: `"${text}": ${error}`, ...(expected !== undefined ? { expected } : {}) } };
  }
  if (rest !== '') {
    const what = { datetime: 'a datetime', localdatetime: 'a local datetime (no offset)', localdate: 'a date', localtime: 'a time' }[kind];
    return { error: { message: `"${text}" is not ${what}: unexpected "${rest}"` } };
  }
  return { offset };
}

/** Null when `text` is valid for the kind, otherwise why not (and what was expected, when a form is missing). */
export function dateTimeProblem(kind: DateTimeKind, text: string): DateTimeProblem | null {
  const r = analyzeDateTimeText(kind, text);
  return 'error' in r ? r.error : null;
}

/** Null when `text` is valid for the kind, otherwise the reason it is not. */
export function checkDateTimeText(kind: DateTimeKind, text: string): string | null {
  return dateTimeProblem(kind, text)?.message ?? null;
}

/** True when a valid `$dt` text carries an offset (`Z`, `+02:00`, ...); false without one (UTC is assumed). */
export function hasOffset(text: string): boolean {
  const r = analyzeDateTimeText('datetime', text);
  return 'offset' in r && r.offset;
}
