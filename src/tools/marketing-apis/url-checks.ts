import type { AnyTool } from '../../registry/define-tool.ts';

/** The marketing tools that fetch a live URL (`GET ?url`), through the SSRF-guarded fetcher in ctx.engines. */
export const marketingUrlTools: AnyTool[] = [];
