import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'odt-to-docx',
  title: 'OpenDocument text (ODT) to Word (DOCX)',
  description:
    'Converts an OpenDocument text document (.odt) to a Word document (.docx) with LibreOffice, keeping styles, tables, images, headers, footers, footnotes and tracked changes.',
  keywords: ['odt', 'docx', 'word', 'opendocument', 'writer'],
  accept: ['odt'],
  output: outputOf('docx'),
  steps: [{ engine: 'office', format: 'docx' }],
  examples: [
    { title: 'convert to Word', input: {}, upload: { fileName: 'thesis.odt' } },
    { title: 'name the output', input: { fileName: 'thesis-word' }, upload: { fileName: 'thesis.odt' } },
  ],
});
