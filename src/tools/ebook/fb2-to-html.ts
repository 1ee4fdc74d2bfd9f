import { convertAndName } from '../conversions.ts';
import { ebookTool } from './lib/tool.ts';
import { SAMPLE_FB2 } from './lib/sample.ts';

export default ebookTool({
  from: 'fb2',
  to: 'html',
  keywords: ['fictionbook', 'web page'],
  examples: convertAndName('convert a FictionBook', { fileName: 'tale.fb2', content: SAMPLE_FB2 }, 'tale-converted'),
});
