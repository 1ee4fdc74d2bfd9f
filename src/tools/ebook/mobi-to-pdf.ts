import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'mobi', to: 'pdf', keywords: ['kindle', 'mobipocket', 'print'] });
