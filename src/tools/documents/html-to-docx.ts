import { conversionTool } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'html-to-docx',
  title: 'HTML to Word (DOCX)',
  description: 'Converts an HTML document to a Word document with pandoc; remote images and includes are never fetched (sandboxed).',
  keywords: ['html', 'docx', 'word', 'html to word'],
  accept: ['html', 'xml', 'txt'],
  output: { extension: 'docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  steps: [{ engine: 'pandoc', from: 'html', to: 'docx' }],
  examples: [
    { title: 'convert an upload', input: {}, upload: { fileName: 'notes.html', content: '<h1>Invoice</h1><p>Total: 12.30</p>' } },
    { title: 'name the output', input: { fileName: 'final' }, upload: { fileName: 'draft.html', content: '<h1>Invoice</h1><p>Total: 12.30</p>' } },
  ],
});
