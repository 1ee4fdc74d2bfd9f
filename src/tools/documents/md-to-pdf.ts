import { conversionTool, outputOf } from '../conversions.ts';

export default conversionTool({
  module: 'documents',
  slug: 'md-to-pdf',
  title: 'Markdown to PDF',
  description:
    'Renders Markdown (CommonMark with GitHub extensions: tables, task lists, fenced code) to PDF: pandoc turns it into HTML, remote and local image references are removed (only data: URIs are kept), and LibreOffice typesets the pages.',
  keywords: ['markdown', 'md', 'pdf', 'markdown to pdf'],
  accept: ['md', 'txt'],
  output: outputOf('pdf'),
  steps: [{ engine: 'pandoc', from: 'gfm', to: 'html5', standalone: true }, { engine: 'html-sanitize' }, { engine: 'office', format: 'pdf' }],
  examples: [
    {
      title: 'render a Markdown file',
      input: {},
      upload: { fileName: 'report.md', content: '# Quarterly report\n\nRevenue grew **12 %**.\n\n| Region | Units |\n|---|---|\n| North | 12 |\n' },
    },
    {
      title: 'name the output',
      input: { fileName: 'handbook' },
      upload: { fileName: 'README.md', content: '# Handbook\n\n- [x] Onboarding\n- [ ] Security training\n' },
    },
  ],
});
