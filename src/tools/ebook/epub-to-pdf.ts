import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'epub', to: 'pdf', keywords: ['epub3', 'print'] });
