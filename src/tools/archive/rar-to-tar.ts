import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'rar', to: 'tar', keywords: ['tarball', 'winrar'] });
