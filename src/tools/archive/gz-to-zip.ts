import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'gz', to: 'zip', keywords: ['gzip', 'tar.gz', 'tgz', 'zip file'] });
