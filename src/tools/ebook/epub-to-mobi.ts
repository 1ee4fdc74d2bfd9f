import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'epub', to: 'mobi', keywords: ['epub3', 'kindle', 'mobipocket'] });
