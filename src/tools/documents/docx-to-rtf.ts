import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'docx-to-rtf',
  title: 'Word (DOCX) to RTF',
  description:
    'Converts a Word document (.docx or .doc) to Rich Text Format with LibreOffice, keeping fonts, paragraph styles, tables and images for editors that read RTF (WordPad, TextEdit).',
  keywords: ['docx', 'word', 'rtf', 'rich text'],
  accept: ['docx', 'doc'],
  output: outputOf('rtf'),
  steps: [{ engine: 'office', format: 'rtf' }],
  examples: [
    { title: 'convert to RTF', input: {}, upload: { fileName: 'letter.docx' } },
    { title: 'name the output', input: { fileName: 'letter-rtf' }, upload: { fileName: 'letter.docx' } },
  ],
});
