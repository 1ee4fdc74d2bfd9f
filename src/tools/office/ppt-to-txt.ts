import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'office',
  slug: 'ppt-to-txt',
  title: 'PowerPoint 97-2003 (PPT) to plain text',
  description:
    'Extracts the text of a PowerPoint 97-2003 (PPT) presentation. The text of every slide in slide order, each under a "--- Slide N ---" line, as UTF-8 plain text (the slides are laid out by LibreOffice and their text read by poppler; speaker notes are not included).',
  keywords: ['ppt', 'txt', 'text', 'slides', 'extract text'],
  accept: ['ppt'],
  output: outputOf('txt'),
  steps: [
    { engine: 'office', format: 'pdf' },
    { engine: 'pdftotext', layout: false, pageHeading: 'Slide' },
  ],
  examples: [
    { title: 'extract the slide text', input: {}, upload: { fileName: 'deck.ppt' } },
    { title: 'name the output', input: { fileName: 'deck-text' }, upload: { fileName: 'deck.ppt' } },
  ],
});
