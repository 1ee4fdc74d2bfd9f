import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'html-to-pdf',
  title: 'HTML to PDF',
  description:
    'Typesets an HTML document as a PDF with LibreOffice (paged, print layout). Nothing outside the upload is read: scripts, frames, stylesheet links and every image or CSS url() that is not an inline data: URI are removed first (said in warnings), so the converter never fetches a URL or opens a local file. For a pixel-exact browser rendering of a live page use a screenshot tool instead.',
  keywords: ['html', 'pdf', 'html to pdf', 'web page to pdf'],
  accept: ['html', 'xml', 'txt'],
  inputAs: 'html',
  output: outputOf('pdf'),
  steps: [{ engine: 'html-sanitize' }, { engine: 'office', format: 'pdf' }],
  examples: [
    {
      title: 'typeset an HTML page',
      input: {},
      upload: {
        fileName: 'invoice.html',
        content: '<!doctype html><html><head><title>Invoice</title></head><body><h1>Invoice 1042</h1><p>Total due: <b>€ 120.00</b></p></body></html>',
      },
    },
    {
      title: 'name the output',
      input: { fileName: 'release-notes' },
      upload: {
        fileName: 'notes.html',
        content: '<h1>Release notes</h1><ul><li>Faster exports</li><li>New <a href="https://example.com/docs">docs</a></li></ul>',
      },
    },
  ],
});
