import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'docx-to-html',
  title: 'Word (DOCX) to HTML',
  description:
    'Converts a Word document (.docx or .doc) to a single HTML page with LibreOffice: headings, lists, tables and inline formatting kept, images embedded in the page as data: URIs (no side files).',
  keywords: ['docx', 'word', 'html', 'word to html', 'web page'],
  accept: ['docx', 'doc'],
  output: outputOf('html'),
  steps: [{ engine: 'office', format: 'html', filter: 'HTML (StarWriter):EmbedImages' }],
  examples: [
    { title: 'convert to a web page', input: {}, upload: { fileName: 'newsletter.docx' } },
    { title: 'name the output', input: { fileName: 'newsletter-web' }, upload: { fileName: 'newsletter.docx' } },
  ],
});
