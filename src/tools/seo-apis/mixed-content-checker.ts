import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { mixedContentSite } from '../../lib/page/example-sites.ts';
import { loadPage } from '../../lib/page/load.ts';

const ACTIVE = new Set(['script', 'iframe', 'object', 'embed', 'form']);

export default definePageAudit({
  module: 'seo-apis',
  slug: 'mixed-content-checker',
  title: 'Mixed content checker',
  description:
    'Fetches an HTTPS page and lists every subresource it loads over plain http:// — scripts, stylesheets, iframes, objects and ' +
    'form actions (active mixed content, which browsers block) and images, video, audio and other passive content (which browsers ' +
    'upgrade or flag) — plus http:// URLs inside inline style url(...). Reports whether the page sets upgrade-insecure-requests in its CSP.',
  keywords: ['mixed content', 'https', 'insecure content', 'http resources', 'ssl warning'],
  urlHelp: 'HTTPS page URL',
  fields: () => ({
    pageIsHttps: z.boolean(),
    upgradeInsecureRequests: z.boolean(),
    active: z.array(z.object({ tag: z.string(), attribute: z.string(), url: z.string() })),
    passive: z.array(z.object({ tag: z.string(), attribute: z.string(), url: z.string() })),
    insecureLinks: z.number().int().describe('Plain http:// <a href> links (not mixed content, but worth upgrading)'),
  }),
  live: { 'an https page': 'https://example.com/', 'a bare host': 'example.com' },
  offline: {
    title: 'an https page that loads a script and an image over http',
    finds: ['active-mixed-content'],
    input: { url: 'https://secure-shop.example/' },
    site: mixedContentSite,
  },
  run: async ({ url }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const pageIsHttps = response.url.startsWith('https:');
    const csp = `${response.headers['content-security-policy'] ?? ''} ${page.meta
      .filter((m) => m.key === 'content-security-policy')
      .map((m) => m.content)
      .join(' ')}`;
    const upgrade = /upgrade-insecure-requests/i.test(csp);
    const insecure = page.resources.filter(
      (r) => r.url.startsWith('http:') && !(r.tag === 'link' && !/stylesheet|preload|icon|manifest|modulepreload/i.test(r.rel ?? '')),
    );
    const styleUrls: Array<{ tag: string; attribute: string; url: string }> = [];
    page.$('[style]').each((_, el) => {
      for (const m of (page.$(el).attr('style') ?? '').matchAll(/url\(\s*['"]?(http:\/\/[^'")\s]+)/gi))
        styleUrls.push({ tag: el.tagName, attribute: 'style', url: m[1]! });
    });
    page.$('style').each((_, el) => {
      for (const m of page
        .$(el)
        .text()
        .matchAll(/url\(\s*['"]?(http:\/\/[^'")\s]+)/gi))
        styleUrls.push({ tag: 'style', attribute: 'url()', url: m[1]! });
    });
    const isActive = (tag: string, rel: string | null): boolean => ACTIVE.has(tag) || (tag === 'link' && /stylesheet|modulepreload/i.test(rel ?? ''));
    const active = insecure.filter((r) => isActive(r.tag, r.rel)).map((r) => ({ tag: r.tag, attribute: r.attribute, url: r.url }));
    const passive = [...insecure.filter((r) => !isActive(r.tag, r.rel)).map((r) => ({ tag: r.tag, attribute: r.attribute, url: r.url })), ...styleUrls];
    const checks: CheckInput[] = [
      {
        id: 'page-https',
        title: 'Page is served over HTTPS',
        status: pageIsHttps ? 'pass' : 'fail',
        weight: 20,
        severity: 'high',
        evidence: response.url,
        fix: 'Serve the page over HTTPS.',
        problem: 'Page is not HTTPS (mixed content does not apply, but the page itself is insecure)',
        findingId: 'no-https',
      },
    ];
    if (pageIsHttps) {
      checks.push({
        id: 'active-mixed-content',
        title: 'No active mixed content',
        status: active.length ? 'fail' : 'pass',
        weight: 50,
        severity: 'high',
        evidence: active.length
          ? active
              .slice(0, 5)
              .map((a) => `<${a.tag} ${a.attribute}="${a.url}">`)
              .join(', ')
          : 'none',
        fix: 'Load these scripts, styles, frames and form targets over https:// (browsers block them on HTTPS pages).',
        problem: `${active.length} active mixed-content resource(s)`,
        findingId: 'active-mixed-content',
      });
      checks.push({
        id: 'passive-mixed-content',
        title: 'No passive mixed content',
        status: passive.length ? 'warn' : 'pass',
        weight: 30,
        severity: 'medium',
        evidence: passive.length
          ? passive
              .slice(0, 5)
              .map((a) => `<${a.tag} ${a.attribute}="${a.url}">`)
              .join(', ')
          : 'none',
        fix: 'Switch these images/media to https:// URLs, or add "Content-Security-Policy: upgrade-insecure-requests".',
        problem: `${passive.length} passive mixed-content resource(s)`,
        findingId: 'passive-mixed-content',
      });
    }
    return {
      finalUrl: response.url,
      pageIsHttps,
      upgradeInsecureRequests: upgrade,
      active,
      passive,
      insecureLinks: page.links.filter((l) => l.href?.startsWith('http:')).length,
      audit: buildAudit(checks),
    };
  },
});
