import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'tar', to: 'zip', keywords: ['tarball', 'zip file'] });
