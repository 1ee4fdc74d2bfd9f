import type { AnyTool } from '../../registry/define-tool.ts';
import formFieldInventory from './form-field-inventory.ts';
import landingPageCtaFinder from './landing-page-cta-finder.ts';
import marketingTagExtractor from './marketing-tag-extractor.ts';

/** The marketing tools that fetch a live URL (`GET ?url`), through the SSRF-guarded fetcher in ctx.engines. */
export const marketingUrlTools: AnyTool[] = [landingPageCtaFinder, formFieldInventory, marketingTagExtractor];
