import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'pptx-to-ppt',
  title: 'PowerPoint (PPTX) to PPT (97-2003)',
  description: 'Converts a PowerPoint presentation (.pptx) to the legacy PowerPoint 97-2003 format (.ppt) with LibreOffice for older software.',
  keywords: ['pptx', 'ppt', 'powerpoint', 'legacy'],
  accept: ['pptx'],
  output: outputOf('ppt'),
  steps: [{ engine: 'office', format: 'ppt' }],
  examples: [
    { title: 'convert for old software', input: {}, upload: { fileName: 'pitch.pptx' } },
    { title: 'name the output', input: { fileName: 'pitch-legacy' }, upload: { fileName: 'pitch.pptx' } },
  ],
});
