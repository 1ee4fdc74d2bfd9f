import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { loadPage } from '../../lib/page/load.ts';
import { DESCRIPTION_FONT_PX, DESCRIPTION_LIMIT_PX, FONT_NOTE, pixelWidth, TITLE_FONT_PX, TITLE_LIMIT_PX, truncateToWidth } from '../../lib/page/serp.ts';
import { decodeOrKeep } from '../../lib/percent-decode.ts';

/** One line of the snippet (title or description) as measured and as shown. */
const snippetLineSchema = z.object({
  text: z.string().nullable(),
  characters: z.number().int(),
  pixelWidth: z.number().int(),
  limitPx: z.number().int(),
  truncated: z.boolean(),
  shown: z.string(),
});

export default definePageAudit({
  module: 'seo-apis',
  slug: 'serp-snippet-preview',
  title: 'SERP snippet preview',
  description:
    'Shows how a page’s title, URL breadcrumb and meta description would appear in a desktop search result, measuring them in ' +
    'pixels with an Arial per-character width table (title at 16 px against a 580 px line, description at 13 px against 920 px) ' +
    'and cutting them with " ..." where a search engine would. An estimate: search engines may rewrite snippets.',
  keywords: ['serp preview', 'google snippet', 'title pixel width', 'meta description length', 'search preview', 'title truncated', 'truncate'],
  fields: () => ({
    measurement: z.string().describe('How widths are measured'),
    title: snippetLineSchema,
    description: snippetLineSchema,
    breadcrumb: z.string().describe('Host › path segments, as shown above the title'),
    siteName: z.string().nullable(),
  }),
  live: { 'a page': 'https://example.com/', 'a product page': 'https://example.com/products/blue-shoes' },
  offline: { title: 'no meta description to show', finds: ['meta-description-missing'] },
  run: async ({ url }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const title = page.title ?? page.og['og:title'] ?? null;
    const description = page.metaDescription ?? null;
    const t = truncateToWidth(title ?? '', TITLE_FONT_PX, TITLE_LIMIT_PX);
    const d = truncateToWidth(description ?? page.paragraphs[0] ?? '', DESCRIPTION_FONT_PX, DESCRIPTION_LIMIT_PX);
    const u = new URL(response.url);
    const crumbs = u.pathname.split('/').filter(Boolean).map(decodeOrKeep);
    const tw = pixelWidth(title ?? '', TITLE_FONT_PX);
    const dw = pixelWidth(description ?? '', DESCRIPTION_FONT_PX);
    const checks: CheckInput[] = [
      {
        id: 'serp-title',
        title: 'Title present',
        status: title ? 'pass' : 'fail',
        weight: 30,
        severity: 'high',
        evidence: title ?? 'no title',
        fix: 'Add a <title>; without one the search engine invents it.',
        problem: 'No title for the snippet',
        findingId: 'title-missing',
      },
      {
        id: 'serp-title-width',
        title: `Title fits ${TITLE_LIMIT_PX} px`,
        status: !title ? 'fail' : tw <= TITLE_LIMIT_PX ? 'pass' : 'warn',
        weight: 25,
        evidence: `${tw} px`,
        fix: 'Shorten the title (keep the important words first).',
        problem: 'Title will be truncated',
        findingId: 'title-too-long',
      },
      {
        id: 'serp-description',
        title: 'Meta description present',
        status: description ? 'pass' : 'warn',
        weight: 25,
        evidence: description ?? 'none: the engine picks page text',
        fix: 'Write a meta description that summarises the page and invites the click.',
        problem: 'No meta description',
        findingId: 'meta-description-missing',
      },
      {
        id: 'serp-description-width',
        title: `Description fits ${DESCRIPTION_LIMIT_PX} px`,
        status: !description ? 'warn' : dw <= DESCRIPTION_LIMIT_PX ? (dw < 400 ? 'warn' : 'pass') : 'warn',
        weight: 20,
        severity: 'low',
        evidence: `${dw} px`,
        fix: dw < 400 ? 'Lengthen the description to use the space (about 120–160 characters).' : 'Trim the description so the end is not cut.',
        problem: dw < 400 ? 'Description is short' : 'Description will be truncated',
        findingId: dw < 400 ? 'meta-description-too-short' : 'meta-description-too-long',
      },
    ];
    return {
      finalUrl: response.url,
      measurement: FONT_NOTE,
      title: { text: title, characters: [...(title ?? '')].length, pixelWidth: tw, limitPx: TITLE_LIMIT_PX, truncated: t.truncated, shown: t.shown },
      description: {
        text: description,
        characters: [...(description ?? '')].length,
        pixelWidth: dw,
        limitPx: DESCRIPTION_LIMIT_PX,
        truncated: d.truncated,
        shown: d.shown,
      },
      breadcrumb: [u.host, ...crumbs].join(' › '),
      siteName: page.og['og:site_name'] ?? null,
      audit: buildAudit(checks),
    };
  },
});
