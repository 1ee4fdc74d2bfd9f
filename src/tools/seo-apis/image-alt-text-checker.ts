import { z } from 'zod';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { buildAudit, type CheckInput } from '../../lib/page/audit.ts';
import { loadPage } from '../../lib/page/load.ts';

const FILENAME = /\.(jpe?g|png|gif|webp|avif|svg|bmp)$|^(img|image|dsc|photo|pic)[-_ ]?\d+/i;
const GENERIC = new Set(['image', 'picture', 'photo', 'img', 'logo', 'icon', 'graphic', 'banner', 'placeholder', 'untitled']);

export default definePageAudit({
  module: 'seo-apis',
  slug: 'image-alt-text-checker',
  title: 'Image alt text checker',
  description:
    'Lists every <img> of a page with its alt text and classifies it: missing alt (an accessibility and SEO problem), empty alt ' +
    '(fine for decorative images, a problem for linked images whose alt is the link text), alt that is a file name or a generic ' +
    'word ("image", "logo"), and alt over 125 characters. Also flags images without width/height (layout shift).',
  keywords: ['alt text', 'image alt', 'accessibility', 'alt attribute', 'image seo', 'wcag'],
  fields: () => ({
    total: z.number().int(),
    withAlt: z.number().int(),
    missingAlt: z.number().int(),
    emptyAlt: z.number().int(),
    images: z
      .array(
        z.object({
          src: z.string(),
          alt: z.string().nullable(),
          status: z.enum(['ok', 'missing', 'empty-decorative', 'empty-in-link', 'filename', 'generic', 'too-long']),
          inLink: z.boolean(),
          hasDimensions: z.boolean(),
        }),
      )
      .describe('First 300 images'),
  }),
  live: { 'a page': 'https://example.com/', 'a gallery': 'https://example.com/gallery' },
  offline: { title: 'an image without alt', finds: ['image-alt-missing'] },
  run: async ({ url }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const images = page.images.map((img) => {
      const alt = img.alt === null ? null : img.alt.trim();
      const status =
        alt === null
          ? img.role === 'presentation'
            ? ('empty-decorative' as const)
            : ('missing' as const)
          : alt === ''
            ? img.inLink
              ? ('empty-in-link' as const)
              : ('empty-decorative' as const)
            : FILENAME.test(alt)
              ? ('filename' as const)
              : GENERIC.has(alt.toLowerCase())
                ? ('generic' as const)
                : alt.length > 125
                  ? ('too-long' as const)
                  : ('ok' as const);
      return { src: img.src ?? img.raw, alt, status, inLink: img.inLink, hasDimensions: Boolean(img.width && img.height) };
    });
    const by = (s: string): typeof images => images.filter((i) => i.status === s);
    const missing = by('missing');
    const poor = [...by('filename'), ...by('generic'), ...by('too-long')];
    const inLink = by('empty-in-link');
    const noDims = images.filter((i) => !i.hasDimensions);
    const checks: CheckInput[] = [
      {
        id: 'image-alt',
        title: 'Every image has an alt attribute',
        status: missing.length === 0 ? 'pass' : 'fail',
        weight: 50,
        severity: missing.length > 3 ? 'high' : 'medium',
        evidence: missing.length
          ? `${missing.length} of ${images.length} without alt: ${missing
              .slice(0, 3)
              .map((i) => i.src)
              .join(', ')}`
          : `${images.length} images`,
        fix: 'Add alt text describing each content image; alt="" for decorative ones.',
        problem: `${missing.length} image(s) without alt`,
        findingId: 'image-alt-missing',
      },
      {
        id: 'image-alt-linked',
        title: 'Linked images have alt text',
        status: inLink.length ? 'fail' : 'pass',
        weight: 20,
        evidence: inLink.length
          ? inLink
              .slice(0, 3)
              .map((i) => i.src)
              .join(', ')
          : 'none empty',
        fix: 'A linked image’s alt is the link’s name: describe the link target.',
        problem: 'Linked images with empty alt',
        findingId: 'image-alt-empty-link',
      },
      {
        id: 'image-alt-quality',
        title: 'Alt text is descriptive',
        status: poor.length ? 'warn' : 'pass',
        weight: 20,
        severity: 'low',
        evidence: poor.length
          ? poor
              .slice(0, 3)
              .map((i) => `"${i.alt}" (${i.status})`)
              .join(', ')
          : 'no file names or generic words',
        fix: 'Replace file names and generic words with a short description; keep alt under 125 characters.',
        problem: 'Poor alt text',
        findingId: 'image-alt-poor',
      },
      {
        id: 'image-dimensions',
        title: 'Images declare width and height',
        status: noDims.length === 0 ? 'pass' : 'warn',
        weight: 10,
        severity: 'low',
        evidence: `${noDims.length} of ${images.length} without width/height`,
        fix: 'Set width and height attributes so the browser reserves space (avoids layout shift).',
        problem: 'Images without dimensions',
        findingId: 'image-dimensions-missing',
      },
    ];
    return {
      finalUrl: response.url,
      total: images.length,
      withAlt: images.filter((i) => i.alt !== null).length,
      missingAlt: missing.length,
      emptyAlt: images.filter((i) => i.alt === '').length,
      images: images.slice(0, 300),
      audit: buildAudit(checks),
    };
  },
});
