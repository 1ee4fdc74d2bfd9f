import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'txt-to-pdf',
  title: 'Plain text to PDF',
  description:
    "Typesets a UTF-8 plain-text file as a PDF with LibreOffice: every line kept as a paragraph in LibreOffice's preformatted-text style, accented and non-Latin characters supported.",
  keywords: ['txt', 'text', 'pdf', 'text to pdf'],
  accept: ['txt'],
  output: outputOf('pdf'),
  steps: [{ engine: 'office', format: 'pdf' }],
  examples: [
    {
      title: 'typeset a text file',
      input: {},
      upload: { fileName: 'notes.txt', content: 'Quarterly report\n\nRevenue grew 12 % to €1.2 million.\nCosts stayed flat.\n' },
    },
    {
      title: 'name the output',
      input: { fileName: 'minutes' },
      upload: { fileName: 'meeting.txt', content: 'Meeting notes — 3 March\n\n1. Budget approved\n2. Hiring: two engineers\n\nNext review in April.\n' },
    },
  ],
});
