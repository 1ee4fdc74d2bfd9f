import type { AnyTool } from '../../registry/define-tool.ts';

export const textIntelligenceTools: AnyTool[] = [];
