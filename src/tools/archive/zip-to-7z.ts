import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'zip', to: '7z', keywords: ['7-zip', '7zip', 'lzma', 'zip file'] });
