import { withThousands } from '../lib/digits.ts';
import { z } from 'zod';

/** Largest text any text tool takes: 1,000,000 characters (a longer one is a 400 naming the field). */
export const MAX_TEXT_CHARS = 1_000_000;
/** Built once: textField runs for hundreds of fields. */
const MAX_TEXT_MESSAGE = `at most ${withThousands(MAX_TEXT_CHARS)} characters`;

/** A text input with the house limit; `description` is what the catalog and the MCP model read. */
export function textField(description: string): z.ZodString {
  return z.string().max(MAX_TEXT_CHARS, MAX_TEXT_MESSAGE).describe(description);
}

/** A whole number in [min, max], described with its range. */
export function countField(description: string, min: number, max: number): z.ZodNumber {
  return z.number().int('a whole number').min(min, `at least ${min}`).max(max, `at most ${max}`).describe(`${description} (${min}–${max})`);
}

/*
 * Form fields. File tools take their options as multipart form fields, which are always text, while MCP and
 * JSON bodies send the JSON type: each field below takes both ("true" or true, "85" or 85), and every file
 * tool spells them the same way (test/registry-fields.test.ts holds every file tool to it).
 */

/** The text spellings a boolean form field takes (case-insensitive), besides JSON true and false. */
export const BOOLEAN_SPELLINGS = { truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] } as const;

/** A boolean option: JSON true/false or one of BOOLEAN_SPELLINGS; anything else is a 400 naming the field. */
export function booleanField(defaultValue: boolean, description: string) {
  return z
    .union([z.boolean(), z.stringbool({ truthy: [...BOOLEAN_SPELLINGS.truthy], falsy: [...BOOLEAN_SPELLINGS.falsy] })])
    .default(defaultValue)
    .describe(description);
}

/** A whole number in [min, max] (JSON number or its digits as text), described with its range. */
export function wholeNumberField(min: number, max: number, description: string) {
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+$/, 'a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int('a whole number').min(min, `at least ${min}`).max(max, `at most ${max}`))
    .describe(`${description} (${min}–${max})`);
}

/** A number in [min, max] (JSON number or decimal text), described with its range. */
export function numberField(min: number, max: number, description: string) {
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, 'a number')
        .transform(Number),
    ])
    .pipe(z.number().min(min, `at least ${min}`).max(max, `at most ${max}`))
    .describe(`${description} (${min}–${max})`);
}

/** A list (of enum values, say) sent as a JSON array or, in a form field, as comma-separated text ("email,phone"). */
export function listField<T extends z.ZodType>(list: T) {
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
        : value,
    list,
  );
}

/** The name a file tool gives its output file, without extension; a name with a path separator is refused. */
export function outputNameField(description = 'Name for the output file (without extension); default: the uploaded name') {
  return z
    .string()
    .max(200, 'at most 200 characters')
    .refine((name) => !/[/\\]/.test(name), 'a file name without / or \\')
    .optional()
    .describe(description);
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** An absolute https:// URL (surrounding spaces trimmed). */
export function httpsUrlField() {
  return z.string().trim().max(2048).refine(isHttpsUrl, 'an absolute https:// URL');
}

/** Up to `max` (and at least `min`) https:// URLs: a JSON array, or one URL on its own. */
export function httpsUrlsField(max: number, description: string, min = 0) {
  const url = httpsUrlField();
  const list = z.array(url).max(max, `at most ${max} URLs`);
  return z
    .union([url.transform((one) => [one]), min > 0 ? list.min(min) : list])
    .optional()
    .describe(description);
}

/** Marks the issue of a `oneOfFields` refinement (src/mcp/catalog.ts reads it). */
export const ONE_OF_FIELDS = 'oneOfFields';

/**
 * Inputs of which at least one must be given, though each is optional alone (an e-mail's HTML, text or headers), as
 * the arguments of the object schema's `.refine`: the pipeline answers a 400 naming the first field before the tool
 * runs, and the MCP catalog reads the group from the message ("give at least one of html, text or headers") to ask for one.
 */
export function oneOfFields<const K extends string>(...fields: [K, K, ...K[]]) {
  const named = `${fields.slice(0, -1).join(', ')} or ${fields.at(-1)}`;
  const given = (input: Partial<Record<K, unknown>>): boolean => fields.some((field) => input[field] !== undefined);
  const issue: { message: string; path: PropertyKey[]; params: Record<string, unknown> } = {
    message: `give at least one of ${named}`,
    path: [fields[0]],
    params: { [ONE_OF_FIELDS]: true },
  };
  return [given, issue] as const;
}
