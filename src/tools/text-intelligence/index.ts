import type { AnyTool } from '../../registry/define-tool.ts';
import atsGap from './ats-gap.ts';
import atsGapFile from './ats-gap-file.ts';
import expenseCategorizer from './expense-categorizer.ts';
import expenseCategorizerFile from './expense-categorizer-file.ts';
import headlineRestructurer from './headline-restructurer.ts';
import jargonBuster from './jargon-buster.ts';
import piiScrub from './pii-scrub.ts';
import piiScrubFile from './pii-scrub-file.ts';
import snippetMaker from './snippet-maker.ts';

export const textIntelligenceTools: AnyTool[] = [
  piiScrub,
  piiScrubFile,
  jargonBuster,
  snippetMaker,
  headlineRestructurer,
  atsGap,
  atsGapFile,
  expenseCategorizer,
  expenseCategorizerFile,
];
