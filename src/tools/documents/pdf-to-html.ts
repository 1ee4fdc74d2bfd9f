import { conversionTool } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'pdf-to-html',
  title: 'PDF to HTML',
  description: "Converts a PDF to one self-contained HTML page with poppler's pdftohtml (text positioned as in the PDF; images omitted).",
  keywords: ['pdf', 'html', 'pdf to html'],
  accept: ['pdf'],
  output: { extension: 'html', mimeType: 'text/html' },
  steps: [{ engine: 'pdftohtml' }],
});
