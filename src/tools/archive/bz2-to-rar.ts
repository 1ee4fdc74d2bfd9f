import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'bz2', to: 'rar', keywords: ['bzip2', 'tar.bz2', 'winrar'] });
