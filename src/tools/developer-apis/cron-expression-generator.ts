import { DateTime } from 'luxon';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { analyseCron, cronAnalysisSchema } from './lib/cron.ts';
import { checkZone } from './lib/time.ts';

const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const FREQUENCIES = ['every-minute', 'every-n-minutes', 'hourly', 'every-n-hours', 'daily', 'weekdays', 'weekly', 'monthly', 'yearly'] as const;
type Frequency = (typeof FREQUENCIES)[number];

const USES: Record<string, Frequency[]> = {
  interval: ['every-n-minutes', 'every-n-hours'],
  minute: ['hourly', 'every-n-hours'],
  time: ['daily', 'weekdays', 'weekly', 'monthly', 'yearly'],
  daysOfWeek: ['weekly'],
  dayOfMonth: ['monthly', 'yearly'],
  month: ['yearly'],
  betweenHours: ['every-minute', 'every-n-minutes', 'hourly', 'every-n-hours'],
  weekdaysOnly: ['every-minute', 'every-n-minutes', 'hourly', 'every-n-hours'],
};

export default defineTool({
  module: 'developer-apis',
  slug: 'cron-expression-generator',
  cpu: 'large-input',
  title: 'Cron expression generator',
  description:
    'Builds a standard 5-field cron expression from plain options — every N minutes or hours, hourly at a minute, daily/weekdays/weekly at a time, monthly on a day (or the last day), yearly on a date — ' +
    'optionally limited to a range of hours and to weekdays. Returns the expression, its English description, each field expanded, and the next run times in an IANA time zone (DST-aware), so the schedule can be checked before it is deployed.',
  keywords: ['cron', 'crontab', 'cron generator', 'cron builder', 'schedule', 'every 5 minutes', 'cron job'],
  input: () =>
    z.object({
      frequency: z.enum(FREQUENCIES).describe('every-minute, every-n-minutes, hourly, every-n-hours, daily, weekdays (Mon–Fri), weekly, monthly or yearly'),
      interval: z
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(59, 'at most 59')
        .optional()
        .describe('every-n-minutes: minutes (1–59); every-n-hours: hours (1–23)'),
      minute: z
        .number()
        .int('a whole number')
        .min(0)
        .max(59, 'at most 59')
        .optional()
        .describe('hourly / every-n-hours: minute past the hour (0–59). Default 0.'),
      time: z
        .string()
        .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'a 24-hour time HH:MM, e.g. 09:30')
        .optional()
        .describe('daily, weekdays, weekly, monthly, yearly: time of day as HH:MM (24-hour). Default 00:00.'),
      daysOfWeek: z.array(z.enum(DAYS)).min(1, 'at least one day').max(7).optional().describe('weekly: the days, e.g. ["mon", "thu"]. Default ["mon"].'),
      dayOfMonth: z
        .union([z.number().int('a whole number').min(1, 'at least 1').max(31, 'at most 31'), z.literal('last')])
        .optional()
        .describe('monthly / yearly: day of the month (1–31) or "last". Default 1.'),
      month: z.number().int('a whole number').min(1, 'at least 1').max(12, 'at most 12').optional().describe('yearly: month (1–12). Default 1.'),
      betweenHours: z
        .object({
          from: z.number().int().min(0).max(23).describe('First hour (0–23)'),
          to: z.number().int().min(0).max(23).describe('Last hour (0–23), inclusive'),
        })
        .optional()
        .describe('Minute/hour frequencies: only run in these hours, e.g. {from: 9, to: 17}'),
      weekdaysOnly: z.boolean().optional().describe('Minute/hour frequencies: only Monday to Friday. Default false.'),
      timeZone: z.string().max(64).optional().describe('IANA time zone for the next run times. Default UTC.'),
      count: z.number().int('a whole number').min(1).max(50, 'at most 50').optional().describe('How many next runs to list (1–50). Default 5.'),
      from: z.string().max(40).optional().describe('ISO 8601 instant to list the next runs from. Default now.'),
      use24HourTime: z.boolean().optional().describe('Describe times as 14:00 instead of 02:00 PM. Default false.'),
    }),
  output: () => cronAnalysisSchema,
  examples: [
    {
      title: 'every 15 minutes during office hours on weekdays',
      input: { frequency: 'every-n-minutes', interval: 15, betweenHours: { from: 9, to: 17 }, weekdaysOnly: true, count: 3, from: '2024-03-08T17:40:00Z' },
      output: {
        expression: '*/15 9-17 * * MON-FRI',
        normalized: '*/15 9-17 * * 1-5',
        description: 'Every 15 minutes, between 09:00 AM and 05:59 PM, Monday through Friday',
        hasSeconds: false,
        fields: {
          second: null,
          minute: { expression: '*/15', values: [0, 15, 30, 45] },
          hour: { expression: '9-17', values: [9, 10, 11, 12, 13, 14, 15, 16, 17] },
          dayOfMonth: { expression: '*', values: Array.from({ length: 31 }, (_, i) => i + 1) },
          month: { expression: '*', values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
          dayOfWeek: { expression: 'MON-FRI', values: [1, 2, 3, 4, 5] },
        },
        timeZone: 'UTC',
        nextRuns: [
          { local: '2024-03-08T17:45:00Z', utc: '2024-03-08T17:45:00Z', unix: 1709919900 },
          { local: '2024-03-11T09:00:00Z', utc: '2024-03-11T09:00:00Z', unix: 1710147600 },
          { local: '2024-03-11T09:15:00Z', utc: '2024-03-11T09:15:00Z', unix: 1710148500 },
        ],
      },
    },
    {
      title: 'weekly on Monday and Thursday at 09:30 London time (BST starts on 31 March)',
      input: { frequency: 'weekly', daysOfWeek: ['thu', 'mon'], time: '09:30', timeZone: 'Europe/London', count: 3, from: '2024-03-25T00:00:00Z' },
      output: {
        expression: '30 9 * * MON,THU',
        normalized: '30 9 * * 1,4',
        description: 'At 09:30 AM, only on Monday and Thursday',
        hasSeconds: false,
        fields: {
          second: null,
          minute: { expression: '30', values: [30] },
          hour: { expression: '9', values: [9] },
          dayOfMonth: { expression: '*', values: Array.from({ length: 31 }, (_, i) => i + 1) },
          month: { expression: '*', values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
          dayOfWeek: { expression: 'MON,THU', values: [1, 4] },
        },
        timeZone: 'Europe/London',
        nextRuns: [
          { local: '2024-03-25T09:30:00+00:00', utc: '2024-03-25T09:30:00Z', unix: 1711359000 },
          { local: '2024-03-28T09:30:00+00:00', utc: '2024-03-28T09:30:00Z', unix: 1711618200 },
          { local: '2024-04-01T09:30:00+01:00', utc: '2024-04-01T08:30:00Z', unix: 1711960200 },
        ],
      },
    },
    {
      title: 'last day of every month at 23:00',
      input: { frequency: 'monthly', dayOfMonth: 'last', time: '23:00', use24HourTime: true },
    },
  ],
  run: (input, ctx) => {
    const { frequency, interval, minute = 0, time = '00:00', daysOfWeek = ['mon'], dayOfMonth = 1, month = 1, betweenHours, weekdaysOnly } = input;
    for (const [field, allowed] of Object.entries(USES)) {
      if (input[field as keyof typeof input] !== undefined && !allowed.includes(frequency)) {
        throw invalidField(field, `is not used with frequency ${frequency} (only with ${allowed.join(', ')})`);
      }
    }
    const [hh = '0', mm = '0'] = time.split(':');
    const h = Number(hh);
    const m = Number(mm);
    if (betweenHours && betweenHours.from > betweenHours.to)
      throw invalidField('betweenHours', 'from must not be after to (a range across midnight needs two schedules)');
    const hours = betweenHours ? (betweenHours.from === betweenHours.to ? String(betweenHours.from) : `${betweenHours.from}-${betweenHours.to}`) : '*';
    const dow = weekdaysOnly ? 'MON-FRI' : '*';
    let expression: string;
    switch (frequency) {
      case 'every-minute':
        expression = `* ${hours} * * ${dow}`;
        break;
      case 'every-n-minutes': {
        if (interval === undefined) throw invalidField('interval', 'is required for every-n-minutes (1–59)');
        if (60 % interval !== 0) ctx.warn(`${interval} does not divide 60: runs restart at minute 0 every hour, so the gap across the hour is shorter.`);
        expression = `${interval === 1 ? '*' : `*/${interval}`} ${hours} * * ${dow}`;
        break;
      }
      case 'hourly':
        expression = `${minute} ${hours} * * ${dow}`;
        break;
      case 'every-n-hours': {
        if (interval === undefined) throw invalidField('interval', 'is required for every-n-hours (1–23)');
        if (interval > 23) throw invalidField('interval', 'at most 23 for every-n-hours');
        if (24 % interval !== 0) ctx.warn(`${interval} does not divide 24: runs restart at hour 0 every day, so the gap across midnight is shorter.`);
        const base = hours === '*' ? '*' : hours.includes('-') ? hours : `${hours}-${hours}`;
        expression = `${minute} ${interval === 1 ? base : `${base}/${interval}`} * * ${dow}`;
        break;
      }
      case 'daily':
        expression = `${m} ${h} * * *`;
        break;
      case 'weekdays':
        expression = `${m} ${h} * * MON-FRI`;
        break;
      case 'weekly': {
        const days = [...new Set(daysOfWeek)].sort((a, b) => DAYS.indexOf(a) - DAYS.indexOf(b));
        expression = `${m} ${h} * * ${days.map((d) => d.toUpperCase()).join(',')}`;
        break;
      }
      case 'monthly':
      case 'yearly': {
        if (typeof dayOfMonth === 'number' && dayOfMonth > 28) {
          ctx.warn(`Months without day ${dayOfMonth} are skipped; use dayOfMonth "last" to run on the last day of every month.`);
        }
        const dom = dayOfMonth === 'last' ? 'L' : String(dayOfMonth);
        if (frequency === 'yearly' && typeof dayOfMonth === 'number') {
          const longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 31;
          if (dayOfMonth > longest) throw invalidField('dayOfMonth', `month ${month} never has a day ${dayOfMonth}`);
        }
        expression = `${m} ${h} ${dom} ${frequency === 'yearly' ? month : '*'} *`;
        break;
      }
    }
    const zone = checkZone('timeZone', input.timeZone ?? 'UTC');
    let start = ctx.now();
    if (input.from !== undefined) {
      const parsed = DateTime.fromISO(input.from, { zone: 'utc' });
      if (!parsed.isValid) throw invalidField('from', 'an ISO 8601 date-time such as 2024-07-01T00:00:00Z');
      start = parsed.toJSDate();
    }
    return analyseCron(expression, { field: 'frequency', timeZone: zone, from: start, count: input.count ?? 5, use24HourTime: input.use24HourTime ?? false });
  },
});
