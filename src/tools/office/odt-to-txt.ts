import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('office', 'odt', 'txt', {
  title: 'OpenDocument text (ODT) to plain text',
  description: 'Extracts the text of an OpenDocument text document (.odt) as UTF-8 plain text with LibreOffice, one line per paragraph.',
  keywords: ['odt', 'txt', 'text', 'extract text'],
  examples: convertAndName('extract the text', { fileName: 'thesis.odt' }, 'thesis-text'),
});
