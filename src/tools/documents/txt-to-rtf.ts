import { convertAndName, officeConversion } from '../conversions.ts';
import { TEXT_MINUTES, TEXT_REPORT } from './lib/samples.ts';

export default officeConversion('documents', 'txt', 'rtf', {
  title: 'Plain text to RTF',
  description:
    'Converts a UTF-8 plain-text file to Rich Text Format with LibreOffice, one paragraph per line; accented and non-Latin characters are kept (RTF Unicode escapes).',
  keywords: ['txt', 'text', 'rtf', 'rich text'],
  examples: convertAndName('convert a text file', TEXT_REPORT, 'minutes', TEXT_MINUTES),
});
