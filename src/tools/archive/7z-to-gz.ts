import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: '7z', to: 'gz', keywords: ['7-zip', '7zip', 'gzip', 'lzma', 'tar.gz', 'tgz'] });
