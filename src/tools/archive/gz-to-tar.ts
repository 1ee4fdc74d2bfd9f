import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'gz', to: 'tar', keywords: ['gzip', 'tar.gz', 'tarball', 'tgz'] });
