import { convertAndName, officeConversion } from '../conversions.ts';
import { RTF_INVOICE, RTF_LETTER } from './lib/samples.ts';

export default officeConversion('documents', 'rtf', 'html', {
  title: 'RTF to HTML',
  description: 'Converts a Rich Text Format document to a single HTML page with LibreOffice; formatting and tables kept, images embedded as data: URIs.',
  keywords: ['rtf', 'html', 'rich text', 'web page'],
  filter: 'HTML (StarWriter):EmbedImages',
  examples: convertAndName('convert to a web page', RTF_LETTER, 'letter-web', RTF_INVOICE),
});
