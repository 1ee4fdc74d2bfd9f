import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'zip', to: 'tar', keywords: ['tarball', 'zip file'] });
