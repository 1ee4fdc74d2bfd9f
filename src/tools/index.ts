import type { AnyTool } from '../registry/define-tool.ts';
import { textUtilitiesTools } from './text-utilities/index.ts';
import { calculatorsTools } from './calculators/index.ts';
import { unitConversionsTools } from './unit-conversions/index.ts';
import { youtubeToolsTools } from './youtube-tools/index.ts';
import { marketingApisTools } from './marketing-apis/index.ts';
import { developerApisTools } from './developer-apis/index.ts';
import { securityApisTools } from './security-apis/index.ts';
import { textIntelligenceTools } from './text-intelligence/index.ts';
import { aiModelsTools } from './ai-models/index.ts';
import { seoToolsTools } from './seo-tools/index.ts';
import { seoApisTools } from './seo-apis/index.ts';
import { convertorsTools } from './convertors/index.ts';
import { documentsTools } from './documents/index.ts';
import { officeTools } from './office/index.ts';
import { webTools } from './web/index.ts';
import { ebookTools } from './ebook/index.ts';
import { archiveTools } from './archive/index.ts';
import { extractTools } from './extract/index.ts';

/** Every tool of the API. Each module's index lists its tool files; this file lists the modules. */
export const ALL_TOOLS: AnyTool[] = [
  ...textUtilitiesTools,
  ...calculatorsTools,
  ...unitConversionsTools,
  ...youtubeToolsTools,
  ...marketingApisTools,
  ...developerApisTools,
  ...securityApisTools,
  ...textIntelligenceTools,
  ...aiModelsTools,
  ...seoToolsTools,
  ...seoApisTools,
  ...convertorsTools,
  ...documentsTools,
  ...officeTools,
  ...webTools,
  ...ebookTools,
  ...archiveTools,
  ...extractTools,
];
