import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'azw', to: 'txt', keywords: ['azw3', 'kf8', 'kindle', 'plain text', 'text'] });
