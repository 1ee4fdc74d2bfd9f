/**
 * Cron analysis shared by the cron parser and generator: cron-parser for the schedule (next runs in
 * an IANA zone, DST-aware), cronstrue for the English description. No default export.
 */
import type * as CronParser from 'cron-parser';
import type Cronstrue from 'cronstrue';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { invalidField } from '../../../core/errors.ts';
import { lazy } from '../../../lib/lazy.ts';
import { messageOf } from './source.ts';

const cronParser = lazy<typeof CronParser>('cron-parser');
const cronstrue = lazy<typeof Cronstrue>('cronstrue');

const MACROS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly', '@minutely', '@secondly', '@weekdays', '@weekends']);
const FIELD_NAMES = ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;

const fieldSchema = z.object({
  expression: z.string().describe('The field as written (a macro shows its expansion)'),
  values: z.array(z.union([z.number(), z.string()])).describe('Every value the field matches (L, 5L… for last-day rules)'),
});

export const cronAnalysisSchema = z.object({
  expression: z.string(),
  normalized: z.string().describe('Canonical form: names turned into numbers, macros expanded'),
  description: z.string().describe('Plain-English description'),
  hasSeconds: z.boolean().describe('Six-field expression with a leading seconds field'),
  fields: z.object({
    second: fieldSchema.nullable(),
    minute: fieldSchema,
    hour: fieldSchema,
    dayOfMonth: fieldSchema,
    month: fieldSchema,
    dayOfWeek: fieldSchema.describe('0 and 7 are Sunday'),
  }),
  timeZone: z.string(),
  nextRuns: z.array(
    z.object({
      local: z.string().describe('ISO 8601 in timeZone, with its offset'),
      utc: z.string(),
      unix: z.number().describe('Unix seconds'),
    }),
  ),
});

export type CronAnalysis = z.infer<typeof cronAnalysisSchema>;

export interface AnalyseOptions {
  field: string;
  timeZone: string;
  from: Date;
  count: number;
  use24HourTime: boolean;
}

/** Days without a run scanned before giving up on a schedule whose day fields must both match (over 50 years). */
const MAX_SKIPPED_DAYS = 20_000;

/**
 * Vixie cron and cronie: a day-of-month or day-of-week field that starts with '*' ('*', or '*' with a step) sets
 * DOM_STAR / DOW_STAR, and then a day must match both fields; only when neither starts with '*' does either suffice.
 * cron-parser ORs whenever neither field is exactly '*' or '?', so "0 0 *" + "/2 * 1" would run on every odd day and
 * every Monday, where cronie runs it on odd-dated Mondays only. Returns the test a run's day must also pass, or
 * undefined when cron-parser's rule already agrees. '?' (Quartz: no specific value) counts as '*'.
 */
function bothDaysMustMatch(
  parts: string[],
  dayIndex: number,
  weekdayIndex: number,
  parse: (source: string) => ReturnType<typeof CronParser.CronExpressionParser.parse>,
): ((date: Date) => boolean) | undefined {
  const day = parts[dayIndex] ?? '*';
  const weekday = parts[weekdayIndex] ?? '*';
  const star = (field: string): boolean => field.startsWith('*') || field.startsWith('?');
  const any = (field: string): boolean => field === '*' || field === '?';
  if (any(day) || any(weekday) || !(star(day) || star(weekday))) return undefined;
  const withField = (index: number, value: string): string => parts.map((part, i) => (i === index ? value : part)).join(' ');
  const dayOnly = parse(withField(weekdayIndex, '*'));
  const weekdayOnly = parse(withField(dayIndex, '*'));
  return (date) => dayOnly.includesDate(date) && weekdayOnly.includesDate(date);
}

/** Parses and explains a cron expression; a bad one is a 400 naming `options.field`. */
export function analyseCron(expression: string, options: AnalyseOptions): CronAnalysis {
  const text = expression.trim().replace(/\s+/g, ' ');
  const isMacro = MACROS.has(text.toLowerCase());
  const parts = text.split(' ');
  if (!isMacro && (parts.length < 5 || parts.length > 6)) {
    throw invalidField(
      options.field,
      `'${text}' has ${parts.length} field${parts.length === 1 ? '' : 's'}; cron needs 5 (minute hour day-of-month month day-of-week) or 6 (with seconds first), or a macro such as @daily`,
    );
  }
  const hasSeconds = !isMacro && parts.length === 6;
  const dayIndex = hasSeconds ? 3 : 2;
  const weekdayIndex = dayIndex + 2;
  if (!isMacro) {
    const misplaced = parts.findIndex((part, index) => part.includes('?') && index !== dayIndex && index !== weekdayIndex);
    if (misplaced !== -1) {
      const name = FIELD_NAMES[misplaced + (hasSeconds ? 0 : 1)] ?? 'field';
      throw invalidField(
        options.field,
        `'?' (no specific value) is only allowed in the day-of-month and day-of-week fields, not in the ${name} field (in '${text}')`,
      );
    }
  }
  const parse = (source: string): ReturnType<typeof CronParser.CronExpressionParser.parse> => {
    try {
      return cronParser().CronExpressionParser.parse(source, { currentDate: options.from, tz: options.timeZone });
    } catch (error) {
      throw invalidField(options.field, `${messageOf(error).replace(/^Invalid cron expression,?\s*/i, '')} (in '${text}')`);
    }
  };
  const parsed = parse(isMacro ? text.toLowerCase() : text);
  const bothDays = isMacro ? undefined : bothDaysMustMatch(parts, dayIndex, weekdayIndex, parse);
  const normalized = parsed.stringify(hasSeconds);
  // Fields as written (names and steps kept); a macro shows its expansion.
  const shownParts = isMacro ? normalized.split(' ') : parts;
  const offset = hasSeconds ? 0 : 1;
  const fieldOf = (name: (typeof FIELD_NAMES)[number]): z.infer<typeof fieldSchema> => {
    const index = FIELD_NAMES.indexOf(name) - offset;
    const values = [...parsed.fields[name].values] as (number | string)[];
    return { expression: shownParts[index] ?? '*', values };
  };
  let description: string;
  try {
    description = cronstrue().toString(text, { use24HourTimeFormat: options.use24HourTime, verbose: false });
  } catch {
    try {
      description = cronstrue().toString(normalized, { use24HourTimeFormat: options.use24HourTime, verbose: false });
    } catch {
      description = normalized;
    }
  }
  if (bothDays) description += ', when the day of month and the day of week both match';
  const nextRuns: CronAnalysis['nextRuns'] = [];
  try {
    let skippedDays = 0;
    while (nextRuns.length < options.count && parsed.hasNext()) {
      const ms = parsed.next().getTime();
      if (bothDays && !bothDays(new Date(ms))) {
        // The whole day fails: go on from the last second before the next local midnight.
        if (++skippedDays > MAX_SKIPPED_DAYS) break;
        parsed.reset(new Date(DateTime.fromMillis(ms, { zone: options.timeZone }).startOf('day').plus({ days: 1 }).toMillis() - 1000));
        continue;
      }
      nextRuns.push({
        local: DateTime.fromMillis(ms, { zone: options.timeZone }).toISO({ suppressMilliseconds: true }) ?? '',
        utc: new Date(ms).toISOString().replace('.000Z', 'Z'),
        unix: Math.floor(ms / 1000),
      });
    }
  } catch (error) {
    if (nextRuns.length === 0) throw invalidField(options.field, `'${text}' never fires (${messageOf(error)})`);
  }
  if (bothDays && nextRuns.length === 0) {
    throw invalidField(options.field, `'${text}' never fires in the next 50 years: no day matches both its day of month and its day of week`);
  }
  return {
    expression: text,
    normalized,
    description,
    hasSeconds,
    fields: {
      second: hasSeconds ? fieldOf('second') : null,
      minute: fieldOf('minute'),
      hour: fieldOf('hour'),
      dayOfMonth: fieldOf('dayOfMonth'),
      month: fieldOf('month'),
      dayOfWeek: fieldOf('dayOfWeek'),
    },
    timeZone: options.timeZone,
    nextRuns,
  };
}
