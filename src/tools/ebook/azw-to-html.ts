import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'azw', to: 'html', keywords: ['azw3', 'kf8', 'kindle', 'web page'] });
