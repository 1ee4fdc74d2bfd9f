import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'pptx-to-images',
  title: 'PowerPoint (PPTX) to images',
  description:
    'Renders every slide of a presentation (.pptx; .ppt and .odp are taken too) as a PNG image at 96 dpi (1280×720 for a 16:9 slide) and returns them in one ZIP file (slide-001.png, slide-002.png, …): LibreOffice lays the slides out, poppler renders them. Hidden slides are left out; at most 200 slides per call (said in warnings when there are more).',
  keywords: ['pptx', 'png', 'images', 'slides to images', 'thumbnails', 'zip'],
  accept: ['pptx', 'ppt', 'odp'],
  output: outputOf('zip'),
  steps: [
    { engine: 'office', format: 'pdf' },
    { engine: 'page-images', resolution: 96, maxPages: 200 },
  ],
  examples: [
    { title: 'render the slides', input: {}, upload: { fileName: 'pitch.pptx' } },
    { title: 'name the ZIP', input: { fileName: 'pitch-slides' }, upload: { fileName: 'pitch.pptx' } },
  ],
});
