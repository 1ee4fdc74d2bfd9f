import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'pptx-to-html',
  title: 'PowerPoint (PPTX) to HTML',
  description:
    'Converts a PowerPoint (PPTX) presentation with LibreOffice. A single HTML page with the text of every slide (titles, bullet points, text boxes), each slide under a "Slide N" heading. Pictures are not included: use pptx-to-images for pictures of the slides or the -to-pdf conversion for a faithful copy.',
  keywords: ['pptx', 'html', 'slides', 'web page'],
  accept: ['pptx'],
  output: outputOf('html'),
  steps: [{ engine: 'office', format: 'html' }, { engine: 'slide-headings' }],
  examples: [
    { title: 'convert to a web page', input: {}, upload: { fileName: 'deck.pptx' } },
    { title: 'name the output', input: { fileName: 'deck-web' }, upload: { fileName: 'deck.pptx' } },
  ],
});
