import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'ppt-to-pptx',
  title: 'PowerPoint 97-2003 (PPT) to PPTX',
  description:
    'Converts a legacy PowerPoint presentation (.ppt) to the current format (.pptx) with LibreOffice, keeping slides, layouts, pictures and speaker notes.',
  keywords: ['ppt', 'pptx', 'powerpoint', 'upgrade'],
  accept: ['ppt'],
  output: outputOf('pptx'),
  steps: [{ engine: 'office', format: 'pptx' }],
  examples: [
    { title: 'upgrade a presentation', input: {}, upload: { fileName: 'pitch.ppt' } },
    { title: 'name the output', input: { fileName: 'pitch-2024' }, upload: { fileName: 'pitch.ppt' } },
  ],
});
