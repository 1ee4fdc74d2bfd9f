import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'rar', to: 'bz2', keywords: ['bzip2', 'tar.bz2', 'winrar'] });
