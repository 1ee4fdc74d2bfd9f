import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('office', 'odt', 'docx', {
  title: 'OpenDocument text (ODT) to Word (DOCX)',
  description:
    'Converts an OpenDocument text document (.odt) to a Word document (.docx) with LibreOffice, keeping styles, tables, images, headers, footers, footnotes and tracked changes.',
  keywords: ['odt', 'docx', 'word', 'opendocument', 'writer'],
  examples: convertAndName('convert to Word', { fileName: 'thesis.odt' }, 'thesis-word'),
});
