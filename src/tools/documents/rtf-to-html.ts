import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'rtf-to-html',
  title: 'RTF to HTML',
  description: 'Converts a Rich Text Format document to a single HTML page with LibreOffice; formatting and tables kept, images embedded as data: URIs.',
  keywords: ['rtf', 'html', 'rich text', 'web page'],
  accept: ['rtf'],
  output: outputOf('html'),
  steps: [{ engine: 'office', format: 'html', filter: 'HTML (StarWriter):EmbedImages' }],
  examples: [
    {
      title: 'convert to a web page',
      input: {},
      upload: { fileName: 'letter.rtf', content: '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0\\fs24 Dear customer,\\par Your order has shipped.\\par}' },
    },
    {
      title: 'name the output',
      input: { fileName: 'letter-web' },
      upload: { fileName: 'letter.rtf', content: '{\\rtf1\\ansi{\\b Invoice} 1042\\par Total due: 120.00\\par}' },
    },
  ],
});
