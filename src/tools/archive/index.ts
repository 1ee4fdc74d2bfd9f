import type { AnyTool } from '../../registry/define-tool.ts';

export const archiveTools: AnyTool[] = [];
