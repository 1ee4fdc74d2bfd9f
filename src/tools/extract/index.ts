import type { AnyTool } from '../../registry/define-tool.ts';
import extract from './extract.ts';

export const extractTools: AnyTool[] = [extract];
