import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('documents', 'pdf', 'rtf', {
  title: 'PDF to RTF',
  description:
    "Converts a PDF to an editable Rich Text Format document through LibreOffice's PDF import (writer_pdf_import). The text comes across in positioned text boxes, so the layout is approximate (said in warnings); scanned PDFs without a text layer give no text.",
  keywords: ['pdf', 'rtf', 'pdf to rtf', 'editable'],
  warning:
    'PDF import is approximate: LibreOffice rebuilds each page from positioned text boxes, so the text is all there but the layout (columns, spacing, tables) may need touching up; a scanned PDF without a text layer gives no text.',
  examples: convertAndName('make a PDF editable', { fileName: 'brochure.pdf' }, 'brochure-editable'),
});
