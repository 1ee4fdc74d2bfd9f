import type { AnyTool } from '../../registry/define-tool.ts';
import atsGap from './ats-gap.ts';
import expenseCategorizer from './expense-categorizer.ts';
import headlineRestructurer from './headline-restructurer.ts';
import jargonBuster from './jargon-buster.ts';
import piiScrub from './pii-scrub.ts';
import snippetMaker from './snippet-maker.ts';

export const textIntelligenceTools: AnyTool[] = [piiScrub, jargonBuster, snippetMaker, headlineRestructurer, atsGap, expenseCategorizer];
