import { convertAndName, officeConversion } from '../conversions.ts';
import { RTF_INVOICE, RTF_LETTER } from './lib/samples.ts';

export default officeConversion('documents', 'rtf', 'docx', {
  title: 'RTF to Word (DOCX)',
  description: 'Converts a Rich Text Format document to a Word document with LibreOffice, keeping fonts, paragraph formatting, tables and images.',
  keywords: ['rtf', 'docx', 'word', 'rich text'],
  examples: convertAndName('convert to Word', RTF_LETTER, 'letter-final', RTF_INVOICE),
});
