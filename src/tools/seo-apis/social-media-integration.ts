import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { ToolError } from '../../core/errors.ts';
import { buildAudit, clip, type CheckInput } from '../../lib/page/audit.ts';
import { resolveUrl } from '../../lib/page/html.ts';
import { loadPage } from '../../lib/page/load.ts';

const NETWORKS: Array<[string, RegExp]> = [
  ['facebook', /(^|\.)facebook\.com$|(^|\.)fb\.com$/],
  ['x', /(^|\.)twitter\.com$|(^|\.)x\.com$/],
  ['linkedin', /(^|\.)linkedin\.com$/],
  ['instagram', /(^|\.)instagram\.com$/],
  ['youtube', /(^|\.)youtube\.com$|(^|\.)youtu\.be$/],
  ['tiktok', /(^|\.)tiktok\.com$/],
  ['pinterest', /(^|\.)pinterest\.[a-z.]+$/],
  ['github', /(^|\.)github\.com$/],
  ['mastodon', /mastodon|(^|\.)mstdn\./],
  ['threads', /(^|\.)threads\.net$/],
  ['bluesky', /(^|\.)bsky\.app$/],
];
const SHARE =
  /facebook\.com\/sharer|twitter\.com\/intent|x\.com\/intent|linkedin\.com\/(sharing|shareArticle)|pinterest\.[a-z.]+\/pin\/create|reddit\.com\/submit|api\.whatsapp\.com\/send|wa\.me\//i;

export default definePageAudit({
  module: 'seo-apis',
  slug: 'social-media-integration',
  title: 'Social media integration check',
  description:
    'Checks how a page presents itself when shared and how it connects to social networks: Open Graph tags (og:title, ' +
    'og:description, og:image, og:url, og:type, og:site_name), Twitter/X Card tags, whether og:image is absolute, reachable and an ' +
    'image (with its size), links to the site’s social profiles and schema.org sameAs, and share buttons. Includes a preview of the card.',
  keywords: ['open graph', 'og tags', 'twitter card', 'social sharing', 'social media', 'og image', 'share preview'],
  timeoutMs: 25_000,
  fields: () => ({
    openGraph: z.record(z.string(), z.string()),
    twitter: z.record(z.string(), z.string()),
    preview: z.object({
      title: z.string().nullable(),
      description: z.string().nullable(),
      image: z.string().nullable(),
      siteName: z.string().nullable(),
      cardType: z.string().nullable(),
    }),
    image: z
      .object({
        url: z.string(),
        status: z.number().int().nullable(),
        contentType: z.string().nullable(),
        bytes: z.number().int().nullable(),
        width: z.number().int().nullable(),
        height: z.number().int().nullable(),
        error: z.string().nullable(),
      })
      .nullable(),
    profiles: z.array(z.object({ network: z.string(), url: z.string(), source: z.enum(['link', 'sameAs']) })),
    shareButtons: z.array(z.string()),
  }),
  live: { 'a page': 'https://example.com/', 'an article': 'https://example.com/blog/launch' },
  offline: { title: 'Open Graph without an image, no Twitter card', finds: ['og-image-missing', 'twitter-card-missing'] },
  run: async ({ url }, ctx) => {
    const { page, response, fetcher } = await loadPage(ctx, url);
    const og = page.og;
    const tw = page.twitter;
    const imageRaw = og['og:image'] ?? og['og:image:url'] ?? og['og:image:secure_url'] ?? tw['twitter:image'] ?? tw['twitter:image:src'] ?? null;
    const imageUrl = resolveUrl(imageRaw, response.url);
    let image: {
      url: string;
      status: number | null;
      contentType: string | null;
      bytes: number | null;
      width: number | null;
      height: number | null;
      error: string | null;
    } | null = null;
    if (imageUrl && /^https?:/i.test(imageUrl)) {
      const w = Number(og['og:image:width']);
      const h = Number(og['og:image:height']);
      try {
        const r = await fetcher.fetch(imageUrl, {
          field: 'url',
          truncate: true,
          maxBytes: 8 * 1024 * 1024 > fetcher.maxBytes ? fetcher.maxBytes : 8 * 1024 * 1024,
          headers: { accept: 'image/*' },
        });
        image = {
          url: imageUrl,
          status: r.status,
          contentType: r.contentType,
          bytes: r.truncated ? null : r.body.length,
          width: Number.isFinite(w) && w > 0 ? w : null,
          height: Number.isFinite(h) && h > 0 ? h : null,
          error: null,
        };
      } catch (e) {
        image = {
          url: imageUrl,
          status: null,
          contentType: null,
          bytes: null,
          width: null,
          height: null,
          error: e instanceof ToolError ? e.detail.replace(/^url: /, '') : String(e),
        };
      }
    }
    const profiles: Array<{ network: string; url: string; source: 'link' | 'sameAs' }> = [];
    const addProfile = (href: string, source: 'link' | 'sameAs'): void => {
      let host = '';
      try {
        host = new URL(href).hostname.toLowerCase();
      } catch {
        return;
      }
      if (SHARE.test(href)) return;
      const net = NETWORKS.find(([, re]) => re.test(host));
      if (net && !profiles.some((p) => p.url === href)) profiles.push({ network: net[0], url: href, source });
    };
    for (const l of page.links) if (l.kind === 'http' && l.href) addProfile(l.href, 'link');
    const visit = (v: unknown, d: number): void => {
      if (d > 5 || !v || typeof v !== 'object') return;
      if (Array.isArray(v)) return v.forEach((x) => visit(x, d + 1));
      const o = v as Record<string, unknown>;
      const same = o.sameAs;
      for (const s of Array.isArray(same) ? same : [same]) if (typeof s === 'string') addProfile(s, 'sameAs');
      for (const value of Object.values(o)) if (typeof value === 'object') visit(value, d + 1);
    };
    for (const b of page.jsonLd) visit(b.value, 0);
    const shareButtons = [...new Set(page.links.filter((l) => l.href && SHARE.test(l.href)).map((l) => new URL(l.href!).hostname))];
    const ogMissing = ['og:title', 'og:description', 'og:image', 'og:url', 'og:type'].filter((k) => !og[k]);
    const imageOk = image !== null && image.status !== null && image.status < 300 && /^image\//i.test(image.contentType ?? '');
    const checks: CheckInput[] = [
      {
        id: 'og-core',
        title: 'Open Graph title, description, image, url and type',
        status: ogMissing.length === 0 ? 'pass' : ogMissing.length <= 2 ? 'warn' : 'fail',
        weight: 30,
        evidence: ogMissing.length ? `missing ${ogMissing.join(', ')}` : `og:title "${clip(og['og:title'] ?? '', 60)}"`,
        fix: `Add ${ogMissing.map((k) => `<meta property="${k}" content="…">`).join(' ')}`,
        problem: 'Open Graph tags incomplete',
        findingId: 'open-graph-incomplete',
      },
      {
        id: 'og-image',
        title: 'Share image is reachable and an image',
        status: imageOk ? 'pass' : 'fail',
        weight: 25,
        evidence: image ? (image.error ?? `${image.status} ${image.contentType ?? ''} ${image.bytes ?? '?'} bytes`) : 'no og:image',
        fix: 'Set og:image to an absolute https URL of a 1200×630 image that answers 200.',
        problem: image ? 'Share image is broken' : 'No share image',
        findingId: image ? 'og-image-broken' : 'og-image-missing',
      },
      {
        id: 'twitter-card',
        title: 'Twitter/X card declared',
        status: tw['twitter:card'] ? 'pass' : 'warn',
        weight: 15,
        severity: 'low',
        evidence: tw['twitter:card'] ? `twitter:card ${tw['twitter:card']}` : 'no twitter:card (X falls back to Open Graph with a small card)',
        fix: 'Add <meta name="twitter:card" content="summary_large_image">.',
        problem: 'No Twitter card',
        findingId: 'twitter-card-missing',
      },
      {
        id: 'social-profiles',
        title: 'Links to the brand’s social profiles',
        status: profiles.length > 0 ? 'pass' : 'warn',
        weight: 15,
        severity: 'low',
        evidence: profiles.length
          ? profiles
              .map((p) => p.network)
              .filter((v, i, a) => a.indexOf(v) === i)
              .join(', ')
          : 'no profile links or sameAs',
        fix: 'Link your social profiles (footer) and list them in Organization JSON-LD sameAs.',
        problem: 'No social profile links',
        findingId: 'social-profiles-missing',
      },
    ];
    if (imageRaw && !/^https?:\/\//i.test(imageRaw))
      checks.push({
        id: 'og-image-absolute',
        title: 'og:image is an absolute URL',
        status: 'fail',
        weight: 15,
        evidence: imageRaw,
        fix: 'Write og:image as an absolute https:// URL (crawlers do not resolve relative ones).',
        problem: 'Relative og:image',
        findingId: 'og-image-relative',
      });
    return {
      finalUrl: response.url,
      openGraph: og,
      twitter: tw,
      preview: {
        title: og['og:title'] ?? tw['twitter:title'] ?? page.title,
        description: og['og:description'] ?? tw['twitter:description'] ?? page.metaDescription,
        image: imageUrl,
        siteName: og['og:site_name'] ?? null,
        cardType: tw['twitter:card'] ?? null,
      },
      image,
      profiles,
      shareButtons,
      audit: buildAudit(checks),
    };
  },
});
