import type { AnyTool } from '../../registry/define-tool.ts';

export const securityApisTools: AnyTool[] = [];
