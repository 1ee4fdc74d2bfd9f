import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'txt-to-docx',
  title: 'Plain text to Word (DOCX)',
  description: 'Converts a UTF-8 plain-text file to a Word document with LibreOffice, one paragraph per line, ready to edit and style.',
  keywords: ['txt', 'text', 'docx', 'word', 'text to word'],
  accept: ['txt'],
  output: outputOf('docx'),
  steps: [{ engine: 'office', format: 'docx' }],
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
