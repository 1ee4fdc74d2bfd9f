import { conversionTool } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'html-to-md',
  title: 'HTML to Markdown',
  description: 'Converts an HTML document to GitHub-flavoured Markdown with pandoc; scripts and styles are dropped.',
  keywords: ['html', 'markdown', 'md', 'html to markdown'],
  accept: ['html', 'xml', 'txt'],
  output: { extension: 'md', mimeType: 'text/markdown' },
  steps: [{ engine: 'pandoc', from: 'html', to: 'gfm' }],
  examples: [
    { title: 'convert an upload', input: {}, upload: { fileName: 'notes.html', content: '<h1>Title</h1><p>Some <b>bold</b> text.</p>' } },
    { title: 'name the output', input: { fileName: 'final' }, upload: { fileName: 'draft.html', content: '<h1>Title</h1><p>Some <b>bold</b> text.</p>' } },
  ],
});
