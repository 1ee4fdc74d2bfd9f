import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'tar', to: 'bz2', keywords: ['bzip2', 'tar.bz2', 'tarball'] });
