import type { AnyTool } from '../../registry/define-tool.ts';
import youtubeCaptionFormatter from './youtube-caption-formatter.ts';
import youtubeDescriptionOptimizer from './youtube-description-optimizer.ts';
import youtubeEngagementCalculator from './youtube-engagement-calculator.ts';
import youtubeRpmCalculator from './youtube-rpm-calculator.ts';
import youtubeTitleOptimizer from './youtube-title-optimizer.ts';
import youtubeUrlParser from './youtube-url-parser.ts';

/** In the order the catalog lists them. */
export const youtubeToolsTools: AnyTool[] = [
  youtubeUrlParser,
  youtubeTitleOptimizer,
  youtubeDescriptionOptimizer,
  youtubeEngagementCalculator,
  youtubeRpmCalculator,
  youtubeCaptionFormatter,
];
