import { after } from 'node:test';
import { createDnsEngine } from '../../src/engines/dns/resolver.ts';
import { createFetchEngine } from '../../src/engines/fetch/fetcher.ts';
import type { Engines } from '../../src/engines/index.ts';
import type { AnyTool } from '../../src/registry/define-tool.ts';
import { startTestDnsServer, type TestDnsServer, type ZoneEntry } from './dns-server.ts';
import type { FixtureSite } from './fixture-site.ts';
import { moduleTools } from './module-tools.ts';

export interface UrlEngines {
  /** `deps.engines` for `run` / `moduleTools`: the real fetcher and resolver, nothing else. */
  engines: Engines;
  /** The loopback DNS server the resolver asks: unknown names are NXDOMAIN, so no query leaves the machine. */
  dns: TestDnsServer;
  close(): Promise<void>;
}

export interface UrlEngineOptions {
  /** TOOLAPI_FETCH_ALLOW as the config parses it (a list of addresses and CIDRs); default only 127.0.0.1, where the fixture sites listen. */
  allow?: readonly string[];
  /** TOOLAPI_FETCH_TIMEOUT_MS (default 5000). */
  timeoutMs?: number;
  /** TOOLAPI_FETCH_MAX_BYTES (default 5 MB, the service's default). */
  maxBytes?: number;
}

/**
 * The engines a URL tool fetches through, built as createEngines (src/engines/index.ts) builds them from
 * TOOLAPI_FETCH_ALLOW, TOOLAPI_FETCH_TIMEOUT_MS and TOOLAPI_DNS_SERVERS, with the DNS server a test DNS server
 * answering `zone` on loopback: a module's URL tools run through the pipeline (`run`, `moduleTools`) against
 * loopback fixture sites without booting the service.
 */
export async function startUrlEngines(zone: Record<string, ZoneEntry> = {}, options: UrlEngineOptions = {}): Promise<UrlEngines> {
  const { allow = ['127.0.0.1'], timeoutMs = 5000, maxBytes = 5 * 1024 * 1024 } = options;
  const dns = await startTestDnsServer(zone);
  const resolver = createDnsEngine({ servers: [dns.address], timeoutMs: Math.min(timeoutMs, 5000) });
  const fetch = createFetchEngine({ dns: resolver, allow, timeoutMs, maxBytes, userAgent: 'toolapi/test (+url-checker)' });
  return { engines: { fetch, dns: resolver }, dns, close: () => dns.close() };
}

/**
 * A module test of URL tools against one loopback site: the engines start now (the resolver asking a test DNS server
 * that answers `zone`), the site and the engines stop after the file's tests, and the calls go through the pipeline
 * (`moduleTools`) with those engines.
 */
export async function siteTools(tools: readonly AnyTool[], site: FixtureSite, zone: Record<string, ZoneEntry> = {}) {
  const urls = await startUrlEngines(zone);
  after(async () => {
    await site.close();
    await urls.close();
  });
  return { site, origin: site.origin, ...moduleTools(tools, { engines: urls.engines }) };
}
