import { archiveTool } from './lib/tool.ts';

export default archiveTool({ from: 'zip', to: 'rar', keywords: ['winrar', 'zip file'] });
