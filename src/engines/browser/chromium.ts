import { existsSync } from 'node:fs';
import type { Browser, Request as PwRequest } from 'playwright-core';
import type { Logger } from 'pino';
import { ToolError } from '../../core/errors.ts';
import type { FetchEngine } from '../fetch/fetcher.ts';
import { semaphore } from '../fetch/fetcher.ts';
import { startGuardProxy, type BlockedRequest, type GuardProxy } from './guard-proxy.ts';
import { QueueWaits } from '../queue-waits.ts';

/**
 * A real headless Chromium (Debian's package, driven by playwright-core) that loads a page and reports
 * what it measured. One browser is kept warm, launched on first use and closed with the engine; each
 * measurement gets a fresh context. Every request Chromium makes is checked twice: page.route resolves
 * and classifies it (forbidden ones are aborted and listed), and the browser's proxy is a loopback
 * guard that connects only to the checked address.
 */
export interface ResourceMeasurement {
  url: string;
  type: string;
  status: number;
  mimeType: string | null;
  contentEncoding: string | null;
  /** Bytes on the wire: response headers + encoded body. */
  transferBytes: number;
  bodyBytes: number;
  renderBlocking: boolean;
  durationMs: number;
}

export interface ImageMeasurement {
  url: string;
  naturalWidth: number;
  naturalHeight: number;
  displayWidth: number;
  displayHeight: number;
}

export interface PageMeasurement {
  requestedUrl: string;
  finalUrl: string;
  status: number | null;
  /** Milliseconds from navigation start. */
  ttfbMs: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  domContentLoadedMs: number | null;
  loadMs: number | null;
  cls: number;
  totalBytes: number;
  requests: number;
  failedRequests: Array<{ url: string; error: string }>;
  blockedRequests: BlockedRequest[];
  resources: ResourceMeasurement[];
  images: ImageMeasurement[];
  domElements: number;
  browserVersion: string;
}

export interface BrowserEngine {
  readonly executablePath: string;
  measure(url: string, options: { signal: AbortSignal; timeoutMs: number; width?: number; height?: number }): Promise<PageMeasurement>;
  /** Read-only, for metrics: pages measured at once at most, being measured now, and waiting for a turn. */
  stats(): { pages: number; active: number; queued: number };
  /** How long each measurement waited for a page (engines/queue-waits.ts). */
  readonly waits: QueueWaits;
  close(): Promise<void>;
}

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--disable-features=Translate,OptimizationHints,MediaRouter',
  // WebRTC sends STUN/TURN over UDP straight from the browser, past the request filter and the guard proxy:
  // only proxied traffic is allowed (and the init script removes WebRTC from pages altogether).
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

const INIT_SCRIPT = `(() => {
  const w = window;
  // No page measured here needs WebRTC, and its UDP would bypass the SSRF guard.
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']) {
    try { delete w[name]; } catch {}
    try { Object.defineProperty(w, name, { value: undefined, configurable: false, writable: false }); } catch {}
  }
  w.__toolapi = { lcp: null, cls: 0 };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__toolapi.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
  try {
    let session = 0, first = 0, last = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        if (session && e.startTime - last < 1000 && e.startTime - first < 5000) { session += e.value; }
        else { session = e.value; first = e.startTime; }
        last = e.startTime;
        if (session > w.__toolapi.cls) w.__toolapi.cls = session;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {}
})();`;

interface PageTimings {
  ttfb: number | null;
  fcp: number | null;
  lcp: number | null;
  dcl: number | null;
  load: number | null;
  cls: number;
  blocking: string[];
  images: ImageMeasurement[];
  domElements: number;
}

export function createBrowserEngine(executablePath: string, fetchEngine: FetchEngine, logger: Logger): BrowserEngine {
  let launching: Promise<{ browser: Browser; proxy: GuardProxy }> | null = null;
  const waits = new QueueWaits();
  const gate = semaphore(2, waits);

  async function launch(): Promise<{ browser: Browser; proxy: GuardProxy }> {
    if (!existsSync(executablePath)) {
      throw new ToolError(
        'engine_unavailable',
        `page-speed measurements need Chromium, which is not installed at ${executablePath} (install Debian's chromium package or set TOOLAPI_CHROMIUM_PATH)`,
      );
    }
    const proxy = await startGuardProxy(fetchEngine, (b) => logger.warn({ url: b.url }, 'browser proxy refused a request'), fetchEngine.timeoutMs);
    try {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({
        executablePath,
        headless: true,
        args: LAUNCH_ARGS,
        proxy: { server: proxy.url },
        timeout: 30_000,
      });
      browser.on('disconnected', () => {
        launching = null;
        void proxy.close();
      });
      return { browser, proxy };
    } catch (error) {
      await proxy.close();
      logger.error({ err: error }, 'chromium failed to launch');
      throw new ToolError('engine_unavailable', `Chromium at ${executablePath} could not be started: ${(error as Error).message.split('\n')[0]}`);
    }
  }

  function warm(): Promise<{ browser: Browser; proxy: GuardProxy }> {
    if (!launching) {
      launching = launch();
      launching.catch(() => (launching = null));
    }
    return launching;
  }

  async function measureOnce(url: string, o: { signal: AbortSignal; timeoutMs: number; width?: number; height?: number }): Promise<PageMeasurement> {
    // Checked before the browser starts, so a forbidden URL is a 400 even without Chromium.
    await fetchEngine.check(url, o.signal);
    const { browser } = await warm();
    const context = await browser.newContext({
      userAgent: `${fetchEngine.userAgent} Chromium/${browser.version()}`,
      viewport: { width: o.width ?? 1350, height: o.height ?? 940 },
      serviceWorkers: 'block',
      ignoreHTTPSErrors: true,
    });
    const onAbort = (): void => void context.close().catch(() => {});
    o.signal.addEventListener('abort', onAbort, { once: true });
    const blocked: BlockedRequest[] = [];
    const failed: Array<{ url: string; error: string }> = [];
    const finished: PwRequest[] = [];
    try {
      await context.route('**/*', async (route) => {
        const requestUrl = route.request().url();
        if (!/^https?:/i.test(requestUrl)) return route.continue();
        try {
          await fetchEngine.check(requestUrl, o.signal);
          return await route.continue();
        } catch (error) {
          const forbidden = error instanceof ToolError && error.code === 'forbidden_target';
          if (forbidden) blocked.push({ url: requestUrl, reason: error.detail });
          return route.abort(forbidden ? 'blockedbyclient' : 'namenotresolved').catch(() => {});
        }
      });
      const page = await context.newPage();
      page.on('requestfinished', (r) => void finished.push(r));
      page.on('requestfailed', (r) => void failed.push({ url: r.url(), error: r.failure()?.errorText ?? 'failed' }));
      await page.addInitScript(INIT_SCRIPT);
      const started = Date.now();
      let response;
      try {
        response = await page.goto(url, { waitUntil: 'load', timeout: o.timeoutMs });
      } catch (error) {
        if (o.signal.aborted) throw o.signal.reason instanceof ToolError ? o.signal.reason : new ToolError('timeout', 'url: cancelled');
        const first = blocked[0];
        if (first && first.url.replace(/\/$/, '') === url.replace(/\/$/, '')) throw new ToolError('forbidden_target', first.reason);
        const message = (error as Error).message.split('\n')[0] ?? '';
        if (/Timeout/i.test(message)) throw new ToolError('timeout', `url: the page did not finish loading within ${o.timeoutMs} ms`);
        throw new ToolError('upstream_failed', `url: Chromium could not load the page (${message.replace(/^page\.goto: /, '')})`);
      }
      const remaining = Math.max(0, o.timeoutMs - (Date.now() - started));
      await page.waitForLoadState('networkidle', { timeout: Math.min(3000, remaining) }).catch(() => {});
      const timings = (await page.evaluate(COLLECT)) as PageTimings;
      const blockingSet = new Set(timings.blocking);
      const resources: ResourceMeasurement[] = [];
      for (const request of finished) {
        const res = await request.response();
        if (!res) continue;
        const sizes = await request.sizes().catch(() => null);
        const headers = await res.allHeaders().catch(() => ({}) as Record<string, string>);
        const timing = request.timing();
        resources.push({
          url: request.url(),
          type: request.resourceType(),
          status: res.status(),
          mimeType: (headers['content-type'] ?? '').split(';')[0]?.trim() || null,
          contentEncoding: headers['content-encoding'] ?? null,
          transferBytes: sizes ? sizes.responseHeadersSize + sizes.responseBodySize : 0,
          bodyBytes: sizes ? sizes.responseBodySize : 0,
          renderBlocking: blockingSet.has(request.url()),
          durationMs: timing.responseEnd > 0 ? Math.round(timing.responseEnd) : 0,
        });
      }
      return {
        requestedUrl: url,
        finalUrl: page.url(),
        status: response?.status() ?? null,
        ttfbMs: round(timings.ttfb),
        fcpMs: round(timings.fcp),
        lcpMs: round(timings.lcp),
        domContentLoadedMs: round(timings.dcl),
        loadMs: round(timings.load),
        cls: Math.round(timings.cls * 1000) / 1000,
        totalBytes: resources.reduce((sum, r) => sum + r.transferBytes, 0),
        requests: resources.length + failed.length,
        failedRequests: failed,
        blockedRequests: blocked,
        resources,
        images: timings.images,
        domElements: timings.domElements,
        browserVersion: browser.version(),
      };
    } finally {
      o.signal.removeEventListener('abort', onAbort);
      await context.close().catch(() => {});
    }
  }

  return {
    executablePath,
    measure: (url, o) => gate(() => measureOnce(url, o)),
    stats: () => {
      const { limit, active, waiting } = gate.stats();
      return { pages: limit, active, queued: waiting };
    },
    waits,
    close: async () => {
      const current = launching;
      launching = null;
      if (current) {
        const launched = await current.catch(() => null);
        if (launched) {
          await launched.browser.close().catch(() => {});
          await launched.proxy.close().catch(() => {});
        }
      }
    },
  };
}

function round(value: number | null): number | null {
  return value === null || !Number.isFinite(value) ? null : Math.round(value);
}

const COLLECT = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
  const blocking = performance.getEntriesByType('resource').filter((e) => e.renderBlockingStatus === 'blocking').map((e) => e.name);
  const images = Array.from(document.images).filter((img) => img.currentSrc && img.naturalWidth > 0).slice(0, 200).map((img) => ({
    url: img.currentSrc, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight,
    displayWidth: Math.round(img.getBoundingClientRect().width), displayHeight: Math.round(img.getBoundingClientRect().height),
  }));
  return {
    ttfb: nav ? nav.responseStart : null,
    fcp: fcp ? fcp.startTime : null,
    lcp: window.__toolapi ? window.__toolapi.lcp : null,
    dcl: nav ? nav.domContentLoadedEventEnd : null,
    load: nav ? nav.loadEventEnd : null,
    cls: window.__toolapi ? window.__toolapi.cls : 0,
    blocking, images,
    domElements: document.getElementsByTagName('*').length,
  };
})()`;
