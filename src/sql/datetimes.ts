import { checkDateTimeText, type DateTimeKind } from '../ast/datetime.js';
import { SqlError } from './errors.js';

/**
 * The spec's datetime text (src/ast/datetime.ts validates it) as the one form SQL literals and
 * output use: `YYYY-MM-DD`, `HH:MM:SS.mmm`, and for an instant the UTC date and time after its
 * offset. Week dates, ordinal dates, reduced forms (`2024`, `10`) and fractions of an hour or a
 * minute (`10.5` is 10:30) all come out in that form. Milliseconds are the finest unit.
 */
export interface DateTimeParts {
  /** Milliseconds since 1970-01-01T00:00:00 (of UTC for an instant; of the wall clock otherwise). */
  readonly ms: number;
}

const DAY = 86_400_000;

const DATE_RE = /^(\d{4})(?:-(?:W(\d{2})(?:-(\d))?|(\d{3})|(\d{2})(?:-(\d{2}))?))?/;
const TIME_RE = /^(\d{2})(?::(\d{2})(?::(\d{2}))?)?(?:[.,](\d{1,3}))?/;
const OFFSET_RE = /^(?:Z|([+-])(\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?)$/;

/** Days from 1970-01-01 to a proleptic Gregorian date (any year, no Date quirks for years 0-99). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The date of a day count from 1970-01-01. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: era * 400 + yoe + (month <= 2 ? 1 : 0), month, day };
}

function dateDays(m: RegExpExecArray): number {
  const year = Number(m[1]);
  const [, , week, weekDay, ordinal, month, day] = m;
  if (week !== undefined) {
    // ISO week 1 holds January 4th; weeks start on Monday.
    const jan4 = daysFromCivil(year, 1, 4);
    const jan4Weekday = ((((jan4 + 3) % 7) + 7) % 7) + 1; // 1 = Monday (1970-01-01 was a Thursday)
    return jan4 - (jan4Weekday - 1) + (Number(week) - 1) * 7 + (weekDay !== undefined ? Number(weekDay) - 1 : 0);
  }
  if (ordinal !== undefined) return daysFromCivil(year, 1, 1) + Number(ordinal) - 1;
  return daysFromCivil(year, month !== undefined ? Number(month) : 1, day !== undefined ? Number(day) : 1);
}

/** Milliseconds into the day of a time element; the fraction belongs to the last element written. */
function timeMs(m: RegExpExecArray): number {
  const [, hh, mm, ss, frac] = m;
  const fraction = frac !== undefined ? Number(`0.${frac}`) : 0;
  if (mm === undefined) return Math.round((Number(hh) + fraction) * 3_600_000);
  if (ss === undefined) return Number(hh) * 3_600_000 + Math.round((Number(mm) + fraction) * 60_000);
  return Number(hh) * 3_600_000 + Number(mm) * 60_000 + Math.round((Number(ss) + fraction) * 1000);
}

/** The milliseconds of valid datetime text of a kind (a `$dt` with an offset: of UTC). */
export function dateTimeMs(kind: DateTimeKind, text: string): number {
  const problem = checkDateTimeText(kind, text);
  if (problem !== null) throw new SqlError('run/bad-datetime', problem);
  if (kind === 'localtime') return timeMs(TIME_RE.exec(text) as RegExpExecArray);
  const date = DATE_RE.exec(text) as RegExpExecArray;
  let ms = dateDays(date) * DAY;
  let rest = text.slice(date[0].length);
  if (rest.startsWith('T')) {
    rest = rest.slice(1);
    const time = TIME_RE.exec(rest);
    if (time) {
      ms += timeMs(time);
      rest = rest.slice(time[0].length);
    }
  }
  const offset = OFFSET_RE.exec(rest);
  if (offset?.[1] !== undefined) {
    const sign = offset[1] === '-' ? -1 : 1;
    const [, , oh, om, os, of] = offset;
    ms -= sign * (Number(oh) * 3_600_000 + Number(om ?? 0) * 60_000 + Number(os ?? 0) * 1000 + Number((of ?? '').padEnd(3, '0') || 0));
  }
  return ms;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a day count (years beyond 0-9999 with a sign, as ISO 8601 extends them). */
export function formatDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  const y = year >= 0 && year <= 9999 ? pad(year, 4) : `${year < 0 ? '-' : '+'}${pad(Math.abs(year), 6)}`;
  return `${y}-${pad(month)}-${pad(day)}`;
}

/** `HH:MM:SS.mmm` of milliseconds into a day. */
export function formatTime(ms: number): string {
  const t = ((ms % DAY) + DAY) % DAY;
  return `${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)}.${pad(t % 1000, 3)}`;
}

/** The output text of a value of a datetime kind, from its milliseconds (spec/run-choices.ts, "Datetimes"). */
export function formatDateTime(kind: DateTimeKind, ms: number): string {
  const days = Math.floor(ms / DAY);
  switch (kind) {
    case 'localdate':
      return formatDate(days);
    case 'localtime':
      return formatTime(ms);
    case 'localdatetime':
      return `${formatDate(days)}T${formatTime(ms)}`;
    case 'datetime':
      return `${formatDate(days)}T${formatTime(ms)}Z`;
  }
}

/** The largest instant a JS Date holds, and the engines' TIMESTAMP: ±8.64e15 ms. */
const MAX_MS = 8.64e15;

/** Milliseconds of a `$dt` given as exact whole-number text (epoch milliseconds). */
export function epochMs(text: string): number {
  const value = BigInt(text);
  if (value > BigInt(MAX_MS) || value < -BigInt(MAX_MS)) {
    throw new SqlError('run/datetime-range', `the instant ${text} ms is outside the range a datetime holds (±8.64e15 ms from 1970)`);
  }
  return Number(value);
}

/** The instants ISO text with a 4-digit year writes: 0001-01-01 to 9999-12-31T23:59:59.999. */
const FIRST_MS = -62_135_596_800_000;
const LAST_MS = 253_402_300_799_999;

/** The engine's literal text (date, time, or both joined by a space) of milliseconds. */
export function sqlDateTimeText(kind: DateTimeKind, ms: number): string {
  if (kind !== 'localtime' && (ms < FIRST_MS || ms > LAST_MS)) {
    throw new SqlError('run/datetime-range', `the ${kind} ${formatDateTime(kind, ms)} is outside the years 0001 to 9999 that ISO 8601 text writes`);
  }
  const days = Math.floor(ms / DAY);
  if (kind === 'localdate') return formatDate(days);
  if (kind === 'localtime') return formatTime(ms);
  return `${formatDate(days)} ${formatTime(ms)}`;
}
