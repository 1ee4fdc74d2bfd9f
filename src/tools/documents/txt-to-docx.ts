import { convertAndName, officeConversion } from '../conversions.ts';
import { TEXT_MINUTES, TEXT_REPORT } from './lib/samples.ts';

export default officeConversion('documents', 'txt', 'docx', {
  title: 'Plain text to Word (DOCX)',
  description: 'Converts a UTF-8 plain-text file to a Word document with LibreOffice, one paragraph per line, ready to edit and style.',
  keywords: ['txt', 'text', 'docx', 'word', 'text to word'],
  examples: convertAndName('convert a text file', TEXT_REPORT, 'minutes', TEXT_MINUTES),
});
