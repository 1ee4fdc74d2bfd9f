import { convertAndName, officeConversion } from '../conversions.ts';
import { TEXT_MINUTES, TEXT_REPORT } from './lib/samples.ts';

export default officeConversion('documents', 'txt', 'pdf', {
  title: 'Plain text to PDF',
  description:
    "Typesets a UTF-8 plain-text file as a PDF with LibreOffice: every line kept as a paragraph in LibreOffice's preformatted-text style, accented and non-Latin characters supported.",
  keywords: ['txt', 'text', 'pdf', 'text to pdf'],
  examples: convertAndName('typeset a text file', TEXT_REPORT, 'minutes', TEXT_MINUTES),
});
