import { Decimal } from 'decimal.js';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { checkZone, wallTime } from './lib/time.ts';

type Unit = 'seconds' | 'milliseconds' | 'microseconds' | 'nanoseconds';
const MS_PER_UNIT: Record<Unit, string> = { seconds: '1e3', milliseconds: '1', microseconds: '1e-3', nanoseconds: '1e-6' };
/**
 * Decimal arithmetic for epoch values: exact for any value the input allows (at most 100 characters) and
 * rounding toward −∞, so the floor below is the floor of the true value (a binary float rounds 1719835200.9999 × 1000 up).
 */
const EpochDecimal = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_FLOOR });

/** Unit of a bare epoch number by magnitude: < 1e11 seconds (until year 5138), < 1e14 ms, < 1e17 µs, else ns. */
function detectUnit(abs: number): Unit {
  if (abs < 1e11) return 'seconds';
  if (abs < 1e14) return 'milliseconds';
  if (abs < 1e17) return 'microseconds';
  return 'nanoseconds';
}

/**
 * Whole milliseconds of an epoch value, floored (as Unix time is: 1500 µs is 1 ms, −1500 µs is −2 ms, 12:00:00.9999 is 12:00:00.999).
 * A number and the same digits as a string give the same instant: a number is read as its shortest decimal form.
 */
function epochToMillis(raw: string | number, unit: Unit): number {
  return new EpochDecimal(raw).times(MS_PER_UNIT[unit]).floor().toNumber();
}

/** Supported instants: years 1–9999, where every format here (ISO 8601, RFC 2822, HTTP dates) is defined. */
const MIN_MS = new Date('0001-01-01T00:00:00Z').getTime();
const MAX_MS = new Date('9999-12-31T23:59:59.999Z').getTime();

interface Parsed {
  dt: DateTime;
  detected: string;
  zoneless: boolean;
}

function parseValue(value: string | number | undefined, unit: Unit | 'auto', assumeZone: string, now: Date): Parsed {
  if (value === undefined || (typeof value === 'string' && value.trim().toLowerCase() === 'now')) {
    return { dt: DateTime.fromJSDate(now, { zone: 'utc' }), detected: 'now', zoneless: false };
  }
  const text = typeof value === 'string' ? value.trim() : value;
  if (typeof text === 'number' || /^[-+]?\d+(\.\d+)?$/.test(text)) {
    const abs = Math.abs(Number(text));
    const used = unit === 'auto' ? detectUnit(abs) : unit;
    const ms = epochToMillis(text, used);
    const dt = DateTime.fromMillis(ms, { zone: 'utc' });
    if (!Number.isFinite(ms) || !dt.isValid) throw invalidField('value', 'epoch value out of range (dates must lie within ±273,790 years of 1970)');
    return { dt, detected: `unix-${used}`, zoneless: false };
  }
  if (unit !== 'auto') throw invalidField('unit', 'only applies to numeric (epoch) values');
  const attempts: [string, (s: string, zone: string) => DateTime][] = [
    ['iso8601', (s, zone) => DateTime.fromISO(s, { zone, setZone: true })],
    ['rfc2822', (s, zone) => DateTime.fromRFC2822(s, { zone, setZone: true })],
    ['http-date', (s, zone) => DateTime.fromHTTP(s, { zone, setZone: true })],
    ['sql', (s, zone) => DateTime.fromSQL(s, { zone, setZone: true })],
  ];
  for (const [name, parse] of attempts) {
    const dt = parse(text, assumeZone);
    if (dt.isValid) {
      // Written without an offset exactly when the offset follows the zone it is read in ("2018-11-04" ends in "-04", a day, not an offset).
      const zoneless = parse(text, 'UTC').offset !== parse(text, 'UTC+1').offset;
      return { dt, detected: name, zoneless };
    }
  }
  throw invalidField(
    'value',
    'not a recognised date: use Unix seconds/milliseconds (1719835200), ISO 8601 (2024-07-01T12:00:00Z), RFC 2822 (Mon, 01 Jul 2024 12:00:00 +0000), an HTTP date or SQL (2024-07-01 12:00:00)',
  );
}

function offsetString(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const zonedSchema = z.object({
  timeZone: z.string().describe('Canonical zone name'),
  iso: z.string().describe('ISO 8601 with the zone offset'),
  rfc2822: z.string(),
  local: z.string().describe('Wall-clock time, yyyy-MM-dd HH:mm:ss'),
  human: z.string().describe('Long, locale-formatted date and time'),
  offset: z.string().describe('UTC offset, e.g. +02:00'),
  offsetMinutes: z.number(),
  abbreviation: z.string().describe('Short zone name in the locale, e.g. EDT or GMT+2'),
  zoneLongName: z.string().describe('Long zone name, e.g. Central European Summer Time'),
  isDst: z.boolean(),
  dayOfWeek: z.string(),
  dayOfYear: z.number(),
  isoWeek: z.number(),
  quarter: z.number(),
});

export default defineTool({
  module: 'developer-apis',
  slug: 'timestamp-converter',
  cpu: 'large-input',
  title: 'Timestamp converter (Unix ↔ ISO 8601 ↔ RFC 2822, any time zone)',
  description:
    'Converts a point in time between Unix epoch (seconds, milliseconds, microseconds or nanoseconds — detected by magnitude unless unit is given), ISO 8601, RFC 2822, HTTP dates and SQL datetimes, ' +
    'and shows it in any IANA time zone with its offset, DST flag, zone names, weekday, ISO week and a relative phrase ("3 days ago"). Omit value for the current time. ' +
    'Dates written without an offset are read in assumeTimeZone (default: timeZone); a local time skipped or repeated by a DST change is flagged in a warning.',
  keywords: ['unix timestamp', 'epoch', 'iso 8601', 'rfc 2822', 'time zone', 'timezone converter', 'date converter', 'utc'],
  input: () =>
    z.object({
      value: z
        .union([z.number(), z.string().max(100, 'at most 100 characters')])
        .optional()
        .describe('Epoch number (or digit string), ISO 8601, RFC 2822, HTTP or SQL date, or "now". Default now.'),
      unit: z
        .enum(['auto', 'seconds', 'milliseconds', 'microseconds', 'nanoseconds'])
        .optional()
        .describe('Unit of an epoch value. Default auto (by magnitude).'),
      timeZone: z.string().max(64).optional().describe('IANA zone to show the time in, e.g. America/New_York. Default UTC.'),
      assumeTimeZone: z.string().max(64).optional().describe('IANA zone for dates written without an offset. Default: timeZone.'),
      locale: z.string().max(35).optional().describe('BCP 47 locale for the human-readable forms, e.g. en-US, de-DE. Default en-US.'),
      relativeTo: z.string().max(40).optional().describe('ISO 8601 instant that relative and secondsFromNow are measured from. Default now.'),
    }),
  output: () =>
    z.object({
      detectedFormat: z
        .string()
        .describe('How value was read: unix-seconds, unix-milliseconds, unix-microseconds, unix-nanoseconds, iso8601, rfc2822, http-date, sql or now'),
      unixSeconds: z.number().describe('Whole seconds since 1970-01-01T00:00:00Z (floor)'),
      unixMilliseconds: z.number(),
      utc: z.object({ iso: z.string(), rfc2822: z.string(), httpDate: z.string() }),
      zoned: zonedSchema,
      relative: z.string().describe('Relative to now (or relativeTo), e.g. "in 2 hours" or "3 days ago"'),
      secondsFromNow: z.number().describe('Seconds from now (or relativeTo): positive in the future, negative in the past'),
    }),
  examples: [
    { title: 'now in Tokyo', input: { timeZone: 'Asia/Tokyo' } },
    {
      title: 'Unix seconds shown in New York (daylight time)',
      input: { value: 1719835200, timeZone: 'America/New_York', relativeTo: '2024-07-01T00:00:00Z' },
      output: {
        detectedFormat: 'unix-seconds',
        unixSeconds: 1719835200,
        unixMilliseconds: 1719835200000,
        utc: { iso: '2024-07-01T12:00:00.000Z', rfc2822: 'Mon, 01 Jul 2024 12:00:00 +0000', httpDate: 'Mon, 01 Jul 2024 12:00:00 GMT' },
        zoned: {
          timeZone: 'America/New_York',
          iso: '2024-07-01T08:00:00.000-04:00',
          rfc2822: 'Mon, 01 Jul 2024 08:00:00 -0400',
          local: '2024-07-01 08:00:00',
          human: 'Monday, July 1, 2024 at 8:00:00 AM Eastern Daylight Time',
          offset: '-04:00',
          offsetMinutes: -240,
          abbreviation: 'EDT',
          zoneLongName: 'Eastern Daylight Time',
          isDst: true,
          dayOfWeek: 'Monday',
          dayOfYear: 183,
          isoWeek: 27,
          quarter: 3,
        },
        relative: 'in 12 hours',
        secondsFromNow: 43200,
      },
    },
    {
      title: 'ISO 8601 with offset, shown in Berlin (British English)',
      input: { value: '2024-12-24T18:30:00-05:00', timeZone: 'Europe/Berlin', locale: 'en-GB', relativeTo: '2024-12-31T23:30:00Z' },
      output: {
        detectedFormat: 'iso8601',
        unixSeconds: 1735083000,
        unixMilliseconds: 1735083000000,
        utc: { iso: '2024-12-24T23:30:00.000Z', rfc2822: 'Tue, 24 Dec 2024 23:30:00 +0000', httpDate: 'Tue, 24 Dec 2024 23:30:00 GMT' },
        zoned: {
          timeZone: 'Europe/Berlin',
          iso: '2024-12-25T00:30:00.000+01:00',
          rfc2822: 'Wed, 25 Dec 2024 00:30:00 +0100',
          local: '2024-12-25 00:30:00',
          human: 'Wednesday, 25 December 2024 at 0:30:00 Central European Standard Time',
          offset: '+01:00',
          offsetMinutes: 60,
          abbreviation: 'CET',
          zoneLongName: 'Central European Standard Time',
          isDst: false,
          dayOfWeek: 'Wednesday',
          dayOfYear: 360,
          isoWeek: 52,
          quarter: 4,
        },
        relative: '7 days ago',
        secondsFromNow: -604800,
      },
    },
  ],
  run: ({ value, unit = 'auto', timeZone = 'UTC', assumeTimeZone, locale = 'en-US', relativeTo }, ctx) => {
    const zone = checkZone('timeZone', timeZone);
    const assume = assumeTimeZone === undefined ? zone : checkZone('assumeTimeZone', assumeTimeZone);
    let canonicalLocale: string;
    try {
      canonicalLocale = Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
    } catch {
      throw invalidField('locale', `'${locale}' is not a BCP 47 locale tag such as en-US or de-DE`);
    }
    let now = ctx.now();
    const parsed = parseValue(value, unit, assume, now);
    if (relativeTo !== undefined) {
      const base = DateTime.fromISO(relativeTo, { zone: 'utc' });
      if (!base.isValid || base.toMillis() < MIN_MS || base.toMillis() > MAX_MS) {
        throw invalidField('relativeTo', 'an ISO 8601 date-time between 0001-01-01 and 9999-12-31, such as 2024-07-01T00:00:00Z');
      }
      now = base.toJSDate();
    }
    if (parsed.zoneless) {
      // Compare the wall-clock time as written with what the zone made of it.
      const written = String(value).trim();
      const asWritten = parsed.detected === 'sql' ? DateTime.fromSQL(written, { zone: 'utc' }) : DateTime.fromISO(written, { zone: 'utc' });
      if (asWritten.isValid) {
        const wall = wallTime(assume, parsed.dt.toMillis(), asWritten);
        if (wall.kind === 'gap') ctx.warn(`${written} does not exist in ${assume} (clocks jump forward then); it was moved to ${parsed.dt.toISO()}.`);
        if (wall.kind === 'ambiguous' && wall.instants[0] !== undefined) {
          parsed.dt = DateTime.fromMillis(wall.instants[0], { zone: assume });
          ctx.warn(`${written} occurs twice in ${assume} (clocks go back then); the earlier one, ${parsed.dt.toISO()}, was used.`);
        }
      }
    }
    const ms = parsed.dt.toMillis();
    if (!(ms >= MIN_MS && ms <= MAX_MS)) throw invalidField('value', 'dates must lie between 0001-01-01 and 9999-12-31 (UTC)');
    const utc = DateTime.fromMillis(ms, { zone: 'utc' });
    const z = DateTime.fromMillis(ms, { zone }).setLocale(canonicalLocale);
    const nowDt = DateTime.fromJSDate(now, { zone });
    return {
      detectedFormat: parsed.detected,
      unixSeconds: Math.floor(ms / 1000),
      unixMilliseconds: ms,
      utc: { iso: utc.toISO() ?? '', rfc2822: utc.toRFC2822() ?? '', httpDate: utc.toHTTP() ?? '' },
      zoned: {
        timeZone: z.zoneName ?? zone,
        iso: z.toISO() ?? '',
        rfc2822: z.toRFC2822() ?? '',
        local: z.toFormat('yyyy-MM-dd HH:mm:ss'),
        human: z.toLocaleString(DateTime.DATETIME_HUGE_WITH_SECONDS),
        offset: offsetString(z.offset),
        offsetMinutes: z.offset,
        abbreviation: z.offsetNameShort ?? offsetString(z.offset),
        zoneLongName: z.offsetNameLong ?? z.zoneName ?? zone,
        isDst: z.isInDST,
        dayOfWeek: z.setLocale('en-US').toFormat('cccc'),
        dayOfYear: z.ordinal,
        isoWeek: z.weekNumber,
        quarter: z.quarter,
      },
      relative: z.toRelative({ base: nowDt, locale: canonicalLocale }) ?? '',
      secondsFromNow: Math.round((ms - now.getTime()) / 1000),
    };
  },
});
