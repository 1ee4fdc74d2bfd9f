import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'rtf-to-docx',
  title: 'RTF to Word (DOCX)',
  description: 'Converts a Rich Text Format document to a Word document with LibreOffice, keeping fonts, paragraph formatting, tables and images.',
  keywords: ['rtf', 'docx', 'word', 'rich text'],
  accept: ['rtf'],
  output: outputOf('docx'),
  steps: [{ engine: 'office', format: 'docx' }],
  examples: [
    {
      title: 'convert to Word',
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
