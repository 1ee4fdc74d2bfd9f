import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'bz2', to: '7z', keywords: ['7-zip', '7zip', 'bzip2', 'lzma', 'tar.bz2'] });
