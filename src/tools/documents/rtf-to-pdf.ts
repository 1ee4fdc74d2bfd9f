import { convertAndName, officeConversion } from '../conversions.ts';
import { RTF_INVOICE, RTF_LETTER } from './lib/samples.ts';

export default officeConversion('documents', 'rtf', 'pdf', {
  title: 'RTF to PDF',
  description: 'Converts a Rich Text Format document to PDF with LibreOffice, keeping fonts, paragraph formatting, tables and images.',
  keywords: ['rtf', 'pdf', 'rich text', 'rtf to pdf'],
  examples: convertAndName('convert to PDF', RTF_LETTER, 'letter-final', RTF_INVOICE),
});
