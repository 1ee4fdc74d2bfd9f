import { conversionTool } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'md-to-txt',
  title: 'Markdown to plain text',
  description: 'Converts Markdown to plain text with pandoc: formatting marks removed, lists and tables kept readable.',
  keywords: ['markdown', 'md', 'txt', 'plain text', 'strip markdown'],
  accept: ['md', 'txt'],
  output: { extension: 'txt', mimeType: 'text/plain' },
  steps: [{ engine: 'pandoc', from: 'gfm', to: 'plain' }],
  examples: [
    { title: 'convert an upload', input: {}, upload: { fileName: 'notes.md', content: '# Title\n\n- one\n- **two**\n' } },
    { title: 'name the output', input: { fileName: 'final' }, upload: { fileName: 'draft.md', content: '# Title\n\n- one\n- **two**\n' } },
  ],
});
