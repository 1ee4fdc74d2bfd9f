import { conversionTool } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'md-to-html',
  title: 'Markdown to HTML',
  description: 'Converts Markdown (CommonMark with GitHub extensions: tables, task lists, fenced code) to a standalone HTML page with pandoc.',
  keywords: ['markdown', 'md', 'html', 'convert markdown'],
  accept: ['md', 'txt'],
  output: { extension: 'html', mimeType: 'text/html' },
  steps: [{ engine: 'pandoc', from: 'gfm', to: 'html5', standalone: true }],
  examples: [
    { title: 'convert an upload', input: {}, upload: { fileName: 'notes.md', content: '# Title\n\nSome *emphasis* and a [link](https://example.com).\n' } },
    {
      title: 'name the output',
      input: { fileName: 'final' },
      upload: { fileName: 'draft.md', content: '# Title\n\nSome *emphasis* and a [link](https://example.com).\n' },
    },
  ],
});
