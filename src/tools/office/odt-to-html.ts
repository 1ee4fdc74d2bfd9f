import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'odt-to-html',
  title: 'OpenDocument text (ODT) to HTML',
  description:
    'Converts an OpenDocument text document (.odt) to a single HTML page with LibreOffice: headings, lists, tables and formatting kept, images embedded as data: URIs.',
  keywords: ['odt', 'html', 'web page', 'opendocument'],
  accept: ['odt'],
  output: outputOf('html'),
  steps: [{ engine: 'office', format: 'html', filter: 'HTML (StarWriter):EmbedImages' }],
  examples: [
    { title: 'convert to a web page', input: {}, upload: { fileName: 'thesis.odt' } },
    { title: 'name the output', input: { fileName: 'thesis-web' }, upload: { fileName: 'thesis.odt' } },
  ],
});
