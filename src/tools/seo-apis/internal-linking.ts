import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, clip, type CheckInput } from '../../lib/page/audit.ts';
import { loadPage } from '../../lib/page/load.ts';

const GENERIC_ANCHORS = new Set([
  'click here',
  'here',
  'read more',
  'more',
  'learn more',
  'link',
  'this',
  'this page',
  'continue',
  'details',
  'go',
  'see more',
  'view more',
  'more info',
]);

export default definePageAudit({
  module: 'seo-apis',
  slug: 'internal-linking',
  title: 'Internal linking analysis',
  description:
    'Analyses the internal links of one page: how many and how many distinct targets, anchor-text distribution, generic anchors ' +
    '("click here", "read more"), empty anchors (image links without alt), nofollow on internal links, links back to the page ' +
    'itself, and the share of internal versus external links — with findings to strengthen the page’s place in the site structure.',
  keywords: ['internal links', 'internal linking', 'anchor text', 'site structure', 'link equity'],
  fields: () => ({
    internalLinks: z.number().int(),
    uniqueInternalTargets: z.number().int(),
    externalLinks: z.number().int(),
    internalShare: z.number().describe('Internal links ÷ all http links, 0–1 (2 decimals)'),
    targets: z
      .array(z.object({ url: z.string(), links: z.number().int(), anchors: z.array(z.string()), nofollow: z.boolean() }))
      .describe('Distinct internal targets, most linked first (first 300)'),
    genericAnchors: z.array(z.object({ url: z.string(), text: z.string() })),
    emptyAnchors: z.array(z.string()),
    nofollowInternal: z.array(z.string()),
    selfLinks: z.number().int(),
  }),
  live: { 'a home page': 'https://example.com/', 'a blog post': 'https://example.com/blog/post' },
  offline: { title: 'generic and empty anchors', finds: ['anchor-text-generic', 'anchor-text-empty'] },
  run: async ({ url }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const http = page.links.filter((l) => l.kind === 'http' && l.href);
    const internal = http.filter((l) => l.internal);
    const external = http.filter((l) => !l.internal);
    const here = response.url.replace(/#.*$/, '');
    const targets = new Map<string, { links: number; anchors: Set<string>; nofollow: boolean }>();
    for (const l of internal) {
      const key = l.href!.replace(/#.*$/, '');
      const t = targets.get(key) ?? { links: 0, anchors: new Set<string>(), nofollow: false };
      t.links++;
      if (l.text) t.anchors.add(l.text);
      if (l.rel.includes('nofollow')) t.nofollow = true;
      targets.set(key, t);
    }
    const generic = internal
      .filter((l) =>
        GENERIC_ANCHORS.has(
          l.text
            .toLowerCase()
            .replace(/[.!…»›→]+$/, '')
            .trim(),
        ),
      )
      .map((l) => ({ url: l.href!, text: l.text }));
    const empty = internal.filter((l) => !l.text).map((l) => l.href!);
    const nofollow = [...new Set(internal.filter((l) => l.rel.includes('nofollow')).map((l) => l.href!))];
    const selfLinks = internal.filter((l) => l.href!.replace(/#.*$/, '') === here).length;
    const share = http.length ? Math.round((internal.length / http.length) * 100) / 100 : 0;
    const checks: CheckInput[] = [
      {
        id: 'internal-links-present',
        title: 'Links to at least 3 other pages of the site',
        status: targets.size >= 3 ? 'pass' : targets.size > 0 ? 'warn' : 'fail',
        weight: 30,
        evidence: `${targets.size} distinct internal targets`,
        fix: 'Link to related pages of the site with descriptive anchors so crawlers and readers find them.',
        problem: 'Few internal links',
        findingId: 'internal-links-few',
      },
      {
        id: 'anchor-text-descriptive',
        title: 'Anchors are descriptive',
        status: generic.length === 0 ? 'pass' : 'warn',
        weight: 20,
        evidence: generic.length
          ? generic
              .slice(0, 4)
              .map((g) => `"${g.text}" → ${g.url}`)
              .join('; ')
          : 'no generic anchors',
        fix: 'Replace "click here"/"read more" with words that describe the target page.',
        problem: 'Generic anchor texts',
        findingId: 'anchor-text-generic',
      },
      {
        id: 'anchor-text-present',
        title: 'No empty anchors',
        status: empty.length === 0 ? 'pass' : 'warn',
        weight: 20,
        evidence: empty.length ? `${empty.length}: ${empty.slice(0, 3).join(', ')}` : 'none',
        fix: 'Give image links an alt text and icon links an aria-label.',
        problem: 'Links without anchor text',
        findingId: 'anchor-text-empty',
      },
      {
        id: 'internal-nofollow',
        title: 'No nofollow on internal links',
        status: nofollow.length === 0 ? 'pass' : 'warn',
        weight: 20,
        evidence: nofollow.length ? nofollow.slice(0, 3).join(', ') : 'none',
        fix: 'Remove rel="nofollow" from internal links; it wastes internal link signals.',
        problem: 'Internal links marked nofollow',
        findingId: 'internal-nofollow',
      },
      {
        id: 'internal-share',
        title: 'Internal links outnumber external ones',
        status: http.length === 0 || share >= 0.5 ? 'pass' : 'warn',
        weight: 10,
        severity: 'low',
        evidence: `${internal.length} internal, ${external.length} external`,
        fix: 'Balance outbound links with links to your own relevant pages.',
        problem: 'Mostly external links',
        findingId: 'internal-share-low',
      },
    ];
    return {
      finalUrl: response.url,
      internalLinks: internal.length,
      uniqueInternalTargets: targets.size,
      externalLinks: external.length,
      internalShare: share,
      targets: [...targets.entries()]
        .sort((a, b) => b[1].links - a[1].links || a[0].localeCompare(b[0]))
        .slice(0, 300)
        .map(([u, t]) => ({ url: u, links: t.links, anchors: [...t.anchors].map((a) => clip(a, 80)).slice(0, 10), nofollow: t.nofollow })),
      genericAnchors: generic.slice(0, 100),
      emptyAnchors: empty.slice(0, 100),
      nofollowInternal: nofollow.slice(0, 100),
      selfLinks,
      audit: buildAudit(checks),
    };
  },
});
