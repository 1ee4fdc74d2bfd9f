import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'azw', to: 'epub', keywords: ['azw3', 'epub3', 'kf8', 'kindle'] });
