import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'pdf-to-rtf',
  title: 'PDF to RTF',
  description:
    "Converts a PDF to an editable Rich Text Format document through LibreOffice's PDF import (writer_pdf_import). The text comes across in positioned text boxes, so the layout is approximate (said in warnings); scanned PDFs without a text layer give no text.",
  keywords: ['pdf', 'rtf', 'pdf to rtf', 'editable'],
  accept: ['pdf'],
  output: outputOf('rtf'),
  steps: [{ engine: 'office', format: 'rtf' }],
  warning:
    'PDF import is approximate: LibreOffice rebuilds each page from positioned text boxes, so the text is all there but the layout (columns, spacing, tables) may need touching up; a scanned PDF without a text layer gives no text.',
  examples: [
    { title: 'make a PDF editable', input: {}, upload: { fileName: 'brochure.pdf' } },
    { title: 'name the output', input: { fileName: 'brochure-editable' }, upload: { fileName: 'brochure.pdf' } },
  ],
});
