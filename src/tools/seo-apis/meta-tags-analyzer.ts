import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit } from '../../lib/page/audit.ts';
import { loadPage } from '../../lib/page/load.ts';
import { DESCRIPTION_FONT_PX, pixelWidth, TITLE_FONT_PX } from '../../lib/page/serp.ts';
import { canonicalCheck, descriptionChecks, langCheck, openGraphCheck, robotsMetaCheck, titleChecks, viewportCheck } from '../../lib/page/seo-checks.ts';

export default definePageAudit({
  module: 'seo-apis',
  slug: 'meta-tags-analyzer',
  title: 'Meta tags analyzer',
  description:
    'Fetches a page and lists its meta tags — title, meta description, robots (and X-Robots-Tag), viewport, charset, canonical, ' +
    'language, Open Graph and Twitter Card tags and every other <meta> — with lengths and pixel widths, then audits them: title ' +
    '30–60 characters, description 70–160, one of each, indexable, mobile viewport, canonical, lang and Open Graph basics.',
  keywords: ['meta tags', 'meta description', 'title tag', 'og tags', 'robots meta', 'seo meta checker'],
  fields: () => ({
    httpStatus: z.number().int(),
    title: z.object({ value: z.string().nullable(), length: z.number().int(), pixelWidth: z.number().int(), count: z.number().int() }),
    metaDescription: z.object({ value: z.string().nullable(), length: z.number().int(), pixelWidth: z.number().int(), count: z.number().int() }),
    robots: z.string().nullable(),
    xRobotsTag: z.string().nullable(),
    viewport: z.string().nullable(),
    charset: z.string().nullable(),
    canonical: z.string().nullable(),
    lang: z.string().nullable(),
    openGraph: z.record(z.string(), z.string()),
    twitter: z.record(z.string(), z.string()),
    meta: z.array(z.object({ key: z.string(), content: z.string() })).describe('Every <meta> with a name, property, http-equiv or itemprop, in page order'),
  }),
  live: { 'a live page': 'https://example.com/', 'a bare host': 'example.org' },
  offline: {
    title: 'a short title, no description, viewport or lang',
    finds: ['title-too-short', 'meta-description-missing', 'viewport-missing', 'lang-missing'],
  },
  run: async ({ url }, ctx) => {
    const { response, page } = await loadPage(ctx, url);
    const title = page.title;
    const description = page.metaDescription;
    return {
      finalUrl: response.url,
      httpStatus: response.status,
      title: { value: title, length: title ? [...title].length : 0, pixelWidth: title ? pixelWidth(title, TITLE_FONT_PX) : 0, count: page.titles.length },
      metaDescription: {
        value: description,
        length: description ? [...description].length : 0,
        pixelWidth: description ? pixelWidth(description, DESCRIPTION_FONT_PX) : 0,
        count: page.metaDescriptions.length,
      },
      robots: page.robots,
      xRobotsTag: response.headers['x-robots-tag'] ?? null,
      viewport: page.viewport,
      charset: page.charset,
      canonical: page.canonicals[0] ?? null,
      lang: page.lang,
      openGraph: page.og,
      twitter: page.twitter,
      meta: page.meta.slice(0, 300),
      audit: buildAudit([
        ...titleChecks(page),
        ...descriptionChecks(page),
        robotsMetaCheck(page, response),
        viewportCheck(page),
        canonicalCheck(page, response),
        langCheck(page),
        openGraphCheck(page),
      ]),
    };
  },
});
