import { conversionTool } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'md-to-docx',
  title: 'Markdown to Word (DOCX)',
  description: 'Converts Markdown to a Word document with pandoc: headings, lists, tables, code and links become native Word styles.',
  keywords: ['markdown', 'md', 'docx', 'word', 'convert markdown to word'],
  accept: ['md', 'txt'],
  output: { extension: 'docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  steps: [{ engine: 'pandoc', from: 'gfm', to: 'docx' }],
  examples: [
    { title: 'convert an upload', input: {}, upload: { fileName: 'notes.md', content: '# Report\n\n| a | b |\n|---|---|\n| 1 | 2 |\n' } },
    { title: 'name the output', input: { fileName: 'final' }, upload: { fileName: 'draft.md', content: '# Report\n\n| a | b |\n|---|---|\n| 1 | 2 |\n' } },
  ],
});
