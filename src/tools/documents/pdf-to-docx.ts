import { convertAndName, officeConversion } from '../conversions.ts';

export default officeConversion('documents', 'pdf', 'docx', {
  title: 'PDF to Word (DOCX)',
  description:
    "Converts a PDF to an editable Word document through LibreOffice's PDF import (writer_pdf_import). The text comes across in positioned text boxes, so the layout is approximate (said in warnings); scanned PDFs without a text layer give no text.",
  keywords: ['pdf', 'docx', 'word', 'pdf to word', 'editable'],
  warning:
    'PDF import is approximate: LibreOffice rebuilds each page from positioned text boxes, so the text is all there but the layout (columns, spacing, tables) may need touching up; a scanned PDF without a text layer gives no text.',
  examples: convertAndName('make a PDF editable', { fileName: 'contract.pdf' }, 'contract-editable'),
});
