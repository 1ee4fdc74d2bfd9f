import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: '7z', to: 'rar', keywords: ['7-zip', '7zip', 'lzma', 'winrar'] });
