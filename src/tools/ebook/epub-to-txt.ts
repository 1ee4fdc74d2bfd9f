import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'epub', to: 'txt', keywords: ['epub3', 'plain text', 'text'] });
