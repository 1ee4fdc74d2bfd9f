import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'epub', to: 'azw', keywords: ['azw3', 'epub3', 'kf8', 'kindle'] });
