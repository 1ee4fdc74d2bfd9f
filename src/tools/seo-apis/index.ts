import type { AnyTool } from '../../registry/define-tool.ts';
import aiOverviewReadinessChecker from './ai-overview-readiness-checker.ts';
import brokenLinkChecker from './broken-link-checker.ts';
import bulkUrlSeoAuditor from './bulk-url-seo-auditor.ts';
import canonicalUrlChecker from './canonical-url-checker.ts';
import competitorPageCompare from './competitor-page-compare.ts';
import contentOptimization from './content-optimization.ts';
import duplicateContentChecker from './duplicate-content-checker.ts';
import headingStructureAnalyzer from './heading-structure-analyzer.ts';
import hreflangChecker from './hreflang-checker.ts';
import httpStatusChecker from './http-status-checker.ts';
import imageAltTextChecker from './image-alt-text-checker.ts';
import internalLinking from './internal-linking.ts';
import linkExtractor from './link-extractor.ts';
import llmsTxtBuilder from './llms-txt-builder.ts';
import llmsTxtValidator from './llms-txt-validator.ts';
import metaTagsAnalyzer from './meta-tags-analyzer.ts';
import mixedContentChecker from './mixed-content-checker.ts';
import pageSpeedAnalyzer from './page-speed-analyzer.ts';
import rankCheckerKeywords from './rank-checker-keywords.ts';
import redirectChainAnalyzer from './redirect-chain-analyzer.ts';
import robotsTxtChecker from './robots-txt-checker.ts';
import schemaMarkupValidator from './schema-markup-validator.ts';
import seoChangeDiff from './seo-change-diff.ts';
import serpSnippetPreview from './serp-snippet-preview.ts';
import siteIconsChecker from './site-icons-checker.ts';
import sitemapXmlValidator from './sitemap-xml-validator.ts';
import socialMediaIntegration from './social-media-integration.ts';

/** The 27 seo-apis tools; every URL tool fetches through the SSRF-guarded engine in ctx.engines. */
export const seoApisTools: AnyTool[] = [
  rankCheckerKeywords,
  socialMediaIntegration,
  pageSpeedAnalyzer,
  contentOptimization,
  internalLinking,
  linkExtractor,
  metaTagsAnalyzer,
  robotsTxtChecker,
  sitemapXmlValidator,
  canonicalUrlChecker,
  httpStatusChecker,
  redirectChainAnalyzer,
  brokenLinkChecker,
  mixedContentChecker,
  schemaMarkupValidator,
  serpSnippetPreview,
  headingStructureAnalyzer,
  imageAltTextChecker,
  competitorPageCompare,
  hreflangChecker,
  llmsTxtBuilder,
  llmsTxtValidator,
  aiOverviewReadinessChecker,
  siteIconsChecker,
  seoChangeDiff,
  duplicateContentChecker,
  bulkUrlSeoAuditor,
];
