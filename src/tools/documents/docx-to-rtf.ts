import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('documents', 'docx', 'rtf', {
  title: 'Word (DOCX) to RTF',
  description:
    'Converts a Word document (.docx or .doc) to Rich Text Format with LibreOffice, keeping fonts, paragraph styles, tables and images for editors that read RTF (WordPad, TextEdit).',
  keywords: ['docx', 'word', 'rtf', 'rich text'],
  examples: convertAndName('convert to RTF', { fileName: 'letter.docx' }, 'letter-rtf'),
});
