import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'txt-to-html',
  title: 'Plain text to HTML',
  description: 'Converts a UTF-8 plain-text file to an HTML page with LibreOffice, one paragraph per line, special characters escaped.',
  keywords: ['txt', 'text', 'html', 'text to html'],
  accept: ['txt'],
  output: outputOf('html'),
  steps: [{ engine: 'office', format: 'html' }],
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
