import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('office', 'odt', 'html', {
  title: 'OpenDocument text (ODT) to HTML',
  description:
    'Converts an OpenDocument text document (.odt) to a single HTML page with LibreOffice: headings, lists, tables and formatting kept, images embedded as data: URIs.',
  keywords: ['odt', 'html', 'web page', 'opendocument'],
  filter: 'HTML (StarWriter):EmbedImages',
  examples: convertAndName('convert to a web page', { fileName: 'thesis.odt' }, 'thesis-web'),
});
