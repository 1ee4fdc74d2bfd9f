import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('documents', 'docx', 'txt', {
  title: 'Word (DOCX) to plain text',
  description:
    'Extracts the text of a Word document (.docx or .doc) as UTF-8 plain text with LibreOffice: one line per paragraph, list numbers and table cells kept as text, formatting and images dropped.',
  keywords: ['docx', 'word', 'txt', 'text', 'extract text', 'word to text'],
  examples: convertAndName('extract the text', { fileName: 'contract.docx' }, 'contract-text'),
});
