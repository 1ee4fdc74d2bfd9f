import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { browserOf } from '../../lib/page/context.ts';

const resourceSchema = z.object({ url: z.string(), type: z.string(), transferBytes: z.number().int(), mimeType: z.string().nullable() });
const TEXT_TYPES = /^(text\/|application\/(javascript|json|xml|x-javascript|manifest\+json)|image\/svg\+xml)/;
const LEGACY_IMAGE = /^image\/(bmp|tiff|x-ms-bmp|x-icon|vnd\.microsoft\.icon)$/;
const RASTER = /^image\/(png|jpeg|jpg|gif)$/;

function rate(value: number | null, good: number, poor: number): 'pass' | 'warn' | 'fail' {
  if (value === null) return 'warn';
  return value <= good ? 'pass' : value <= poor ? 'warn' : 'fail';
}

export default definePageAudit({
  module: 'seo-apis',
  slug: 'page-speed-analyzer',
  title: 'Page speed analyzer (real browser)',
  description:
    'Loads the page in a real headless Chromium and reports what it measured — not estimates from HTML size: time to first byte, ' +
    'First Contentful Paint, Largest Contentful Paint, Cumulative Layout Shift, DOMContentLoaded and load times, total bytes ' +
    'transferred and number of requests, the largest resources, render-blocking scripts and styles, uncompressed text ' +
    'resources, images in legacy formats or heavier than 100 KB that WebP/AVIF would shrink, and images much larger than ' +
    'displayed. Scored against the Core Web Vitals thresholds (LCP ≤ 2.5 s, CLS ≤ 0.1, FCP ≤ 1.8 s, TTFB ≤ 0.8 s). One load ' +
    'from this server (desktop viewport, no throttling), so values vary between runs. Requests to private addresses are blocked and listed.',
  keywords: ['page speed', 'core web vitals', 'lcp', 'cls', 'fcp', 'ttfb', 'performance', 'site speed', 'pagespeed'],
  cost: 2,
  timeoutMs: 60_000,
  fields: () => ({
    httpStatus: z.number().int().nullable(),
    metrics: z.object({
      ttfbMs: z.number().int().nullable(),
      fcpMs: z.number().int().nullable(),
      lcpMs: z.number().int().nullable(),
      cls: z.number(),
      domContentLoadedMs: z.number().int().nullable(),
      loadMs: z.number().int().nullable(),
      totalBytes: z.number().int(),
      requests: z.number().int(),
      domElements: z.number().int(),
    }),
    byType: z.array(z.object({ type: z.string(), requests: z.number().int(), transferBytes: z.number().int() })),
    largestResources: z.array(resourceSchema),
    renderBlocking: z.array(resourceSchema),
    uncompressedText: z.array(resourceSchema).describe('Text resources over 1 KB served without gzip/br/zstd'),
    uncompressedImages: z
      .array(resourceSchema.extend({ reason: z.string() }))
      .describe('Images in legacy formats (BMP, TIFF, ICO as content) or PNG/JPEG/GIF over 100 KB that WebP/AVIF would shrink'),
    oversizedImages: z.array(z.object({ url: z.string(), natural: z.string(), displayed: z.string() })).describe('Images at least twice as wide as displayed'),
    failedRequests: z.array(z.object({ url: z.string(), error: z.string() })),
    blockedRequests: z.array(z.object({ url: z.string(), reason: z.string() })).describe('Requests refused because they target private addresses'),
    browser: z.string(),
  }),
  live: { 'a page': 'https://example.com/', 'a bare host': 'example.org' },
  offline: { title: 'HTML, scripts and styles served without compression', finds: ['text-uncompressed'] },
  run: async ({ url }, ctx) => {
    const m = await browserOf(ctx).measure(url, { signal: ctx.signal, timeoutMs: 30_000 });
    const res = m.resources;
    const short = (r: (typeof res)[number]): z.infer<typeof resourceSchema> => ({
      url: r.url,
      type: r.type,
      transferBytes: r.transferBytes,
      mimeType: r.mimeType,
    });
    const byTypeMap = new Map<string, { requests: number; transferBytes: number }>();
    for (const r of res) {
      const e = byTypeMap.get(r.type) ?? { requests: 0, transferBytes: 0 };
      e.requests++;
      e.transferBytes += r.transferBytes;
      byTypeMap.set(r.type, e);
    }
    const uncompressedText = res
      .filter((r) => TEXT_TYPES.test(r.mimeType ?? '') && r.bodyBytes > 1024 && !/gzip|br|zstd|deflate/i.test(r.contentEncoding ?? ''))
      .map(short);
    const uncompressedImages = res
      .filter((r) => r.type === 'image' || /^image\//.test(r.mimeType ?? ''))
      .flatMap((r) => {
        const type = (r.mimeType ?? '').toLowerCase();
        if (LEGACY_IMAGE.test(type) && !/favicon/i.test(r.url)) return [{ ...short(r), reason: `${type} is uncompressed or legacy: serve WebP/AVIF/PNG` }];
        if (RASTER.test(type) && r.bodyBytes > 100 * 1024)
          return [{ ...short(r), reason: `${Math.round(r.bodyBytes / 1024)} KB ${type}: WebP/AVIF would be much smaller` }];
        return [];
      });
    const oversized = m.images
      .filter((i) => i.displayWidth > 0 && i.naturalWidth >= i.displayWidth * 2 && i.naturalWidth > 400)
      .map((i) => ({ url: i.url, natural: `${i.naturalWidth}×${i.naturalHeight}`, displayed: `${i.displayWidth}×${i.displayHeight}` }));
    const blocking = res.filter((r) => r.renderBlocking).map(short);
    const checks: CheckInput[] = [
      {
        id: 'lcp',
        title: 'Largest Contentful Paint ≤ 2.5 s',
        status: rate(m.lcpMs, 2500, 4000),
        weight: 25,
        severity: 'high',
        evidence: m.lcpMs === null ? 'LCP not reported' : `${m.lcpMs} ms`,
        fix: 'Serve the main image/text sooner: fast server, preload the LCP image, avoid render-blocking resources, compress images.',
        problem: 'Slow Largest Contentful Paint',
        findingId: 'lcp-slow',
      },
      {
        id: 'cls',
        title: 'Cumulative Layout Shift ≤ 0.1',
        status: m.cls <= 0.1 ? 'pass' : m.cls <= 0.25 ? 'warn' : 'fail',
        weight: 20,
        severity: 'high',
        evidence: String(m.cls),
        fix: 'Reserve space for images, ads and embeds (width/height, aspect-ratio); avoid inserting content above existing content.',
        problem: 'Layout shifts',
        findingId: 'cls-high',
      },
      {
        id: 'fcp',
        title: 'First Contentful Paint ≤ 1.8 s',
        status: rate(m.fcpMs, 1800, 3000),
        weight: 15,
        evidence: m.fcpMs === null ? 'FCP not reported' : `${m.fcpMs} ms`,
        fix: 'Reduce server time and render-blocking CSS/JS; inline critical CSS.',
        problem: 'Slow First Contentful Paint',
        findingId: 'fcp-slow',
      },
      {
        id: 'ttfb',
        title: 'Time to first byte ≤ 0.8 s',
        status: rate(m.ttfbMs, 800, 1800),
        weight: 15,
        evidence: m.ttfbMs === null ? 'not reported' : `${m.ttfbMs} ms`,
        fix: 'Cache pages at the edge (CDN) and speed up server-side work.',
        problem: 'Slow server response',
        findingId: 'slow-ttfb',
      },
      {
        id: 'page-weight',
        title: 'Page weight under 2 MB',
        status: m.totalBytes <= 2_000_000 ? 'pass' : m.totalBytes <= 5_000_000 ? 'warn' : 'fail',
        weight: 10,
        evidence: `${Math.round(m.totalBytes / 1024)} KB in ${m.requests} requests`,
        fix: 'Compress and resize images, remove unused JavaScript and CSS.',
        problem: 'Heavy page',
        findingId: 'page-weight-high',
      },
      {
        id: 'render-blocking',
        title: 'Few render-blocking resources',
        status: blocking.length <= 2 ? 'pass' : 'warn',
        weight: 5,
        evidence: blocking.length
          ? blocking
              .slice(0, 5)
              .map((b) => b.url)
              .join(', ')
          : 'none',
        fix: 'Defer non-critical scripts (defer/async) and load non-critical CSS asynchronously.',
        problem: `${blocking.length} render-blocking resources`,
        findingId: 'render-blocking',
      },
      {
        id: 'text-compression',
        title: 'Text resources compressed',
        status: uncompressedText.length ? 'warn' : 'pass',
        weight: 5,
        evidence: uncompressedText.length
          ? uncompressedText
              .slice(0, 5)
              .map((r) => `${r.url} (${r.transferBytes} B)`)
              .join(', ')
          : 'all compressed',
        fix: 'Enable gzip or Brotli for HTML, CSS, JS, JSON and SVG.',
        problem: 'Uncompressed text resources',
        findingId: 'text-uncompressed',
      },
      {
        id: 'image-formats',
        title: 'Images in efficient formats',
        status: uncompressedImages.length ? 'warn' : 'pass',
        weight: 5,
        evidence: uncompressedImages.length
          ? uncompressedImages
              .slice(0, 5)
              .map((r) => `${r.url}: ${r.reason}`)
              .join('; ')
          : 'no heavy legacy-format images',
        fix: 'Serve WebP or AVIF (e.g. with convertors/to-webp) and size images to their display size.',
        problem: 'Images could be much smaller',
        findingId: 'image-format-inefficient',
      },
    ];
    if (m.blockedRequests.length)
      ctx.warn(`${m.blockedRequests.length} request(s) to private addresses were blocked; the page may look different from a visitor's view.`);
    return {
      finalUrl: m.finalUrl,
      httpStatus: m.status,
      metrics: {
        ttfbMs: m.ttfbMs,
        fcpMs: m.fcpMs,
        lcpMs: m.lcpMs,
        cls: m.cls,
        domContentLoadedMs: m.domContentLoadedMs,
        loadMs: m.loadMs,
        totalBytes: m.totalBytes,
        requests: m.requests,
        domElements: m.domElements,
      },
      byType: [...byTypeMap.entries()].map(([type, v]) => ({ type, ...v })).sort((a, b) => b.transferBytes - a.transferBytes),
      largestResources: [...res]
        .sort((a, b) => b.transferBytes - a.transferBytes)
        .slice(0, 10)
        .map(short),
      renderBlocking: blocking,
      uncompressedText,
      uncompressedImages,
      oversizedImages: oversized,
      failedRequests: m.failedRequests.slice(0, 50),
      blockedRequests: m.blockedRequests.slice(0, 50),
      browser: `Chromium ${m.browserVersion}`,
      audit: buildAudit(checks),
    };
  },
});
