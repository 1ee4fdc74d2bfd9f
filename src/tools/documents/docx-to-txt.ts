import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'docx-to-txt',
  title: 'Word (DOCX) to plain text',
  description:
    'Extracts the text of a Word document (.docx or .doc) as UTF-8 plain text with LibreOffice: one line per paragraph, list numbers and table cells kept as text, formatting and images dropped.',
  keywords: ['docx', 'word', 'txt', 'text', 'extract text', 'word to text'],
  accept: ['docx', 'doc'],
  output: outputOf('txt'),
  steps: [{ engine: 'office', format: 'txt' }],
  examples: [
    { title: 'extract the text', input: {}, upload: { fileName: 'contract.docx' } },
    { title: 'name the output', input: { fileName: 'contract-text' }, upload: { fileName: 'contract.docx' } },
  ],
});
