import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'gz', to: 'bz2', keywords: ['bzip2', 'gzip', 'tar.bz2', 'tar.gz', 'tgz'] });
