import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'azw', to: 'pdf', keywords: ['azw3', 'kf8', 'kindle', 'print'] });
