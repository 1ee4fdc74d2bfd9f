import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'gz', to: 'rar', keywords: ['gzip', 'tar.gz', 'tgz', 'winrar'] });
