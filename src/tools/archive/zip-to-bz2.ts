import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'zip', to: 'bz2', keywords: ['bzip2', 'tar.bz2', 'zip file'] });
