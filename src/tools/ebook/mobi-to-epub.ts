import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'mobi', to: 'epub', keywords: ['epub3', 'kindle', 'mobipocket'] });
