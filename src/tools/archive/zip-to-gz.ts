import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'zip', to: 'gz', keywords: ['gzip', 'tar.gz', 'tgz', 'zip file'] });
