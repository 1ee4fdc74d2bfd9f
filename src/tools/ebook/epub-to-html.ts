import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'epub', to: 'html', keywords: ['epub3', 'web page'] });
