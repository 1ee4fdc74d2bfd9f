import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'odt-to-pdf',
  title: 'OpenDocument text (ODT) to PDF',
  description: 'Converts an OpenDocument text document (.odt, LibreOffice Writer) to PDF with LibreOffice, exactly as Writer prints it.',
  keywords: ['odt', 'pdf', 'writer', 'opendocument'],
  accept: ['odt'],
  output: outputOf('pdf'),
  steps: [{ engine: 'office', format: 'pdf' }],
  examples: [
    { title: 'convert to PDF', input: {}, upload: { fileName: 'thesis.odt' } },
    { title: 'name the output', input: { fileName: 'thesis-final' }, upload: { fileName: 'thesis.odt' } },
  ],
});
