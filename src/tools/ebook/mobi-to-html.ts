import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'mobi', to: 'html', keywords: ['kindle', 'mobipocket', 'web page'] });
