import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'tar', to: 'rar', keywords: ['tarball', 'winrar'] });
