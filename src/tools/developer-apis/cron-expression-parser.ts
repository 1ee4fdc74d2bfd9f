import { DateTime } from 'luxon';
import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { analyseCron, cronAnalysisSchema } from './lib/cron.ts';
import { checkZone } from './lib/time.ts';

export default defineTool({
  module: 'developer-apis',
  slug: 'cron-expression-parser',
  title: 'Cron expression parser & next run times',
  description:
    'Explains a cron expression in plain English and lists its next run times in any IANA time zone, handling daylight-saving changes. Accepts standard 5-field cron (minute hour day-of-month month day-of-week), ' +
    '6-field cron with seconds, names (MON-FRI, JAN), steps and ranges (*/15, 9-17), L (last day), 5L (last Friday), 1#2 (second Monday), ? (day fields only) and macros (@daily, @weekly…). ' +
    'Also expands every field into the values it matches. When both day-of-month and day-of-week are restricted, the job runs when either matches, unless one of them starts with * (such as */2): then both must match, as in Vixie cron and cronie. ? is allowed only in those two day fields. Invalid expressions are a 400 that says what is wrong.',
  keywords: ['cron', 'crontab', 'cron parser', 'cron explain', 'next run', 'schedule', 'cron to english', 'time zone'],
  input: () =>
    z.object({
      expression: z
        .string()
        .min(1, 'must not be empty')
        .max(200, 'at most 200 characters')
        .describe('The cron expression, e.g. "*/15 9-17 * * MON-FRI" or "@daily"'),
      timeZone: z.string().max(64).optional().describe('IANA time zone the schedule runs in. Default UTC.'),
      count: z
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(100, 'at most 100')
        .optional()
        .describe('How many upcoming runs to list (1–100). Default 5.'),
      from: z.string().max(40).optional().describe('ISO 8601 instant to count from. Default now.'),
      use24HourTime: z.boolean().optional().describe('Describe times as 14:00 instead of 02:00 PM. Default false.'),
    }),
  output: () => cronAnalysisSchema,
  examples: [
    {
      title: 'every 30 minutes in business hours, New York, across the DST change',
      input: { expression: '*/30 9-10 * * MON-FRI', timeZone: 'America/New_York', count: 5, from: '2024-03-08T15:00:00Z' },
      output: {
        expression: '*/30 9-10 * * MON-FRI',
        normalized: '0,30 9,10 * * 1-5',
        description: 'Every 30 minutes, between 09:00 AM and 10:59 AM, Monday through Friday',
        hasSeconds: false,
        fields: {
          second: null,
          minute: { expression: '*/30', values: [0, 30] },
          hour: { expression: '9-10', values: [9, 10] },
          dayOfMonth: { expression: '*', values: Array.from({ length: 31 }, (_, i) => i + 1) },
          month: { expression: '*', values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
          dayOfWeek: { expression: 'MON-FRI', values: [1, 2, 3, 4, 5] },
        },
        timeZone: 'America/New_York',
        nextRuns: [
          { local: '2024-03-08T10:30:00-05:00', utc: '2024-03-08T15:30:00Z', unix: 1709911800 },
          { local: '2024-03-11T09:00:00-04:00', utc: '2024-03-11T13:00:00Z', unix: 1710162000 },
          { local: '2024-03-11T09:30:00-04:00', utc: '2024-03-11T13:30:00Z', unix: 1710163800 },
          { local: '2024-03-11T10:00:00-04:00', utc: '2024-03-11T14:00:00Z', unix: 1710165600 },
          { local: '2024-03-11T10:30:00-04:00', utc: '2024-03-11T14:30:00Z', unix: 1710167400 },
        ],
      },
    },
    {
      title: 'last Friday of the month, six-field with seconds',
      input: { expression: '0 0 18 * * 5L', from: '2024-01-01T00:00:00Z', count: 3, use24HourTime: true },
      output: {
        expression: '0 0 18 * * 5L',
        normalized: '0 0 18 * * 5L',
        description: 'At 18:00, on the last Friday of the month',
        hasSeconds: true,
        fields: {
          second: { expression: '0', values: [0] },
          minute: { expression: '0', values: [0] },
          hour: { expression: '18', values: [18] },
          dayOfMonth: { expression: '*', values: Array.from({ length: 31 }, (_, i) => i + 1) },
          month: { expression: '*', values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
          dayOfWeek: { expression: '5L', values: ['5L'] },
        },
        timeZone: 'UTC',
        nextRuns: [
          { local: '2024-01-26T18:00:00Z', utc: '2024-01-26T18:00:00Z', unix: 1706292000 },
          { local: '2024-02-23T18:00:00Z', utc: '2024-02-23T18:00:00Z', unix: 1708711200 },
          { local: '2024-03-29T18:00:00Z', utc: '2024-03-29T18:00:00Z', unix: 1711735200 },
        ],
      },
    },
  ],
  run: ({ expression, timeZone = 'UTC', count = 5, from, use24HourTime = false }, ctx) => {
    const zone = checkZone('timeZone', timeZone);
    let start = ctx.now();
    if (from !== undefined) {
      const parsed = DateTime.fromISO(from, { zone: 'utc' });
      if (!parsed.isValid) throw invalidField('from', 'an ISO 8601 date-time such as 2024-07-01T00:00:00Z');
      start = parsed.toJSDate();
    }
    return analyseCron(expression, { field: 'expression', timeZone: zone, from: start, count, use24HourTime });
  },
});
