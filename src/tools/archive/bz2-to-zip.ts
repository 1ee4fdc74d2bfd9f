import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'bz2', to: 'zip', keywords: ['bzip2', 'tar.bz2', 'zip file'] });
