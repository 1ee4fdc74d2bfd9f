import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'rtf-to-txt',
  title: 'RTF to plain text',
  description:
    'Extracts the text of a Rich Text Format document as UTF-8 plain text with LibreOffice (one line per paragraph, formatting dropped, RTF escapes decoded).',
  keywords: ['rtf', 'txt', 'text', 'extract text'],
  accept: ['rtf'],
  output: outputOf('txt'),
  steps: [{ engine: 'office', format: 'txt' }],
  examples: [
    {
      title: 'extract the text',
      input: {},
      upload: { fileName: 'letter.rtf', content: '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0\\fs24 Dear customer,\\par Your order has shipped.\\par}' },
    },
    {
      title: 'name the output',
      input: { fileName: 'letter-text' },
      upload: { fileName: 'letter.rtf', content: '{\\rtf1\\ansi{\\b Invoice} 1042\\par Total due: 120.00\\par}' },
    },
  ],
});
