import { z } from 'zod';
import { defineTool } from '../../registry/define-tool.ts';
import { DEFAULT_PII_TYPES, isPhoneCountry, PII_TYPES, type PiiResult, piiResultSchema, PLACEHOLDER_STYLES, scrubPiiForCaller } from './lib/pii.ts';

/** The NLP name model makes this tool heavier than plain text tools: 100,000 characters (about 40 pages). */
export const MAX_PII_TEXT_CHARS = 100_000;

/** The first example's result; pii-scrub-file shows the same for the same text in a file. */
export const EMAIL_AND_PHONE_RESULT: PiiResult = {
  text: 'Mail [EMAIL_1] or call [PHONE_1]. Again: [EMAIL_1]',
  total: 3,
  counts: { email: 2, phone: 1, credit_card: 0, iban: 0, ip_address: 0, ssn: 0, person_name: 0 },
  entities: [
    { placeholder: '[EMAIL_1]', type: 'email', occurrences: 2, masked: 'j***@e***.com', detail: null },
    { placeholder: '[PHONE_1]', type: 'phone', occurrences: 1, masked: '+* ***-***-**71', detail: 'US' },
  ],
  score: 80,
  scoreBreakdown: { email: -10, phone: -10, credit_card: 0, iban: 0, ip_address: 0, ssn: 0, person_name: 0 },
  findings: [
    {
      id: 'pii.email',
      severity: 'medium',
      title: '2 e-mail addresses found (1 distinct)',
      evidence: 'j***@e***.com',
      fix: 'Replaced with EMAIL_n placeholders in `text`; share the scrubbed text, and remove the values at the source where they are not needed.',
    },
    {
      id: 'pii.phone',
      severity: 'medium',
      title: '1 phone number found',
      evidence: '+* ***-***-**71',
      fix: 'Replaced with PHONE_n placeholders in `text`; share the scrubbed text, and remove the values at the source where they are not needed.',
    },
  ],
};

/** The second example's result but its text; pii-scrub-file shows the same for the same values in a file. */
export const CARD_AND_IBAN_MASKED_RESULT: Omit<PiiResult, 'text'> = {
  total: 2,
  counts: { credit_card: 1, iban: 1 },
  entities: [
    { placeholder: '**** **** **** 1111', type: 'credit_card', occurrences: 1, masked: '**** **** **** 1111', detail: 'Visa' },
    { placeholder: 'GB** **** **** **** **54 32', type: 'iban', occurrences: 1, masked: 'GB** **** **** **** **54 32', detail: 'GB' },
  ],
  score: 45,
  scoreBreakdown: { credit_card: -30, iban: -25 },
  findings: [
    {
      id: 'pii.credit_card',
      severity: 'high',
      title: '1 payment card number found',
      evidence: '**** **** **** 1111',
      fix: 'Replaced in `text` (masked); share the scrubbed text, and remove the values at the source where they are not needed.',
    },
    {
      id: 'pii.iban',
      severity: 'high',
      title: '1 IBAN found',
      evidence: 'GB** **** **** **** **54 32',
      fix: 'Replaced in `text` (masked); share the scrubbed text, and remove the values at the source where they are not needed.',
    },
  ],
};

export default defineTool({
  module: 'text-intelligence',
  slug: 'pii-scrub',
  cpu: 'large-input',
  title: 'Scrub personal data (PII) from text',
  description:
    "Finds and replaces personal data in a text: e-mail addresses, phone numbers (validated against Google's libphonenumber " +
    'metadata; numbers without +country code are read for `defaultCountry`, default US), payment card numbers (issuer range, ' +
    'length and Luhn checksum), IBANs (country length, BBAN format and ISO 7064 mod-97 check), IPv4/IPv6 addresses, US Social ' +
    'Security numbers (never-issued ranges excluded), person names (an English name model, so best on English text) and, when ' +
    'asked for, dates of birth (dates next to "DOB", "born", "date of birth"…). The same value always gets the same typed ' +
    'placeholder ([EMAIL_1], [PHONE_2]…); `placeholderStyle` can instead write [REDACTED] or a masked form. Returns the scrubbed ' +
    'text, counts per type, the distinct values found (masked, never raw), and an audit: a privacy score of the input, the points ' +
    'lost per type and one finding per type found with stable ids (pii.email, pii.credit_card…).',
  keywords: ['pii', 'redact', 'anonymize', 'scrub', 'gdpr', 'personal data', 'mask', 'email', 'phone number', 'credit card', 'iban', 'ssn', 'privacy'],
  input: () =>
    z.object({
      text: z
        .string()
        .max(MAX_PII_TEXT_CHARS, `at most ${MAX_PII_TEXT_CHARS.toLocaleString('en')} characters`)
        .describe('Text to scrub (max 100,000 characters)'),
      types: z
        .array(z.enum(PII_TYPES))
        .min(1, 'name at least one type')
        .refine((list) => new Set(list).size === list.length, 'list each type once')
        .optional()
        .describe(`Kinds of personal data to find (default: ${DEFAULT_PII_TYPES.join(', ')}; add date_of_birth to include dates of birth)`),
      placeholderStyle: z
        .enum(PLACEHOLDER_STYLES)
        .default('typed')
        .describe(
          'typed = [EMAIL_1], numbered per distinct value (default); redacted = [REDACTED]; masked = the value with most characters hidden (card/SSN keep the last 4 digits)',
        ),
      defaultCountry: z
        .string()
        .length(2, 'a 2-letter ISO 3166 country code such as US, GB or DE')
        .transform((c) => c.toUpperCase())
        .refine(isPhoneCountry, 'a 2-letter ISO 3166 country code such as US, GB or DE')
        .default('US')
        .describe('Country for phone numbers written without +country code (ISO 3166-1 alpha-2, default US)'),
    }),
  output: () => piiResultSchema,
  examples: [
    {
      title: 'typed placeholders, repeated value keeps its number',
      input: { text: 'Mail jane.doe@example.com or call +1 415-555-2671. Again: jane.doe@example.com' },
      output: EMAIL_AND_PHONE_RESULT,
    },
    {
      title: 'card (Luhn) and IBAN (mod-97) checked, masked style',
      input: {
        text: 'Card 4111 1111 1111 1111, IBAN GB82 WEST 1234 5698 7654 32, not a card: 4111 1111 1111 1112.',
        types: ['credit_card', 'iban'],
        placeholderStyle: 'masked',
      },
      output: {
        text: 'Card **** **** **** 1111, IBAN GB** **** **** **** **54 32, not a card: 4111 1111 1111 1112.',
        ...CARD_AND_IBAN_MASKED_RESULT,
      },
    },
    {
      title: 'names, SSN and date of birth (opt-in)',
      input: {
        text: 'Patient Maria Garcia, DOB 1985-03-12, SSN 123-45-6789.',
        types: ['person_name', 'ssn', 'date_of_birth'],
        placeholderStyle: 'redacted',
      },
      output: {
        text: 'Patient [REDACTED], DOB [REDACTED], SSN [REDACTED].',
        total: 3,
        counts: { ssn: 1, date_of_birth: 1, person_name: 1 },
        entities: [
          { placeholder: '[REDACTED]', type: 'person_name', occurrences: 1, masked: 'M**** G*****', detail: null },
          { placeholder: '[REDACTED]', type: 'date_of_birth', occurrences: 1, masked: '****-**-**', detail: null },
          { placeholder: '[REDACTED]', type: 'ssn', occurrences: 1, masked: '***-**-6789', detail: null },
        ],
        score: 50,
        scoreBreakdown: { ssn: -30, date_of_birth: -12, person_name: -8 },
        findings: [
          {
            id: 'pii.ssn',
            severity: 'high',
            title: '1 US Social Security number found',
            evidence: '***-**-6789',
            fix: 'Replaced in `text` (redacted); share the scrubbed text, and remove the values at the source where they are not needed.',
          },
          {
            id: 'pii.date_of_birth',
            severity: 'medium',
            title: '1 date of birth found',
            evidence: '****-**-**',
            fix: 'Replaced in `text` (redacted); share the scrubbed text, and remove the values at the source where they are not needed.',
          },
          {
            id: 'pii.person_name',
            severity: 'medium',
            title: '1 person name found',
            evidence: 'M**** G*****',
            fix: 'Replaced in `text` (redacted); share the scrubbed text, and remove the values at the source where they are not needed.',
          },
        ],
      },
    },
  ],
  run: ({ text, types, placeholderStyle, defaultCountry }, ctx) =>
    scrubPiiForCaller(text, { ...(types ? { types } : {}), placeholderStyle, defaultCountry }, (note) => ctx.warn(note)),
});
