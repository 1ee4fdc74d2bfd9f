import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'pptx-to-txt',
  title: 'PowerPoint (PPTX) to plain text',
  description:
    'Extracts the text of a PowerPoint (PPTX) presentation. The text of every slide in slide order, each under a "--- Slide N ---" line, as UTF-8 plain text (the slides are laid out by LibreOffice and their text read by poppler; speaker notes are not included).',
  keywords: ['pptx', 'txt', 'text', 'slides', 'extract text'],
  accept: ['pptx'],
  output: outputOf('txt'),
  steps: [
    { engine: 'office', format: 'pdf' },
    { engine: 'pdftotext', layout: false, pageHeading: 'Slide' },
  ],
  examples: [
    { title: 'extract the slide text', input: {}, upload: { fileName: 'deck.pptx' } },
    { title: 'name the output', input: { fileName: 'deck-text' }, upload: { fileName: 'deck.pptx' } },
  ],
});
