import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { ToolError } from '../../core/errors.ts';
import { buildAudit, type CheckInput, type Finding } from '../../lib/page/audit.ts';
import { decodeBody, mapLimit } from '../../lib/page/context.ts';
import { resolveUrl } from '../../lib/page/html.ts';
import { imageInfo } from '../../lib/page/image-size.ts';
import { loadPage } from '../../lib/page/load.ts';

const iconSchema = z.object({
  url: z.string(),
  source: z.string().describe('rel value, "manifest" or "default /favicon.ico"'),
  declaredSizes: z.string().nullable(),
  status: z.number().int().nullable(),
  contentType: z.string().nullable(),
  format: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  reachable: z.boolean(),
  error: z.string().nullable(),
});

export default definePageAudit({
  module: 'seo-apis',
  slug: 'site-icons-checker',
  title: 'Favicon and app icon checker',
  description:
    'Finds a site’s icons — <link rel="icon">, "shortcut icon", apple-touch-icon, mask-icon, the web app manifest’s icons and ' +
    'the default /favicon.ico — requests each one and reports whether it is reachable, its real format and pixel size (read from ' +
    'the file), and checks the set: a working favicon, a 180×180 apple-touch-icon, manifest icons of 192 and 512 px, and HTTPS URLs.',
  keywords: ['favicon', 'apple touch icon', 'site icons', 'web app manifest', 'pwa icons', 'favicon checker'],
  timeoutMs: 30_000,
  fields: () => ({
    manifestUrl: z.string().nullable(),
    manifestError: z.string().nullable(),
    icons: z.array(iconSchema),
  }),
  live: { 'a site': 'https://example.com/', 'a bare host': 'example.org' },
  offline: { title: 'a favicon that answers 404 and no 512 px manifest icon', finds: ['favicon-missing', 'manifest-icons-missing'] },
  run: async ({ url }, ctx) => {
    const { page, response, fetcher } = await loadPage(ctx, url);
    const candidates: Array<{ url: string; source: string; declaredSizes: string | null }> = [];
    for (const i of page.icons) if (i.href && /^https?:/i.test(i.href)) candidates.push({ url: i.href, source: i.rel, declaredSizes: i.sizes });
    let manifestError: string | null = null;
    if (page.manifest && /^https?:/i.test(page.manifest)) {
      try {
        const m = await fetcher.fetch(page.manifest, { field: 'url', truncate: true, maxBytes: 512 * 1024 });
        const json = JSON.parse(decodeBody(m.body, m.contentType)) as { icons?: Array<{ src?: string; sizes?: string }> };
        for (const icon of json.icons ?? []) {
          const abs = resolveUrl(icon.src, m.url);
          if (abs && /^https?:/i.test(abs)) candidates.push({ url: abs, source: 'manifest', declaredSizes: icon.sizes ?? null });
        }
        if (m.status >= 400) manifestError = `manifest answers ${m.status}`;
      } catch (e) {
        if (e instanceof ToolError && e.code === 'forbidden_target') throw e;
        manifestError = e instanceof ToolError ? e.detail.replace(/^url: /, '') : `manifest is not valid JSON: ${(e as Error).message}`;
      }
    }
    const defaultIco = new URL('/favicon.ico', response.url).href;
    if (!candidates.some((c) => c.url === defaultIco)) candidates.push({ url: defaultIco, source: 'default /favicon.ico', declaredSizes: null });
    const unique = candidates.filter((c, i) => candidates.findIndex((d) => d.url === c.url && d.source === c.source) === i).slice(0, 30);
    const icons = await mapLimit(unique, 6, async (c) => {
      try {
        const r = await fetcher.fetch(c.url, { field: 'url', truncate: true, maxBytes: 1024 * 1024, headers: { accept: 'image/*,*/*;q=0.5' } });
        const info = r.status < 300 ? imageInfo(r.body) : null;
        const ok = r.status >= 200 && r.status < 300 && info !== null;
        return {
          url: c.url,
          source: c.source,
          declaredSizes: c.declaredSizes,
          status: r.status,
          contentType: r.contentType,
          format: info?.format ?? null,
          width: info?.width ?? null,
          height: info?.height ?? null,
          bytes: r.truncated ? null : r.body.length,
          reachable: ok,
          error: ok ? null : r.status >= 300 ? `HTTP ${r.status}` : 'not an image',
        };
      } catch (e) {
        return {
          url: c.url,
          source: c.source,
          declaredSizes: c.declaredSizes,
          status: null,
          contentType: null,
          format: null,
          width: null,
          height: null,
          bytes: null,
          reachable: false,
          error: e instanceof ToolError ? e.detail.replace(/^url: /, '') : String(e),
        };
      }
    });
    const favicons = icons.filter((i) => /(^|\s)icon$|shortcut|default/.test(i.source));
    const apple = icons.filter((i) => i.source.includes('apple-touch'));
    const manifestIcons = icons.filter((i) => i.source === 'manifest' && i.reachable);
    // A size requirement is met by the pixels of the file, never by what `sizes` claims (a vector icon scales).
    const realSize = (i: (typeof icons)[number], n: number): boolean => i.format === 'svg' || ((i.width ?? 0) >= n && (i.height ?? 0) >= n);
    const hasSize = (n: number): boolean => manifestIcons.some((i) => realSize(i, n));
    const mismatched = icons.filter(
      (i) =>
        i.reachable &&
        i.format !== 'svg' &&
        i.width !== null &&
        declaredPairs(i.declaredSizes).length > 0 &&
        !declaredPairs(i.declaredSizes).includes(`${i.width}x${i.height}`),
    );
    const mismatchFindings: Finding[] = mismatched.map((i) => ({
      id: 'icon-size-mismatch',
      severity: 'low' as const,
      title: 'An icon is not the size it declares',
      evidence: `${i.url}: declared ${i.declaredSizes}, the file is ${i.width}×${i.height}`,
      fix: 'Serve a file of the declared size, or declare the size the file really has (sizes="WxH").',
    }));
    const declaredBroken = icons.filter((i) => !i.reachable && i.source !== 'default /favicon.ico');
    const checks: CheckInput[] = [
      {
        id: 'favicon',
        title: 'A favicon is reachable',
        status: favicons.some((i) => i.reachable) ? 'pass' : 'fail',
        weight: 40,
        severity: 'medium',
        evidence: favicons.map((i) => `${i.url}: ${i.reachable ? `${i.format} ${i.width ?? '?'}×${i.height ?? '?'}` : i.error}`).join('; ') || 'none',
        fix: 'Serve a favicon (32×32 PNG or ICO, or SVG) and declare it with <link rel="icon" href="…">.',
        problem: 'No working favicon',
        findingId: 'favicon-missing',
      },
      {
        id: 'apple-touch-icon',
        title: 'apple-touch-icon 180×180',
        status: apple.some((i) => i.reachable && realSize(i, 180)) ? 'pass' : apple.some((i) => i.reachable) ? 'warn' : 'warn',
        weight: 20,
        severity: 'low',
        evidence: apple.length
          ? apple.map((i) => `${i.url}: ${i.reachable ? `${i.width ?? '?'}×${i.height ?? '?'}` : i.error}`).join('; ')
          : 'no apple-touch-icon',
        fix: 'Add <link rel="apple-touch-icon" href="/apple-touch-icon.png"> with a 180×180 PNG.',
        problem: apple.length ? 'apple-touch-icon is broken or small' : 'No apple-touch-icon',
        findingId: 'apple-touch-icon-missing',
      },
      {
        id: 'manifest-icons',
        title: 'Web app manifest icons 192 and 512 px',
        status: page.manifest === null ? 'warn' : hasSize(192) && hasSize(512) ? 'pass' : 'warn',
        weight: 20,
        severity: 'low',
        evidence: page.manifest === null ? 'no <link rel="manifest">' : (manifestError ?? `${manifestIcons.length} manifest icon(s)`),
        fix: 'Link a web app manifest listing 192×192 and 512×512 PNG icons (Android, install prompts).',
        problem: 'Manifest icons incomplete',
        findingId: 'manifest-icons-missing',
      },
      {
        id: 'declared-icons-ok',
        title: 'Every declared icon loads',
        status: declaredBroken.length ? 'fail' : 'pass',
        weight: 20,
        evidence: declaredBroken.length
          ? declaredBroken
              .map((i) => `${i.url}: ${i.error}`)
              .slice(0, 3)
              .join('; ')
          : 'all load',
        fix: 'Fix or remove icon links that do not answer an image.',
        problem: 'Broken icon links',
        findingId: 'icon-broken',
      },
    ];
    return { finalUrl: response.url, manifestUrl: page.manifest, manifestError, icons, audit: buildAudit(checks, mismatchFindings) };
  },
});

/** The `WxH` pairs of a `sizes` attribute or manifest member (lower-cased; "any" is not a pair). */
function declaredPairs(sizes: string | null): string[] {
  return (sizes ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((s) => /^\d+x\d+$/.test(s));
}
