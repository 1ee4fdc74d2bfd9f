import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'odp-to-pdf',
  title: 'OpenDocument presentation (ODP) to PDF',
  description:
    'Converts a OpenDocument presentation (ODP) presentation to PDF with LibreOffice, one page per slide (hidden slides left out), keeping layout, pictures and fonts.',
  keywords: ['odp', 'pdf', 'slides', 'odp to pdf'],
  accept: ['odp'],
  output: outputOf('pdf'),
  steps: [{ engine: 'office', format: 'pdf' }],
  examples: [
    { title: 'convert to PDF', input: {}, upload: { fileName: 'deck.odp' } },
    { title: 'name the output', input: { fileName: 'handout' }, upload: { fileName: 'deck.odp' } },
  ],
});
