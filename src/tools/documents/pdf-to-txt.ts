import { conversionTool } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'pdf-to-txt',
  title: 'PDF to plain text',
  description: "Extracts the text of a PDF with poppler's pdftotext, keeping the physical layout (columns, tables) as plain UTF-8 text.",
  keywords: ['pdf', 'txt', 'extract text', 'pdf to text'],
  accept: ['pdf'],
  output: { extension: 'txt', mimeType: 'text/plain' },
  steps: [{ engine: 'pdftotext' }],
});
