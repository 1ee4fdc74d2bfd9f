import { defineConverter } from './converter.ts';

export default defineConverter({
  measure: 'time',
  slug: 'time-converter',
  title: 'Time (duration) converter',
  description:
    'Converts durations between nanoseconds, microseconds, milliseconds, seconds, minutes, hours, days, weeks, months and years. A year is the Julian year of 365.25 days and a month a twelfth of it (30.4375 days).',
  keywords: ['time', 'duration', 'hours to minutes', 'seconds', 'days to weeks', 'milliseconds'],
  allowNegative: true,
  examples: [
    { title: 'hours to seconds', input: { value: 1, from: 'h', to: 's' }, result: 3600 },
    { title: 'ninety minutes in hours', input: { value: 90, from: 'minutes', to: 'hours' }, result: 1.5 },
    { title: 'a week in days', input: { value: 1, from: 'week', to: 'd' }, result: 7 },
  ],
});
