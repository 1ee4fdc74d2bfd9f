import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'epub', to: 'fb2', keywords: ['epub3', 'fictionbook'] });
