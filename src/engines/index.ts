import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { ReadinessCheck } from '../core/readiness.ts';
import { createAiProvider, type AiProvider } from './ai/index.ts';
import { createArchiveEngine, type ArchiveEngine } from './archive/index.ts';
import { createBrowserEngine, type BrowserEngine } from './browser/chromium.ts';
import { createCpuPool, type CpuPool } from './cpu/index.ts';
import { createDnsEngine, type DnsEngine } from './dns/resolver.ts';
import { createEbookEngine, type EbookEngine } from './ebook/index.ts';
import { createFetchEngine, type FetchEngine } from './fetch/fetcher.ts';
import { createImageEngine, type ImageEngine } from './images/index.ts';
import { createOfficeEngine, officeReadiness, type OfficeEngine } from './office/index.ts';
import { createPandocEngine, type PandocEngine } from './pandoc/index.ts';
import { createPopplerEngine, type PopplerEngine } from './poppler/index.ts';
import { createRegexPool, type RegexPool } from './regex/pool.ts';

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
  /** pandoc, with the untrusted-document defences (sandbox, AST rewrite). */
  pandoc?: PandocEngine;
  /** poppler's PDF tools: text, HTML, page images. */
  poppler?: PopplerEngine;
  /** The warm, supervised LibreOffice pool. */
  office?: OfficeEngine;
  /** Archives: ZIP reading and writing, the archivers (bsdtar, 7-Zip, gzip, bzip2, rar where installed), one guard (zip slip, links, bombs). */
  archive?: ArchiveEngine;
  /** Calibre's ebook-convert / ebook-meta for the e-book conversions. */
  ebook?: EbookEngine;
  /** sharp (loaded on first use), HEIC decoding and heif-enc for HEIC output. */
  images?: ImageEngine;
  /** Worker threads for CPU-bound tools (`cpu: true`); the pipeline dispatches large inputs there. */
  cpu?: CpuPool;
  /** Worker threads that run user regular expressions under a hard deadline (regex-tester). */
  regex?: RegexPool;
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
  // TOOLAPI_OFFICE_WORKERS=0 disables LibreOffice: its conversions leave supported-conversions and answer 501.
  // Its profiles live beside the per-call scratch folders, not among them (scratch/ is empty between calls).
  const office =
    config.office.workers > 0
      ? createOfficeEngine({
          workers: config.office.workers,
          jobTimeoutMs: config.office.timeoutMs,
          start: config.office.start,
          log: logger,
          tempDir: path.join(config.dataDir, 'office'),
        })
      : undefined;
  const regex = createRegexPool();
  const cpu = createCpuPool({ ...(config.cpuWorkers ? { threads: config.cpuWorkers } : {}) });
  return {
    engines: {
      cpu,
      regex,
      fetch,
      dns,
      browser,
      pandoc: createPandocEngine(),
      poppler: createPopplerEngine(),
      archive: createArchiveEngine(),
      ebook: createEbookEngine(),
      images: createImageEngine(),
      ...(office ? { office } : {}),
      ...(ai ? { ai } : {}),
    },
    readiness: office ? [officeReadiness(office)] : [],
    close: async () => {
      await Promise.all([browser.close(), office?.close(), cpu.close(), regex.close()]);
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
