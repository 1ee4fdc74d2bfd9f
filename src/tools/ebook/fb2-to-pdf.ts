import { ebookTool } from './lib/tool.ts';
import { SAMPLE_FB2 } from './lib/sample.ts';

export default ebookTool({
  from: 'fb2',
  to: 'pdf',
  keywords: ['fictionbook', 'print'],
  examples: [
    { title: 'convert a FictionBook', input: {}, upload: { fileName: 'tale.fb2', content: SAMPLE_FB2 } },
    { title: 'US letter pages, named output', input: { fileName: 'tale-print', paperSize: 'letter' }, upload: { fileName: 'tale.fb2', content: SAMPLE_FB2 } },
  ],
});
