import { z } from 'zod';
import { invalidField } from '../../core/errors.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { textField } from '../../registry/fields.ts';
import { createRegexPool } from '../../engines/regex/pool.ts';

/** Wall-clock budget for evaluating one pattern (matching plus replacing) in the worker. */
export const REGEX_DEADLINE_MS = 1000;

const FLAG_NAMES: Record<string, string> = {
  d: 'indices',
  g: 'global',
  i: 'ignoreCase',
  m: 'multiline',
  s: 'dotAll',
  u: 'unicode',
  v: 'unicodeSets',
  y: 'sticky',
};

const groupSchema = z.object({
  number: z.number().describe('Group number, from 1'),
  name: z.string().nullable().describe('Group name for (?<name>…), else null'),
  value: z.string().nullable().describe('Captured text; null when the group did not take part'),
  index: z.number().nullable(),
  end: z.number().nullable(),
});

export default defineTool({
  module: 'developer-apis',
  slug: 'regex-tester',
  cpu: 'large-input',
  title: 'Regex tester',
  description:
    'Tests a JavaScript (ECMAScript) regular expression against a text: every match with its start/end index (UTF-16 code units), numbered and named capture groups with their spans, ' +
    'and, with replace, the replaced text (supports $1, $<name>, $& …). Flags follow JavaScript: without g only the first match is returned. ' +
    `Patterns run in an isolated worker with a ${REGEX_DEADLINE_MS} ms deadline: a catastrophically backtracking pattern such as ^(a+)+$ is stopped and answered with 422, never hanging the service. ` +
    "Invalid patterns or flags are a 400 with the engine's message.",
  keywords: ['regex', 'regular expression', 'regexp', 'test', 'match', 'capture groups', 'named groups', 'replace', 'javascript regex'],
  input: () =>
    z.object({
      pattern: z.string().max(10_000, 'at most 10,000 characters').describe('The pattern, without slashes, e.g. (\\d{4})-(\\d{2})'),
      flags: z
        .string()
        .max(8)
        .regex(/^[dgimsuvy]*$/, 'only the letters d g i m s u v y')
        .optional()
        .describe('JavaScript flags, any of d g i m s u v y. Default "g" (all matches); "" for the first match only.'),
      text: textField('The text to search'),
      replace: z
        .string()
        .max(10_000, 'at most 10,000 characters')
        .optional()
        .describe("Replacement string: $1, $<name>, $&, $`, $', $$ work as in String.prototype.replace"),
      maxMatches: z
        .number()
        .int('a whole number')
        .min(1, 'at least 1')
        .max(10_000, 'at most 10,000')
        .optional()
        .describe('Most matches to return (1–10,000). Default 1,000.'),
    }),
  output: () =>
    z.object({
      pattern: z.string(),
      flags: z.string(),
      flagNames: z.array(z.string()).describe('The flags in words, e.g. global, ignoreCase'),
      groupCount: z.number().describe('Capture groups in the pattern'),
      matchCount: z.number().describe('Matches returned'),
      truncated: z.boolean().describe('True when more matches existed than were returned (maxMatches or output size reached), or a value was cut'),
      matches: z.array(
        z.object({
          value: z.string(),
          index: z.number().describe('Start offset (UTF-16 code units)'),
          end: z.number().describe('End offset, exclusive'),
          groups: z.array(groupSchema),
          namedGroups: z.record(z.string(), z.string().nullable()),
        }),
      ),
      replaced: z.string().nullable().describe('The text after replacement, when replace was given'),
      replacements: z.number().nullable().describe('How many replacements were made'),
    }),
  timeoutMs: 15_000,
  examples: [
    {
      title: 'named groups with their spans',
      input: { pattern: '(?<year>\\d{4})-(?<month>\\d{2})', text: 'Due 2024-07, paid 2024-08.' },
      output: {
        pattern: '(?<year>\\d{4})-(?<month>\\d{2})',
        flags: 'g',
        flagNames: ['global'],
        groupCount: 2,
        matchCount: 2,
        truncated: false,
        matches: [
          {
            value: '2024-07',
            index: 4,
            end: 11,
            groups: [
              { number: 1, name: 'year', value: '2024', index: 4, end: 8 },
              { number: 2, name: 'month', value: '07', index: 9, end: 11 },
            ],
            namedGroups: { year: '2024', month: '07' },
          },
          {
            value: '2024-08',
            index: 18,
            end: 25,
            groups: [
              { number: 1, name: 'year', value: '2024', index: 18, end: 22 },
              { number: 2, name: 'month', value: '08', index: 23, end: 25 },
            ],
            namedGroups: { year: '2024', month: '08' },
          },
        ],
        replaced: null,
        replacements: null,
      },
    },
    {
      title: 'case-insensitive replace with a backreference',
      input: { pattern: '\\b(\\w)(\\w*)\\b', flags: 'gi', text: 'hello big world', replace: '$2$1ay' },
      output: {
        pattern: '\\b(\\w)(\\w*)\\b',
        flags: 'gi',
        flagNames: ['global', 'ignoreCase'],
        groupCount: 2,
        matchCount: 3,
        truncated: false,
        matches: [
          {
            value: 'hello',
            index: 0,
            end: 5,
            groups: [
              { number: 1, name: null, value: 'h', index: 0, end: 1 },
              { number: 2, name: null, value: 'ello', index: 1, end: 5 },
            ],
            namedGroups: {},
          },
          {
            value: 'big',
            index: 6,
            end: 9,
            groups: [
              { number: 1, name: null, value: 'b', index: 6, end: 7 },
              { number: 2, name: null, value: 'ig', index: 7, end: 9 },
            ],
            namedGroups: {},
          },
          {
            value: 'world',
            index: 10,
            end: 15,
            groups: [
              { number: 1, name: null, value: 'w', index: 10, end: 11 },
              { number: 2, name: null, value: 'orld', index: 11, end: 15 },
            ],
            namedGroups: {},
          },
        ],
        replaced: 'ellohay igbay orldway',
        replacements: 3,
      },
    },
    {
      title: 'no g flag: first match only; optional group that did not match',
      input: { pattern: 'colou?(r)(s)?', flags: '', text: 'color colours' },
      output: {
        pattern: 'colou?(r)(s)?',
        flags: '',
        flagNames: [],
        groupCount: 2,
        matchCount: 1,
        truncated: false,
        matches: [
          {
            value: 'color',
            index: 0,
            end: 5,
            groups: [
              { number: 1, name: null, value: 'r', index: 4, end: 5 },
              { number: 2, name: null, value: null, index: null, end: null },
            ],
            namedGroups: {},
          },
        ],
        replaced: null,
        replacements: null,
      },
    },
  ],
  run: async ({ pattern, flags = 'g', text, replace, maxMatches = 1000 }, ctx) => {
    if (new Set(flags).size !== flags.length) throw invalidField('flags', 'each flag may appear once');
    if (flags.includes('u') && flags.includes('v')) throw invalidField('flags', 'u and v cannot be combined (v is the extended form of u)');
    let groupCount: number;
    try {
      // Compiling checks the syntax without running the pattern, so it is safe on this thread.
      const probe = new RegExp(pattern, flags);
      groupCount = new RegExp(`${probe.source}|`, flags).exec('')!.length - 1;
    } catch (error) {
      throw invalidField('pattern', `not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`);
    }
    // Without engines (a unit test) the call gets a pool of its own, closed with it.
    const own = ctx.engines.regex ? undefined : createRegexPool();
    const outcome = await (ctx.engines.regex ?? own!)
      .run(
        {
          pattern,
          flags,
          text,
          replace: replace ?? null,
          maxMatches,
          maxValueChars: 10_000,
          maxTotalChars: 2_000_000,
          maxReplacedChars: 2_000_000,
        },
        REGEX_DEADLINE_MS,
        ctx.signal,
      )
      .finally(() => own?.close());
    if (outcome.truncated)
      ctx.warn(`Output was limited: at most ${maxMatches} matches, 10,000 characters per value and 2,000,000 characters in total are returned.`);
    return {
      pattern,
      flags,
      flagNames: [...flags].sort((a, b) => 'dgimsuvy'.indexOf(a) - 'dgimsuvy'.indexOf(b)).map((f) => FLAG_NAMES[f] ?? f),
      groupCount,
      matchCount: outcome.matches.length,
      truncated: outcome.truncated,
      matches: outcome.matches.map(({ valueTruncated: _cut, ...m }) => m),
      replaced: outcome.replaced,
      replacements: outcome.replacements,
    };
  },
});
