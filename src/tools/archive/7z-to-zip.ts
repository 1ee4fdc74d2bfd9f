import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: '7z', to: 'zip', keywords: ['7-zip', '7zip', 'lzma', 'zip file'] });
