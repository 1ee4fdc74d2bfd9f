import { ebookTool } from './lib/tool.ts';
import { SAMPLE_FB2 } from './lib/sample.ts';

export default ebookTool({
  from: 'fb2',
  to: 'html',
  keywords: ['fictionbook', 'web page'],
  examples: [
    { title: 'convert a FictionBook', input: {}, upload: { fileName: 'tale.fb2', content: SAMPLE_FB2 } },
    { title: 'name the output', input: { fileName: 'tale-converted' }, upload: { fileName: 'tale.fb2', content: SAMPLE_FB2 } },
  ],
});
