import { convertAndName, officeConversion } from '../conversions.ts';
import { TEXT_MINUTES, TEXT_REPORT } from './lib/samples.ts';

export default officeConversion('documents', 'txt', 'html', {
  title: 'Plain text to HTML',
  description: 'Converts a UTF-8 plain-text file to an HTML page with LibreOffice, one paragraph per line, special characters escaped.',
  keywords: ['txt', 'text', 'html', 'text to html'],
  examples: convertAndName('convert a text file', TEXT_REPORT, 'minutes', TEXT_MINUTES),
});
