import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: '7z', to: 'tar', keywords: ['7-zip', '7zip', 'lzma', 'tarball'] });
