import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'txt-to-rtf',
  title: 'Plain text to RTF',
  description:
    'Converts a UTF-8 plain-text file to Rich Text Format with LibreOffice, one paragraph per line; accented and non-Latin characters are kept (RTF Unicode escapes).',
  keywords: ['txt', 'text', 'rtf', 'rich text'],
  accept: ['txt'],
  output: outputOf('rtf'),
  steps: [{ engine: 'office', format: 'rtf' }],
  examples: [
    {
      title: 'convert a text file',
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
