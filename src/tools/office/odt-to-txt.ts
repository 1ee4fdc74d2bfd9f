import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'odt-to-txt',
  title: 'OpenDocument text (ODT) to plain text',
  description: 'Extracts the text of an OpenDocument text document (.odt) as UTF-8 plain text with LibreOffice, one line per paragraph.',
  keywords: ['odt', 'txt', 'text', 'extract text'],
  accept: ['odt'],
  output: outputOf('txt'),
  steps: [{ engine: 'office', format: 'txt' }],
  examples: [
    { title: 'extract the text', input: {}, upload: { fileName: 'thesis.odt' } },
    { title: 'name the output', input: { fileName: 'thesis-text' }, upload: { fileName: 'thesis.odt' } },
  ],
});
