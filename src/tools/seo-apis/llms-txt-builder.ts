import { z } from 'zod';
import { defineUrlTool } from '../../lib/page/define-url-tool.ts';
import { loadPage } from '../../lib/page/load.ts';
import { renderLlmsTxt } from '../../lib/page/llms.ts';
import { decodeOrKeep } from '../../lib/percent-decode.ts';
import { titleCaseWords } from '../../lib/titlecase.ts';

const OPTIONAL = /privacy|terms|cookie|legal|imprint|impressum|careers|jobs|press|login|sign-?in|sign-?up|register|cart|account/i;

export default defineUrlTool({
  module: 'seo-apis',
  slug: 'llms-txt-builder',
  title: 'llms.txt builder',
  description:
    'Drafts an llms.txt (llmstxt.org) for a site from its home page, deterministically (no AI): the H1 is the site name ' +
    '(og:site_name, else the title), the blockquote the meta description, and the site’s internal links become "## Section" ' +
    'lists grouped by their first path segment (e.g. /docs → Docs), named by their anchor text, with legal, account and ' +
    'career pages in an "## Optional" section. The same page always gives the same file. Review and add notes before publishing.',
  keywords: ['llms.txt', 'llms txt generator', 'ai crawlers', 'llmstxt', 'generate llms.txt'],
  urlHelp: 'Home page (or any page) of the site',
  params: () => ({
    maxLinks: z.coerce.number().int().min(1).max(200).default(60).describe('Links to include at most (1–200, default 60)'),
  }),
  fields: () => ({
    finalUrl: z.string(),
    content: z.string().describe('The llms.txt file'),
    title: z.string(),
    summary: z.string().nullable(),
    sections: z.array(z.object({ name: z.string(), links: z.array(z.object({ name: z.string(), url: z.string(), notes: z.string().nullable() })) })),
    linkCount: z.number().int(),
    suggestedLocation: z.string(),
  }),
  live: { 'a site': 'https://example.com/', 'at most 20 links': { url: 'https://example.com/', maxLinks: 20 } },
  run: async ({ url, maxLinks }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const origin = new URL(response.url).origin;
    const title =
      page.og['og:site_name'] ??
      page.title
        ?.split(/\s+[|–—-]\s+/)
        .pop()
        ?.trim() ??
      new URL(response.url).hostname;
    const summary = page.metaDescription ?? page.og['og:description'] ?? null;
    const seen = new Set<string>();
    const groups = new Map<string, Array<{ name: string; url: string; notes: string | null }>>();
    for (const l of page.links) {
      if (l.kind !== 'http' || !l.internal || !l.href) continue;
      const u = new URL(l.href);
      u.hash = '';
      const href = u.href;
      if (seen.has(href) || href === `${origin}/` || !l.text) continue;
      seen.add(href);
      const first = u.pathname.split('/').filter(Boolean)[0] ?? '';
      const section = OPTIONAL.test(u.pathname) || OPTIONAL.test(l.text) ? 'Optional' : first ? sectionName(first) : 'Pages';
      groups.set(section, [...(groups.get(section) ?? []), { name: l.text.slice(0, 100), url: href, notes: l.title ? l.title.slice(0, 200) : null }]);
    }
    const names = [...groups.keys()].filter((n) => n !== 'Optional').sort((a, b) => groups.get(b)!.length - groups.get(a)!.length || a.localeCompare(b));
    if (groups.has('Optional')) names.push('Optional');
    let budget = maxLinks;
    const sections = names
      .map((name) => {
        const links = groups.get(name)!.slice(0, Math.max(0, budget));
        budget -= links.length;
        return { name, links };
      })
      .filter((s) => s.links.length > 0);
    const content = renderLlmsTxt(title, summary, [], sections);
    return {
      finalUrl: response.url,
      content,
      title,
      summary,
      sections,
      linkCount: sections.reduce((n, s) => n + s.links.length, 0),
      suggestedLocation: `${origin}/llms.txt`,
    };
  },
});

/** A section's name from its first path segment: "getting-started.html" → "Getting Started" (title-case's style rules). */
function sectionName(segment: string): string {
  const words = decodeOrKeep(segment)
    .replace(/\.[a-z0-9]+$/i, '')
    .split(/[-_\s]+/)
    .filter(Boolean);
  return titleCaseWords(words.join(' ')) || 'Pages';
}
