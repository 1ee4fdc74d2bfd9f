import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'pptx-to-pdf',
  title: 'PowerPoint (PPTX) to PDF',
  description:
    'Converts a PowerPoint (PPTX) presentation to PDF with LibreOffice, one page per slide (hidden slides left out), keeping layout, pictures and fonts.',
  keywords: ['pptx', 'pdf', 'slides', 'pptx to pdf'],
  accept: ['pptx'],
  output: outputOf('pdf'),
  steps: [{ engine: 'office', format: 'pdf' }],
  examples: [
    { title: 'convert to PDF', input: {}, upload: { fileName: 'deck.pptx' } },
    { title: 'name the output', input: { fileName: 'handout' }, upload: { fileName: 'deck.pptx' } },
  ],
});
