import { z } from 'zod';
import { defineUrlTool } from '../../lib/page/define-url-tool.ts';
import { boolParam } from '../../lib/page/context.ts';
import { loadPage } from '../../lib/page/load.ts';

export default defineUrlTool({
  module: 'seo-apis',
  slug: 'link-extractor',
  title: 'Link extractor',
  description:
    'Extracts every link (<a href> and <area href>) of a page with its absolute URL, anchor text, rel values (nofollow, sponsored, ' +
    'ugc, noopener), title and kind (internal, external, mailto, tel, javascript, fragment), in page order, with totals. ' +
    'Set `unique` to list each URL once. Relative links are resolved against the page URL and <base href>.',
  keywords: ['extract links', 'link extractor', 'get all links', 'href list', 'outbound links', 'scrape links'],
  params: () => ({
    unique: boolParam(false, 'List each URL once (first occurrence), default false'),
  }),
  fields: () => ({
    finalUrl: z.string(),
    total: z.number().int(),
    counts: z.object({
      internal: z.number().int(),
      external: z.number().int(),
      mailto: z.number().int(),
      tel: z.number().int(),
      javascript: z.number().int(),
      fragment: z.number().int(),
      other: z.number().int(),
      nofollow: z.number().int(),
    }),
    links: z
      .array(
        z.object({
          url: z.string().nullable(),
          raw: z.string(),
          text: z.string(),
          rel: z.array(z.string()),
          title: z.string().nullable(),
          type: z.enum(['internal', 'external', 'mailto', 'tel', 'javascript', 'fragment', 'other']),
        }),
      )
      .describe('At most 2,000 links'),
    externalDomains: z.array(z.object({ domain: z.string(), links: z.number().int() })).describe('Linked external hosts, most linked first'),
  }),
  live: { 'all links of a page': 'https://example.com/', 'unique URLs only': { url: 'https://example.com/', unique: true } },
  run: async ({ url, unique }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const all = page.links.map((l) => ({
      url: l.href,
      raw: l.raw,
      text: l.text,
      rel: l.rel,
      title: l.title,
      type: l.kind === 'http' ? (l.internal ? ('internal' as const) : ('external' as const)) : l.kind,
    }));
    const seen = new Set<string>();
    const links = unique
      ? all.filter((l) => {
          const k = l.url ?? l.raw;
          if (seen.has(k)) return false;
          seen.add(k);
          return true;
        })
      : all;
    const count = (t: string): number => links.filter((l) => l.type === t).length;
    const domains = new Map<string, number>();
    for (const l of links)
      if (l.type === 'external' && l.url) {
        const h = new URL(l.url).hostname;
        domains.set(h, (domains.get(h) ?? 0) + 1);
      }
    if (links.length > 2000) ctx.warn(`The page has ${links.length} links; the first 2,000 are listed.`);
    return {
      finalUrl: response.url,
      total: links.length,
      counts: {
        internal: count('internal'),
        external: count('external'),
        mailto: count('mailto'),
        tel: count('tel'),
        javascript: count('javascript'),
        fragment: count('fragment'),
        other: count('other'),
        nofollow: links.filter((l) => l.rel.includes('nofollow')).length,
      },
      links: links.slice(0, 2000),
      externalDomains: [...domains.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([domain, n]) => ({ domain, links: n })),
    };
  },
});
