// Parsers shared by the ISO 8601 checks. They scan char codes in place, so a passing value costs
// no allocation; slices and regexes appear only on the way to a failure message.
import { digitAt, twoDigits } from "./shared.ts";

const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const DATE_FORMAT = "YYYY-MM-DD, e.g. 2026-07-21";
const ONE_DIGIT_PARTS = /^\d{4}-\d{1,2}-\d{1,2}$/;
const DAY_FIRST = /^\d{1,2}[./-]\d{1,2}[./-]\d{4}$/;
const BASIC_DATE = /^\d{8}$/;

/** Checks s[0, end) as a calendar date YYYY-MM-DD. */
export function dateError(s: string, end: number): string | null {
  if (end === 10 && s.charCodeAt(4) === 45 && s.charCodeAt(7) === 45) {
    const century = twoDigits(s, 0);
    const yy = twoDigits(s, 2);
    const month = twoDigits(s, 5);
    const day = twoDigits(s, 8);
    if (century >= 0 && yy >= 0 && month >= 0 && day >= 0) {
      if (month < 1 || month > 12) return `month ${s.slice(5, 7)} is out of range (01-12)`;
      const year = century * 100 + yy;
      const last = daysInMonth(year, month);
      if (day >= 1 && day <= last) return null;
      if (month === 2 && day === 29) return `${s.slice(0, 4)} is not a leap year: February has 28 days`;
      return `day ${s.slice(8, 10)} is out of range for ${MONTHS[month - 1]} (01-${last})`;
    }
  }
  const date = end === s.length ? s : s.slice(0, end);
  if (ONE_DIGIT_PARTS.test(date)) return `write month and day with two digits: ${DATE_FORMAT}`;
  if (DAY_FIRST.test(date)) return `put the year first: ${DATE_FORMAT}`;
  if (BASIC_DATE.test(date)) return `add hyphens: ${DATE_FORMAT}`;
  return UNREADABLE_DATE;
}

const UNREADABLE_DATE = `expected a date as ${DATE_FORMAT}`;

const TIME_FORMAT = "hh:mm or hh:mm:ss, e.g. 19:30";
const NO_COLONS = /^\d{4}(?:\d{2})?(?:\.\d+)?$/;
const ONE_DIGIT_HOUR = /^\d{1,2}:\d{1,2}(?::\d{1,2})?$/;
const TWELVE_HOUR = /[ap]\.?m\.?$/i;

function timeShapeError(s: string, start: number, end: number): string {
  if (start === end) return "add a time after T, e.g. 2026-07-21T19:30";
  const time = s.slice(start, end);
  if (TWELVE_HOUR.test(time)) return "use the 24-hour clock without AM/PM, e.g. 19:30";
  if (NO_COLONS.test(time)) return `separate hours, minutes and seconds with colons: ${TIME_FORMAT}`;
  if (ONE_DIGIT_HOUR.test(time)) return `write each part of the time with two digits: ${TIME_FORMAT}`;
  return `expected a time as ${TIME_FORMAT}`;
}

/** Checks s[start, end) as hh:mm, hh:mm:ss or hh:mm:ss.fff. */
export function timeError(s: string, start: number, end: number): string | null {
  const len = end - start;
  const hour = twoDigits(s, start);
  if (hour < 0) return timeShapeError(s, start, end);
  if (len === 2) return "add minutes to the time: hh:mm";
  if (len < 5 || s.charCodeAt(start + 2) !== 58) return timeShapeError(s, start, end);
  const minute = twoDigits(s, start + 3);
  if (minute < 0) return timeShapeError(s, start, end);
  let second = 0;
  let fractionNonZero = false;
  if (len > 5) {
    if (len < 8 || s.charCodeAt(start + 5) !== 58) return timeShapeError(s, start, end);
    second = twoDigits(s, start + 6);
    if (second < 0) return timeShapeError(s, start, end);
    if (len > 8) {
      const separator = s.charCodeAt(start + 8);
      // ISO 8601 also allows a comma here, but the consumers of structured data parse a dot only.
      if (separator === 44) return "use a dot before fractional seconds, e.g. 19:30:05.250";
      if (separator !== 46 || len === 9) return timeShapeError(s, start, end);
      for (let i = start + 9; i < end; i++) {
        const d = digitAt(s, i);
        if (d < 0) return timeShapeError(s, start, end);
        if (d > 0) fractionNonZero = true;
      }
    }
  }
  if (hour > 24) return `hour ${s.slice(start, start + 2)} is out of range (00-23)`;
  if (minute > 59) return `minute ${s.slice(start + 3, start + 5)} is out of range (00-59)`;
  // 60 is a leap second, which ISO 8601 allows.
  if (second > 60) return `second ${s.slice(start + 6, start + 8)} is out of range (00-59)`;
  // ISO 8601 keeps 24:00 as the end of a day; any later instant belongs to the next day.
  if (hour === 24 && (minute !== 0 || second !== 0 || fractionNonZero)) {
    return "hour 24 is only allowed as 24:00, the end of the day";
  }
  return null;
}

/** Index of the zone designator (Z, + or -) at or after `from`, or -1. */
export function zoneStart(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 90 || c === 43 || c === 45 || c === 122) return i;
  }
  return -1;
}

const ZONE_FORMAT = "write the time zone as Z or an offset like -05:00";

/** Checks s[start, end of string) as Z, ±hh:mm, ±hhmm or ±hh. */
export function zoneError(s: string, start: number): string | null {
  const c = s.charCodeAt(start);
  const len = s.length - start;
  if (c === 90) return len === 1 ? null : ZONE_FORMAT;
  if (c === 122) return len === 1 ? "use an uppercase Z for UTC" : ZONE_FORMAT;
  const hour = twoDigits(s, start + 1);
  let minute = 0;
  if (hour < 0) return ZONE_FORMAT;
  if (len === 6 && s.charCodeAt(start + 3) === 58) minute = twoDigits(s, start + 4);
  else if (len === 5) minute = twoDigits(s, start + 3);
  else if (len !== 3) return ZONE_FORMAT;
  if (minute < 0) return ZONE_FORMAT;
  if (minute > 59) return `offset minutes ${minute} are out of range (00-59)`;
  // No place on Earth is further than 14 hours from UTC (Kiribati, +14:00).
  if (hour > 14 || (hour === 14 && minute > 0)) {
    return `offset ${s.slice(start)} is out of range (-14:00 to +14:00)`;
  }
  return null;
}

/**
 * The date-time nearly every page writes (a day of 01-28, which every month has; a time; a zone of Z or
 * an offset under 14 hours), matched by compiled regular-expression code: twice as fast as the
 * character reads below, which a value this shape passes anyway (it needs no time or zone it lacks).
 * A date alone (10 characters) goes straight to the reads: they pass it sooner than the pattern fails it.
 */
const COMMON_DATE_TIME = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-](?:0\d|1[0-3]):?[0-5]\d)$/;

export const NO_TIME_ZONE = "no time zone: add Z or an offset like -05:00";

/**
 * Checks a date, or a date and time with an optional zone. `needTime` and `needZone` turn the
 * optional parts into requirements, with a message that says what is missing.
 */
export function dateTimeError(s: string, needTime: boolean, needZone: boolean): string | null {
  return s.length > 10 && COMMON_DATE_TIME.test(s) ? null : readDateTimeError(s, needTime, needZone);
}

/**
 * A zone written apart from its time ("2022-07-26 10:51:36 -0400", Dribbble's uploadDate): the date and
 * time, then a space, then the zone.
 */
const SPACED_ZONE = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d(?::\d\d(?:\.\d+)?)?) +(Z|[+-]\d\d:?\d\d)$/;

/**
 * Where a date and time is wanted, a value that reads as no date at all ("Tue Jan 05 2021 21:36:30
 * GMT+0000", JavaScript's Date text) is told to write a date and time: told to write a date alone, it
 * would only earn the "no time" message next.
 */
function dateTimeReason(dateReason: string, needTime: boolean, needZone: boolean): string {
  if (dateReason !== UNREADABLE_DATE || !needTime) return dateReason;
  return needZone ? "expected a date and time as YYYY-MM-DDThh:mm with a time zone, e.g. 2026-07-21T19:30-05:00" : "expected a date and time as YYYY-MM-DDThh:mm, e.g. 2026-07-21T19:30";
}

/** dateTimeError by reading the characters: every shape, and the reason a value fails. */
export function readDateTimeError(s: string, needTime: boolean, needZone: boolean): string | null {
  const spaced = SPACED_ZONE.exec(s);
  if (spaced !== null) {
    // The value as it is meant, written out: the reader sees what to write rather than a made-up example.
    const meant = `${spaced[1]}T${spaced[2]}${spaced[3]}`;
    if (readDateTimeError(meant, needTime, needZone) === null) {
      return s.charCodeAt(10) === 32 ? `separate the date and the time with T and write the time zone right after the time: ${meant}` : `write the time zone right after the time, without a space: ${meant}`;
    }
  }
  const t = s.indexOf("T");
  if (t === -1) {
    if (s.length > 10 && dateError(s, 10) === null) {
      const c = s.charCodeAt(10);
      if (c === 32) {
        // Where a zone is wanted too, both repairs are named: "2016-10-06 04:59:57" is read as a date-time
        // without its zone, and the tools name the zone (vimeo/player.js#964).
        const withT = readDateTimeError(`${s.slice(0, 10)}T${s.slice(11)}`, needTime, needZone);
        if (withT === null) return `separate the date and the time with T, not a space: ${s.slice(0, 10)}T${s.slice(11)}`;
        return withT === NO_TIME_ZONE
          ? "separate the date and the time with T, not a space, and add a time zone: 2026-07-21T19:30-05:00"
          : "separate the date and the time with T, not a space: 2026-07-21T19:30";
      }
      if (c === 116) return "use an uppercase T between the date and the time";
      if (c === 43 || c === 45 || c === 90 || c === 122) {
        return "a time zone needs a time: add it before the zone, e.g. 2026-07-21T19:30-05:00";
      }
    }
    const reason = dateError(s, s.length);
    if (reason !== null) return dateTimeReason(reason, needTime, needZone);
    if (needTime) {
      return needZone
        ? "no time: add a time and a time zone, e.g. 2026-07-21T19:30-05:00"
        : "no time: add a time, e.g. 2026-07-21T19:30";
    }
    return null;
  }
  const reason = dateError(s, t);
  if (reason !== null) return dateTimeReason(reason, needTime, needZone);
  const zone = zoneStart(s, t + 1);
  const timeReason = timeError(s, t + 1, zone === -1 ? s.length : zone);
  if (timeReason !== null) return timeReason;
  if (zone === -1) return needZone ? NO_TIME_ZONE : null;
  return zoneError(s, zone);
}

const MONTH_NUMBERS: ReadonlyMap<string, number> = new Map(
  MONTHS.flatMap((name, i) => [[name.toLowerCase(), i + 1], [name.slice(0, 3).toLowerCase(), i + 1]] as Array<[string, number]>),
);
const SEPARATED_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:([ Tt])(.*))?$/;
const BASIC = /^(\d{4})(\d{2})(\d{2})$/;
const NUMERIC_DAY_MONTH = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const MONTH_NAME_FIRST = /^([A-Za-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/;
const DAY_FIRST_NAME = /^(\d{1,2})(?:st|nd|rd|th)?\.? ([A-Za-z]+)\.?,? (\d{4})$/;
const LOWER_ZONE = /z$/;

const pad = (n: number | string): string => String(n).padStart(2, "0");

function calendarDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * The ISO 8601 form of a date or date-time written in a form that has one reading: "2027-07-21 19:00",
 * "2027/7/21", "20270721", "July 21, 2027", "21 July 2027", "21/07/2027" (21 is no month). Null for
 * anything else: "07/08/2027" is July 8 in one country and August 7 in another. Times and zones are
 * kept as written (never invented); the caller checks that the answer passes.
 */
export function isoDateCandidate(text: string): string | null {
  const s = text.trim();
  let m = SEPARATED_DATE.exec(s);
  if (m) {
    const date = calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
    if (date === null) return null;
    if (m[4] === undefined) return date;
    const rest = m[5].trim().replace(LOWER_ZONE, "Z");
    return rest === "" ? null : `${date}T${rest}`;
  }
  m = BASIC.exec(s);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = NUMERIC_DAY_MONTH.exec(s);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    // Either order is possible unless one part cannot be a month (or both readings agree).
    if (a <= 12 && b <= 12 && a !== b) return null;
    return a > 12 ? calendarDate(Number(m[3]), b, a) : calendarDate(Number(m[3]), a, b);
  }
  m = MONTH_NAME_FIRST.exec(s);
  if (m) {
    const month = MONTH_NUMBERS.get(m[1].toLowerCase());
    return month === undefined ? null : calendarDate(Number(m[3]), month, Number(m[2]));
  }
  m = DAY_FIRST_NAME.exec(s);
  if (m) {
    const month = MONTH_NUMBERS.get(m[2].toLowerCase());
    return month === undefined ? null : calendarDate(Number(m[3]), month, Number(m[1]));
  }
  return null;
}

/** The checks' `fix`: the value's ISO date candidate (isoDateCandidate), or none. */
export function isoDateFix(value: string | number | boolean): { value: string } | null {
  const candidate = typeof value === "string" ? isoDateCandidate(value) : null;
  return candidate === null ? null : { value: candidate };
}
