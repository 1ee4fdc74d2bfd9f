import type { AnyTool } from '../../registry/define-tool.ts';

export const webTools: AnyTool[] = [];
