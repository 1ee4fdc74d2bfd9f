import { z } from 'zod';

/**
 * Calendar dates as whole days since 1970-01-01 (proleptic Gregorian, no time zone): the arithmetic of due
 * dates and schedules without clocks or DST. Inputs and outputs are ISO 8601 `YYYY-MM-DD`.
 */
export type Day = number;

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

export function fromParts(year: number, month: number, day: number): Day {
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

export function parts(day: Day): { year: number; month: number; day: number } {
  const date = new Date(day * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Parses a real calendar date `YYYY-MM-DD` (2023-02-29 is not one), or returns null. */
export function parseIsoDate(text: string): Day | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || dayOfMonth < 1) return null;
  if (dayOfMonth > daysInMonth(year, month)) return null;
  return fromParts(year, month, dayOfMonth);
}

export function toIso(day: Day): string {
  const p = parts(day);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The UTC calendar date of an instant (for `ctx.now()` when a date is omitted). */
export function dayOf(instant: Date): Day {
  return Math.floor(instant.getTime() / MS_PER_DAY);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `day` plus `months` calendar months, clamped to the month's end: Jan 31 + 1 month = Feb 28 (29 in leap years). */
export function addMonths(day: Day, months: number): Day {
  const p = parts(day);
  const index = p.year * 12 + (p.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return fromParts(year, month, Math.min(p.day, daysInMonth(year, month)));
}

export function endOfMonth(day: Day): Day {
  const p = parts(day);
  return fromParts(p.year, p.month, daysInMonth(p.year, p.month));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: Day): number {
  return (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

export function weekdayName(day: Day): string {
  return WEEKDAYS[weekday(day)] ?? 'Sunday';
}

export function isWeekend(day: Day): boolean {
  const w = weekday(day);
  return w === 0 || w === 6;
}

/** True when the date lies within the supported years (schedules must not run past them). */
export function inRange(day: Day): boolean {
  const { year } = parts(day);
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** An ISO 8601 calendar date input, parsed to a Day; invalid dates (2023-02-30) are a 400 naming the field. */
export function dateField(description: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'expected an ISO 8601 date YYYY-MM-DD') })
    .trim()
    .regex(ISO_DATE, 'expected an ISO 8601 date YYYY-MM-DD')
    .refine((text) => parseIsoDate(text) !== null, { message: `not a real calendar date between ${MIN_YEAR} and ${MAX_YEAR}` })
    .transform((text): Day => parseIsoDate(text) ?? 0)
    .describe(`${description} (ISO 8601 YYYY-MM-DD)`);
}
