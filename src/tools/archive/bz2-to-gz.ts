import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'bz2', to: 'gz', keywords: ['bzip2', 'gzip', 'tar.bz2', 'tar.gz', 'tgz'] });
