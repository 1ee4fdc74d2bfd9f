import type { AnyTool } from '../../registry/define-tool.ts';

export const calculatorsTools: AnyTool[] = [];
