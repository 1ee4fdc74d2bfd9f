import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { ReadinessCheck } from '../http/health-routes.ts';
import { createAiProvider, type AiProvider } from './ai/index.ts';
import { createBrowserEngine, type BrowserEngine } from './browser/chromium.ts';
import { createCommandEngine, type CommandEngine } from './commands/index.ts';
import { createDnsEngine, type DnsEngine } from './dns/resolver.ts';
import { createFetchEngine, type FetchEngine } from './fetch/fetcher.ts';
import type { OfficeEngine } from './office/index.ts';

/**
 * Outbound I/O and supervised processes that tools reach through `ctx.engines`: each engine is a small
 * interface here, built once at startup, so tool files stay pure and cheap to import. Every field is
 * optional so a tool run without engines (a unit test) answers `engine_unavailable` instead of crashing.
 */
export interface Engines {
  /** The SSRF-guarded fetcher: the only way a tool reaches a URL. */
  fetch?: FetchEngine;
  /** DNS queries through TOOLAPI_DNS_SERVERS or the system's resolvers. */
  dns?: DnsEngine;
  /** Headless Chromium for measured page loads. */
  browser?: BrowserEngine;
  /** An OpenAI-compatible provider when TOOLAPI_AI_BASE_URL is set; AI tools run local models without it. */
  ai?: AiProvider;
  /** Short-lived converter processes: pandoc and poppler's PDF tools. */
  commands?: CommandEngine;
  /** The warm, supervised LibreOffice pool. */
  office?: OfficeEngine;
}

export interface EngineSet {
  engines: Engines;
  readiness: ReadinessCheck[];
  close(): Promise<void>;
}

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export async function createEngines(config: Config, logger: Logger): Promise<EngineSet> {
  const dns = createDnsEngine({ servers: config.dnsServers, timeoutMs: Math.min(config.fetchTimeoutMs, 5000) });
  const fetch = createFetchEngine({
    dns,
    allow: config.fetchAllow,
    timeoutMs: config.fetchTimeoutMs,
    maxBytes: config.fetchMaxBytes,
    userAgent: `toolapi/${packageVersion()} (+url-checker)`,
  });
  const browser = createBrowserEngine(config.chromiumPath ?? DEFAULT_CHROMIUM, fetch, logger);
  const ai = createAiProvider(config.ai);
  return {
    engines: { fetch, dns, browser, commands: createCommandEngine(), ...(ai ? { ai } : {}) },
    readiness: [],
    close: async () => {
      await browser.close();
    },
  };
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0';
  } catch {
    return '0';
  }
}
