import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'rtf-to-pdf',
  title: 'RTF to PDF',
  description: 'Converts a Rich Text Format document to PDF with LibreOffice, keeping fonts, paragraph formatting, tables and images.',
  keywords: ['rtf', 'pdf', 'rich text', 'rtf to pdf'],
  accept: ['rtf'],
  output: outputOf('pdf'),
  steps: [{ engine: 'office', format: 'pdf' }],
  examples: [
    {
      title: 'convert to PDF',
      input: {},
      upload: { fileName: 'letter.rtf', content: '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0\\fs24 Dear customer,\\par Your order has shipped.\\par}' },
    },
    {
      title: 'name the output',
      input: { fileName: 'letter-final' },
      upload: { fileName: 'letter.rtf', content: '{\\rtf1\\ansi{\\b Invoice} 1042\\par Total due: 120.00\\par}' },
    },
  ],
});
