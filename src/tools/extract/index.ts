import type { AnyTool } from '../../registry/define-tool.ts';

export const extractTools: AnyTool[] = [];
