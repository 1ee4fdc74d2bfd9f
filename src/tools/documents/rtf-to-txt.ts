import { convertAndName, officeConversion } from '../conversions.ts';
import { RTF_INVOICE, RTF_LETTER } from './lib/samples.ts';

export default officeConversion('documents', 'rtf', 'txt', {
  title: 'RTF to plain text',
  description:
    'Extracts the text of a Rich Text Format document as UTF-8 plain text with LibreOffice (one line per paragraph, formatting dropped, RTF escapes decoded).',
  keywords: ['rtf', 'txt', 'text', 'extract text'],
  examples: convertAndName('extract the text', RTF_LETTER, 'letter-text', RTF_INVOICE),
});
