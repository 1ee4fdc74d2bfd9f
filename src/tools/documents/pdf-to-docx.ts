import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'pdf-to-docx',
  title: 'PDF to Word (DOCX)',
  description:
    "Converts a PDF to an editable Word document through LibreOffice's PDF import (writer_pdf_import). The text comes across in positioned text boxes, so the layout is approximate (said in warnings); scanned PDFs without a text layer give no text.",
  keywords: ['pdf', 'docx', 'word', 'pdf to word', 'editable'],
  accept: ['pdf'],
  output: outputOf('docx'),
  steps: [{ engine: 'office', format: 'docx' }],
  warning:
    'PDF import is approximate: LibreOffice rebuilds each page from positioned text boxes, so the text is all there but the layout (columns, spacing, tables) may need touching up; a scanned PDF without a text layer gives no text.',
  examples: [
    { title: 'make a PDF editable', input: {}, upload: { fileName: 'contract.pdf' } },
    { title: 'name the output', input: { fileName: 'contract-editable' }, upload: { fileName: 'contract.pdf' } },
  ],
});
