import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'tar', to: 'gz', keywords: ['gzip', 'tar.gz', 'tarball', 'tgz'] });
