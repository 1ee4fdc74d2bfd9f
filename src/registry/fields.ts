import { z } from 'zod';

/** Largest text any text tool takes: 1,000,000 characters (a longer one is a 400 naming the field). */
export const MAX_TEXT_CHARS = 1_000_000;
/** Built once: textField runs for hundreds of fields at import, and each toLocaleString builds an ICU formatter. */
const MAX_TEXT_MESSAGE = `at most ${MAX_TEXT_CHARS.toLocaleString('en')} characters`;

/** A text input with the house limit; `description` is what the catalog and the MCP model read. */
export function textField(description: string): z.ZodString {
  return z.string().max(MAX_TEXT_CHARS, MAX_TEXT_MESSAGE).describe(description);
}

/** A whole number in [min, max], described with its range. */
export function countField(description: string, min: number, max: number): z.ZodNumber {
  return z.number().int('a whole number').min(min, `at least ${min}`).max(max, `at most ${max}`).describe(`${description} (${min}–${max})`);
}
