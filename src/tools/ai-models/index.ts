import type { AnyTool } from '../../registry/define-tool.ts';
import fileInsights from './file-insights.ts';
import textAi from './text-ai.ts';
import youtubeInsight from './youtube-insight.ts';

export const aiModelsTools: AnyTool[] = [fileInsights, textAi, youtubeInsight];
