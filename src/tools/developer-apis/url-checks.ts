import type { AnyTool } from '../../registry/define-tool.ts';
import httpHeadersChecker from './http-headers-checker.ts';

/** The developer tools that fetch a live URL (`GET ?url`), through the SSRF-guarded fetcher in ctx.engines. */
export const developerUrlTools: AnyTool[] = [httpHeadersChecker];
