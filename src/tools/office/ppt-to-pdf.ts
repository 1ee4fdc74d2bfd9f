import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'ppt-to-pdf',
  title: 'PowerPoint 97-2003 (PPT) to PDF',
  description:
    'Converts a PowerPoint 97-2003 (PPT) presentation to PDF with LibreOffice, one page per slide (hidden slides left out), keeping layout, pictures and fonts.',
  keywords: ['ppt', 'pdf', 'slides', 'ppt to pdf'],
  accept: ['ppt'],
  output: outputOf('pdf'),
  steps: [{ engine: 'office', format: 'pdf' }],
  examples: [
    { title: 'convert to PDF', input: {}, upload: { fileName: 'deck.ppt' } },
    { title: 'name the output', input: { fileName: 'handout' }, upload: { fileName: 'deck.ppt' } },
  ],
});
