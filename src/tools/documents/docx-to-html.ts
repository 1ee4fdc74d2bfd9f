import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('documents', 'docx', 'html', {
  title: 'Word (DOCX) to HTML',
  description:
    'Converts a Word document (.docx or .doc) to a single HTML page with LibreOffice: headings, lists, tables and inline formatting kept, images embedded in the page as data: URIs (no side files).',
  keywords: ['docx', 'word', 'html', 'word to html', 'web page'],
  filter: 'HTML (StarWriter):EmbedImages',
  examples: convertAndName('convert to a web page', { fileName: 'newsletter.docx' }, 'newsletter-web'),
});
