import { z } from 'zod';

/** Largest text any text tool takes: 1,000,000 characters (a longer one is a 400 naming the field). */
export const MAX_TEXT_CHARS = 1_000_000;

/** A text input with the house limit; `description` is what the catalog and the MCP model read. */
export function textField(description: string): z.ZodString {
  return z
    .string()
    .max(MAX_TEXT_CHARS, `at most ${MAX_TEXT_CHARS.toLocaleString('en')} characters`)
    .describe(description);
}

/** A whole number in [min, max], described with its range. */
export function countField(description: string, min: number, max: number): z.ZodNumber {
  return z.number().int('a whole number').min(min, `at least ${min}`).max(max, `at most ${max}`).describe(`${description} (${min}–${max})`);
}

/** A list sent in a multipart form field: a JSON array, or comma-separated text (`email,phone`) split here; `list` checks it. */
export function formListField<T extends z.ZodType>(list: T) {
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
