import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('office', 'odt', 'pdf', {
  title: 'OpenDocument text (ODT) to PDF',
  description: 'Converts an OpenDocument text document (.odt, LibreOffice Writer) to PDF with LibreOffice, exactly as Writer prints it.',
  keywords: ['odt', 'pdf', 'writer', 'opendocument'],
  examples: convertAndName('convert to PDF', { fileName: 'thesis.odt' }, 'thesis-final'),
});
