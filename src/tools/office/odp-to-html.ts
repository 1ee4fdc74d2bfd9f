import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'odp-to-html',
  title: 'OpenDocument presentation (ODP) to HTML',
  description:
    'Converts a OpenDocument presentation (ODP) presentation with LibreOffice. A single HTML page with the text of every slide (titles, bullet points, text boxes), each slide under a "Slide N" heading. Pictures are not included: use pptx-to-images for pictures of the slides or the -to-pdf conversion for a faithful copy.',
  keywords: ['odp', 'html', 'slides', 'web page'],
  accept: ['odp'],
  output: outputOf('html'),
  steps: [{ engine: 'office', format: 'html' }, { engine: 'slide-headings' }],
  examples: [
    { title: 'convert to a web page', input: {}, upload: { fileName: 'deck.odp' } },
    { title: 'name the output', input: { fileName: 'deck-web' }, upload: { fileName: 'deck.odp' } },
  ],
});
