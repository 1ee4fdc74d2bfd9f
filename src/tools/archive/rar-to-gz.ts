import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'rar', to: 'gz', keywords: ['gzip', 'tar.gz', 'tgz', 'winrar'] });
