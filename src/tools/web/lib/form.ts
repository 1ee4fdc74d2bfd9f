import { z } from 'zod';

/**
 * File tools take their options as multipart form fields, which are always text: these fields accept
 * the JSON type (MCP, JSON bodies) and its text form ("true", "85") alike.
 */
export function flag(defaultValue: boolean, description: string) {
  return z
    .union([z.boolean(), z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] })])
    .default(defaultValue)
    .describe(description);
}

/** A whole number in [min, max] (JSON number or its digits as text). */
export function formInt(min: number, max: number, description: string) {
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

/** A number in [min, max] (JSON number or decimal text). */
export function formNumber(min: number, max: number, description: string) {
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
