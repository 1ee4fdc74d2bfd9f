import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'gz', to: '7z', keywords: ['7-zip', '7zip', 'gzip', 'lzma', 'tar.gz', 'tgz'] });
