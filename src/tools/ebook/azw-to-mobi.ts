import { ebookTool } from './lib/tool.ts';

export default ebookTool({ from: 'azw', to: 'mobi', keywords: ['azw3', 'kf8', 'kindle', 'mobipocket'] });
