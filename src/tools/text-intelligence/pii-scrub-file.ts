import { withThousands } from '../../lib/digits.ts';
import { fileTwinOf } from '../../lib/extract/file-twin.ts';
import { UPLOAD_TEXT_FORMATS } from '../../lib/extract/upload.ts';
import piiScrub, { CARD_AND_IBAN_MASKED_RESULT, EMAIL_AND_PHONE_RESULT, MAX_PII_TEXT_CHARS } from './pii-scrub.ts';

export default fileTwinOf(piiScrub, {
  textFields: ['text'],
  // A form field may list the types as JSON (`["email","phone"]`) or comma-separated (`email,phone`).
  listFields: ['types'],
  maxCharacters: MAX_PII_TEXT_CHARS,
  title: 'Scrub personal data (PII) from an uploaded document',
  description:
    `The upload twin of pii-scrub: upload a document (${UPLOAD_TEXT_FORMATS}) as multipart/form-data in field "file"; its text is extracted ` +
    '(PDF page by page with pdftotext, Office/OpenDocument from their XML) and scrubbed exactly like pii-scrub: e-mail addresses, phone numbers ' +
    '(libphonenumber), payment cards (Luhn), IBANs (mod-97), IP addresses, US SSNs, person names and, on request, dates of birth become typed ' +
    'placeholders ([EMAIL_1]…), [REDACTED] or masked values. Returns the scrubbed text, counts per type, the distinct values (masked), the privacy ' +
    `audit (score, scoreBreakdown, findings) and \`source\` (file name, format, characters, pages). At most ${withThousands(MAX_PII_TEXT_CHARS)} ` +
    'characters of text; a longer document is refused rather than scrubbed in part. Scanned PDFs without a text layer are refused (no OCR).',
  keywords: ['pii', 'redact pdf', 'redact document', 'anonymize file', 'scrub', 'gdpr', 'personal data', 'docx', 'pdf', 'privacy'],
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
});
