import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'mobi', to: 'txt', keywords: ['kindle', 'mobipocket', 'plain text', 'text'] });
