import { z } from 'zod';
import { buildAudit, clip, type CheckInput } from '../../lib/page/audit.ts';
import { definePageAudit } from '../../lib/page/define-url-tool.ts';
import { loadPage } from '../../lib/page/load.ts';
import { h1Check, headingOrderCheck } from '../../lib/page/seo-checks.ts';

export default definePageAudit({
  module: 'seo-apis',
  slug: 'heading-structure-analyzer',
  title: 'Heading structure analyzer',
  description:
    'Lists a page’s H1–H6 headings in document order as an indented outline and audits it: exactly one H1, no skipped levels ' +
    '(H2 → H4), no empty headings, headings of reasonable length (under 70 characters) and no duplicate headings, plus counts per level.',
  keywords: ['headings', 'h1', 'h2', 'heading structure', 'outline', 'heading hierarchy'],
  fields: () => ({
    headings: z.array(z.object({ level: z.number().int(), text: z.string() })),
    outline: z.string().describe('Indented text outline, two spaces per level'),
    counts: z.object({ h1: z.number().int(), h2: z.number().int(), h3: z.number().int(), h4: z.number().int(), h5: z.number().int(), h6: z.number().int() }),
  }),
  live: { 'a page': 'https://example.com/', 'an article': 'https://example.com/blog/post' },
  offline: { title: 'two H1s and a skipped level', finds: ['h1-multiple', 'heading-level-skipped'] },
  run: async ({ url }, ctx) => {
    const { page, response } = await loadPage(ctx, url);
    const hs = page.headings;
    const count = (n: number): number => hs.filter((h) => h.level === n).length;
    const empty = hs.filter((h) => !h.text);
    const long = hs.filter((h) => h.text.length > 70);
    const seen = new Map<string, number>();
    for (const h of hs) if (h.text) seen.set(h.text.toLowerCase(), (seen.get(h.text.toLowerCase()) ?? 0) + 1);
    const dupes = [...seen.entries()].filter(([, n]) => n > 1);
    const checks: CheckInput[] = [
      { ...h1Check(page), weight: 30 },
      { ...headingOrderCheck(page), weight: 25 },
      {
        id: 'headings-present',
        title: 'Uses subheadings (H2)',
        status: count(2) > 0 ? 'pass' : 'warn',
        weight: 15,
        evidence: `${count(2)} H2`,
        fix: 'Break the content into sections with descriptive <h2> headings.',
        problem: 'No H2 subheadings',
        findingId: 'h2-missing',
      },
      {
        id: 'headings-empty',
        title: 'No empty headings',
        status: empty.length ? 'warn' : 'pass',
        weight: 10,
        evidence: empty.length ? `${empty.length} empty: ${empty.map((h) => `H${h.level}`).join(', ')}` : 'none empty',
        fix: 'Give every heading text or remove it.',
        problem: 'Empty headings',
        findingId: 'heading-empty',
      },
      {
        id: 'headings-length',
        title: 'Headings under 70 characters',
        status: long.length ? 'warn' : 'pass',
        weight: 10,
        severity: 'low',
        evidence: long.length
          ? long
              .slice(0, 3)
              .map((h) => `H${h.level}: ${clip(h.text, 80)}`)
              .join('; ')
          : 'all concise',
        fix: 'Shorten long headings; move detail into the paragraph below.',
        problem: 'Overlong headings',
        findingId: 'heading-too-long',
      },
      {
        id: 'headings-unique',
        title: 'No duplicate headings',
        status: dupes.length ? 'warn' : 'pass',
        weight: 10,
        severity: 'low',
        evidence: dupes.length
          ? dupes
              .slice(0, 3)
              .map(([t, n]) => `"${clip(t, 50)}" ×${n}`)
              .join('; ')
          : 'all distinct',
        fix: 'Make each heading describe its own section.',
        problem: 'Duplicate headings',
        findingId: 'heading-duplicate',
      },
    ];
    return {
      finalUrl: response.url,
      headings: hs,
      outline: hs.map((h) => `${'  '.repeat(h.level - 1)}H${h.level} ${h.text || '(empty)'}`).join('\n'),
      counts: { h1: count(1), h2: count(2), h3: count(3), h4: count(4), h5: count(5), h6: count(6) },
      audit: buildAudit(checks),
    };
  },
});
