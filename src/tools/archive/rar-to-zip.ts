import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'rar', to: 'zip', keywords: ['winrar', 'zip file'] });
