import type { AnyTool } from '../../registry/define-tool.ts';
import analyze from './analyze.ts';
import compare from './compare.ts';

export const seoToolsTools: AnyTool[] = [analyze, compare];
