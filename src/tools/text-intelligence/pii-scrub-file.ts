import { z } from 'zod';
import { sourceSchema, textFromUpload, UPLOAD_TEXT_FORMATS, UPLOAD_TEXT_SPEC } from '../../lib/extract/upload.ts';
import { defineTool } from '../../registry/define-tool.ts';
import { formListField } from '../../registry/fields.ts';
import { piiResultSchema, scrubPiiForCaller } from './lib/pii.ts';
import piiScrub, { CARD_AND_IBAN_MASKED_RESULT, EMAIL_AND_PHONE_RESULT, MAX_PII_TEXT_CHARS } from './pii-scrub.ts';

const { types, placeholderStyle, defaultCountry } = piiScrub.input.shape;

/** A form field may list the types as JSON (`["email","phone"]`) or comma-separated (`email,phone`). */
const typesField = formListField(types);

export default defineTool({
  module: 'text-intelligence',
  slug: 'pii-scrub-file',
  title: 'Scrub personal data (PII) from an uploaded document',
  description:
    `The upload twin of pii-scrub: upload a document (${UPLOAD_TEXT_FORMATS}) as multipart/form-data in field "file"; its text is extracted ` +
    '(PDF page by page with pdftotext, Office/OpenDocument from their XML) and scrubbed exactly like pii-scrub: e-mail addresses, phone numbers ' +
    '(libphonenumber), payment cards (Luhn), IBANs (mod-97), IP addresses, US SSNs, person names and, on request, dates of birth become typed ' +
    'placeholders ([EMAIL_1]…), [REDACTED] or masked values. Returns the scrubbed text, counts per type, the distinct values (masked), the privacy ' +
    `audit (score, scoreBreakdown, findings) and \`source\` (file name, format, characters, pages). At most ${MAX_PII_TEXT_CHARS.toLocaleString('en-US')} ` +
    'characters of text; a longer document is refused rather than scrubbed in part. Scanned PDFs without a text layer are refused (no OCR).',
  keywords: ['pii', 'redact pdf', 'redact document', 'anonymize file', 'scrub', 'gdpr', 'personal data', 'docx', 'pdf', 'privacy'],
  input: z.object({
    types: typesField,
    placeholderStyle,
    defaultCountry,
  }),
  output: piiResultSchema.extend({ source: sourceSchema }),
  upload: UPLOAD_TEXT_SPEC,
  timeoutMs: 60_000,
  examples: [
    {
      title: 'a text file: typed placeholders',
      input: {},
      upload: { fileName: 'contacts.txt', content: 'Mail jane.doe@example.com or call +1 415-555-2671. Again: jane.doe@example.com\n' },
      output: {
        ...EMAIL_AND_PHONE_RESULT,
        source: { fileName: 'contacts.txt', kind: 'txt', engine: 'text', characters: 78 },
      },
    },
    {
      title: 'only cards and IBANs, masked',
      input: { types: ['credit_card', 'iban'], placeholderStyle: 'masked' },
      upload: { fileName: 'payment.txt', content: 'Card 4111 1111 1111 1111\nIBAN GB82 WEST 1234 5698 7654 32\n' },
      output: {
        text: 'Card **** **** **** 1111\nIBAN GB** **** **** **** **54 32',
        ...CARD_AND_IBAN_MASKED_RESULT,
        source: { fileName: 'payment.txt', kind: 'txt', engine: 'text', characters: 57 },
      },
    },
    { title: 'a PDF: the text of every page is scrubbed', input: { placeholderStyle: 'redacted' }, upload: { fileName: 'patient-letter.pdf' } },
  ],
  run: async ({ types: wantedTypes, placeholderStyle: style, defaultCountry: country }, ctx) => {
    const { text, source } = await textFromUpload(ctx, { maxCharacters: MAX_PII_TEXT_CHARS });
    const options = { ...(wantedTypes ? { types: wantedTypes } : {}), placeholderStyle: style, defaultCountry: country };
    return { ...scrubPiiForCaller(text, options, (note) => ctx.warn(note)), source };
  },
});
