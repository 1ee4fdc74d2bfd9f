import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: '7z', to: 'bz2', keywords: ['7-zip', '7zip', 'bzip2', 'lzma', 'tar.bz2'] });
