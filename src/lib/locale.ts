import { z } from 'zod';

/** True for a well-formed BCP 47 tag that Intl accepts (`en`, `de-CH`, `tr`, `zh-Hant-TW`). */
export function isValidLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** An optional BCP 47 locale input; a malformed tag is a 400 naming the field. */
export function localeField(description: string): z.ZodOptional<z.ZodString> {
  return z
    .string()
    .min(1, 'a BCP 47 language tag such as en, de-CH or tr')
    .max(64, 'a BCP 47 language tag such as en, de-CH or tr')
    .refine(isValidLocale, 'a BCP 47 language tag such as en, de-CH or tr')
    .optional()
    .describe(description);
}
