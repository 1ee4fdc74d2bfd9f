import { conversionTool } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'html-to-txt',
  title: 'HTML to plain text',
  description: 'Converts an HTML document to readable plain text with pandoc: tags removed, paragraphs and lists kept.',
  keywords: ['html', 'txt', 'plain text', 'strip html'],
  accept: ['html', 'xml', 'txt'],
  output: { extension: 'txt', mimeType: 'text/plain' },
  steps: [{ engine: 'pandoc', from: 'html', to: 'plain' }],
  examples: [
    { title: 'convert an upload', input: {}, upload: { fileName: 'notes.html', content: '<h1>Title</h1><ul><li>one</li><li>two</li></ul>' } },
    { title: 'name the output', input: { fileName: 'final' }, upload: { fileName: 'draft.html', content: '<h1>Title</h1><ul><li>one</li><li>two</li></ul>' } },
  ],
});
