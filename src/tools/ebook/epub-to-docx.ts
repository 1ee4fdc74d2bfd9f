import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'epub', to: 'docx', keywords: ['epub3', 'word'] });
